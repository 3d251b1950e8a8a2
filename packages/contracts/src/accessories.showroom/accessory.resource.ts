import { z } from 'zod';
import { code, filterText, id, idList, integer, optionalMultiLineText, optionalText, outbound, requiredText, safeString, url } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { crudPermissions, defineResource, partialOf, siteSettingsListing } from '../kit/resource.ts';
import { brandRef, modelRef } from '../cars.catalog/catalog-fields.ts';
import { dealershipRef } from '../dealerships/dealership.resource.ts';

/**
 * The accessories shop of a site (spec 002 §3 Accessories, §5, §9; docs/decisions/accessories.md):
 * categories and attributes (system-wide, written by staff, or a client's), the accessories of a
 * site, and a site's settings with its import files.
 */
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const mediaRef = { service: 'media.storage', name: 'files', label: 'name' } as const;
export const accessoryCategoryRef = { service: 'accessories.showroom', name: 'categories', label: 'name' } as const;
export const accessoryAttributeRef = { service: 'accessories.showroom', name: 'accessory_attributes', label: 'name' } as const;
const times = { created_at: z.string(), updated_at: z.string() };

/** The largest price, in roubles. */
export const ACCESSORY_PRICE_MAX = 1_000_000_000;
/** Page sizes (spec 002 §9): accessories 10 (all: 10,000), attribute lists 10. */
export const ACCESSORY_PAGE = { default: 10, max: 10_000 } as const;
export const ATTRIBUTE_PAGE = { default: 10, max: 1000 } as const;

/** A sum of money in roubles with at most two decimals (kopecks), from JSON or a form's text. */
const money = (min: 'positive' | 'non_negative') =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: (issue) => encodeMessage(issue.input == null ? 'required' : 'decimal_number') })
      .refine((value) => (min === 'positive' ? value > 0 : value >= 0), { error: encodeMessage(min === 'positive' ? 'accessory_price_positive' : 'non_negative'), abort: true })
      .max(ACCESSORY_PRICE_MAX)
      .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: encodeMessage('decimal_number') }),
  );

// ---- attributes -------------------------------------------------------------------------------

/** The types of an attribute's value (spec 002 §3). */
export const ACCESSORY_ATTRIBUTE_TYPES = ['string', 'array', 'number', 'boolean'] as const;
export type AccessoryAttributeType = (typeof ACCESSORY_ATTRIBUTE_TYPES)[number];
/** A value of an attribute: a text, a list of texts, a number or a yes/no. */
export const attributeValue = z.union([safeString().max(500), z.array(safeString().max(200)).max(100), z.number().finite(), z.boolean()]);
export type AttributeValue = z.output<typeof attributeValue>;

/** Whether `value` is of the attribute's type. */
export function fitsAttributeType(type: AccessoryAttributeType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
  }
}

const checkDefault = (values: { type?: AccessoryAttributeType; default_value?: unknown }, ctx: z.RefinementCtx) => {
  if (values.type && values.default_value !== undefined && values.default_value !== null && !fitsAttributeType(values.type, values.default_value))
    ctx.addIssue({ code: 'custom', path: ['default_value'], message: encodeMessage('invalid_type') });
};

const attributeFields = {
  code: code(100),
  name: requiredText(255),
  type: z.enum(ACCESSORY_ATTRIBUTE_TYPES),
  is_filterable: z.boolean().default(false),
  default_value: attributeValue.nullable().optional(),
};
const typeOptions = ACCESSORY_ATTRIBUTE_TYPES.map((value) => ({ value, label: `attribute_types.${value}` }));
const attributeEntity = z.object({
  client_id: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCESSORY_ATTRIBUTE_TYPES),
  is_filterable: z.boolean(),
  default_value: attributeValue.nullable(),
  ...times,
});

/**
 * An attribute of accessories (spec 002 §3): a client's, or with no client the platform's
 * (system-wide, written by staff only under /admin/accessory_attributes). Its code is unique
 * among the attributes a client sees.
 */
