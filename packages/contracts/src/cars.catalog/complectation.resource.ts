import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id } from '../kit/fields.ts';
import { catalogImageRef } from './brand.resource.ts';
import { MODEL_READ, brandRef, catalogName, catalogPermissions, generationRef, idsFilter, modelRef, nameSearch, restylingRef, timestampsEntity } from './catalog-fields.ts';

/**
 * A complectation of a restyling (spec 001 §3: name, image_id, restyling, generation, model,
 * brand; its marketing complectations point at it). The body names the restyling; the levels
 * above are the restyling's.
 */
export const complectationResource = defineResource({
  service: 'cars.catalog',
  name: 'complectations',
  entity: z.object({
    name: z.string(),
    image_id: z.number().nullable(),
    restyling_id: z.number(),
    generation_id: z.number(),
    model_id: z.number(),
    brand_id: z.number(),
    ...timestampsEntity,
  }),
  create: z.strictObject({ name: catalogName(), image_id: id().nullable().optional(), restyling_id: id() }),
  update: z.strictObject({ name: catalogName(), image_id: id().nullable(), restyling_id: id() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
    // Spec 001 §7 names both: complectation_ids is what marketing complectations filter by.
    complectation_ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
    models: idsFilter('model_id', modelRef, 'brands'),
    generations: idsFilter('generation_id', generationRef, 'models'),
    restylings: idsFilter('restyling_id', restylingRef, 'generations'),
  },
  sort: ['id', 'name', 'restyling_id', 'generation_id', 'model_id', 'brand_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { restyling_id: restylingRef, generation_id: generationRef, model_id: modelRef, brand_id: brandRef, image_id: catalogImageRef },
  permissions: catalogPermissions('complectations', MODEL_READ),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 140 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 160 },
    { field: 'generation_id', sortable: true, render: 'refs', ref: generationRef, width: 160 },
    { field: 'restyling_id', sortable: true, render: 'refs', ref: restylingRef, width: 160 },
  ],
  form: [
    // Cascading pickers: brand → model → generation → restyling.
    { field: 'brand_id', widget: 'select', ref: brandRef, pickOnly: true },
    { field: 'model_id', widget: 'select', ref: modelRef, pickOnly: true, within: { field: 'brand_id', filter: 'brands' } },
    { field: 'generation_id', widget: 'select', ref: generationRef, pickOnly: true, within: { field: 'model_id', filter: 'models' } },
    { field: 'restyling_id', widget: 'select', ref: restylingRef, within: { field: 'generation_id', filter: 'generations' } },
    { field: 'name', widget: 'text' },
  ],
  screen: '/cars.catalog/complectations/',
});
