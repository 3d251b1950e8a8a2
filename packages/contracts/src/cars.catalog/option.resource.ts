import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id } from '../kit/fields.ts';
import { brandRef, catalogName, i18nNameEntity, i18nNameFields, idsFilter, nameSearch, restylingRef, sortingValue, timestampsEntity } from './catalog-fields.ts';
import { MARKETING_READ, optionCategoryRef } from './marketing-complectation.resource.ts';

const booleanFilter = () => ({ op: 'eq' as const, schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' as const });

/**
 * An option category (spec 001 §3: name, order, is_dealer_option_category, brand_id, i18n): it
 * groups a brand's options, or (dealer option category) the options dealers add. Without a
 * brand it is every brand's.
 */
export const optionCategoryResource = defineResource({
  service: 'cars.catalog',
  name: 'option_categories',
  entity: z.object({ name: z.string(), ...i18nNameEntity, order: z.number(), is_dealer_option_category: z.boolean(), brand_id: z.number().nullable(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), ...i18nNameFields, order: sortingValue().optional(), is_dealer_option_category: z.boolean().optional(), brand_id: id().nullable().optional() }),
  update: z.strictObject({ name: catalogName(), ...i18nNameFields, order: sortingValue(), is_dealer_option_category: z.boolean(), brand_id: id().nullable() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
    brands: idsFilter('brand_id', brandRef),
    is_dealer_option_category: booleanFilter(),
  },
  sort: ['id', 'name', 'order', 'brand_id', 'is_dealer_option_category', 'created_at', 'updated_at'],
  defaultSort: 'order,name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { brand_id: brandRef },
  permissions: { list: MARKETING_READ, get: MARKETING_READ, create: ['option_categories.create'], update: ['option_categories.patch'], delete: ['option_categories.delete'] },
  columns: [
    { field: 'name', sortable: true, width: 240 },
    { field: 'name_ru', width: 200 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'is_dealer_option_category', sortable: true, render: 'boolean', width: 170 },
    { field: 'order', sortable: true, width: 110 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'is_dealer_option_category', widget: 'switch' },
    { field: 'order', widget: 'number' },
  ],
  screen: '/cars.catalog/option_categories/',
});

/**
 * An option of a restyling (spec 001 §3: name, code, i18n; category, restyling). Spec 001 §7:
 * GET and DELETE only — options arrive with the marketing complectation imports (and the demo
 * data); staff delete the wrong ones. The DELETE is a route of its own (marketing.routes.ts).
 */
export const optionResource = defineResource({
  service: 'cars.catalog',
  name: 'options',
  entity: z.object({ name: z.string(), ...i18nNameEntity, code: z.string(), category_id: z.number().nullable(), restyling_id: z.number().nullable(), ...timestampsEntity }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    search: { ...nameSearch, columns: ['name', 'code'] },
    ids: idsFilter('id'),
    categories: idsFilter('category_id', optionCategoryRef),
    restylings: idsFilter('restyling_id', restylingRef),
  },
  sort: ['id', 'name', 'code', 'category_id', 'restyling_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  readOnly: true,
  refs: { category_id: optionCategoryRef, restyling_id: restylingRef },
  permissions: { list: MARKETING_READ, get: MARKETING_READ, create: [], update: [], delete: ['options.delete'] },
  columns: [
    { field: 'name', sortable: true, width: 260 },
    { field: 'code', sortable: true, width: 140 },
    { field: 'category_id', sortable: true, render: 'refs', ref: optionCategoryRef, width: 200 },
    { field: 'restyling_id', sortable: true, render: 'refs', ref: restylingRef, width: 200 },
  ],
  form: [],
  screen: '/cars.catalog/options/',
});

/** An option a dealer adds to its cars (spec 001 §3: name, order, i18n; category). */
export const dealerOptionResource = defineResource({
  service: 'cars.catalog',
  name: 'dealer_options',
  entity: z.object({ name: z.string(), ...i18nNameEntity, order: z.number(), category_id: z.number().nullable(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), ...i18nNameFields, order: sortingValue().optional(), category_id: id().nullable().optional() }),
  update: z.strictObject({ name: catalogName(), ...i18nNameFields, order: sortingValue(), category_id: id().nullable() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
    categories: idsFilter('category_id', optionCategoryRef),
  },
  sort: ['id', 'name', 'order', 'category_id', 'created_at', 'updated_at'],
  defaultSort: 'order,name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { category_id: optionCategoryRef },
  permissions: { list: MARKETING_READ, get: MARKETING_READ, create: ['dealer_options.create'], update: ['dealer_options.patch'], delete: ['dealer_options.delete'] },
  columns: [
    { field: 'name', sortable: true, width: 260 },
    { field: 'name_ru', width: 200 },
    { field: 'category_id', sortable: true, render: 'refs', ref: optionCategoryRef, width: 220 },
    { field: 'order', sortable: true, width: 110 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
    { field: 'category_id', widget: 'select', ref: optionCategoryRef },
    { field: 'order', widget: 'number' },
  ],
  screen: '/cars.catalog/dealer_options/',
});
