import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { id, smartContractLinkSchema, STOCK_KINDS, STOCK_SETTINGS_SECTIONS, stockSettingsDefaults, stockSettingsPatch, type StockSettingsSelects } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import { badRequest, notFound } from '../../kit/errors.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { pages, pageStates, templates } from '../sites.context/content.table.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { registerSiteSettings } from './site-settings.ts';
import { stockSiteSettings } from './stock-settings.table.ts';

type Attrs = Record<string, unknown>;
const stockSettingsFull = z.strictObject({ root_catalog_id: id().nullable(), smart_contract_link: smartContractLinkSchema.nullable(), ...STOCK_SETTINGS_SECTIONS });

/** Ids of `table` among `ids` that are not the site's. */
async function foreignIds(tx: DbOrTx, table: typeof pages | typeof templates, siteId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const own = await tx.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), eq(table.site_id, siteId)));
  return new Set(ids.filter((value) => !own.some((row) => row.id === value)));
}

/**
 * The pages and templates the settings name must be the site's own (a page of another site, even
 * of the same client, would send visitors elsewhere): each one changed is checked, with a 400 on
 * its field.
 */
export async function checkStockSettingsRefs(tx: DbOrTx, siteId: number, next: Attrs, changed: Attrs) {
  const pageFields: [string, unknown][] = [];
  const templateFields: [string, unknown][] = [];
  if (changed.root_catalog_id !== undefined && next.root_catalog_id !== null) pageFields.push(['root_catalog_id', next.root_catalog_id]);
  for (const kind of STOCK_KINDS) {
    const change = changed[kind] as Attrs | undefined;
    const value = next[kind] as Attrs;
    if (!change) continue;
    if (change.root_page_id !== undefined && value.root_page_id !== null) pageFields.push([`${kind}/root_page_id`, value.root_page_id]);
    for (const field of ['template_id', 'sold_template_id']) if (change[field] !== undefined && value[field] !== null) templateFields.push([`${kind}/${field}`, value[field]]);
  }
  const badPages = await foreignIds(tx, pages, siteId, pageFields.map(([, value]) => value as number));
  const badTemplates = await foreignIds(tx, templates, siteId, templateFields.map(([, value]) => value as number));
  const page = pageFields.find(([, value]) => badPages.has(value as number));
  if (page) throw badRequest('stock_settings_page_not_site', `/data/attributes/${page[0]}`);
  const template = templateFields.find(([, value]) => badTemplates.has(value as number));
  if (template) throw badRequest('stock_settings_template_not_site', `/data/attributes/${template[0]}`);
}

/** A site's pages (address and the caption of their newest state) and templates, for the settings' selects. */
export async function stockSettingsSelects(db: DbOrTx, siteId: number): Promise<StockSettingsSelects> {
  const pageRows = await db.select({ id: pages.id, uri: pages.uri }).from(pages).where(eq(pages.site_id, siteId)).orderBy(asc(pages.uri)).limit(2000);
  const captions = new Map<number, string>();
  if (pageRows.length) {
    const states = await db.select({ page_id: pageStates.page_id, caption: pageStates.caption }).from(pageStates).where(inArray(pageStates.page_id, pageRows.map((row) => row.id))).orderBy(asc(pageStates.id));
    for (const state of states) captions.set(state.page_id, state.caption);
  }
  const templateRows = await db.select({ id: templates.id, name: templates.name }).from(templates).where(eq(templates.site_id, siteId)).orderBy(asc(templates.name)).limit(2000);
  return { pages: pageRows.map((row) => ({ ...row, caption: captions.get(row.id) ?? null })), templates: templateRows };
}

/**
 * Stock settings of a site (spec 001 §3, §7 "new_settings, used_settings, smart_contract_link,
 * viewed_favorites settings"): `GET|PATCH /settings/where_site/{siteId}` and the choices of their selects,
 * `GET /lss/{siteId}/selects`.
 */
export function registerStockSettingsRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  registerSiteSettings(app, ctx, registry, {
    service: 'cars.stock.sites',
    type: 'stock_settings',
    path: 'settings',
    table: stockSiteSettings as never,
    defaults: stockSettingsDefaults,
    full: stockSettingsFull,
    patch: stockSettingsPatch,
    check: checkStockSettingsRefs,
  });
  const owned = siteOwnership(registry);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/gateway/cars.stock.sites/api/v1/lss/:siteId/selects',
    { schema: { tags: ['cars.stock.sites'], summary: "The site's pages and templates the stock settings may name", params: z.object({ siteId: id() }) } },
    async (request) => {
      const site = await owned.findSite(ctx.db, requireAuth(request.auth), request.params.siteId);
      if (!site) throw notFound();
      return { data: await stockSettingsSelects(ctx.db, site.id) };
    },
  );
}
