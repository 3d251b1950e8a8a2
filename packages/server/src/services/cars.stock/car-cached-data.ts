import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CarCachedData, Lang } from '@dp/contracts';
import type { Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { carPublicPages } from '../site-renderer/car-pages.ts';
import { cars } from './car.table.ts';

/**
 * A car's `cached_data` and `pages` (spec 001 §3; docs/decisions/stock.md, "What are a car's
 * cached_data and pages?"): computed whenever cars are answered, never stored, so that a renamed
 * catalogue entry or a changed site is never shown stale.
 */

/** A catalogue name in the reader's language where the entry has both, else its name. */
const localName = (table: { name: PgColumn; name_ru: PgColumn; name_en: PgColumn }, lang: Lang) =>
  sql<string | null>`coalesce(${lang === 'en' ? table.name_en : table.name_ru}, ${table.name})`;

/** The names of the cars' catalogue chains and references, and the catalogue's own brand and model names of their addresses: one statement. */
async function carNames(db: DbOrTx, ids: number[], lang: Lang) {
  if (!ids.length) return new Map<number, { cached: CarCachedData; brand_slug: string | null; model_slug: string | null }>();
  const rows = await db
    .select({
      id: cars.id,
      brand: carBrands.name,
      model: localName(carModels, lang),
      model_slug: carModels.name,
      generation: carGenerations.name,
      restyling: carRestylings.name,
      complectation: carComplectations.name,
      marketing_complectation: localName(carMarketingComplectations, lang),
      body_color: localName(carBodyColors, lang),
      upholstery: localName(carUpholsteries, lang),
      dealer_name: dealerships.title,
      dealer_code: dealerships.code,
    })
    .from(cars)
    .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
    .leftJoin(carModels, eq(carModels.id, cars.model_id))
    .leftJoin(carGenerations, eq(carGenerations.id, cars.generation_id))
    .leftJoin(carRestylings, eq(carRestylings.id, cars.restyling_id))
    .leftJoin(carComplectations, eq(carComplectations.id, cars.complectation_id))
    .leftJoin(carMarketingComplectations, eq(carMarketingComplectations.id, cars.marketing_complectation_id))
    .leftJoin(carBodyColors, eq(carBodyColors.id, cars.body_color_id))
    .leftJoin(carUpholsteries, eq(carUpholsteries.id, cars.upholstery_id))
    .leftJoin(dealerships, eq(dealerships.id, cars.dealers_id))
    .where(inArray(cars.id, ids));
  return new Map(
    rows.map(({ id, model_slug, dealer_name, dealer_code, ...names }) => [
      id,
      { cached: { ...names, dealer: dealer_name === null ? null : { name: dealer_name, code: dealer_code } }, brand_slug: names.brand, model_slug },
    ]),
  );
}

/**
 * Puts `cached_data` (names in `lang`) and `pages` (the car's public addresses) on each car row
 * about to be answered: two statements for the whole page, none per car.
 */
export async function attachCachedData(db: DbOrTx, rows: Row[], lang: Lang): Promise<void> {
  const names = await carNames(db, rows.map((row) => row.id), lang);
  const subjects = rows.map((row) => {
    const named = names.get(row.id);
    return {
      id: row.id,
      site_id: row.site_id as number,
      is_new: row.is_new as boolean,
      status: row.status as string,
      sold_at: (row.sold_at as Date | string | null) ?? null,
      year: (row.year as number | null) ?? null,
      brand_slug: named?.brand_slug ?? null,
      model_slug: named?.model_slug ?? null,
    };
  });
  const pages = await carPublicPages(db, subjects);
  for (const row of rows) {
    row.cached_data = names.get(row.id)?.cached ?? null;
    row.pages = pages.get(row.id) ?? [];
  }
}
