import { z } from 'zod';
import { id } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { idsFilterSchema } from './catalog-fields.ts';
import type { MarketingEngine, Specification } from './marketing-fields.ts';

/**
 * The calls of spec 001 §7 Catalogue beside the lists (services/cars.catalog/marketing.routes.ts),
 * under /gateway/cars.catalog/api/v1/. Every answer is `{ data }` in the JSON:API style.
 */

/** The id filters the name lists take (`filter[brands]=1,2` ...), as on the lists. */
export const catalogLevelFilters = z.strictObject({
  'filter[brands]': idsFilterSchema().optional(),
  'filter[models]': idsFilterSchema().optional(),
  'filter[generations]': idsFilterSchema().optional(),
  'filter[restylings]': idsFilterSchema().optional(),
  'filter[complectation_ids]': idsFilterSchema().optional(),
});

/** GET /engines/{level}/{id}: the engines of the marketing complectations below a record of that level. */
export const ENGINE_LEVELS = ['models', 'generations', 'restylings', 'complectations'] as const;
export const enginesParams = z.object({
  level: z.enum(ENGINE_LEVELS, { error: encodeMessage('engines_level') }),
  id: id(),
});

/** GET /custom_filter/info: brand_id required, lower levels optional. */
export const customFilterQuery = z
  .strictObject({
    brand_id: id().optional(),
    model_id: id().optional(),
    generation_id: id().optional(),
    restyling_id: id().optional(),
    complectation_id: id().optional(),
  })
  .superRefine((query, ctx) => {
    if (query.brand_id === undefined) ctx.addIssue({ code: 'custom', message: encodeMessage('custom_filter_brand_required'), path: ['brand_id'] });
  });

export const modelsByIdsParams = z.object({ ids: idsFilterSchema() });

/** A named record in the caller's language (`name`) with the catalogue's own name (`original`). */
export interface NamedEntry {
  id: number;
  name: string;
}

export interface EngineEntry extends MarketingEngine {
  marketing_complectation_ids: number[];
}

export interface CustomFilterInfo {
  count: number;
  bodies: NamedEntry[];
  fuels: NamedEntry[];
  transmissions: NamedEntry[];
  wheel_drives: NamedEntry[];
  engines: string[];
  price: { min: number | null; max: number | null; currency: 'RUB' };
}

export interface ComplectationChain {
  brand: NamedEntry;
  model: NamedEntry;
  generation: NamedEntry;
  restyling: NamedEntry;
  complectation: NamedEntry;
}

export interface MarketingPrices {
  base_price: number | null;
  currency: string;
  /** The options' prices are not known yet (they come with the price imports). */
  options_count: number;
}

export interface SpecificationCategoryView {
  title: string;
  order: number;
  specifications: Specification[];
}
