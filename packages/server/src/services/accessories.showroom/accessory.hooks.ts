import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { fitsAttributeType, type AccessoryAttributeType } from '@dp/contracts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { carModels } from '../cars.catalog/catalog.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { accessories, accessoryAttributes, accessoryCategories } from './accessory.table.ts';

type Attrs = Record<string, unknown>;

/** The attributes a client's accessories may carry: its own and the system-wide ones, by code. */
export async function attributesOf(db: DbOrTx, clientId: number) {
  const rows = await db
    .select({ code: accessoryAttributes.code, type: accessoryAttributes.type, name: accessoryAttributes.name, is_filterable: accessoryAttributes.is_filterable, default_value: accessoryAttributes.default_value, client_id: accessoryAttributes.client_id })
    .from(accessoryAttributes)
    .where(or(isNull(accessoryAttributes.client_id), eq(accessoryAttributes.client_id, clientId)));
  // A client's own attribute wins over a system-wide one of the same code.
  const byCode = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byCode.has(row.code) || row.client_id !== null) byCode.set(row.code, row);
  return byCode;
}

/** Each value names an attribute the client may use and is of its type. */
export async function checkAttributeValues(db: DbOrTx, clientId: number, values: Record<string, unknown>) {
  const known = await attributesOf(db, clientId);
  for (const [code, value] of Object.entries(values)) {
    const attribute = known.get(code);
    if (!attribute) throw badRequest('accessory_attribute_unknown', `/data/attributes/attributes/${code}`, { code });
    if (!fitsAttributeType(attribute.type, value)) throw badRequest('accessory_attribute_value', `/data/attributes/attributes/${code}`, { code, type: attribute.type });
  }
}

/** The category is the client's or system-wide (staff reach every client's and could mix them). */
async function checkCategory(db: DbOrTx, clientId: number, categoryId: number) {
  const [row] = await db.select({ client_id: accessoryCategories.client_id }).from(accessoryCategories).where(eq(accessoryCategories.id, categoryId)).limit(1);
  if (!row || (row.client_id !== null && row.client_id !== clientId)) throw badRequest('accessory_category_foreign', '/data/attributes/category_id', { id: categoryId });
}

/**
 * The images are images of the media library of the site's client (a video, another client's or a
 * platform file is refused on the field); images the accessory already has pass as they are.
 */
async function checkImages(db: DbOrTx, clientId: number, ids: number[], current: number[] = []) {
  const added = [...new Set(ids)].filter((id) => !current.includes(id));
  const own = new Set(current);
  if (added.length) {
    const found = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(and(inArray(mediaFiles.id, added), eq(mediaFiles.client_id, clientId), eq(mediaFiles.kind, 'image')));
    for (const row of found) own.add(row.id);
  }
  const foreign = ids.findIndex((id) => !own.has(id));
  if (foreign !== -1) throw badRequest('accessory_image_not_own', `/data/attributes/image_ids/${foreign}`, { id: String(ids[foreign]) });
}

/** The models fit the chosen brand (no brand: any models). */
async function checkModels(db: DbOrTx, brandId: number | null, modelIds: number[]) {
  if (!brandId || !modelIds.length) return;
  const rows = await db.select({ id: carModels.id }).from(carModels).where(and(inArray(carModels.id, modelIds), eq(carModels.brand_id, brandId)));
  const fitting = new Set(rows.map((row) => row.id));
  const other = modelIds.find((id) => !fitting.has(id));
  if (other !== undefined) throw badRequest('accessory_model_brand', '/data/attributes/model_ids', { id: other });
}

