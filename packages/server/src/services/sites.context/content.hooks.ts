import { and, asc, eq, ne } from 'drizzle-orm';
import { STATE_STATUS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { scopeCondition, type ResourceHooks, type ResourceRegistry, type Row, type WriteContext } from '../../kit/crud-routes.ts';
import { workflowHooks } from '../../kit/state-workflow.ts';
import { layouts, layoutStates, pages, pageStates, templates } from './content.table.ts';
import { assertNoOrigin, assertUriFree, recordOfSite } from './content-rules.ts';
import { checkPlacedFloors } from './content-floors.ts';
import { attachPageSummaries } from './page-summaries.ts';
import { nextPosition, rebaseUris } from './page-tree.ts';
import { markSiteContentChanged } from './mark-site-content-changed.ts';
import { assertDealersOfClient } from '../dealerships/dealers-of-client.ts';

/** Hooks of the content resources (templates, layouts, pages and their states): the rules of content-rules.ts. */
type Attrs = Record<string, unknown>;
const pointer = (field: string) => `/data/attributes/${field}`;
const siteOf = (attrs: Attrs, existing?: Row) => (existing?.site_id ?? attrs.site_id) as number;

export const templateHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    await checkPlacedFloors(tx, auth, attrs.floors as never, pointer('floors'), { id: attrs.site_id as number, client_id: attrs.client_id as number });
    return attrs;
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    assertNoOrigin(existing);
    await checkPlacedFloors(tx, auth, attrs.floors as never, pointer('floors'), { id: existing.site_id as number, client_id: existing.client_id as number });
    return attrs;
  },
  async beforeDelete({ tx, existing }) {
    assertNoOrigin(existing);
    // Pages keep nothing of a template but where they came from.
    await tx.update(pages).set({ template_id: null }).where(eq(pages.template_id, existing.id));
  },
};

/** One default layout per site: the first layout is it, and making one the default unmakes the other. */
async function keepOneDefault(tx: DbOrTx, layout: Row) {
  if (layout.is_default) {
    await tx.update(layouts).set({ is_default: false }).where(and(eq(layouts.site_id, layout.site_id as number), ne(layouts.id, layout.id), eq(layouts.is_default, true)));
    return;
  }
  const [other] = await tx.select({ id: layouts.id }).from(layouts).where(and(eq(layouts.site_id, layout.site_id as number), eq(layouts.is_default, true))).limit(1);
  if (!other) {
    await tx.update(layouts).set({ is_default: true }).where(eq(layouts.id, layout.id));
    layout.is_default = true;
  }
}

export const layoutHooks: ResourceHooks = {
  beforeUpdate(attrs, { existing }) {
    assertNoOrigin(existing);
    return attrs;
  },
  afterWrite: (row, { tx }) => keepOneDefault(tx, row),
  async beforeDelete({ tx, existing }) {
    assertNoOrigin(existing);
    // Its pages fall back to the site's default layout.
    await tx.update(pages).set({ layout_id: null }).where(eq(pages.layout_id, existing.id));
    if (existing.is_default) {
      const [next] = await tx
        .select({ id: layouts.id })
        .from(layouts)
        .where(and(eq(layouts.site_id, existing.site_id as number), ne(layouts.id, existing.id)))
        .orderBy(asc(layouts.id))
        .limit(1);
      if (next) await tx.update(layouts).set({ is_default: true }).where(eq(layouts.id, next.id));
    }
  },
};

/** The parent of a state (a layout, a page) in the caller's reach: its site, for the machinery. */
export function parentSite(registry: () => ResourceRegistry, table: typeof layouts | typeof pages, resource: { service: string; name: string }) {
  return async (tx: DbOrTx, auth: Parameters<typeof scopeCondition>[1], id: number) => {
    if (!Number.isInteger(id)) return null;
    const [row] = await tx
      .select({ site_id: table.site_id })
      .from(table)
      .where(and(eq(table.id, id), scopeCondition(registry().get(resource), auth)))
      .limit(1);
    return row?.site_id ?? null;
  };
}

/** States: drafts only change or go (the kit), never of a read-only owner, floors checked. */
function stateHooks(
  owner: { field: string; table: typeof layouts | typeof pages; states: typeof layoutStates | typeof pageStates },
  check: (attrs: Attrs, ctx: WriteContext, siteId: number) => Promise<void>,
): ResourceHooks {
  const kit = workflowHooks(owner.states);
  const ownerRow = async (tx: DbOrTx, id: number) => (await tx.select().from(owner.table).where(eq(owner.table.id, id)).limit(1))[0];
  return {
    async beforeCreate(attrs, ctx) {
      assertNoOrigin(await ownerRow(ctx.tx, attrs[owner.field] as number));
      await check(attrs, ctx, attrs.site_id as number);
      return kit.beforeCreate!(attrs, ctx);
    },
    async beforeUpdate(attrs, ctx) {
      assertNoOrigin(await ownerRow(ctx.tx, ctx.existing[owner.field] as number));
      const checked = await kit.beforeUpdate!(attrs, ctx);
      await check(attrs, ctx, ctx.existing.site_id as number);
      return checked;
    },
    async beforeDelete(ctx) {
      assertNoOrigin(await ownerRow(ctx.tx, ctx.existing[owner.field] as number));
      await kit.beforeDelete!(ctx);
    },
    decorate: kit.decorate,
  };
}

