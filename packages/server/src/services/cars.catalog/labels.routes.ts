import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { id, labelOverrideInput, LABEL_TYPES, type LabelCondition } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { diffFields, recordAudit } from '../../kit/audit.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { centralContentSiteIds } from '../sites.context/central-content.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { carLabelOverrides, carLabels } from './labels.table.ts';

const BASE = '/gateway/cars.catalog/api/v1';
const tags = ['cars.catalog'];
const ATTRIBUTES = ['site_id', 'client_id', 'name', 'name_ru', 'name_en', 'category', 'about', 'background', 'sort', 'type', 'hide', 'conditions', 'central', 'created_at', 'updated_at'];

export interface SiteLabel {
  id: number;
  site_id: number;
  name: string;
  type: string;
  hide: boolean;
  sort: number;
  central: boolean;
  conditions: LabelCondition[];
  [key: string]: unknown;
}

/**
 * The labels a site shows: its own, and the central ones of the official master it was forked
 * from with the site's own hide and order of them (label overrides); ordered by sort, then name.
 */
export async function siteLabels(db: DbOrTx, siteId: number): Promise<SiteLabel[]> {
  const owners = await centralContentSiteIds(db, siteId);
  if (!owners.length) return [];
  const rows = await db
    .select({ label: carLabels, override: carLabelOverrides })
    .from(carLabels)
    .leftJoin(carLabelOverrides, and(eq(carLabelOverrides.label_id, carLabels.id), eq(carLabelOverrides.site_id, siteId)))
    .where(inArray(carLabels.site_id, owners));
  return rows
    .map(({ label, override }) => ({ ...label, central: label.site_id !== siteId, hide: override?.hide ?? label.hide, sort: override?.sort ?? label.sort }))
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'ru') || a.id - b.id);
}

const siteParams = z.object({ siteId: id() });
const byTypeQuery = z.object({ site_id: id(), type: z.enum(LABEL_TYPES) });
const overrideParams = z.object({ id: id(), siteId: id() });
const overrideBody = z.object({ data: z.object({ attributes: labelOverrideInput }) });

/**
 * Spec 001 §7 `/labels/by/site_id`, `/labels/by/type`, and a fork's limited change of a central
 * label (§2: "central labels can be edited only in a limited way on child sites"): hide it or give
 * it another place for this site only. The site must be one the caller reaches.
 */
export function registerLabelRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owned = siteOwnership(registry);
  const reachableSite = async (request: FastifyRequest, siteId: number) => {
    const site = await owned.findSite(ctx.db, requireAuth(request.auth), siteId);
    if (!site) throw notFound();
    return site;
  };
  const records = (labels: SiteLabel[]) => ({ data: labels.map((label) => toRecord('labels', label, ATTRIBUTES)), meta: { total: labels.length } });

  r.get(`${BASE}/labels/by/site_id/:siteId`, { schema: { tags, summary: "The labels a site shows: its own and its master's central ones, hidden ones included", params: siteParams } }, async (request) => {
    const site = await reachableSite(request, request.params.siteId);
    return records(await siteLabels(ctx.db, site.id));
  });

  r.get(`${BASE}/labels/by/type`, { schema: { tags, summary: 'The labels of one type a site shows on its cars (hidden ones left out)', querystring: byTypeQuery } }, async (request) => {
    const site = await reachableSite(request, request.query.site_id);
    return records((await siteLabels(ctx.db, site.id)).filter((label) => label.type === request.query.type && !label.hide));
  });

  r.patch(`${BASE}/labels/:id/sites/:siteId`, { schema: { tags, summary: "A fork's own hide and order of a central label", params: overrideParams, body: overrideBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const site = await reachableSite(request, request.params.siteId);
    const label = await ctx.db.transaction((tx) => setLabelOverride(tx, { auth, ip: request.ip }, site, request.params.id, request.body.data.attributes));
    return { data: toRecord('labels', label, ATTRIBUTES) };
  });
}

/**
 * A fork's own hide and order of one of its central labels (kept in car_label_overrides, audited):
 * 404 when the site does not show the label, 409 when it is the site's own (change it instead).
 * Answers the label as the site now shows it.
 */
async function setLabelOverride(
  tx: DbOrTx,
  actor: { auth: AuthContext; ip: string },
  site: { id: number; client_id: number },
  labelId: number,
  change: z.output<typeof labelOverrideInput>,
): Promise<SiteLabel> {
  const central = (await siteLabels(tx, site.id)).find((row) => row.id === labelId);
  if (!central) throw notFound();
  if (!central.central) throw new AppError(409, 'label_not_central', undefined, '/data/id');
  const [before] = await tx.select().from(carLabelOverrides).where(and(eq(carLabelOverrides.label_id, central.id), eq(carLabelOverrides.site_id, site.id)));
  const previous = { hide: before?.hide ?? null, sort: before?.sort ?? null };
  const values = { hide: change.hide ?? previous.hide, sort: change.sort !== undefined ? change.sort : previous.sort };
  await tx
    .insert(carLabelOverrides)
    .values({ label_id: central.id, site_id: site.id, ...values })
    .onConflictDoUpdate({ target: [carLabelOverrides.label_id, carLabelOverrides.site_id], set: values });
  const changes = diffFields(previous, values, ['hide', 'sort']);
  await recordAudit(tx, actor.auth, { action: 'update', service: 'cars.catalog', resource: 'label_overrides', recordId: `${central.id}:${site.id}`, changes, clientId: site.client_id, ip: actor.ip });
  return (await siteLabels(tx, site.id)).find((row) => row.id === central.id)!;
}
