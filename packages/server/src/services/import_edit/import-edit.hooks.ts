import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkImportEditValue, finalPrice, IMPORT_EDIT_FIELDS, type ImportEditCar, type ImportEditField } from '@dp/contracts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { cars } from '../cars.stock/car.table.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { siteLabels } from '../cars.catalog/labels.routes.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { users } from '../clients.storage/user.table.ts';
import type { ImportApplied } from '../cars.import/import-applied.ts';
import { importEdits } from './import-edit.table.ts';

type EditValue = number | string | number[] | null;
type Car = typeof cars.$inferSelect;

/**
 * The car's column each edited field is: the price (the final price follows it), the description,
 * the import's photo list (the dealer's list in place of the feed's; photos added by hand stay
 * before it) and the labels put on the car by hand.
 */
const CAR_COLUMN = { price: 'price', description: 'description', photos: 'import_image_ids', labels: 'label_ids' } as const satisfies Record<ImportEditField, keyof Car>;

/** The car's current value of an edited field. */
const carValueOf = (car: Car, field: ImportEditField): EditValue => car[CAR_COLUMN[field]] ?? null;

/** Writes edited (or restored) values into the car: the price's final price recomputed, the car's time renewed. */
async function writeCar(tx: DbOrTx, car: Car, values: Partial<Record<ImportEditField, EditValue>>) {
  const set: Partial<Car> = { updated_at: new Date() };
  for (const field of IMPORT_EDIT_FIELDS) {
    if (!(field in values)) continue;
    const value = values[field] ?? null;
    if (field === 'price') {
      set.price = value as number | null;
      set.final_price = finalPrice({ ...car, price: value as number | null });
    } else if (field === 'description') set.description = value as string | null;
    else set[CAR_COLUMN[field]] = (value ?? []) as number[];
  }
  await tx.update(cars).set(set).where(eq(cars.id, car.id));
}

const valuePointer = '/data/attributes/value';

/**
 * An edited value checked by its field: the shape (checkImportEditValue), then photos must be
 * images of the media library of the car's client (photos the car already shows pass, so a file
 * deleted from the library since does not block an edit) and labels the site's own or central ones.
 */
async function checkedValue(tx: DbOrTx, car: Car, field: ImportEditField, raw: unknown): Promise<EditValue> {
  const checked = checkImportEditValue(field, raw);
  if ('error' in checked) throw badRequest(checked.error, valuePointer, checked.params);
  const value = checked.value;
  if (field === 'photos') {
    const ids = value as number[];
    const shown = new Set([...car.manual_image_ids, ...car.import_image_ids, ...car.stock_image_ids]);
    const added = ids.filter((imageId) => !shown.has(imageId));
    if (added.length) {
      const found = await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(and(inArray(mediaFiles.id, added), eq(mediaFiles.client_id, car.client_id), eq(mediaFiles.kind, 'image')));
      for (const row of found) shown.add(row.id);
    }
    const foreign = ids.findIndex((imageId) => !shown.has(imageId));
    if (foreign >= 0) throw badRequest('car_image_not_own', `${valuePointer}/${foreign}`, { id: String(ids[foreign]) });
  }
  if (field === 'labels') {
    const ids = value as number[];
    const own = new Set((await siteLabels(tx, car.site_id)).map((label) => label.id));
    const foreign = ids.findIndex((labelId) => !own.has(labelId));
    if (foreign >= 0) throw badRequest('import_edit_label_not_of_site', `${valuePointer}/${foreign}`, { id: String(ids[foreign]) });
  }
  return value;
}

/** The site's car an edit is of, written by an import of that site; otherwise the edit is refused on `car_id`. */
async function importedCar(tx: DbOrTx, siteId: number, carId: number): Promise<Car> {
  const [car] = await tx.select().from(cars).where(and(eq(cars.id, carId), eq(cars.site_id, siteId)));
  if (!car) throw badRequest('invalid_reference', '/data/attributes/car_id', { id: String(carId) });
  const imported = await tx.execute(sql`select 1 from import_car_reports where site_id = ${siteId} and car_id = ${carId} limit 1`);
  if (!(imported as unknown as { rows: unknown[] }).rows.length) throw badRequest('import_edit_car_not_imported', '/data/attributes/car_id');
  return car;
}

