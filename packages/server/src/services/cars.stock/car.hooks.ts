import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CAR_CATALOG_LEVELS, finalPrice, type CarCatalogLevel } from '@dp/contracts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest } from '../../kit/errors.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';
import { dealersOfClient } from '../dealerships/dealers-of-client.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { attachCachedData } from './car-cached-data.ts';

type Attrs = Record<string, unknown>;
type Table = PgTable & { id: PgColumn } & Record<string, PgColumn>;

const LEVEL_TABLES: Record<CarCatalogLevel, Table> = {
  brand_id: carBrands as never,
  model_id: carModels as never,
  generation_id: carGenerations as never,
  restyling_id: carRestylings as never,
  complectation_id: carComplectations as never,
  marketing_complectation_id: carMarketingComplectations as never,
};

const given = (value: unknown) => value !== undefined && value !== null;
const blank = (value: unknown) => !given(value) || (typeof value === 'string' && value.trim() === '');

/**
 * The catalogue chain of a car: the lowest level the body names is read, and every level above is
 * copied from it (as the catalogue's own hooks do). A level above given in the body must agree
 * (otherwise 400 on that field); the levels below the lowest one given are cleared.
 */
async function catalogChain(tx: DbOrTx, attrs: Attrs): Promise<Attrs> {
  const lowest = CAR_CATALOG_LEVELS.findLastIndex((level) => given(attrs[level]));
  if (lowest < 0) return {};
  const level = CAR_CATALOG_LEVELS[lowest]!;
  const table = LEVEL_TABLES[level];
  const [row] = await tx.select().from(table).where(eq(table.id, attrs[level] as number)).limit(1);
  if (!row) throw badRequest('invalid_reference', `/data/attributes/${level}`, { id: String(attrs[level]) });
  const chain: Attrs = {};
  CAR_CATALOG_LEVELS.forEach((name, index) => {
    if (index < lowest) {
      const value = (row as Attrs)[name];
      if (given(attrs[name]) && attrs[name] !== value) throw badRequest('car_catalog_mismatch', `/data/attributes/${name}`);
      chain[name] = value ?? null;
    } else chain[name] = index === lowest ? attrs[level] : null;
  });
  return chain;
}

/** A referenced record of a shared dictionary must exist; a dealer must be the car's client's. */
async function checkOwnRefs(tx: DbOrTx, attrs: Attrs, clientId: number): Promise<Attrs> {
  for (const [field, table] of [['body_color_id', carBodyColors], ['upholstery_id', carUpholsteries]] as const) {
    if (!given(attrs[field])) continue;
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, attrs[field] as number)).limit(1);
    if (!row) throw badRequest('invalid_reference', `/data/attributes/${field}`, { id: String(attrs[field]) });
  }
  if (given(attrs.dealers_id)) {
    const [dealer] = await dealersOfClient(tx, clientId, [attrs.dealers_id as number]);
    if (!dealer) throw badRequest('invalid_reference', '/data/attributes/dealers_id', { id: String(attrs.dealers_id) });
    // The dealer code follows the dealer unless the body gives its own.
    if (attrs.dealer_code === undefined && dealer.code) return { dealer_code: dealer.code };
  }
  return {};
}

/**
 * The dealer's photos of a car: each one added an image of the media library of the car's client
 * (another client's file, a platform file or a video is refused on the field); photos the car
 * already has pass as they are, so that a file deleted from the library since does not block an
 * edit. Kept in the order given, a repeated id once.
 */
async function checkPhotos(tx: DbOrTx, attrs: Attrs, clientId: number, current: number[] = []): Promise<Attrs> {
  if (attrs.manual_image_ids === undefined) return {};
  const ids = [...new Set(attrs.manual_image_ids as number[])];
  const added = ids.filter((imageId) => !current.includes(imageId));
  const own = new Set(current);
  if (added.length) {
    const found = await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(and(inArray(mediaFiles.id, added), eq(mediaFiles.client_id, clientId), eq(mediaFiles.kind, 'image')));
    for (const row of found) own.add(row.id);
  }
  const foreign = ids.find((imageId) => !own.has(imageId));
  if (foreign !== undefined) throw badRequest('car_image_not_own', `/data/attributes/manual_image_ids/${ids.indexOf(foreign)}`, { id: String(foreign) });
  return { manual_image_ids: ids };
}

const MONEY_FIELDS = ['price', 'tradein_discount', 'credit_discount', 'insurance_discount', 'credit_tradein_discount'] as const;

/** Attributes of a new car, checked and completed (catalogue chain, dealer code, final price, sold time). */
export async function prepareCarCreate(tx: DbOrTx, attrs: Attrs): Promise<Attrs> {
  const next: Attrs = { ...attrs, ...(await catalogChain(tx, attrs)), ...(await checkOwnRefs(tx, attrs, attrs.client_id as number)), ...(await checkPhotos(tx, attrs, attrs.client_id as number)) };
  next.final_price = finalPrice(next as never);
  if (next.status === 'sold') next.sold_at = new Date();
  return next;
}

/** A change of a car: the chain is rebuilt when the body names a catalogue level; price and sold time follow. */
export async function prepareCarUpdate(tx: DbOrTx, attrs: Attrs, existing: Row): Promise<Attrs> {
  const next: Attrs = { ...attrs };
  if (CAR_CATALOG_LEVELS.some((level) => attrs[level] !== undefined)) Object.assign(next, await catalogChain(tx, attrs));
  Object.assign(next, await checkOwnRefs(tx, attrs, existing.client_id as number), await checkPhotos(tx, attrs, existing.client_id as number, (existing.manual_image_ids as number[] | null) ?? []));
  const merged = { ...existing, ...next };
  if (blank(merged.vin) && blank(merged.external_id)) throw badRequest('car_vin_or_external_id', `/data/attributes/${attrs.vin !== undefined ? 'vin' : 'external_id'}`);
  if (MONEY_FIELDS.some((field) => attrs[field] !== undefined)) next.final_price = finalPrice(merged as never);
  if (attrs.status !== undefined && attrs.status !== existing.status) next.sold_at = attrs.status === 'sold' ? new Date() : null;
  return next;
}

export const carHooks: ResourceHooks = {
  beforeCreate: (attrs, { tx }) => prepareCarCreate(tx, attrs),
  beforeUpdate: (attrs, { tx, existing }) => prepareCarUpdate(tx, attrs, existing),
  // The names of its catalogue chain and its public addresses, computed when read.
  decorate: (rows, { db, lang }) => attachCachedData(db, rows, lang),
};
