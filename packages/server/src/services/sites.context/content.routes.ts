import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectionListQuery,
  collectionTypeParam,
  collectionViewQuery,
  createCollectionPageBody,
  id,
  movePageBody,
  pageResource,
  pageStateResource,
  restylePageBody,
  siteResource,
  type CollectionType,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import type { Tx } from '../../kit/db.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { registerWorkflowRoutes } from '../../kit/state-workflow.ts';
import { createCollectionPage, listCollectionPages } from './collection-pages.ts';
import { layoutStatesWorkflow, pageStatesWorkflow } from './content-workflows.ts';
import { attachPageSummaries } from './page-summaries.ts';
import { movePage } from './page-tree.ts';
import { restylePage } from './restyle-page.ts';
// Registers the copier of pages, layouts and templates for site copies, forks and generated sites.
import './copy-site-content.ts';

const BASE = '/gateway/sites.context/api/v1';
const tags = ['sites.context'];
const PAGE_ATTRIBUTES = Object.keys(pageResource.entity.shape);
const STATE_ATTRIBUTES = Object.keys(pageStateResource.entity.shape);
const COLLECTION_ATTRIBUTES = [
  'uri', 'parent_id', 'page_state_id', 'page_state_status', 'published', 'type', 'title', 'order', 'description',
  'publication_date', 'image', 'tags', 'dealer_ids', 'video', 'publish_at', 'updated_at',
];

/**
 * The pages' routes beside their declared resources: the workflow of page and layout states
 * (kit/state-workflow.ts), the tree's move, the restyling page creation, collections by type and
 * content.storage's specials and news views over collection pages.
 */
export function registerContentRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerWorkflowRoutes(app, ctx, registry, pageStatesWorkflow);
  registerWorkflowRoutes(app, ctx, registry, layoutStatesWorkflow);
  const pagesBinding = registry.get(pageResource);
  const sites = registry.get(siteResource);

  /** A page in the caller's reach whose site's content the caller may change, in one transaction. */
  const onPage = <T>(request: FastifyRequest, pageId: number, work: (tx: Tx, auth: AuthContext, page: Row) => Promise<T>) => {
    const auth = requireAuth(request.auth);
    return ctx.db.transaction(async (tx) => {
      const page = await findScoped(tx, pagesBinding, pageId, auth);
      await pagesBinding.siteOwned?.assertEditable(tx, auth, page.site_id as number);
      return work(tx, auth, page);
    });
  };
  const pageReply = async (tx: Tx, page: Row) => {
    await attachPageSummaries(tx, [page]);
    return { data: toRecord('pages', page, PAGE_ATTRIBUTES) };
  };

  r.post(`${BASE}/pages/:id/move`, { schema: { tags, summary: 'Move a page in the tree (parent and position)', params: z.object({ id: id() }), body: movePageBody } }, async (request) =>
    onPage(request, request.params.id, async (tx, auth, page) => pageReply(tx, await movePage(tx, auth, page, request.body.data, request.ip))),
  );

  r.post(
    `${BASE}/pages/:id/restyle`,
    { schema: { tags, summary: 'Restyling page creation: a new page from the published state of this one', params: z.object({ id: id() }), body: restylePageBody } },
    async (request, reply) => {
      const created = await onPage(request, request.params.id, async (tx, auth, page) => {
        const made = await restylePage(tx, auth, page, request.body.data, request.ip);
        return { page: await pageReply(tx, made.page), state: toRecord('page_states', made.state, STATE_ATTRIBUTES) };
      });
      return reply.status(201).send({ data: created.page.data, included: [created.state] });
    },
  );

  /** The site of `siteId` in the caller's reach (404 otherwise), whose content the caller may change when `write`. */
  const reachSite = async (tx: Tx, auth: AuthContext, siteId: number, write: boolean) => {
    const site = await findScoped(tx, sites, siteId, auth);
    if (write) await pagesBinding.siteOwned?.assertEditable(tx, auth, site.id);
    return site as Row & { client_id: number };
  };
  const collectionParams = z.object({ siteId: id(), type: collectionTypeParam });

  r.get(`${BASE}/sites/:siteId/collections/:type`, { schema: { tags, summary: 'Collection pages of a site by type', params: collectionParams, querystring: collectionListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const number = query['page[number]'] ?? 1;
    const size = query['page[size]'] ?? 100;
    const site = await reachSite(ctx.db as unknown as Tx, auth, request.params.siteId, false);
    const { rows, total } = await listCollectionPages(ctx.db, { siteId: site.id, type: request.params.type as CollectionType, search: query['filter[search]'], number, size });
    return toList(rows.map((row) => toRecord('collection_pages', row as unknown as Row, COLLECTION_ATTRIBUTES)), { number, size, total });
  });

  r.post(`${BASE}/sites/:siteId/collections/:type`, { schema: { tags, summary: 'Create a collection page', params: collectionParams, body: createCollectionPageBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const created = await ctx.db.transaction(async (tx) => {
      const site = await reachSite(tx, auth, request.params.siteId, true);
      const made = await createCollectionPage(tx, auth, site, request.params.type as CollectionType, request.body.data, request.ip);
      return { page: await pageReply(tx, made.page), state: toRecord('page_states', made.state, STATE_ATTRIBUTES) };
    });
    return reply.status(201).send({ data: created.page.data, included: [created.state] });
  });

  // content.storage (spec 000 §7 "Content: specials, news"): views over the collection pages of a site.
  const VIEW_ATTRIBUTES = ['title', 'description', 'tags', 'image', 'order', 'page_state_status', 'uri', 'publication_date', 'page_state_id'];
  for (const type of ['specials', 'news'] as const) {
    r.get(`/gateway/content.storage/api/v1/${type}`, { schema: { tags: ['content.storage'], summary: `The ${type} of a site (collection pages)`, querystring: collectionViewQuery } }, async (request) => {
      const auth = requireAuth(request.auth);
      const query = request.query;
      const number = query['page[number]'] ?? 1;
      const size = query['page[size]'] ?? 500;
      const site = await reachSite(ctx.db as unknown as Tx, auth, query['filter[site_id]'], false);
      const { rows, total } = await listCollectionPages(ctx.db, { siteId: site.id, type, status: query['filter[status]'], number, size });
      return toList(rows.map((row) => toRecord(type, row as unknown as Row, VIEW_ATTRIBUTES)), { number, size, total });
    });
  }
}
