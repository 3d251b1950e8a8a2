import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceRegistry, SiteOwnership } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { notFound } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { scopeCondition } from '../../kit/crud-routes.ts';
import { assertCentralContentEditable } from './central-content.ts';
import { sites } from './site.table.ts';

const siteRef = { service: 'sites.context', name: 'sites' } as const;

/**
 * How a site-owned resource (pages, layouts, stages, redirects, SEO...) reaches its site: bind it
 * with `siteOwned: siteOwnership(registry)` and the machinery checks the caller reaches the site,
 * takes the client from it and keeps official master content read-only. Records below another
 * (a page's states) name their `parent` instead of the site.
 */
export function siteOwnership(registry: ResourceRegistry, parent?: SiteOwnership['parent']): SiteOwnership {
  return {
    ...(parent ? { parent } : {}),
    async findSite(tx, auth, siteId) {
      const [site] = await tx
        .select({ id: sites.id, client_id: sites.client_id })
        .from(sites)
        .where(and(eq(sites.id, siteId), scopeCondition(registry.get(siteRef), auth)))
        .limit(1);
      return site ?? null;
    },
    assertEditable: (tx, auth, siteId) => assertCentralContentEditable(tx, auth, siteId),
  };
}

/** A table of one settings row per site (a widget's, an import's), with the site's client beside it. */
type SiteSettingsTable = PgTable & { site_id: PgColumn; client_id: PgColumn };

/** A site's settings row, made with the table's defaults on first read. */
export async function settingsRowOf<T extends SiteSettingsTable>(db: DbOrTx, table: T, site: { id: number; client_id: number }): Promise<T['$inferSelect']> {
  const read = async () => ((await db.select().from(table as PgTable).where(eq(table.site_id, site.id)).limit(1)) as T['$inferSelect'][])[0];
  const existing = await read();
  if (existing) return existing;
  await db.insert(table).values({ site_id: site.id, client_id: site.client_id } as never).onConflictDoNothing();
  return (await read())!;
}

/** The settings row of a site the caller reaches (404 otherwise), made with the defaults on first read. */
export async function siteSettingsOf<T extends SiteSettingsTable>(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number, table: T): Promise<T['$inferSelect']> {
  const site = await siteOwnership(registry).findSite(db, auth, siteId);
  if (!site) throw notFound();
  return settingsRowOf(db, table, site);
}
