import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { code, id, idList } from '../kit/fields.ts';
import {
  brandRef,
  catalogName,
  complectationRef,
  generationRef,
  i18nNameEntity,
  i18nNameFields,
  idsFilter,
  modelRef,
  restylingRef,
  timestampsEntity,
  nameSearch,
} from './catalog-fields.ts';
import { basePrice, codeList, engineSchema, specificationCategoriesSchema, type MarketingEngine, type SpecificationCategory } from './marketing-fields.ts';

export const bodyRef: RefDef = { service: 'cars.catalog', name: 'bodies', label: 'name' };
export const fuelRef: RefDef = { service: 'cars.catalog', name: 'fuels', label: 'name' };
export const transmissionRef: RefDef = { service: 'cars.catalog', name: 'transmissions', label: 'name' };
export const wheelDriveRef: RefDef = { service: 'cars.catalog', name: 'wheel_drives', label: 'name' };
export const optionRef: RefDef = { service: 'cars.catalog', name: 'options', label: 'name' };
export const optionCategoryRef: RefDef = { service: 'cars.catalog', name: 'option_categories', label: 'name' };
export const marketingComplectationRef: RefDef = { service: 'cars.catalog', name: 'marketing_complectations', label: 'name' };

/** Reading marketing complectations takes the spec's code (spec 001 §6); the model tree's readers read them too. */
export const MARKETING_READ = ['marketing_complectations.get_list', 'models.get_list'];

const booleanFilter = () => ({ op: 'eq' as const, schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' as const });

/**
 * A marketing complectation (spec 001 §3): the offer a maker markets under a code, below a
 * complectation. The body names the complectation; restyling, generation, model and brand are
 * copied from it. Engine and specification categories are validated documents; options are ids
 * of the catalogue's options (of the same restyling); the price is the base price in whole
 * roubles (currency RUB). Published and actual are independent flags (spec 001 §4).
 */
export const marketingComplectationResource = defineResource({
  service: 'cars.catalog',
  name: 'marketing_complectations',
  entity: z.object({
    code: z.string(),
    name: z.string(),
    ...i18nNameEntity,
    formative_option_codes: z.array(z.string()),
    formative_option_pack_codes: z.array(z.string()),
    body_id: z.number().nullable(),
    fuel_id: z.number().nullable(),
    transmission_id: z.number().nullable(),
    wheel_drive_id: z.number().nullable(),
    engine: z.custom<MarketingEngine | null>(),
    specification_categories: z.custom<SpecificationCategory[]>(),
    option_ids: z.array(z.number()),
    base_price: z.number().nullable(),
    currency: z.string(),
    published: z.boolean(),
    actual: z.boolean(),
    complectation_id: z.number(),
    restyling_id: z.number(),
    generation_id: z.number(),
    model_id: z.number(),
    brand_id: z.number(),
    ...timestampsEntity,
  }),
  create: z.strictObject({
    code: code(100),
    name: catalogName(),
    ...i18nNameFields,
    formative_option_codes: codeList().optional(),
    formative_option_pack_codes: codeList().optional(),
    body_id: id().nullable().optional(),
    fuel_id: id().nullable().optional(),
    transmission_id: id().nullable().optional(),
    wheel_drive_id: id().nullable().optional(),
    engine: engineSchema.optional(),
    specification_categories: specificationCategoriesSchema.optional(),
    option_ids: idList(500).optional(),
    base_price: basePrice(),
    published: z.boolean().optional(),
    actual: z.boolean().optional(),
    complectation_id: id(),
  }),
  update: z
    .strictObject({
      code: code(100),
      name: catalogName(),
      ...i18nNameFields,
      formative_option_codes: codeList(),
      formative_option_pack_codes: codeList(),
      body_id: id().nullable(),
      fuel_id: id().nullable(),
      transmission_id: id().nullable(),
      wheel_drive_id: id().nullable(),
      engine: engineSchema,
      specification_categories: specificationCategoriesSchema,
      option_ids: idList(500),
      base_price: basePrice(),
      published: z.boolean(),
      actual: z.boolean(),
      complectation_id: id(),
    })
    .partial(),
  filters: {
    search: { ...nameSearch, columns: ['name', 'code'] },
    ids: idsFilter('id'),
    // For API callers (spec 001 §7), like the complectations' own: a complectation's name alone is ambiguous in a select.
    complectation_ids: idsFilter('complectation_id'),
    brands: idsFilter('brand_id', brandRef),
    models: idsFilter('model_id', modelRef, 'brands'),
    generations: idsFilter('generation_id', generationRef, 'models'),
    restylings: idsFilter('restyling_id', restylingRef, 'generations'),
    published: booleanFilter(),
    actual: booleanFilter(),
  },
  sort: ['id', 'code', 'name', 'base_price', 'complectation_id', 'restyling_id', 'generation_id', 'model_id', 'brand_id', 'published', 'actual', 'created_at', 'updated_at'],
  defaultSort: 'name',
  // Spec 001 §9: the default page size, 500.
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: {
    complectation_id: complectationRef,
    restyling_id: restylingRef,
    generation_id: generationRef,
    model_id: modelRef,
    brand_id: brandRef,
    body_id: bodyRef,
    fuel_id: fuelRef,
    transmission_id: transmissionRef,
    wheel_drive_id: wheelDriveRef,
    option_ids: optionRef,
  },
  permissions: {
    list: MARKETING_READ,
    get: MARKETING_READ,
    create: ['marketing_complectations.create'],
    update: ['marketing_complectations.patch'],
    delete: ['marketing_complectations.delete'],
  },
  columns: [
    { field: 'name', sortable: true, width: 190 },
    { field: 'code', sortable: true, width: 110 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 110 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 130 },
    { field: 'complectation_id', sortable: true, render: 'refs', ref: complectationRef, width: 140 },
    { field: 'base_price', sortable: true, width: 140, render: 'money' },
    { field: 'published', sortable: true, render: 'boolean', width: 130 },
    { field: 'actual', sortable: true, render: 'boolean', width: 110 },
  ],
  form: [
    // Cascading pickers: brand → model → generation → restyling → complectation.
    { field: 'brand_id', widget: 'select', ref: brandRef, pickOnly: true },
    { field: 'model_id', widget: 'select', ref: modelRef, pickOnly: true, within: { field: 'brand_id', filter: 'brands' } },
    { field: 'generation_id', widget: 'select', ref: generationRef, pickOnly: true, within: { field: 'model_id', filter: 'models' } },
    { field: 'restyling_id', widget: 'select', ref: restylingRef, pickOnly: true, within: { field: 'generation_id', filter: 'generations' } },
    { field: 'complectation_id', widget: 'select', ref: complectationRef, within: { field: 'restyling_id', filter: 'restylings' } },
    { field: 'code', widget: 'text' },
    { field: 'name', widget: 'text' },
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
    { field: 'formative_option_codes', widget: 'tags' },
    { field: 'formative_option_pack_codes', widget: 'tags' },
    { field: 'body_id', widget: 'select', ref: bodyRef },
    { field: 'fuel_id', widget: 'select', ref: fuelRef },
    { field: 'transmission_id', widget: 'select', ref: transmissionRef },
    { field: 'wheel_drive_id', widget: 'select', ref: wheelDriveRef },
    { field: 'base_price', widget: 'money' },
    { field: 'published', widget: 'switch' },
    { field: 'actual', widget: 'switch' },
  ],
  screen: '/cars.catalog/marketing_complectations/',
});