export const layoutStateHooks = stateHooks({ field: 'layout_id', table: layouts, states: layoutStates }, async (attrs, { tx, auth, existing }, siteId) => {
  const site = { id: siteId, client_id: (existing?.client_id ?? attrs.client_id) as number };
  await checkPlacedFloors(tx, auth, attrs.header_floors as never, pointer('header_floors'), site);
  await checkPlacedFloors(tx, auth, attrs.footer_floors as never, pointer('footer_floors'), site);
});

/** The content of a page state: floors, and a collection's dealerships of the site's client. */
async function checkPageState(attrs: Attrs, { tx, auth, existing }: WriteContext, siteId: number) {
  const clientId = (existing?.client_id ?? attrs.client_id) as number;
  await checkPlacedFloors(tx, auth, attrs.floors as never, pointer('floors'), { id: siteId, client_id: clientId });
  const collection = attrs.collection as { dealer_ids?: number[]; video?: unknown } | null | undefined;
  if (collection?.dealer_ids?.length) {
    await assertDealersOfClient(tx, clientId, collection.dealer_ids, pointer('collection/dealer_ids'));
  }
}
export const pageStateHooks = stateHooks({ field: 'page_id', table: pages, states: pageStates }, checkPageState);

/** References of a page stay on its site: parent, layout, template. */
async function checkPageRefs(tx: DbOrTx, attrs: Attrs, siteId: number) {
  if (attrs.parent_id != null) await recordOfSite(tx, pages, attrs.parent_id as number, siteId, pointer('parent_id'));
  if (attrs.layout_id != null) await recordOfSite(tx, layouts, attrs.layout_id as number, siteId, pointer('layout_id'));
  if (attrs.template_id != null) await recordOfSite(tx, templates, attrs.template_id as number, siteId, pointer('template_id'));
}

/**
 * Pages: step 1 of the page creation makes the page and its first draft (the caption given, the
 * template's floors); a new address carries the subpages' along; a page with subpages is not
 * deleted; a page copied from a master (origin_id) is read-only.
 */
export const pageHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const siteId = siteOf(attrs);
    await checkPageRefs(tx, attrs, siteId);
    await assertUriFree(tx, siteId, attrs.uri as string, pointer('uri'));
    return { ...attrs, position: await nextPosition(tx, siteId, (attrs.parent_id as number | null) ?? null) };
  },
  async beforeUpdate(attrs, { tx, auth, request, existing }) {
    assertNoOrigin(existing);
    await checkPageRefs(tx, attrs, existing.site_id as number);
    if (attrs.uri !== undefined && attrs.uri !== existing.uri) {
      await rebaseUris(tx, existing.site_id as number, existing.id, existing.uri as string, attrs.uri as string, pointer('uri'), { auth, ip: request.ip });
      const { uri: _uri, ...rest } = attrs;
      return rest;
    }
    return attrs;
  },
  async afterWrite(row, { tx, auth, request, existing }) {
    if (!existing) await createFirstDraft(tx, auth, row, (request.body as { data: { attributes: Attrs } }).data.attributes.caption as string, request.ip);
    else if (row.uri !== existing.uri || row.layout_id !== existing.layout_id) await markIfPublished(tx, row);
    await attachPageSummaries(tx, [row]);
  },
  decorate: (rows, { db }) => attachPageSummaries(db, rows),
  async beforeDelete({ tx, existing }) {
    assertNoOrigin(existing);
    const [child] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.parent_id, existing.id)).limit(1);
    if (child) throw new AppError(409, 'page_has_children');
    await markIfPublished(tx, existing);
  },
};

/** A page on the site changed its address, layout or went: the renderer drops the site's cache. */
async function markIfPublished(tx: DbOrTx, page: Row) {
  const [published] = await tx
    .select({ id: pageStates.id })
    .from(pageStates)
    .where(and(eq(pageStates.page_id, page.id), eq(pageStates.status, STATE_STATUS.published)))
    .limit(1);
  if (published) await markSiteContentChanged(tx, page.site_id as number);
}

/** The first draft of a new page: the caption of step 1 and the floors of its template. */
export async function createFirstDraft(tx: DbOrTx, auth: WriteContext['auth'], page: Row, caption: string, ip: string | null, content: Attrs = {}) {
  const [template] = page.template_id ? await tx.select({ floors: templates.floors }).from(templates).where(eq(templates.id, page.template_id as number)) : [];
  const [state] = await tx
    .insert(pageStates)
    .values({
      floors: template?.floors ?? [],
      ...content,
      caption,
      order: (content.order as number | undefined) ?? (page.position as number),
      page_id: page.id,
      site_id: page.site_id as number,
      client_id: page.client_id as number,
      status: STATE_STATUS.draft,
      created_by: auth.userId,
    } as typeof pageStates.$inferInsert)
    .returning();
  await recordAudit(tx, auth, {
    action: 'create',
    service: 'sites.context',
    resource: 'page_states',
    recordId: state!.id,
    changes: snapshot(state as unknown as Row, ['page_id', 'caption', 'order', 'floors', 'collection', 'status', 'copied_from_id']),
    clientId: page.client_id as number,
    ip,
  });
  return state as unknown as Row;
}
