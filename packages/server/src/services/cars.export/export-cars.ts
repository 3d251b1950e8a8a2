import { and, asc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applyAliases, phoneText, type AliasEntity, type FieldAlias, type PhoneParts } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { fileUrl } from '../../kit/files.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';
import { fieldAliases } from '../cars.import.alias/field-alias.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { cars } from '../cars.stock/car.table.ts';

/**
 * A car as the export feeds write it (spec 001 §7 "Export"; docs/decisions/export.md, "What does a
 * feed list?"): the stock record with its catalogue names, the channel's words for them (field
 * aliases in the export direction), its dealership, the absolute addresses of its photos and of
 * its page on the site.
 */
export interface ExportCar {
  id: number;
  vin: string | null;
  external_id: string | null;
  is_new: boolean;
  brand: string | null;
  model: string | null;
  generation: string | null;
  restyling: string | null;
  complectation: string | null;
  marketing_complectation_code: string | null;
  body_color: string | null;
  body_color_code: string | null;
  upholstery_code: string | null;
  year: number | null;
  registry_year: number | null;
  price: number | null;
  final_price: number | null;
  tradein_discount: number;
  credit_discount: number;
  insurance_discount: number;
  credit_tradein_discount: number;
  mileage: number | null;
  owners: number | null;
  doors: number | null;
  logistic_status: string;
  engine: string | null;
  transmission: string | null;
  wheel_drive: string | null;
  body: string | null;
  pts: string | null;
  right_steering_wheel: boolean;
  description: string | null;
  dealer_code: string | null;
  dealer: { name: string; code: string; city: string | null; address: string | null; phone: string | null } | null;
  site: { name: string; host: string | null };
  link: string | null;
  images: string[];
  /** The media files of the photos, in order (offers read their bytes). */
  image_ids: number[];
}

export interface ImageOptions {
  use_dealer_images: boolean;
  dealer_images_first: boolean;
}

/**
 * The photos of a car in the order of the settings: the dealer's own (manual and imported) and the
 * stock (catalogue) ones; without "use dealer images" only the stock photos, and the dealer's when
 * there are no stock photos at all (a car is never left without the pictures it has).
 */
export function orderImages(car: { manual_image_ids: number[]; import_image_ids: number[]; stock_image_ids: number[] }, options: ImageOptions): number[] {
  const dealer = [...car.manual_image_ids, ...car.import_image_ids];
  const stock = car.stock_image_ids;
  if (!options.use_dealer_images) return stock.length ? stock : dealer;
  const ordered = options.dealer_images_first ? [...dealer, ...stock] : [...stock, ...dealer];
  return [...new Set(ordered)];
}

const generations = alias(carGenerations, 'export_generations');

/** The export direction of the field aliases (direction both or export), loaded once per feed. */
export async function exportAliases(db: DbOrTx): Promise<FieldAlias[]> {
  return db.select().from(fieldAliases).where(ne(fieldAliases.direction, 'import'));
}

/**
 * The cars a client's feeds list: every car of the client's sites that is for sale (active or
 * reserved; sold and switched-off cars are not advertised), in id order, a batch at a time so
 * that a feed of thousands of cars streams with flat memory. `fromId`/`toId` bound a part.
 */
