import { and, eq, isNull } from 'drizzle-orm';
import { PAGE_STATE_CONTENT, STATE_STATUS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import type { Row } from '../../kit/crud-routes.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { layouts, pages, pageStates } from './content.table.ts';
import { assertUriFree, recordOfSite } from './content-rules.ts';
import { createFirstDraft } from './content.hooks.ts';
import { nextPosition } from './page-tree.ts';

/**
 * Restyling page creation (spec 000 §2 "restyling page create"): a new page of the same site made
 * from the published state of `source`, under another address and, usually, another layout (a
 * redesign is built and checked beside the live page). The new page starts as a draft whose
 * content is the published state's (`copied_from_id` names it), so nothing reaches the site
 * before someone publishes it; the source page stays as it is. A page copied from a master may be
 * restyled: the new page is the site's own.
 */
export async function restylePage(
  tx: DbOrTx,
  auth: AuthContext,
  source: Row,
  input: { uri: string; caption?: string; layout_id?: number | null; parent_id?: number | null },
  ip: string | null,
) {
  const siteId = source.site_id as number;
  const [published] = await tx
    .select()
    .from(pageStates)
    .where(and(eq(pageStates.page_id, source.id), eq(pageStates.status, STATE_STATUS.published), isNull(pageStates.superseded_at)))
    .limit(1);
  if (!published) throw new AppError(409, 'no_published_version');
  const parentId = input.parent_id === undefined ? ((source.parent_id as number | null) ?? null) : input.parent_id;
  if (parentId != null) await recordOfSite(tx, pages, parentId, siteId, '/data/parent_id');
  const layoutId = input.layout_id === undefined ? ((source.layout_id as number | null) ?? null) : input.layout_id;
  if (layoutId != null) await recordOfSite(tx, layouts, layoutId, siteId, '/data/layout_id');
  await assertUriFree(tx, siteId, input.uri, '/data/uri');
  const [page] = await tx
    .insert(pages)
    .values({
      site_id: siteId,
      client_id: source.client_id as number,
      uri: input.uri,
      parent_id: parentId,
      layout_id: layoutId,
      template_id: (source.template_id as number | null) ?? null,
      group_ids: (source.group_ids as number[]) ?? [],
      position: await nextPosition(tx, siteId, parentId),
    })
    .returning();
  await recordAudit(tx, auth, {
    action: 'restyle',
    service: 'sites.context',
    resource: 'pages',
    recordId: page!.id,
    changes: { ...snapshot(page as unknown as Row, ['site_id', 'uri', 'parent_id', 'layout_id']), source_page_id: source.id, source_state_id: published.id },
    clientId: source.client_id as number,
    ip,
  });
  const content = Object.fromEntries(PAGE_STATE_CONTENT.map((field) => [field, (published as Record<string, unknown>)[field]]));
  const state = await createFirstDraft(tx, auth, page as unknown as Row, input.caption ?? published.caption, ip, { ...content, copied_from_id: published.id });
  return { page: page as unknown as Row, state };
}
