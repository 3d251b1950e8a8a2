import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { code, filterText, id, optionalText, outbound, url } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { brandRef, idsFilterSchema } from '../cars.catalog/catalog-fields.ts';
import { money, vin } from '../cars.stock/car.resource.ts';

/**
 * VIN data (spec 001 §3 "VIN data", service cars.vins): what a brand's importer knows of each car
 * by its VIN (production number, marketing complectation, colour, upholstery and option codes,
 * gross price, local package, the image set), the profiles telling where a client's VIN data is
 * retrieved from, and the clients allowed to use VIN data. See docs/decisions/vin-data.md.
 */
const clientRef: RefDef = { service: 'clients.storage', name: 'clients', label: 'name' };

/** Codes of the importer's systems (marketing complectation, paint, upholstery, options). */
const vinCode = () => code(50);
const optionalCode = () => vinCode().nullable().optional();
/** At most 300 option codes, each a code. */
const optionCodes = () => z.array(vinCode()).max(300);
/** The id of the car's image set at the image service (not a media library file): cleared to make the images fetched again. */
const imagesId = () => optionalText(100);

const vinDataFields = {
  production_number: optionalText(50),
  vin: vin(),
  brand_id: id(),
  marketing_complectation_code: optionalCode(),
  body_color_code: optionalCode(),
  upholstery_code: optionalCode(),
  option_codes: optionCodes().optional(),
  gross_price: money().nullable().optional(),
  local_package: optionalText(255),
  images_id: imagesId(),
};

export const VIN_DATA_READ = ['vin_data.get_list'];