async function carOf(tx: DbOrTx, carId: number): Promise<Car> {
  const [car] = await tx.select().from(cars).where(eq(cars.id, carId));
  return car!;
}

export const importEditHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    const car = await importedCar(tx, attrs.site_id as number, attrs.car_id as number);
    const field = attrs.field as ImportEditField;
    const [taken] = await tx.select({ id: importEdits.id }).from(importEdits).where(and(eq(importEdits.car_id, car.id), eq(importEdits.field, field)));
    if (taken) throw new AppError(409, 'conflict_unique', { field: 'field' }, '/data/attributes/field');
    const value = await checkedValue(tx, car, field, attrs.value);
    // Until an import names the car again, the feed's value is the one the car had.
    return { ...attrs, value, feed_value: carValueOf(car, field), edited_by: auth.userId, car_vin: car.vin, car_external_id: car.external_id };
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    if (attrs.value === undefined) return attrs;
    const car = await carOf(tx, existing.car_id as number);
    const value = await checkedValue(tx, car, existing.field as ImportEditField, attrs.value);
    return { ...attrs, value, edited_by: auth.userId, car_vin: car.vin, car_external_id: car.external_id };
  },
  // The car shows the edited value at once (its site's cached pages follow the car's change).
  async afterWrite(row, { tx }) {
    await writeCar(tx, await carOf(tx, row.car_id as number), { [row.field as ImportEditField]: row.value as EditValue });
  },
  // Undo: the feed's value applies at once, and later imports write the field again.
  async beforeDelete({ tx, existing }) {
    await writeCar(tx, await carOf(tx, existing.car_id as number), { [existing.field as ImportEditField]: existing.feed_value as EditValue });
  },
  // The car (brand, model, VIN, External ID) and who edited, by name.
  async decorate(rows: Row[], { db }) {
    const carIds = [...new Set(rows.map((row) => row.car_id as number))];
    const editorIds = [...new Set(rows.map((row) => row.edited_by).filter((value): value is number => typeof value === 'number'))];
    const carRows = carIds.length
      ? await db
          .select({ id: cars.id, vin: cars.vin, external_id: cars.external_id, is_new: cars.is_new, brand: carBrands.name, model: carModels.name })
          .from(cars)
          .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
          .leftJoin(carModels, eq(carModels.id, cars.model_id))
          .where(inArray(cars.id, carIds))
      : [];
    const editors = editorIds.length ? await db.select({ id: users.id, name: users.name, last_name: users.last_name }).from(users).where(inArray(users.id, editorIds)) : [];
    const carById = new Map(carRows.map(({ id, ...car }) => [id, car satisfies ImportEditCar]));
    const editorById = new Map(editors.map((user) => [user.id, [user.name, user.last_name].filter(Boolean).join(' ')]));
    for (const row of rows) {
      row.car = carById.get(row.car_id as number) ?? null;
      row.editor = typeof row.edited_by === 'number' ? (editorById.get(row.edited_by) ?? null) : null;
    }
  },
};

/**
 * The import's hook (cars.import onImportApplied): for each edit of a car the feed named, the feed's
 * value just written is recorded beside the edit and the edited value put back, in the import's
 * transaction. A site's edits are few (made by hand), so they are read whole and matched here.
 */
export async function keepEditsOverFeed({ tx, siteId, carIds }: ImportApplied) {
  const named = new Set(carIds);
  const edits = (await tx.select().from(importEdits).where(eq(importEdits.site_id, siteId))).filter((edit) => named.has(edit.car_id));
  if (!edits.length) return;
  const byCar = new Map<number, (typeof edits)[number][]>();
  for (const edit of edits) byCar.set(edit.car_id, [...(byCar.get(edit.car_id) ?? []), edit]);
  const found = await tx.select().from(cars).where(inArray(cars.id, [...byCar.keys()]));
  for (const car of found) {
    const carEdits = byCar.get(car.id)!;
    for (const edit of carEdits) {
      await tx
        .update(importEdits)
        .set({ feed_value: carValueOf(car, edit.field), feed_seen_at: new Date(), car_vin: car.vin, car_external_id: car.external_id })
        .where(eq(importEdits.id, edit.id));
    }
    await writeCar(tx, car, Object.fromEntries(carEdits.map((edit) => [edit.field, edit.value])));
  }
}
