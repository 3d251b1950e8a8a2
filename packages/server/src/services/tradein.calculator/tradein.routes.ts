import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { brandKey, id, tradeinSettingsResource } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest, fieldErrors } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import type { IntakeSite, IntakeTypeCheck } from '../request.storage/intake.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { siteRendererOf } from '../site-renderer/serve-site.ts';
import { siteSettingsOf } from '../sites.context/site-ownership.ts';
import { tradeinSettings } from './tradein.table.ts';

const BASE = '/gateway/tradein.calculator/api/v1';
const tags = ['tradein.calculator'];
const ATTRIBUTES = Object.keys(tradeinSettingsResource.entity.shape);
/** The module whose installation lets a site take trade-in requests. */
export const TRADEIN_MODULE = 'tradein';
/** The trade-in request type of request.storage (contracts request-types.ts). */
export const TRADEIN_REQUEST_TYPE = 11;

/** A site's trade-in settings, made with the defaults on first read (the site reached by the caller). */
export async function tradeinSettingsOfSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number) {
  return siteSettingsOf(db, registry, auth, siteId, tradeinSettings);
}

/** The settings a check applies: brands as keys, limits; a site that never saved any takes any car. */
export interface TradeinLimits {
  evaluation_type: string;
  brands: string[];
  max_age_years: number | null;
  max_mileage: number | null;
}

/** A number with its thousands apart (150 000), as both languages of the messages read it. */
const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * The reasons a car is refused, each on its field: a brand not listed, a year before the age limit
 * or after this one, a mileage over the limit (all at once, so the visitor fixes them together).
 */
export function carRefusals(limits: TradeinLimits, car: { brand: string; year: number; mileage: number }, now = new Date()): AppError[] {
  const errors: AppError[] = [];
  const thisYear = now.getUTCFullYear();
  if (limits.brands.length && !limits.brands.some((brand) => brandKey(brand) === brandKey(car.brand))) {
    errors.push(badRequest('tradein_brand_not_accepted', '/data/attributes/brand', { brand: car.brand }));
  }
  if (car.year > thisYear + 1) errors.push(badRequest('tradein_year_future', '/data/attributes/year', { year: thisYear + 1 }));
  else if (limits.max_age_years !== null && car.year < thisYear - limits.max_age_years) {
    errors.push(badRequest('tradein_too_old', '/data/attributes/year', { years: limits.max_age_years, year: thisYear - limits.max_age_years }));
  }
  if (limits.max_mileage !== null && car.mileage > limits.max_mileage) {
    errors.push(badRequest('tradein_mileage_too_high', '/data/attributes/mileage', { max: groupDigits(limits.max_mileage) }));
  }
  return errors;
}

/**
 * request.storage's check of a trade-in request: the site must have the trade-in module active,
 * the car must be within the site's settings; the stored request carries the evaluation type.
 */
export function tradeinIntakeCheck(ctx: Pick<ServiceContext, 'db' | 'modules'>): IntakeTypeCheck {
  return async (site: IntakeSite, attributes) => {
    if (ctx.modules && (await ctx.modules.siteState(site.id, TRADEIN_MODULE)) !== 'installed') throw new AppError(403, 'tradein_not_accepted');
    const [row] = await ctx.db.select().from(tradeinSettings).where(eq(tradeinSettings.site_id, site.id)).limit(1);
    const limits: TradeinLimits = row ?? { evaluation_type: 'tradein', brands: [], max_age_years: null, max_mileage: null };
    const refusals = carRefusals(limits, attributes as { brand: string; year: number; mileage: number });
    if (refusals.length) throw fieldErrors(refusals);
    return { ...attributes, evaluation_type: limits.evaluation_type };
  };
}

/** tradein.calculator's calls beyond the generic CRUD: a site's settings; its check of the intake's trade-in requests. */
export function registerTradeinRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${BASE}/settings/for_site_id/:siteId`, { schema: { tags, summary: "A site's trade-in settings (made with the defaults on first read)", params: z.object({ siteId: id() }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await tradeinSettingsOfSite(ctx.db, registry, auth, request.params.siteId);
    return { data: toRecord('settings', row as unknown as Row, ATTRIBUTES) };
  });
  requestStorageOf(app).checks[TRADEIN_REQUEST_TYPE] = tradeinIntakeCheck(ctx);
  siteRendererOf(app).tradeInFieldsOf = (siteId) => tradeInFieldsOf(ctx.db, siteId);
}

/** The optional fields a site's trade-in form asks for (none until its settings are first saved or read). */
async function tradeInFieldsOf(db: DbOrTx, siteId: number): Promise<readonly string[]> {
  const [row] = await db.select({ form_fields: tradeinSettings.form_fields }).from(tradeinSettings).where(eq(tradeinSettings.site_id, siteId));
  return row?.form_fields ?? [];
}
