import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id, optionalText } from '../kit/fields.ts';
import { catalogImageRef } from './brand.resource.ts';
import { MODEL_READ, brandRef, catalogName, catalogPermissions, generationRef, idsFilter, modelRef, nameSearch, sortingValue, timestampsEntity } from './catalog-fields.ts';

/**
 * A restyling of a generation (spec 001 §3: name, marketing_name, sorting, image_id, generation,
 * model, brand). The body names the generation; model and brand are the generation's.
 */
export const restylingResource = defineResource({
  service: 'cars.catalog',
  name: 'restylings',
  entity: z.object({
    name: z.string(),
    marketing_name: z.string().nullable(),
    sorting: z.number(),
    image_id: z.number().nullable(),
    generation_id: z.number(),
    model_id: z.number(),
    brand_id: z.number(),
    ...timestampsEntity,
  }),
  create: z.strictObject({ name: catalogName(), marketing_name: optionalText(255), sorting: sortingValue().optional(), image_id: id().nullable().optional(), generation_id: id() }),
  update: z.strictObject({ name: catalogName(), marketing_name: optionalText(255), sorting: sortingValue(), image_id: id().nullable(), generation_id: id() }).partial(),
  filters: {
    search: { ...nameSearch, columns: ['name', 'marketing_name'] },
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
    models: idsFilter('model_id', modelRef, 'brands'),
    generations: idsFilter('generation_id', generationRef, 'models'),
  },
  sort: ['id', 'name', 'marketing_name', 'sorting', 'generation_id', 'model_id', 'brand_id', 'created_at', 'updated_at'],
  defaultSort: 'sorting,name',
  // Spec 001 §9: 100 restylings a page.
  pageSize: { default: 100, max: 1000 },
  tenant: null,
  refs: { generation_id: generationRef, model_id: modelRef, brand_id: brandRef, image_id: catalogImageRef },
  permissions: catalogPermissions('restylings', MODEL_READ),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'marketing_name', sortable: true, width: 200 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 140 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 160 },
    { field: 'generation_id', sortable: true, render: 'refs', ref: generationRef, width: 160 },
    { field: 'sorting', sortable: true, width: 110 },
  ],
  form: [
    // Cascading pickers: brand → model → generation.
    { field: 'brand_id', widget: 'select', ref: brandRef, pickOnly: true },
    { field: 'model_id', widget: 'select', ref: modelRef, pickOnly: true, within: { field: 'brand_id', filter: 'brands' } },
    { field: 'generation_id', widget: 'select', ref: generationRef, within: { field: 'model_id', filter: 'models' } },
    { field: 'name', widget: 'text' },
    { field: 'marketing_name', widget: 'text' },
    { field: 'sorting', widget: 'number' },
  ],
  screen: '/cars.catalog/restylings/',
});
