import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id } from '../kit/fields.ts';
import { MODEL_READ, brandRef, catalogName, catalogPermissions, i18nNameEntity, i18nNameFields, idsFilter, nameSearch, timestampsEntity } from './catalog-fields.ts';

/** A model of a brand (spec 001 §3: name, i18n, brand). */
export const modelResource = defineResource({
  service: 'cars.catalog',
  name: 'models',
  entity: z.object({ name: z.string(), ...i18nNameEntity, brand_id: z.number(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), ...i18nNameFields, brand_id: id() }),
  update: z.strictObject({ name: catalogName(), ...i18nNameFields, brand_id: id() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
  },
  sort: ['id', 'name', 'brand_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { brand_id: brandRef },
  permissions: catalogPermissions('models', MODEL_READ),
  columns: [
    { field: 'name', sortable: true, width: 240 },
    { field: 'name_ru', width: 200 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 180 },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'name', widget: 'text' },
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
  ],
  screen: '/cars.catalog/models/',
});