export async function* exportCars(
  db: DbOrTx,
  clientId: number,
  options: ImageOptions & { publicUrl: string; aliases: FieldAlias[]; fromId?: number; toId?: number; batch?: number; ids?: number[]; anyStatus?: boolean },
): AsyncGenerator<ExportCar> {
  const base = options.publicUrl.replace(/\/+$/, '');
  let last = (options.fromId ?? 1) - 1;
  const batch = options.batch ?? 500;
  for (;;) {
    const rows = await db
      .select({
        car: cars,
        brand: carBrands.name,
        model: carModels.name,
        generation: generations.name,
        restyling: carRestylings.name,
        complectation: carComplectations.name,
        marketing_code: carMarketingComplectations.code,
        color: carBodyColors.name,
        color_code: carBodyColors.code,
        upholstery_code: carUpholsteries.code,
        dealer: { id: dealerships.id, name: dealerships.title, code: dealerships.code, city: dealerships.city, address: dealerships.address, phone: dealerships.phone },
        site: { name: sites.name, host: sites.host, use_http: sites.use_http },
      })
      .from(cars)
      .innerJoin(sites, eq(sites.id, cars.site_id))
      .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
      .leftJoin(carModels, eq(carModels.id, cars.model_id))
      .leftJoin(generations, eq(generations.id, cars.generation_id))
      .leftJoin(carRestylings, eq(carRestylings.id, cars.restyling_id))
      .leftJoin(carComplectations, eq(carComplectations.id, cars.complectation_id))
      .leftJoin(carMarketingComplectations, eq(carMarketingComplectations.id, cars.marketing_complectation_id))
      .leftJoin(carBodyColors, eq(carBodyColors.id, cars.body_color_id))
      .leftJoin(carUpholsteries, eq(carUpholsteries.id, cars.upholstery_id))
      .leftJoin(dealerships, eq(dealerships.id, cars.dealers_id))
      .where(
        and(
          eq(cars.client_id, clientId),
          options.anyStatus ? undefined : inArray(cars.status, ['active', 'reserved']),
          gt(cars.id, last),
          options.toId !== undefined ? lte(cars.id, options.toId) : undefined,
          options.ids ? inArray(cars.id, options.ids) : undefined,
        ),
      )
      .orderBy(asc(cars.id))
      .limit(batch);
    if (!rows.length) return;
    last = rows.at(-1)!.car.id;
    const imageIds = [...new Set(rows.flatMap((row) => orderImages(row.car, options)))];
    const files = imageIds.length
      ? await db.select({ id: mediaFiles.id, key: mediaFiles.key, ext: mediaFiles.ext, access: mediaFiles.access, client_id: mediaFiles.client_id }).from(mediaFiles).where(inArray(mediaFiles.id, imageIds))
      : [];
    // Only public files of the client (or the platform's) get an address: a private file is never published.
    const urls = new Map(files.filter((file) => file.access === 1 && (file.client_id === null || file.client_id === clientId)).map((file) => [file.id, `${base}${fileUrl({ id: file.key, ext: file.ext })}`]));
    for (const row of rows) yield toExportCar(row, urls, options);
    if (rows.length < batch) return;
  }
}

type Row = {
  car: typeof cars.$inferSelect;
  brand: string | null;
  model: string | null;
  generation: string | null;
  restyling: string | null;
  complectation: string | null;
  marketing_code: string | null;
  color: string | null;
  color_code: string | null;
  upholstery_code: string | null;
  dealer: { id: number | null; name: string | null; code: string | null; city: string | null; address: string | null; phone: PhoneParts | null } | null;
  site: { name: string; host: string | null; use_http: boolean };
};

function toExportCar(row: Row, urls: Map<number, string>, options: ImageOptions & { aliases: FieldAlias[] }): ExportCar {
  const car = row.car;
  const scope = { brand_id: car.brand_id, model_id: car.model_id };
  const say = (entity: AliasEntity, value: string | null) => (options.aliases.length && value ? applyAliases(options.aliases, entity, value, 'export', scope) : value);
  // A dealer without a code of its own is named by its id (a store code feeds need).
  const dealer = row.dealer?.id && row.dealer.name ? { name: row.dealer.name, code: row.dealer.code ?? String(row.dealer.id), city: row.dealer.city, address: row.dealer.address, phone: phoneText(row.dealer.phone) || null } : null;
  return {
    id: car.id,
    vin: car.vin,
    external_id: car.external_id,
    is_new: car.is_new,
    brand: say('brand', row.brand),
    model: say('model', row.model),
    generation: say('generation', row.generation),
    restyling: say('restyling', row.restyling),
    complectation: say('complectation', row.complectation),
    marketing_complectation_code: row.marketing_code,
    body_color: say('base_color', row.color),
    body_color_code: say('marketing_body_color_code', row.color_code),
    upholstery_code: say('interior_color_code', row.upholstery_code),
    year: car.year,
    registry_year: car.registry_year,
    price: car.price,
    final_price: car.final_price,
    tradein_discount: car.tradein_discount,
    credit_discount: car.credit_discount,
    insurance_discount: car.insurance_discount,
    credit_tradein_discount: car.credit_tradein_discount,
    mileage: car.mileage,
    owners: car.owners,
    doors: car.doors,
    logistic_status: car.logistic_status,
    engine: say('engine_type', car.engine),
    transmission: say('transmission', car.transmission),
    wheel_drive: say('wheel_drive', car.wheel_drive),
    body: say('body', car.body),
    pts: car.pts,
    right_steering_wheel: car.right_steering_wheel,
    description: car.description,
    dealer_code: say('dealer_code', car.dealer_code ?? dealer?.code ?? null),
    dealer,
    site: { name: row.site.name, host: row.site.host },
    link: row.site.host ? `${row.site.use_http ? 'http' : 'https'}://${row.site.host}/cars/${car.id}/` : null,
    images: orderImages(car, options).flatMap((imageId) => urls.get(imageId) ?? []),
    image_ids: orderImages(car, options).filter((imageId) => urls.has(imageId)),
  };
}