export const vinDataResource = defineResource({
  service: 'cars.vins',
  name: 'vin_data',
  entity: z.object({
    production_number: z.string().nullable(),
    vin: z.string(),
    brand_id: z.number(),
    marketing_complectation_code: z.string().nullable(),
    body_color_code: z.string().nullable(),
    upholstery_code: z.string().nullable(),
    option_codes: z.array(z.string()),
    gross_price: z.number().nullable(),
    local_package: z.string().nullable(),
    images_id: z.string().nullable(),
    last_update_date: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(vinDataFields),
  update: z.strictObject(vinDataFields).partial(),
  filters: {
    search: { op: 'search', columns: ['vin', 'production_number'], schema: filterText(), widget: 'text' },
    brands: { op: 'in', columns: ['brand_id'], schema: idsFilterSchema(), widget: 'ref', ref: brandRef },
    marketing_complectation_code: { op: 'eq', schema: filterText(50), widget: 'text' },
    body_color_code: { op: 'eq', schema: filterText(50), widget: 'text' },
    upholstery_code: { op: 'eq', schema: filterText(50), widget: 'text' },
    option_code: { op: 'contains', columns: ['option_codes'], schema: filterText(50), widget: 'text' },
    ids: { op: 'in', columns: ['id'], schema: idsFilterSchema() },
  },
  sort: ['id', 'vin', 'production_number', 'brand_id', 'marketing_complectation_code', 'gross_price', 'last_update_date', 'created_at', 'updated_at'],
  defaultSort: '-last_update_date',
  // Spec 001 §7 and §9: VIN data lists come a thousand at a time.
  pageSize: { default: 1000, max: 1000 },
  // Platform data keyed by brand: staff write it; clients allowed to use VIN data read it (server hook).
  tenant: null,
  refs: { brand_id: brandRef },
  unique: ['vin'],
  // Creating a record by hand is a one-row import.
  permissions: { list: VIN_DATA_READ, get: VIN_DATA_READ, create: ['vin_data.import'], update: ['vin_data.patch'], delete: ['vin_data.delete'] },
  columns: [
    { field: 'vin', sortable: true, width: 200 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 120 },
    { field: 'production_number', sortable: true, width: 150 },
    { field: 'marketing_complectation_code', sortable: true, width: 200 },
    { field: 'body_color_code', width: 110 },
    { field: 'upholstery_code', width: 110 },
    { field: 'option_codes', width: 200 },
    { field: 'gross_price', sortable: true, width: 150, render: 'money' },
    { field: 'images_id', width: 150 },
    { field: 'last_update_date', sortable: true, render: 'date', width: 170 },
  ],
  form: [
    { field: 'vin', widget: 'text' },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'production_number', widget: 'text' },
    { field: 'marketing_complectation_code', widget: 'text' },
    { field: 'body_color_code', widget: 'text' },
    { field: 'upholstery_code', widget: 'text' },
    { field: 'option_codes', widget: 'tags', span: 2 },
    { field: 'gross_price', widget: 'money' },
    { field: 'local_package', widget: 'text' },
    { field: 'images_id', widget: 'text' },
  ],
  screen: '/cars.vins/vins/',
  label: ['vin'],
});

/** Where a profile's VIN data comes from: the brand importer's VIN service (the spec's default), an electronic vehicle passport service, another source. */
export const VIN_AUTO_TYPES = ['avn', 'epts', 'custom'] as const;
export type VinAutoType = (typeof VIN_AUTO_TYPES)[number];
export const VIN_PROFILE_METHODS = ['GET', 'POST'] as const;

/** A retrieval URL: http or https only (spec 000 §5 "valid URL"). */
const retrievalUrl = () => outbound(url().refine((value) => /^https?:\/\//i.test(value), { error: encodeMessage('url') }));

const profileFields = {
  client_id: id(),
  brand_id: id(),
  auto_type: z.enum(VIN_AUTO_TYPES, { error: encodeMessage('vin_auto_type') }).default('avn'),
  url: retrievalUrl(),
  method: z.enum(VIN_PROFILE_METHODS, { error: encodeMessage('vin_profile_method') }).default('GET'),
};
const partialProfile = z.strictObject({
  client_id: id(),
  brand_id: id(),
  auto_type: z.enum(VIN_AUTO_TYPES, { error: encodeMessage('vin_auto_type') }),
  url: retrievalUrl(),
  method: z.enum(VIN_PROFILE_METHODS, { error: encodeMessage('vin_profile_method') }),
}).partial();

const profilePermissions = (entity: string) => ({ list: [`${entity}.get_list`], get: [`${entity}.get_list`], create: [`${entity}.create`], update: [`${entity}.patch`], delete: [`${entity}.delete`] });

/** A retrieval profile (spec 001 §3 profile_data): where a client's VIN data of a brand is fetched, one per client, brand and type. */
export const vinProfileResource = defineResource({
  service: 'cars.vins',
  name: 'profile_data',
  entity: z.object({
    client_id: z.number(),
    brand_id: z.number(),
    auto_type: z.enum(VIN_AUTO_TYPES),
    url: z.string(),
    method: z.enum(VIN_PROFILE_METHODS),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(profileFields),
  update: partialProfile,
  filters: {
    search: { op: 'search', columns: ['url'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    brands: { op: 'in', columns: ['brand_id'], schema: idsFilterSchema(), widget: 'ref', ref: brandRef },
    auto_type: { op: 'eq', schema: z.enum(VIN_AUTO_TYPES), widget: 'select' },
  },
  sort: ['id', 'client_id', 'brand_id', 'auto_type', 'method', 'url', 'created_at', 'updated_at'],
  defaultSort: 'client_id,brand_id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, brand_id: brandRef },
  permissions: profilePermissions('vin_profiles'),
  columns: [
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 220 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 140 },
    { field: 'auto_type', sortable: true, render: 'tag', width: 200 },
    { field: 'method', sortable: true, width: 100 },
    { field: 'url', sortable: true, width: 360 },
  ],
  form: [
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'auto_type', widget: 'select', options: VIN_AUTO_TYPES.map((value) => ({ value, label: `auto_types.${value}` })) },
    { field: 'url', widget: 'text', span: 2 },
    { field: 'method', widget: 'select', options: VIN_PROFILE_METHODS.map((value) => ({ value, label: value })) },
  ],
  screen: '/cars.vins/profiles/',
  label: ['url'],
});

/** A client allowed (or refused) the use of VIN data (spec 001 §3 allowed_clients): one entry per client; only staff change them. */
export const vinAllowedClientResource = defineResource({
  service: 'cars.vins',
  name: 'allowed_clients',
  entity: z.object({ client_id: z.number(), is_allowed: z.boolean(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ client_id: id(), is_allowed: z.boolean().default(true) }),
  update: z.strictObject({ client_id: id(), is_allowed: z.boolean() }).partial(),
  filters: {
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    is_allowed: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' },
  },
  sort: ['id', 'client_id', 'is_allowed', 'created_at', 'updated_at'],
  defaultSort: 'client_id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef },
  unique: ['client_id'],
  permissions: profilePermissions('vin_clients'),
  columns: [
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 300 },
    { field: 'is_allowed', sortable: true, render: 'boolean', width: 160 },
    { field: 'updated_at', sortable: true, render: 'date', width: 180 },
  ],
  form: [
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'is_allowed', widget: 'switch' },
  ],
  screen: '/cars.vins/clients/',
});

/** "Invalidate images" (spec 001 §7): the image set ids of the records given by id or by VIN are cleared; at most 1000 of each. */
export const vinInvalidateImagesInput = z
  .strictObject({ ids: z.array(id()).max(1000).optional(), vins: z.array(vin()).max(1000).optional() })
  .refine((value) => (value.ids?.length ?? 0) + (value.vins?.length ?? 0) > 0, { error: encodeMessage('vin_invalidate_nothing'), path: ['ids'] });
export type VinInvalidateImagesInput = z.output<typeof vinInvalidateImagesInput>;
