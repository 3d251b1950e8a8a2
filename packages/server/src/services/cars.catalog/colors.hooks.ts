import { and, eq, inArray, ne } from 'drizzle-orm';
import { mediaFiles } from '../media.storage/media.table.ts';
import { mediaFileUrl } from '../media.storage/media.hooks.ts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { carBodyColorMarkups, carBodyColors, carUpholsteries } from './colors.table.ts';
import { carMarketingComplectations } from './marketing.table.ts';

type Attrs = Record<string, unknown>;
type CodedTable = PgTable & { id: PgColumn; brand_id: PgColumn; code: PgColumn };

/** A code is unique within its brand (what the imports and VIN data name an entry by): a clear 409. */
async function assertCodeFree(tx: DbOrTx, table: CodedTable, attrs: Attrs, existing?: Row) {
  const brandId = Number(attrs.brand_id ?? existing?.brand_id);
  const code = String(attrs.code ?? existing?.code ?? '');
  if (attrs.code === undefined && attrs.brand_id === undefined) return;
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.brand_id, brandId), eq(table.code, code), existing ? ne(table.id, existing.id) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'catalog_code_taken', { code }, '/data/attributes/code');
}

function codedHooks(table: CodedTable): ResourceHooks {
  return {
    async beforeCreate(attrs, { tx }) {
      await assertCodeFree(tx, table, attrs);
      return attrs;
    },
    async beforeUpdate(attrs, { tx, existing }) {
      await assertCodeFree(tx, table, attrs, existing);
      return attrs;
    },
  };
}

/** A body colour's markups go with it; moving it to another brand drops the markups of the old one. */
export const bodyColorHooks: ResourceHooks = {
  ...codedHooks(carBodyColors as never),
  async afterWrite(row, { tx, existing }) {
    if (existing && existing.brand_id !== row.brand_id) await tx.delete(carBodyColorMarkups).where(eq(carBodyColorMarkups.body_color_id, row.id));
  },
  async beforeDelete({ tx, existing }) {
    await tx.delete(carBodyColorMarkups).where(eq(carBodyColorMarkups.body_color_id, existing.id));
  },
};

export const upholsteryHooks = codedHooks(carUpholsteries as never);

/** The brand both sides of a markup belong to, or a 400 when they differ. */
export async function markupBrand(tx: DbOrTx, bodyColorId: number, marketingComplectationId: number): Promise<number> {
  const [color] = await tx.select({ brand_id: carBodyColors.brand_id }).from(carBodyColors).where(eq(carBodyColors.id, bodyColorId)).limit(1);
  const [mc] = await tx.select({ brand_id: carMarketingComplectations.brand_id }).from(carMarketingComplectations).where(eq(carMarketingComplectations.id, marketingComplectationId)).limit(1);
  if (!color || !mc || color.brand_id !== mc.brand_id) throw badRequest('markup_brand_mismatch', '/data/attributes/marketing_complectation_id');
  return color.brand_id;
}

/** One price per body colour and marketing complectation of the same brand; the brand is the colour's. */
export const bodyColorMarkupHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const brandId = await markupBrand(tx, Number(attrs.body_color_id), Number(attrs.marketing_complectation_id));
    const [taken] = await tx
      .select({ id: carBodyColorMarkups.id })
      .from(carBodyColorMarkups)
      .where(and(eq(carBodyColorMarkups.body_color_id, Number(attrs.body_color_id)), eq(carBodyColorMarkups.marketing_complectation_id, Number(attrs.marketing_complectation_id))))
      .limit(1);
    if (taken) throw new AppError(409, 'markup_exists', undefined, '/data/attributes/marketing_complectation_id');
    return { ...attrs, brand_id: brandId };
  },
};

/** Each gallery answers with its images in order: id, name and public address, for thumbnails. */
async function attachImages(db: DbOrTx, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.image_ids as number[] | null) ?? []))];
  const files = ids.length ? await db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids)) : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  for (const row of rows) {
    row.images = ((row.image_ids as number[] | null) ?? []).flatMap((imageId) => {
      const file = byId.get(imageId);
      return file ? [{ id: file.id, name: file.name, url: mediaFileUrl(file as unknown as Record<string, unknown>) }] : [];
    });
  }
}

export const marketingGalleryHooks: ResourceHooks = {
  decorate: (rows, { db }) => attachImages(db, rows),
  afterWrite: (row, { tx }) => attachImages(tx, [row]),
};
