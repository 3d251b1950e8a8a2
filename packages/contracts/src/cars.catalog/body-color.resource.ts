import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { code, id } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { colorHex } from './dictionary.resource.ts';
import { BRAND_READ, brandRef, catalogName, catalogPermissions, i18nNameEntity, i18nNameFields, idsFilter, nameSearch, timestampsEntity } from './catalog-fields.ts';

export const colorRef: RefDef = { service: 'cars.catalog', name: 'colors', label: 'name' };
export const bodyColorRef: RefDef = { service: 'cars.catalog', name: 'body_colors', label: 'name' };

/** 1 to 10 colours as #RRGGBB (a two-tone paint has two), each stored with the hash. */
export const hexList = () => z.array(colorHex()).min(1, { error: encodeMessage('hex_list_required') }).max(10, { error: encodeMessage('max_items', { count: 10 }) });
/** The maker's paint or trim code ("PGU", "1F7", "040"): Latin letters, digits, "-" and "_". */
export const catalogCode = () => code(50);

/**
 * A body colour of a brand (spec 001 §3 body_color: name, list of hex values, code, i18n; relations
 * color, brand; supports markups). The code is unique within the brand: it is what VIN data and
 * the imports name a paint by.
 */
export const bodyColorResource = defineResource({
  service: 'cars.catalog',
  name: 'body_colors',
  entity: z.object({ name: z.string(), ...i18nNameEntity, code: z.string(), hex: z.array(z.string()), color_id: z.number().nullable(), brand_id: z.number(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), ...i18nNameFields, code: catalogCode(), hex: hexList(), color_id: id().nullable().optional(), brand_id: id() }),
  update: z.strictObject({ name: catalogName(), ...i18nNameFields, code: catalogCode(), hex: hexList(), color_id: id().nullable(), brand_id: id() }).partial(),
  filters: {
    search: { ...nameSearch, columns: ['name', 'code'] },
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
    colors: idsFilter('color_id', colorRef),
  },
  sort: ['id', 'name', 'code', 'brand_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { brand_id: brandRef, color_id: colorRef },
  permissions: catalogPermissions('body_colors', BRAND_READ),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'hex', width: 130 },
    { field: 'code', sortable: true, width: 120 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'color_id', render: 'refs', ref: colorRef, width: 160 },
    { field: 'name_ru', width: 200 },
  ],
  form: [
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'hex', widget: 'tags' },
    { field: 'color_id', widget: 'select', ref: colorRef },
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
  ],
  screen: '/cars.catalog/body_colors/',
});

/** Upholstery materials (spec 001 §3); their names are the web's cars.catalog:materials.<value>. */
export const UPHOLSTERY_MATERIALS = ['leather', 'textile', 'combined', 'alcantara', 'velours', 'faux_leather'] as const;
export type UpholsteryMaterial = (typeof UPHOLSTERY_MATERIALS)[number];
export const upholsteryMaterial = () => z.enum(UPHOLSTERY_MATERIALS, { error: encodeMessage('upholstery_material') });
const materialOptions = UPHOLSTERY_MATERIALS.map((value) => ({ value, label: `materials.${value}` }));

/** An upholstery of a brand (spec 001 §3: name, code, material, colors, i18n; relation brand). */
export const upholsteryResource = defineResource({
  service: 'cars.catalog',
  name: 'upholsteries',
  entity: z.object({ name: z.string(), ...i18nNameEntity, code: z.string(), material: z.string(), colors: z.array(z.string()), brand_id: z.number(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), ...i18nNameFields, code: catalogCode(), material: upholsteryMaterial(), colors: hexList(), brand_id: id() }),
  update: z.strictObject({ name: catalogName(), ...i18nNameFields, code: catalogCode(), material: upholsteryMaterial(), colors: hexList(), brand_id: id() }).partial(),
  filters: {
    search: { ...nameSearch, columns: ['name', 'code'] },
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
    material: { op: 'eq', schema: upholsteryMaterial(), widget: 'select' },
  },
  sort: ['id', 'name', 'code', 'material', 'brand_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { brand_id: brandRef },
  permissions: catalogPermissions('upholsteries', BRAND_READ),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'colors', width: 130 },
    { field: 'code', sortable: true, width: 120 },
    { field: 'material', sortable: true, render: 'tag', width: 150 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'name_ru', width: 200 },
  ],
  form: [
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'material', widget: 'select', options: materialOptions },
    { field: 'colors', widget: 'tags' },
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
  ],
  screen: '/cars.catalog/upholsteries/',
});