export const accessoryAttributeResource = defineResource({
  service: 'accessories.showroom',
  name: 'accessory_attributes',
  entity: attributeEntity,
  // null or absent: a system-wide attribute (staff only).
  create: z.strictObject({ ...attributeFields, client_id: id().nullable().optional() }).superRefine(checkDefault),
  // The owner and the type never change (stored values were checked against it).
  update: partialOf(attributeFields).omit({ type: true }),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id() },
    type: { op: 'eq', schema: z.enum(ACCESSORY_ATTRIBUTE_TYPES), widget: 'select', options: typeOptions },
  },
  sort: ['id', 'code', 'name', 'type', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: ATTRIBUTE_PAGE,
  tenant: 'client_id',
  refs: { client_id: clientRef },
  permissions: crudPermissions('accessory_attributes'),
  columns: [
    { field: 'name', sortable: true, width: 240, key: true },
    { field: 'code', sortable: true, width: 180, key: true },
    { field: 'type', sortable: true, render: 'tag', width: 170 },
    { field: 'is_filterable', render: 'boolean', width: 150 },
  ],
  form: [
    { field: 'client_id', widget: 'select', ref: clientRef, only: 'create' },
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'type', widget: 'select', options: typeOptions, only: 'create' },
    { field: 'is_filterable', widget: 'switch' },
    { field: 'default_value', widget: 'text' },
  ],
  screen: '/accessories.showroom/accessory_attribute/{siteId}',
  label: ['name'],
});
/** A system-wide attribute as /admin/accessory_attributes takes it (no client). */
export const systemAttributeCreate = z.strictObject(attributeFields).superRefine(checkDefault);
export const systemAttributeUpdate = partialOf(attributeFields).omit({ type: true });

// ---- categories -------------------------------------------------------------------------------

const categoryFields = {
  name: requiredText(255),
  code: code(100),
  sort_order: integer(0, 1_000_000).default(0),
  background_image_id: id().nullable().optional(),
  // null or absent: a system-wide category (staff only).
  client_id: id().nullable().optional(),
};

/** A category of accessories (spec 002 §3): a client's, or with no client the platform's (staff only). */
export const accessoryCategoryResource = defineResource({
  service: 'accessories.showroom',
  name: 'categories',
  entity: z.object({ client_id: z.number().nullable(), name: z.string(), code: z.string(), sort_order: z.number(), background_image_id: z.number().nullable(), ...times }),
  create: z.strictObject(categoryFields),
  update: partialOf(categoryFields).omit({ client_id: true }),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'name', 'code', 'sort_order', 'created_at', 'updated_at'],
  defaultSort: 'sort_order,name',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, background_image_id: mediaRef },
  permissions: crudPermissions('accessory_categories'),
  columns: [
    { field: 'name', sortable: true, width: 240, key: true },
    { field: 'code', sortable: true, width: 180, key: true },
    { field: 'sort_order', sortable: true, width: 150 },
    { field: 'client_id', render: 'refs', ref: clientRef, width: 200 },
  ],
  form: [
    { field: 'client_id', widget: 'select', ref: clientRef, only: 'create' },
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'sort_order', widget: 'number' },
    { field: 'background_image_id', widget: 'select', ref: mediaRef },
  ],
  screen: '/accessories.showroom/categories/{siteId}',
  label: ['name'],
});

// ---- accessories ------------------------------------------------------------------------------

/** The states of an accessory (spec 002 §4). */
export const ACCESSORY_STATUSES = ['in_stock', 'out_of_stock', 'sold'] as const;
export type AccessoryStatus = (typeof ACCESSORY_STATUSES)[number];
const statusOptions = ACCESSORY_STATUSES.map((value) => ({ value, label: `statuses.${value}` }));
/** An accessory's custom attribute values by the attribute's code. */
export const accessoryAttributeValues = () =>
  z.record(code(100), attributeValue).refine((values) => Object.keys(values).length <= 100, { error: encodeMessage('max_items', { count: 100 }) });

