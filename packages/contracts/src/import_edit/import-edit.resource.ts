import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, safeString } from '../kit/fields.ts';
import { encodeMessage, type MessageKey, type MessageParams } from '../kit/messages.ts';
import { CAR_PHOTOS_MAX, MONEY_MAX } from '../cars.stock/car.resource.ts';

/**
 * A dealer's own value of one field of an imported car on its site (the import-edit widget,
 * `/widgets/import_edit/{siteId}/`): the car shows the edited value, and a later feed import keeps
 * it while recording the feed's value beside it (`feed_value`). Undoing the edit (deleting it)
 * puts the feed's value back at once.
 */
export const IMPORT_EDIT_FIELDS = ['price', 'description', 'photos', 'labels'] as const;
export type ImportEditField = (typeof IMPORT_EDIT_FIELDS)[number];
/** The longest edited description (a car's own bound). */
export const IMPORT_EDIT_DESCRIPTION_MAX = 10_000;
/** At most this many labels put on a car by hand. */
export const IMPORT_EDIT_LABELS_MAX = 50;

/** An edited value as its field keeps it, or the message (and where) when it does not fit. */
export type ImportEditValueCheck = { value: number | string | number[] } | { error: MessageKey; params?: MessageParams; pointer?: string };

const idList = (raw: unknown, max: number, min: number) => {
  if (!Array.isArray(raw) || raw.length < min || raw.length > max) return null;
  if (!raw.every((item) => typeof item === 'number' && Number.isInteger(item) && item > 0 && item <= 2_147_483_647)) return null;
  return [...new Set(raw as number[])];
};
const descriptionSchema = safeString({ lines: true }).trim().min(1).max(IMPORT_EDIT_DESCRIPTION_MAX);

/**
 * The checks of an edited value by its field: a price is whole positive roubles; a description
 * 1–10,000 characters of safe text; photos 1–40 media ids (the server then checks they are images of
 * the client's library); labels up to 50 label ids (the server checks they are the site's).
 */
export function checkImportEditValue(field: ImportEditField, raw: unknown): ImportEditValueCheck {
  switch (field) {
    case 'price':
      return typeof raw === 'number' && Number.isInteger(raw) && raw > 0 && raw <= MONEY_MAX ? { value: raw } : { error: 'import_edit_price', params: { max: MONEY_MAX } };
    case 'description': {
      const parsed = descriptionSchema.safeParse(raw);
      return parsed.success ? { value: parsed.data } : { error: 'import_edit_description', params: { max: IMPORT_EDIT_DESCRIPTION_MAX } };
    }
    case 'photos': {
      const ids = idList(raw, CAR_PHOTOS_MAX, 1);
      return ids ? { value: ids } : { error: 'import_edit_photos', params: { max: CAR_PHOTOS_MAX } };
    }
    case 'labels': {
      const ids = idList(raw, IMPORT_EDIT_LABELS_MAX, 0);
      return ids ? { value: ids } : { error: 'import_edit_labels', params: { max: IMPORT_EDIT_LABELS_MAX } };
    }
  }
}

/** The car an edit is of, as the list shows it (read with the edit). */
export interface ImportEditCar {
  vin: string | null;
  external_id: string | null;
  brand: string | null;
  model: string | null;
  is_new: boolean;
}

/** An imported car an edit may be of (GET /sites/{siteId}/imported_cars), with its current values. */
export interface ImportedCarChoice extends ImportEditCar {
  price: number | null;
  description: string | null;
  photos: number[];
  labels: number[];
}

/** A label the site shows, as the edit form offers it. */
export interface ImportEditLabel {
  id: number;
  name: string;
  name_ru: string | null;
  name_en: string | null;
  background: string;
}

const editValue = z.union([z.number(), z.string(), z.array(z.number())]).nullable();

export const importEditResource = defineResource({
  service: 'import_edit',
  name: 'import_edits',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    car_id: z.number(),
    field: z.enum(IMPORT_EDIT_FIELDS),
    /** The dealer's value: the car shows it. */
    value: editValue,
    /** The feed's latest value of the field (the car's value before the edit until an import records one). */
    feed_value: editValue,
    /** The feed's value was recorded by an import after the edit (not only read off the car when it was made). */
    feed_seen_at: z.string().nullable(),
    edited_by: z.number().nullable(),
    /** Who edited, by name (read with the edit). */
    editor: z.string().nullable(),
    car: z.custom<ImportEditCar>(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    car_id: id(),
    field: z.enum(IMPORT_EDIT_FIELDS, { error: encodeMessage('import_edit_field') }),
    // Checked by its field (checkImportEditValue) when written.
    value: z.unknown(),
  }),
  update: z.strictObject({ value: z.unknown().optional() }),
  filters: {
    site_id: { op: 'eq', schema: id() },
    field: { op: 'eq', schema: z.enum(IMPORT_EDIT_FIELDS), widget: 'select', options: IMPORT_EDIT_FIELDS.map((value) => ({ value, label: `import_edits.fields_of.${value}` })) },
    car_id: { op: 'eq', schema: id() },
    // The car by VIN or External ID, as the edit keeps them (refreshed with the car's by every write
    // and import); not `search`, whose first column would be a written attribute.
    car: { op: 'search', columns: ['car_vin', 'car_external_id'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'field', 'car_id', 'created_at', 'updated_at'],
  defaultSort: '-updated_at',
  pageSize: { default: 20, max: 1000 },
  tenant: 'client_id',
  permissions: crudPermissions('import_edits'),
  columns: [
    { field: 'car', width: 240, key: true },
    { field: 'field', sortable: true, render: 'tag', width: 120, key: true },
    { field: 'feed_value', width: 220 },
    { field: 'value', width: 220 },
    { field: 'editor', width: 160 },
    { field: 'updated_at', sortable: true, render: 'date', width: 160 },
  ],
  form: [
    { field: 'car_id', widget: 'select' },
    { field: 'field', widget: 'select', options: IMPORT_EDIT_FIELDS.map((value) => ({ value, label: `import_edits.fields_of.${value}` })) },
    { field: 'value', widget: 'text' },
  ],
  screen: '/widgets/import_edit/{siteId}/',
  label: ['field'],
});