/** One accessory of an article code per site. */
async function checkArticle(db: DbOrTx, siteId: number, article: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: accessories.id })
    .from(accessories)
    .where(and(eq(accessories.site_id, siteId), eq(accessories.article_code, article), exceptId ? ne(accessories.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'accessory_article_taken', undefined, '/data/attributes/article_code');
}

/** Every rule of an accessory on the values a write leaves. */
async function checkAccessory(db: DbOrTx, attrs: Attrs, merged: Attrs, existing?: Row) {
  const clientId = Number(merged.client_id);
  if (attrs.category_id !== undefined) await checkCategory(db, clientId, Number(attrs.category_id));
  if (attrs.image_ids !== undefined) await checkImages(db, clientId, attrs.image_ids as number[], (existing?.image_ids as number[] | undefined) ?? []);
  if (attrs.brand_id !== undefined || attrs.model_ids !== undefined) await checkModels(db, (merged.brand_id as number | null) ?? null, (merged.model_ids as number[]) ?? []);
  if (attrs.attributes !== undefined) await checkAttributeValues(db, clientId, attrs.attributes as Record<string, unknown>);
  if (attrs.article_code !== undefined) await checkArticle(db, Number(merged.site_id), String(attrs.article_code), existing?.id);
  if (typeof merged.price === 'number' && typeof merged.discount === 'number' && merged.discount > merged.price)
    throw badRequest('accessory_discount_above_price', '/data/attributes/discount');
}

export const accessoryHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    await checkAccessory(tx, attrs, attrs);
    return { ...attrs, created_by: auth.userId, updated_by: auth.userId };
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    await checkAccessory(tx, attrs, { ...existing, ...attrs }, existing);
    return { ...attrs, updated_by: auth.userId };
  },
};

/** A code taken by another attribute the same owner's accessories see (the client's own and the system-wide ones). */
export async function assertAttributeCodeFree(db: DbOrTx, clientId: number | null, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: accessoryAttributes.id })
    .from(accessoryAttributes)
    .where(
      and(
        eq(accessoryAttributes.code, code),
        clientId === null ? undefined : or(isNull(accessoryAttributes.client_id), eq(accessoryAttributes.client_id, clientId)),
        exceptId ? ne(accessoryAttributes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, 'accessory_attribute_code_taken', undefined, '/data/attributes/code');
}

/** The default value is of the attribute's (unchanging) type. */
export function assertDefaultFits(type: AccessoryAttributeType, value: unknown) {
  if (value !== undefined && value !== null && !fitsAttributeType(type, value)) throw badRequest('invalid_type', '/data/attributes/default_value');
}

/** Accessories let go of the values of a deleted attribute (of its client, or of every client for a system-wide one). */
export async function dropAttributeValues(db: DbOrTx, clientId: number | null, code: string) {
  await db
    .update(accessories)
    .set({ attributes: sql`${accessories.attributes} - ${code}` })
    .where(and(sql`${accessories.attributes} ? ${code}`, clientId === null ? undefined : eq(accessories.client_id, clientId)));
}

export const attributeHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const clientId = (attrs.client_id as number | null | undefined) ?? null;
    await assertAttributeCodeFree(tx, clientId, String(attrs.code));
    return { ...attrs, client_id: clientId };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.code !== undefined) await assertAttributeCodeFree(tx, (existing.client_id as number | null) ?? null, String(attrs.code), existing.id);
    assertDefaultFits(existing.type as AccessoryAttributeType, attrs.default_value);
    return attrs;
  },
  async beforeDelete({ tx, existing }) {
    await dropAttributeValues(tx, (existing.client_id as number | null) ?? null, String(existing.code));
  },
};

/** A category's code is unique per owner (a client, or the platform). */
async function assertCategoryCodeFree(db: DbOrTx, clientId: number | null, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: accessoryCategories.id })
    .from(accessoryCategories)
    .where(and(eq(accessoryCategories.code, code), clientId === null ? isNull(accessoryCategories.client_id) : eq(accessoryCategories.client_id, clientId), exceptId ? ne(accessoryCategories.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'accessory_category_code_taken', undefined, '/data/attributes/code');
}

export const categoryHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const clientId = (attrs.client_id as number | null | undefined) ?? null;
    await assertCategoryCodeFree(tx, clientId, String(attrs.code));
    return { ...attrs, client_id: clientId };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.code !== undefined) await assertCategoryCodeFree(tx, (existing.client_id as number | null) ?? null, String(attrs.code), existing.id);
    return attrs;
  },
};