const accessoryFields = {
  site_id: id(),
  dealer_name: optionalText(255),
  name: requiredText(255),
  article_code: requiredText(100),
  price: money('positive'),
  discount: money('non_negative').default(0),
  description: optionalMultiLineText(10_000),
  status: z.enum(ACCESSORY_STATUSES).default('in_stock'),
  category_id: id(),
  // The first is the main image.
  image_ids: z.array(id()).min(1, { error: encodeMessage('accessory_images_required') }).max(40),
  dealership_ids: idList(100).default([]),
  brand_id: id().nullable().optional(),
  model_ids: idList(500).default([]),
  attributes: accessoryAttributeValues().default({}),
};
const checkDiscount = (values: { price?: number; discount?: number }, ctx: z.RefinementCtx) => {
  if (typeof values.price === 'number' && typeof values.discount === 'number' && values.discount > values.price)
    ctx.addIssue({ code: 'custom', path: ['discount'], message: encodeMessage('accessory_discount_above_price') });
};

/**
 * An accessory of a site (spec 002 §3): what it is, its price and discount in roubles, its status,
 * category, images (the first is the main one), the dealers selling it, the catalogue brand and
 * models it fits, its attribute values; who created and last changed it.
 */
export const accessoryResource = defineResource({
  service: 'accessories.showroom',
  name: 'accessories',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    dealer_name: z.string().nullable(),
    name: z.string(),
    article_code: z.string(),
    price: z.number(),
    discount: z.number(),
    description: z.string().nullable(),
    status: z.enum(ACCESSORY_STATUSES),
    category_id: z.number(),
    image_ids: z.array(z.number()),
    dealership_ids: z.array(z.number()),
    brand_id: z.number().nullable(),
    model_ids: z.array(z.number()),
    attributes: z.record(z.string(), attributeValue),
    created_by: z.number().nullable(),
    updated_by: z.number().nullable(),
    ...times,
  }),
  create: z.strictObject(accessoryFields).superRefine(checkDiscount),
  update: partialOf(accessoryFields).omit({ site_id: true }),
  filters: {
    search: { op: 'search', columns: ['name', 'article_code'], schema: filterText(), widget: 'text' },
    site_id: { op: 'eq', schema: id() },
    category_id: { op: 'eq', schema: id(), widget: 'ref', ref: accessoryCategoryRef },
    status: { op: 'eq', schema: z.enum(ACCESSORY_STATUSES), widget: 'select', options: statusOptions },
    brand_id: { op: 'eq', schema: id(), widget: 'ref', ref: brandRef },
    model_ids: { op: 'contains', schema: id(), widget: 'ref', ref: modelRef, within: 'brand_id' },
  },
  sort: ['id', 'name', 'article_code', 'price', 'status', 'created_at', 'updated_at'],
  defaultSort: '-updated_at',
  pageSize: ACCESSORY_PAGE,
  tenant: 'client_id',
  refs: { category_id: accessoryCategoryRef, image_ids: mediaRef, dealership_ids: dealershipRef, brand_id: brandRef, model_ids: modelRef },
  permissions: crudPermissions('accessories'),
  columns: [
    { field: 'name', sortable: true, width: 260, key: true },
    { field: 'article_code', sortable: true, width: 160 },
    { field: 'price', sortable: true, width: 140, key: true, render: 'money' },
    { field: 'status', sortable: true, render: 'tag', width: 160 },
    { field: 'category_id', render: 'refs', ref: accessoryCategoryRef, width: 200 },
    { field: 'brand_id', render: 'refs', ref: brandRef, width: 160 },
  ],
  form: [
    { field: 'site_id', widget: 'select', only: 'create' },
    { field: 'name', widget: 'text' },
    { field: 'article_code', widget: 'text' },
    { field: 'price', widget: 'money' },
    { field: 'discount', widget: 'money' },
    { field: 'status', widget: 'select', options: statusOptions },
    { field: 'category_id', widget: 'select', ref: accessoryCategoryRef },
    { field: 'dealer_name', widget: 'text' },
    { field: 'dealership_ids', widget: 'multiselect', ref: dealershipRef },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'model_ids', widget: 'multiselect', ref: modelRef, within: { field: 'brand_id', filter: 'brand_id' } },
    { field: 'image_ids', widget: 'multiselect', ref: mediaRef, span: 2 },
    { field: 'attributes', widget: 'text', span: 2 },
    { field: 'description', widget: 'textarea', span: 2 },
  ],
  screen: '/accessories.showroom/accessories/{siteId}',
  label: ['name'],
});

