import { and, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { layoutStates, pageStates } from '../sites.context/content.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { stageStates } from '../content.storage/stage.table.ts';

/**
 * Where a stored file is still shown: current (not superseded) stage, page and layout states, and
 * site favicons and logos, found by the storage keys of the file and its variants in their JSON
 * (content keeps a file's id and its `/files/<key>.<ext>` addresses). Kept versions do not hold a
 * file back: restoring one after its file went shows no image. Counts only: the places may belong
 * to other clients' copies of a site, whose names the caller must not learn.
 */
export async function fileUsage(db: DbOrTx, keys: string[]): Promise<Record<string, number>> {
  const pattern = (column: unknown) => sql`(${sql.join(keys.map((key) => sql`${column}::text like ${`%${key}%`}`), sql` or `)})`;
  const count = async (table: typeof stageStates | typeof pageStates | typeof layoutStates | typeof sites, where: ReturnType<typeof sql>) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table as typeof sites).where(where);
    return row?.n ?? 0;
  };
  const usage = {
    stages: await count(stageStates, and(isNull(stageStates.superseded_at), sql`(${pattern(stageStates.images)} or ${pattern(stageStates.video)})`)!),
    pages: await count(pageStates, and(isNull(pageStates.superseded_at), sql`(${pattern(pageStates.floors)} or ${pattern(pageStates.collection)} or ${pattern(pageStates.seo_properties)})`)!),
    layouts: await count(layoutStates, and(isNull(layoutStates.superseded_at), sql`(${pattern(layoutStates.header_floors)} or ${pattern(layoutStates.footer_floors)})`)!),
    sites: await count(sites, sql`(${pattern(sites.favicons)} or ${pattern(sites.logos)})`),
  };
  return Object.fromEntries(Object.entries(usage).filter(([, n]) => n > 0));
}
