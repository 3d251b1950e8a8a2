import { assertDealersOfClient } from '../dealerships/dealers-of-client.ts';
import { sql, type SQL } from 'drizzle-orm';
import { STATE_STATUS, type CollectionPageAttributes, type CollectionType } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { escapeLike, type Row } from '../../kit/crud-routes.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { layouts, pages } from './content.table.ts';
import { assertUriFree, recordOfSite } from './content-rules.ts';
import { createFirstDraft } from './content.hooks.ts';
import { nextPosition } from './page-tree.ts';

/**
 * Collections (spec 000 §3 Collection page; types any, news, article, specials): pages whose
 * working state carries a collection block. A page's working state is its newest state that is
 * not a kept version (the draft being edited, else the submitted or published one).
 */
export interface CollectionQuery {
  siteId: number;
  type: CollectionType;
  search?: string;
  /** Only working states of this status (content.storage views). */
  status?: number;
  number: number;
  size: number;
}

export async function listCollectionPages(db: DbOrTx, query: CollectionQuery): Promise<{ rows: (CollectionPageAttributes & { id: number })[]; total: number }> {
  const conditions: SQL[] = [sql`w.collection->>'type' = ${query.type}`];
  if (query.search) conditions.push(sql`w.collection->>'title' ilike ${`%${escapeLike(query.search)}%`}`);
  if (query.status) conditions.push(sql`w.status = ${query.status}`);
  const result = await db.execute(sql`
    with working as (
      select distinct on (s.page_id) s.* from page_states s
      where s.site_id = ${query.siteId} and s.superseded_at is null
      order by s.page_id, s.id desc
    )
    select p.id, p.uri, p.parent_id, w.id as page_state_id, w.status as page_state_status, w.collection, w.publish_at, w.updated_at,
      exists (select 1 from page_states x where x.page_id = p.id and x.status = ${STATE_STATUS.published} and x.superseded_at is null) as published,
      count(*) over() as total
    from working w join pages p on p.id = w.page_id
    where ${sql.join(conditions, sql` and `)}
    order by (w.collection->>'order')::int, w.collection->>'publication_date' desc nulls last, p.id
    limit ${query.size} offset ${(query.number - 1) * query.size}
  `);
  const rows = (result as unknown as { rows: Record<string, any>[] }).rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => {
      const c = (row.collection ?? {}) as Record<string, any>;
      return {
        id: row.id,
        uri: row.uri,
        parent_id: row.parent_id,
        page_state_id: row.page_state_id,
        page_state_status: row.page_state_status,
        published: row.published === true || row.published === 't',
        type: c.type,
        title: c.title,
        order: c.order ?? 0,
        description: c.description ?? null,
        publication_date: c.publication_date ?? null,
        image: c.image ?? null,
        tags: c.tags ?? [],
        dealer_ids: c.dealer_ids ?? [],
        video: c.video ?? null,
        publish_at: row.publish_at ? new Date(row.publish_at).toISOString() : null,
        updated_at: new Date(row.updated_at).toISOString(),
      };
    }),
  };
}

export interface CollectionPageInput {
  title: string;
  order?: number;
  description?: string | null;
  image?: unknown;
  tags?: string[];
  parent_id?: number | null;
  uri: string;
  publication_date?: string | null;
  dealer_ids?: number[];
  video?: unknown;
  layout_id?: number | null;
}

const pointer = (field: string) => `/data/${field}`;

/** A new collection page: the page (its place in the tree, its address) and a first draft with the collection block. */
export async function createCollectionPage(tx: DbOrTx, auth: AuthContext, site: { id: number; client_id: number }, type: CollectionType, input: CollectionPageInput, ip: string | null) {
  if (input.parent_id != null) await recordOfSite(tx, pages, input.parent_id, site.id, pointer('parent_id'));
  if (input.layout_id != null) await recordOfSite(tx, layouts, input.layout_id, site.id, pointer('layout_id'));
  await assertUriFree(tx, site.id, input.uri, pointer('uri'));
  await assertDealersOfClient(tx, site.client_id, input.dealer_ids ?? [], pointer('dealer_ids'));
  const parentId = input.parent_id ?? null;
  const [page] = await tx
    .insert(pages)
    .values({ site_id: site.id, client_id: site.client_id, uri: input.uri, parent_id: parentId, layout_id: input.layout_id ?? null, position: await nextPosition(tx, site.id, parentId) })
    .returning();
  await recordAudit(tx, auth, {
    action: 'create',
    service: 'sites.context',
    resource: 'pages',
    recordId: page!.id,
    changes: snapshot(page as unknown as Row, ['site_id', 'uri', 'parent_id', 'layout_id', 'position']),
    clientId: site.client_id,
    ip,
  });
  const collection = {
    type,
    order: input.order ?? 0,
    title: input.title,
    description: input.description ?? null,
    publication_date: input.publication_date ?? null,
    image: input.image ?? null,
    dealer_ids: input.dealer_ids ?? [],
    tags: input.tags ?? [],
    video: input.video ?? null,
  };
  const state = await createFirstDraft(tx, auth, page as unknown as Row, input.title, ip, { collection, seo_properties: { title: input.title, description: input.description ?? null } });
  return { page: page as unknown as Row, state };
}