/** POST /accessories/status: one status for many accessories of the caller's sites. */
export const accessoryStatusChange = z.strictObject({ ids: z.array(id()).min(1).max(10_000), status: z.enum(ACCESSORY_STATUSES) });

/** The query of GET /accessories/by_site_id/{siteId}: paging, sort, filters, attribute values (`filter[attribute][code]=value`). */
export const accessoryListQuery = z
  .object({
    'page[number]': integer(1).optional(),
    'page[size]': integer(1, ACCESSORY_PAGE.max).optional(),
    sort: filterText(200).optional(),
    'filter[search]': filterText().optional(),
    'filter[category_id]': id().optional(),
    'filter[status]': z.enum(ACCESSORY_STATUSES).optional(),
    'filter[brand_id]': id().optional(),
    'filter[model_id]': id().optional(),
    'filter[price_from]': money('non_negative').optional(),
    'filter[price_to]': money('non_negative').optional(),
  })
  .catchall(filterText(200))
  .superRefine((query, ctx) => {
    for (const key of Object.keys(query)) {
      if (key in accessoryListQueryKeys) continue;
      if (!/^filter\[attribute\]\[[A-Za-z0-9_-]{1,100}\]$/.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: encodeMessage('invalid_filter') });
    }
    const from = query['filter[price_from]'];
    const to = query['filter[price_to]'];
    if (typeof from === 'number' && typeof to === 'number' && from > to) ctx.addIssue({ code: 'custom', path: ['filter[price_from]'], message: encodeMessage('accessory_price_range') });
  });
const accessoryListQueryKeys = Object.fromEntries(
  ['page[number]', 'page[size]', 'sort', 'filter[search]', 'filter[category_id]', 'filter[status]', 'filter[brand_id]', 'filter[model_id]', 'filter[price_from]', 'filter[price_to]'].map((key) => [key, true]),
);
/** The attribute filters of a list query: code → the wanted value as text. */
export function attributeFilters(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .map(([key, value]) => [/^filter\[attribute\]\[([A-Za-z0-9_-]{1,100})\]$/.exec(key)?.[1], value] as const)
      .filter((pair): pair is [string, string] => pair[0] !== undefined && typeof pair[1] === 'string'),
  );
}

// ---- settings ---------------------------------------------------------------------------------

/** The formats an import file is read as (its profile). */
export const ACCESSORY_IMPORT_PROFILES = ['yml', 'csv', 'xlsx'] as const;
export const accessoryImportFile = z.strictObject({ name: requiredText(255), url: outbound(url()), profile: z.enum(ACCESSORY_IMPORT_PROFILES) });
export type AccessoryImportFile = z.output<typeof accessoryImportFile>;
const profileOptions = ACCESSORY_IMPORT_PROFILES.map((value) => ({ value, label: `profiles.${value}` }));

/** A site's accessories settings (spec 002 §3): its import files. One per site, made on first read. */
export const accessorySettingsResource = defineResource({
  service: 'accessories.showroom',
  name: 'settings',
  entity: z.object({ site_id: z.number(), client_id: z.number(), import_files: z.array(accessoryImportFile), ...times }),
  create: z.strictObject({ site_id: id(), import_files: z.array(accessoryImportFile).max(20).default([]) }),
  update: z.strictObject({ import_files: z.array(accessoryImportFile).max(20).optional() }),
  ...siteSettingsListing,
  permissions: crudPermissions('accessory_settings'),
  columns: [{ field: 'site_id', width: 160 }],
  form: [],
  screen: '/accessories.showroom/settings/{siteId}',
});
export { profileOptions as accessoryProfileOptions, statusOptions as accessoryStatusOptions, typeOptions as accessoryAttributeTypeOptions };
