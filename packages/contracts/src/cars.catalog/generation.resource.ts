import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id } from '../kit/fields.ts';
import { catalogImageRef } from './brand.resource.ts';
import { MODEL_READ, brandRef, catalogName, catalogPermissions, idsFilter, modelRef, nameSearch, timestampsEntity } from './catalog-fields.ts';

/**
 * A generation of a model (spec 001 §3: name, image_id, model, brand). The body names the model;
 * the brand is the model's, set by the server.
 */
export const generationResource = defineResource({
  service: 'cars.catalog',
  name: 'generations',
  entity: z.object({ name: z.string(), image_id: z.number().nullable(), model_id: z.number(), brand_id: z.number(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), image_id: id().nullable().optional(), model_id: id() }),
  update: z.strictObject({ name: catalogName(), image_id: id().nullable(), model_id: id() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
    models: idsFilter('model_id', modelRef, 'brands'),
  },
  sort: ['id', 'name', 'model_id', 'brand_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { model_id: modelRef, brand_id: brandRef, image_id: catalogImageRef },
  permissions: catalogPermissions('generations', MODEL_READ),
  columns: [
    { field: 'name', sortable: true, width: 240 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 180 },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    // Cascading pickers: the brand narrows the models offered.
    { field: 'brand_id', widget: 'select', ref: brandRef, pickOnly: true },
    { field: 'model_id', widget: 'select', ref: modelRef, within: { field: 'brand_id', filter: 'brands' } },
    { field: 'name', widget: 'text' },
  ],
  screen: '/cars.catalog/generations/',
});
