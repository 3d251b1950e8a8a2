import { z } from 'zod';
import { defineResource, type ResourcePermissions } from '../kit/resource.ts';
import { id, idList } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { brandRef, idsFilterSchema, modelRef, restylingRef, sortingValue } from '../cars.catalog/catalog-fields.ts';

/**
 * Car sorting of a site (spec 001 §2 /cars.sorting/settings/{siteId}, §7 list_sort_settings and
 * restyling_sort): how the site's new and used lists are ordered at first, which orders a visitor
 * may choose, and the order of the site's restylings (used by the order "restyling_sort").
 */
export const LIST_SORT_FIELDS = ['restyling_sort', 'final_price', 'price', 'year', 'mileage', 'created_at', 'discount'] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const sortingPermissions: ResourcePermissions = {
  list: ['sorting.get_list'],
  get: ['sorting.get_list'],
  create: ['sorting.patch'],
  update: ['sorting.patch'],
  delete: ['sorting.patch'],
};

const sortField = () => z.enum(LIST_SORT_FIELDS, { error: encodeMessage('list_sort_field') });
const listSort = z.strictObject({ field: sortField(), direction: z.enum(SORT_DIRECTIONS, { error: encodeMessage('list_sort_direction') }) });

/** The orders a visitor may pick, each once. */
const visitorFields = () =>
  z
    .array(sortField())
    .max(LIST_SORT_FIELDS.length)
    .superRefine((fields, ctx) => {
      if (new Set(fields).size !== fields.length) ctx.addIssue({ code: 'custom', message: encodeMessage('list_sort_field_twice') });
    });

/** The list sort settings of a site: the first order of each list and the orders visitors may pick. */
export const listSortSettingsSchema = z.strictObject({ new_sort: listSort, used_sort: listSort, visitor_fields: visitorFields() });
export type ListSortSettings = z.output<typeof listSortSettingsSchema>;

export const DEFAULT_LIST_SORT: ListSortSettings = {
  new_sort: { field: 'restyling_sort', direction: 'asc' },
  used_sort: { field: 'created_at', direction: 'desc' },
  visitor_fields: ['final_price', 'year', 'mileage', 'created_at'],
};

/** PATCH /list_sort_settings/where_site/{siteId}: any of the three, each whole. */
export const listSortSettingsPatch = z.strictObject({
  new_sort: listSort.optional(),
  used_sort: listSort.optional(),
  visitor_fields: visitorFields().optional(),
});

export interface ListSortSettingsAttributes extends ListSortSettings {
  site_id: number;
  client_id: number;
  stored: boolean;
  updated_at: string | null;
}

/**
 * The place of a restyling in a site's order (spec 001 §7 "restyling_sort: CRUD"): lower first.
 * One per site and restyling; brand and model are copied from the restyling for the list's filters.
 */
export const restylingSortResource = defineResource({
  service: 'cars.sorting',
  name: 'restyling_sort',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    brand_id: z.number(),
    model_id: z.number(),
    restyling_id: z.number(),
    sort: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), restyling_id: id(), sort: sortingValue().default(0) }),
  update: z.strictObject({ sort: sortingValue() }).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    brands: { op: 'in', columns: ['brand_id'], schema: idsFilterSchema(), widget: 'ref', ref: brandRef },
    models: { op: 'in', columns: ['model_id'], schema: idsFilterSchema(), widget: 'ref', ref: modelRef },
  },
  sort: ['id', 'sort', 'brand_id', 'model_id', 'restyling_id', 'created_at', 'updated_at'],
  defaultSort: 'sort',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { brand_id: brandRef, model_id: modelRef, restyling_id: restylingRef },
  permissions: sortingPermissions,
  columns: [
    { field: 'sort', sortable: true, width: 90 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 140 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 140 },
    { field: 'restyling_id', render: 'refs', ref: restylingRef, width: 180 },
  ],
  form: [],
  screen: '/cars.sorting/settings/{siteId}',
  label: ['sort'],
});

/** POST /sites/{siteId}/restyling_sort/order: the site's restylings in the order wanted (sort 10, 20, ...). */
export const restylingOrderInput = z.strictObject({ restyling_ids: idList(1000).min(1) });
