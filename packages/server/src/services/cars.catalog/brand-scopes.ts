import { inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { BrandScope, ResourceRegistry } from '../../kit/crud-routes.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from './catalog.table.ts';
import { carBodyColorMarkups, carBodyColors, carMarketingGalleries, carUpholsteries } from './colors.table.ts';
import { carDealerOptions, carMarketingComplectations, carOptionCategories, carOptions } from './marketing.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { vinData, vinProfiles } from '../cars.vins/vin.table.ts';

/**
 * Which brand each catalogue entry and car belongs to, for custom tokens limited to brands (spec
 * 000 §3 custom token restrictions.brand_ids; docs/decisions/catalogue.md, "Brand-limited tokens").
 * The machinery (crud-routes.ts scopeCondition, assertBrandWritable) applies it to every list,
 * read, reference and write; the catalogue's and the stock's own calls use the same condition
 * (brandCondition). VIN data and its retrieval profiles are narrowed the same way; its import and
 * image invalidation refuse such a token. Dictionaries without a brand (bodies, fuels,
 * transmissions, wheel drives, colours) are not narrowed; option categories without a brand,
 * options without a restyling and dealer options of such categories are shared by every brand:
 * read, but not changed, by a brand-limited token.
 */
const byColumn = (column: PgColumn): BrandScope => ({ of: (ids) => inArray(column, ids) });
/** Rows whose parent (by `column`) is of the brands: `column in (select id from parent where brand_id in …)`. */
const byParent = (column: PgColumn, parent: PgTable & { id: PgColumn; brand_id: PgColumn }): BrandScope => ({
  of: (ids) => sql`${column} in (select ${parent.id} from ${parent} where ${inArray(parent.brand_id, ids)})`,
});

export const CATALOG_BRAND_SCOPES: [string, string, BrandScope][] = [
  ['cars.catalog', 'brands', byColumn(carBrands.id)],
  ['cars.catalog', 'models', byColumn(carModels.brand_id)],
  ['cars.catalog', 'generations', byColumn(carGenerations.brand_id)],
  ['cars.catalog', 'restylings', byColumn(carRestylings.brand_id)],
  ['cars.catalog', 'complectations', byColumn(carComplectations.brand_id)],
  ['cars.catalog', 'marketing_complectations', byColumn(carMarketingComplectations.brand_id)],
  ['cars.catalog', 'body_colors', byColumn(carBodyColors.brand_id)],
  ['cars.catalog', 'body_color_markups', byColumn(carBodyColorMarkups.brand_id)],
  ['cars.catalog', 'upholsteries', byColumn(carUpholsteries.brand_id)],
  ['cars.catalog', 'marketing_galleries', byParent(carMarketingGalleries.complectation_id, carComplectations)],
  ['cars.catalog', 'option_categories', { ...byColumn(carOptionCategories.brand_id), none: isNull(carOptionCategories.brand_id) }],
  ['cars.catalog', 'options', { ...byParent(carOptions.restyling_id, carRestylings), none: isNull(carOptions.restyling_id) }],
  [
    'cars.catalog',
    'dealer_options',
    {
      ...byParent(carDealerOptions.category_id, carOptionCategories),
      none: or(isNull(carDealerOptions.category_id), sql`${carDealerOptions.category_id} in (select ${carOptionCategories.id} from ${carOptionCategories} where ${isNull(carOptionCategories.brand_id)})`) as SQL,
    },
  ],
  ['cars.stock', 'cars', byColumn(cars.brand_id)],
  ['cars.vins', 'vin_data', byColumn(vinData.brand_id)],
  ['cars.vins', 'profile_data', byColumn(vinProfiles.brand_id)],
];

/** Gives the bound catalogue resources and cars their brand scope (after every resource is bound). */
export function bindBrandScopes(registry: ResourceRegistry) {
  for (const [service, name, scope] of CATALOG_BRAND_SCOPES) registry.get({ service, name }).brandScope = scope;
}
