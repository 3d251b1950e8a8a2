import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { id, smartContractSettingsResource, type SmartServiceWidgetEntry, type SmartWidgetEntry } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceHooks, ResourceRegistry, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest, fieldErrors, type AppError } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { siteRendererOf } from '../site-renderer/serve-site.ts';
import type { SmartContractsView } from '../site-renderer/site-snapshot.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteSettingsOf } from '../sites.context/site-ownership.ts';
import { smartContractSettings } from './smart-contract.table.ts';

const BASE = '/gateway/smart_contracts/api/v1';
const tags = ['smart_contracts'];
const ATTRIBUTES = Object.keys(smartContractSettingsResource.entity.shape);

/** A site's smart contract settings, made with the defaults on first read (the site reached by the caller). */
export async function smartSettingsOfSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number) {
  return siteSettingsOf(db, registry, auth, siteId, smartContractSettings);
}

/**
 * The widgets' dealerships must be the site's client's, and a dealership names a widget id once
 * per list: every problem at once, each on its entry's field.
 */
async function checkEntries(tx: DbOrTx, clientId: number, attrs: Record<string, unknown>) {
  const widgets = (attrs.widgets as SmartWidgetEntry[] | undefined) ?? [];
  const services = (attrs.service_widgets as SmartServiceWidgetEntry[] | undefined) ?? [];
  const named = [...new Set([...widgets, ...services].map((entry) => entry.dealership_id))];
  if (!named.length) return;
  const own = new Set((await tx.select({ id: dealerships.id }).from(dealerships).where(and(inArray(dealerships.id, named), eq(dealerships.client_id, clientId)))).map((row) => row.id));
  const errors: AppError[] = [];
  const check = (list: { dealership_id: number }[], field: string, widgetOf: (entry: never) => string) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (!own.has(entry.dealership_id)) errors.push(badRequest('smart_dealership_foreign', `/data/attributes/${field}/${index}/dealership_id`, { id: entry.dealership_id }));
      const key = `${entry.dealership_id}:${widgetOf(entry as never)}`;
      if (seen.has(key)) errors.push(badRequest('smart_widget_duplicate', `/data/attributes/${field}/${index}/${field === 'widgets' ? 'smart_contract_widget_id' : 'service_widget_id'}`, { widget: widgetOf(entry as never) }));
      seen.add(key);
    });
  };
  check(widgets, 'widgets', (entry: SmartWidgetEntry) => entry.smart_contract_widget_id);
  check(services, 'service_widgets', (entry: SmartServiceWidgetEntry) => entry.service_widget_id);
  if (errors.length) throw fieldErrors(errors);
}

export const smartSettingsHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const [site] = await tx.select({ client_id: sites.client_id }).from(sites).where(eq(sites.id, attrs.site_id as number)).limit(1);
    if (site) await checkEntries(tx, site.client_id, attrs);
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    await checkEntries(tx, existing.client_id as number, attrs);
    return attrs;
  },
};

/**
 * What the public site gives the widget's script: the settings without the site's internals, the
 * widgets with their dealerships' codes; none until a widget (or a KTO or body repair widget) is set.
 */
export async function widgetViewOf(db: DbOrTx, scriptUrl: string, siteId: number): Promise<SmartContractsView | null> {
  const [row] = await db.select().from(smartContractSettings).where(eq(smartContractSettings.site_id, siteId)).limit(1);
  if (!row || (!row.widgets.length && !row.service_widgets.length && !(row.kto_enabled && row.kto_widget_ids.length) && !(row.body_repair_enabled && row.body_repair_widget_ids.length))) return null;
  const { id: _id, site_id: _site, client_id: _client, created_at: _created, updated_at: _updated, ...config } = row;
  return {
    scriptUrl,
    config: { ...config, environment: config.environment ?? '' },
    onDetail: !row.disable_on_detail,
    onList: !row.disable_on_list,
    replaceCarOrder: row.replace_car_order_form,
    replaceBuyModel: row.replace_buy_model_form,
  };
}

/** smart_contracts' calls beyond the generic CRUD: a site's settings; the public site's widget. */
export function registerSmartContractRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${BASE}/settings/for_site_id/:siteId`, { schema: { tags, summary: "A site's smart contract widget settings (made with the defaults on first read)", params: z.object({ siteId: id() }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await smartSettingsOfSite(ctx.db, registry, auth, request.params.siteId);
    return { data: toRecord('settings', row as unknown as Row, ATTRIBUTES) };
  });
  siteRendererOf(app).smartContractsOf = (siteId) => widgetViewOf(ctx.db, ctx.config.smartContractsScriptUrl, siteId);
}
