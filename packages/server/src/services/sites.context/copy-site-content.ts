import { asc, eq } from 'drizzle-orm';
import { LAYOUT_STATE_CONTENT, PAGE_STATE_CONTENT, STATE_STATUS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import type { Row } from '../../kit/crud-routes.ts';
import { recordAudit } from '../../kit/audit.ts';
import { layouts, layoutStates, pages, pageStates, templates } from './content.table.ts';
import { registerSiteCopier, type SiteCopier } from './copy-site.ts';

/**
 * The content a new site takes from its source (copy, fork, generate; docs/decisions/content.md,
 * "Which sites get copies of content?"): templates, layouts and pages with the tree, each with its
 * published state (published again, version 1) and the state being worked on (a draft). A fork's
 * copies keep the master's record as `origin_id` and are read-only there; other copies are the new
 * site's own. Kept versions and scheduled publications stay with the source.
 */
type StateRow = Row & { status: number; superseded_at: Date | null };

/** The published state and the newest unpublished one, as the new site's states. */
function statesToCopy(states: StateRow[], content: string[]): Record<string, unknown>[] {
  const published = states.find((state) => state.status === STATE_STATUS.published && state.superseded_at == null);
  const working = [...states].reverse().find((state) => state.status !== STATE_STATUS.published && state.superseded_at == null);
  const pick = (state: StateRow) => Object.fromEntries(content.map((field) => [field, state[field]]));
  return [
    ...(published ? [{ ...pick(published), status: STATE_STATUS.published, version: 1, published_at: new Date() }] : []),
    ...(working ? [{ ...pick(working), status: STATE_STATUS.draft }] : []),
  ];
}

export const copySiteContent: SiteCopier = async (tx: DbOrTx, { from, to, how }, ctx) => {
  const origin = (id: number) => (how === 'fork' ? id : null);
  const owner = { site_id: to.id, client_id: to.client_id as number };
  const sameClient = from.client_id === to.client_id;

  const templateIds = new Map<number, number>();
  for (const template of await tx.select().from(templates).where(eq(templates.site_id, from.id)).orderBy(asc(templates.id))) {
    const [made] = await tx.insert(templates).values({ ...owner, name: template.name, description: template.description, floors: template.floors, origin_id: origin(template.id) }).returning();
    templateIds.set(template.id, made!.id);
  }

  const layoutIds = new Map<number, number>();
  for (const layout of await tx.select().from(layouts).where(eq(layouts.site_id, from.id)).orderBy(asc(layouts.id))) {
    const [made] = await tx.insert(layouts).values({ ...owner, name: layout.name, is_default: layout.is_default, origin_id: origin(layout.id) }).returning();
    layoutIds.set(layout.id, made!.id);
    const states = (await tx.select().from(layoutStates).where(eq(layoutStates.layout_id, layout.id)).orderBy(asc(layoutStates.id))) as unknown as StateRow[];
    for (const state of statesToCopy(states, LAYOUT_STATE_CONTENT)) await tx.insert(layoutStates).values({ ...state, ...owner, layout_id: made!.id } as never);
  }

  const pageIds = new Map<number, number>();
  const sourcePages = await tx.select().from(pages).where(eq(pages.site_id, from.id)).orderBy(asc(pages.id));
  for (const page of sourcePages) {
    const [made] = await tx
      .insert(pages)
      .values({
        ...owner,
        uri: page.uri,
        position: page.position,
        layout_id: page.layout_id ? layoutIds.get(page.layout_id) ?? null : null,
        template_id: page.template_id ? templateIds.get(page.template_id) ?? null : null,
        group_ids: page.group_ids,
        origin_id: origin(page.id),
      })
      .returning();
    pageIds.set(page.id, made!.id);
    const states = (await tx.select().from(pageStates).where(eq(pageStates.page_id, page.id)).orderBy(asc(pageStates.id))) as unknown as StateRow[];
    for (const state of statesToCopy(states, PAGE_STATE_CONTENT)) {
      // Dealerships are the source client's: another client's site starts without them.
      const collection = state.collection && !sameClient ? { ...(state.collection as object), dealer_ids: [] } : state.collection;
      await tx.insert(pageStates).values({ ...state, collection, ...owner, page_id: made!.id } as never);
    }
  }
  for (const page of sourcePages) {
    if (page.parent_id && pageIds.has(page.parent_id)) await tx.update(pages).set({ parent_id: pageIds.get(page.parent_id)! }).where(eq(pages.id, pageIds.get(page.id)!));
  }
  const copied = { templates: templateIds.size, layouts: layoutIds.size, pages: pageIds.size };
  if (templateIds.size + layoutIds.size + pageIds.size === 0) return copied;
  await recordAudit(tx, ctx.auth, {
    action: 'copy_content',
    service: 'sites.context',
    resource: 'sites',
    recordId: to.id,
    changes: { source_site_id: from.id, how: how ?? 'copy', templates: templateIds.size, layouts: layoutIds.size, pages: pageIds.size },
    clientId: to.client_id as number,
    ip: ctx.ip,
  });
  return copied;
};

registerSiteCopier('pages', copySiteContent);
