import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, id, optionalText, requiredText } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { sortingValue } from '../cars.catalog/catalog-fields.ts';
import { stockSitesPermissions } from './showroom-page.resource.ts';

/**
 * Custom filters of a site's car lists (spec 001 §3 "Custom filter: groups with filters and
 * fields"; docs/decisions/stock.md, "What do stock settings hold?"): a group (titled in ru and en,
 * ordered) holds filters, each a car field shown to visitors with a control of a type that fits the
 * field.
 */
export const CUSTOM_FILTER_TYPES = ['checkbox', 'select', 'multiselect', 'range'] as const;
export type CustomFilterType = (typeof CUSTOM_FILTER_TYPES)[number];
type FieldKind = 'number' | 'text' | 'boolean';
/** The car fields a filter may read, and what they hold. */
export const CUSTOM_FILTER_FIELDS = {
  brand_id: 'text',
  model_id: 'text',
  body_color_id: 'text',
  body: 'text',
  transmission: 'text',
  wheel_drive: 'text',
  engine: 'text',
  logistic_status: 'text',
  pts: 'text',
  year: 'number',
  final_price: 'number',
  price: 'number',
  mileage: 'number',
  owners: 'number',
  certification: 'boolean',
  right_steering_wheel: 'boolean',
  commercial: 'boolean',
} as const satisfies Record<string, FieldKind>;
export type CustomFilterField = keyof typeof CUSTOM_FILTER_FIELDS;
export const CUSTOM_FILTER_FIELD_NAMES = Object.keys(CUSTOM_FILTER_FIELDS) as CustomFilterField[];

/** The controls that fit a field: a range or a choice for numbers, choices for texts, a checkbox for yes/no. */
export function filterTypesOf(field: CustomFilterField): CustomFilterType[] {
  const kind: FieldKind = CUSTOM_FILTER_FIELDS[field];
  if (kind === 'number') return ['range', 'select'];
  if (kind === 'boolean') return ['checkbox'];
  return ['select', 'multiselect'];
}

const filterSchema = z
  .strictObject({
    title_ru: requiredText(100),
    title_en: optionalText(100),
    field: z.enum(CUSTOM_FILTER_FIELD_NAMES as [CustomFilterField, ...CustomFilterField[]], { error: encodeMessage('custom_filter_field') }),
    type: z.enum(CUSTOM_FILTER_TYPES, { error: encodeMessage('custom_filter_type') }),
  })
  .superRefine((filter, ctx) => {
    if (!filterTypesOf(filter.field).includes(filter.type)) ctx.addIssue({ code: 'custom', path: ['type'], message: encodeMessage('custom_filter_type_field') });
  });

/** The filters of a group, in the order shown; a field once per group. */
export const customFilterList = () =>
  z
    .array(filterSchema)
    .max(30, { error: encodeMessage('max_items', { count: 30 }) })
    .superRefine((filters, ctx) => {
      filters.forEach((filter, index) => {
        if (filters.findIndex((other) => other.field === filter.field) < index) ctx.addIssue({ code: 'custom', path: [index, 'field'], message: encodeMessage('custom_filter_field_twice') });
      });
    });
export type CustomFilter = z.output<typeof filterSchema>;

const fields = {
  title_ru: requiredText(100),
  title_en: optionalText(100),
  sort: sortingValue(),
  filters: customFilterList(),
};

export const customFilterResource = defineResource({
  service: 'cars.stock.sites',
  name: 'custom_filters',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    title_ru: z.string(),
    title_en: z.string().nullable(),
    sort: z.number(),
    filters: z.array(z.object({ title_ru: z.string(), title_en: z.string().nullable().optional(), field: z.string(), type: z.enum(CUSTOM_FILTER_TYPES) })),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...fields, sort: fields.sort.default(0), filters: fields.filters.default([]) }),
  update: z.strictObject(fields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['title_ru', 'title_en'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'title_ru', 'sort', 'created_at', 'updated_at'],
  defaultSort: 'sort,title_ru',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: stockSitesPermissions,
  columns: [
    { field: 'title_ru', sortable: true, width: 220 },
    { field: 'title_en', width: 200 },
    { field: 'sort', sortable: true, width: 100 },
    { field: 'filters', render: 'count', width: 110 },
  ],
  form: [],
  screen: '/cars.stock.sites/custom_filters/{siteId}',
  label: ['title_ru'],
});
