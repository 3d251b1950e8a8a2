import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { carAddress, SOLD_PERIOD_MONTHS, stockSettingsDefaults, type SoldPeriod, type StockKindSettings } from '@dp/contracts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { recordAudit } from '../../kit/audit.ts';
import { cars } from '../cars.stock/car.table.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { pages } from '../sites.context/content.table.ts';
import { redirects } from '../seo/seo.table.ts';
import { showroomPages, stockSiteSettings } from './stock-settings.table.ts';

/** The daily job that removes sold cars past their site's sold period (pg-boss, scheduled). */
export const SOLD_CARS_JOB = 'cars-stock-sites-sold-period';
/** Every night at 03:15 (server time): sold cars go once a day, not the moment the period ends. */
export const SOLD_CARS_SCHEDULE = '15 3 * * *';

/** The moment before which a sold car is past the period; null: it is kept forever. */
export function soldCutoff(period: SoldPeriod, now: Date): Date | null {
  const months = SOLD_PERIOD_MONTHS[period];
  if (months === null) return null;
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - months);
  return cutoff;
}

type SoldCar = { id: number; site_id: number; client_id: number; year: number | null; brand_id: number | null; model_id: number | null; restyling_id: number | null; complectation_id: number | null; vin: string | null; external_id: string | null };

/** Where the address of a removed car leads (decided): the list's root page, or its restyling's showroom page (else the list). */
async function redirectTarget(db: DbOrTx, settings: StockKindSettings, car: SoldCar, root: { id: number; uri: string }) {
  if (settings.sold_strategy !== 'redirect_to_model' || car.restyling_id === null) return root;
  const showrooms = await db
    .select({ page_id: showroomPages.page_id, complectation_id: showroomPages.complectation_id, uri: pages.uri })
    .from(showroomPages)
    .innerJoin(pages, eq(pages.id, showroomPages.page_id))
    .where(and(eq(showroomPages.site_id, car.site_id), eq(showroomPages.restyling_id, car.restyling_id)));
  const exact = showrooms.find((row) => row.complectation_id !== null && row.complectation_id === car.complectation_id);
  const general = showrooms.find((row) => row.complectation_id === null);
  const chosen = exact ?? general;
  return chosen ? { id: chosen.page_id, uri: chosen.uri } : root;
}

/** Removes the sold cars of one kind of one site past the period, leaving redirects as the strategy says. */
async function applyToKind(db: DbOrTx, siteId: number, isNew: boolean, settings: StockKindSettings, now: Date) {
  const cutoff = soldCutoff(settings.sold_period, now);
  if (!cutoff) return { deleted: 0, redirects: 0 };
  const expired = (await db
    .select({ id: cars.id, site_id: cars.site_id, client_id: cars.client_id, year: cars.year, brand_id: cars.brand_id, model_id: cars.model_id, restyling_id: cars.restyling_id, complectation_id: cars.complectation_id, vin: cars.vin, external_id: cars.external_id })
    .from(cars)
    .where(and(eq(cars.site_id, siteId), eq(cars.is_new, isNew), eq(cars.status, 'sold'), isNotNull(cars.sold_at), lte(cars.sold_at, cutoff)))
    .orderBy(asc(cars.id))
    .limit(5000)) as SoldCar[];
  if (!expired.length) return { deleted: 0, redirects: 0 };
  let made = 0;
  const [root] = settings.root_page_id === null ? [] : await db.select({ id: pages.id, uri: pages.uri }).from(pages).where(and(eq(pages.id, settings.root_page_id), eq(pages.site_id, siteId))).limit(1);
  if (settings.sold_strategy !== 'none' && root) {
    const names = async (table: typeof carBrands | typeof carModels, ids: (number | null)[]) => {
      const wanted = [...new Set(ids.filter((value): value is number => value !== null))];
      return new Map(wanted.length ? (await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, wanted))).map((row) => [row.id, row.name]) : []);
    };
    const brands = await names(carBrands, expired.map((car) => car.brand_id));
    const models = await names(carModels, expired.map((car) => car.model_id));
    for (const car of expired) {
      const from = carAddress(root.uri, car, { brand: brands.get(car.brand_id ?? 0), model: models.get(car.model_id ?? 0) }, settings.friendly_url);
      const to = await redirectTarget(db, settings, car, root);
      const inserted = await db
        .insert(redirects)
        .values({ site_id: siteId, client_id: car.client_id, from_uri: from, to_page_id: to.id, to_uri: to.uri, created_type: 'auto', code: 301 })
        .onConflictDoNothing({ target: [redirects.site_id, redirects.from_uri] })
        .returning({ id: redirects.id });
      made += inserted.length;
    }
  }
  await db.delete(cars).where(inArray(cars.id, expired.map((car) => car.id)));
  for (const car of expired) {
    await recordAudit(db, null, { action: 'delete', service: 'cars.stock', resource: 'cars', recordId: car.id, changes: { vin: car.vin, external_id: car.external_id, reason: `sold_period:${settings.sold_period}` }, clientId: car.client_id });
  }
  return { deleted: expired.length, redirects: made };
}

/**
 * The sold period and strategy of every site's stock settings take effect (spec 001 §4 "sold
 * vehicle storage", "deletion strategy for sold vehicles"): a sold car whose `sold_at` is older
 * than the period of its kind (new or used) is deleted; unless the strategy is `none`, its address
 * on the site is redirected (301, an `auto` redirect of seo) to the list's root page or to its
 * restyling's showroom page. A site without settings uses the defaults (one month, none).
 * Each site in its own transaction.
 */
export async function applySoldPeriods(db: Db, now = new Date()) {
  const siteRows = await db.selectDistinct({ site_id: cars.site_id }).from(cars).where(and(eq(cars.status, 'sold'), isNotNull(cars.sold_at))).orderBy(asc(cars.site_id));
  const total = { sites: 0, deleted: 0, redirects: 0 };
  for (const { site_id: siteId } of siteRows) {
    await db.transaction(async (tx) => {
      const [stored] = await tx.select().from(stockSiteSettings).where(eq(stockSiteSettings.site_id, siteId)).limit(1);
      const settings = stored ?? stockSettingsDefaults();
      for (const [isNew, kind] of [[true, settings.new_settings], [false, settings.used_settings]] as const) {
        const result = await applyToKind(tx, siteId, isNew, kind, now);
        total.deleted += result.deleted;
        total.redirects += result.redirects;
      }
    });
    total.sites++;
  }
  return total;
}
