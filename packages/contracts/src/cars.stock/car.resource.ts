import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { filterText, id, integer, optionalText, safeString, url } from '../kit/fields.ts';
import { dealerRef } from '../dealerships/dealership.resource.ts';
import { encodeMessage, type MessageKey } from '../kit/messages.ts';
import { brandRef, complectationRef, generationRef, idsFilterSchema, modelRef, restylingRef } from '../cars.catalog/catalog-fields.ts';
import { marketingComplectationRef } from '../cars.catalog/marketing-complectation.resource.ts';
import { bodyColorRef } from '../cars.catalog/body-color.resource.ts';
import { LOGISTIC_STATUSES, PTS_VALUES, type LabelSubject } from '../cars.catalog/label.resource.ts';

/**
 * A car of a site's stock (spec 001 §3 Car (stock), service cars.stock): new and used cars per
 * site, placed in the reference catalogue (brand → model → generation → restyling → complectation
 * → marketing complectation), with statuses, money in whole roubles and the fields of manual
 * creation (certification, source, video links, equipment).
 */
export const CAR_STATUSES = ['active', 'sold', 'not_active', 'reserved'] as const;
export const CAR_TYPES = ['new', 'used'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];
export type CarType = (typeof CAR_TYPES)[number];
export { LOGISTIC_STATUSES as CAR_LOGISTIC_STATUSES, PTS_VALUES as CAR_PTS_VALUES };

export const carUpholsteryRef: RefDef = { service: 'cars.catalog', name: 'upholsteries', label: 'name' };
export const carDealerRef: RefDef = dealerRef;

/** The catalogue levels of a car, from the top; the server copies the ones above from the lowest given. */
export const CAR_CATALOG_LEVELS = ['brand_id', 'model_id', 'generation_id', 'restyling_id', 'complectation_id', 'marketing_complectation_id'] as const;
export type CarCatalogLevel = (typeof CAR_CATALOG_LEVELS)[number];

/** Money: whole roubles (bigint in the database, never a float), 0 to 10^12. */
export const MONEY_MAX = 1_000_000_000_000;
export const money = () => integer(0, MONEY_MAX);
/** VIN (ISO 3779): 17 Latin letters and digits without I, O and Q; upper-cased on input. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const vin = () =>
  safeString()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(VIN_PATTERN, { error: encodeMessage('car_vin') }));

const yearValue = () => integer(1900, 2100);
const textList = (max: number, length = 255) => z.array(safeString().trim().min(1).max(length)).max(max);
const imageIds = () => z.array(id()).max(100);
/** Photos a dealer adds by hand: at most as many as the classifieds the stock is exported to take. */
export const CAR_PHOTOS_MAX = 40;
const manualImageIds = () => z.array(id()).max(CAR_PHOTOS_MAX, { error: encodeMessage('car_images_max', { max: CAR_PHOTOS_MAX }) });

/** The writable fields of a car; site_id only on creation (a car never moves to another site). */
const fields = {
  external_id: optionalText(100),
  dealers_id: id().nullable().optional(),
  dealer_code: optionalText(100),
  vin: vin().nullable().optional(),
  brand_id: id().nullable().optional(),
  model_id: id().nullable().optional(),
  generation_id: id().nullable().optional(),
  restyling_id: id().nullable().optional(),
  complectation_id: id().nullable().optional(),
  marketing_complectation_id: id().nullable().optional(),
  status: z.enum(CAR_STATUSES, { error: encodeMessage('car_status') }).optional(),
  logistic_status: z.enum(LOGISTIC_STATUSES, { error: encodeMessage('car_logistic_status') }).optional(),
  body_color_id: id().nullable().optional(),
  upholstery_id: id().nullable().optional(),
  commercial: z.boolean().optional(),
  doors: integer(0, 10).nullable().optional(),
  loading: integer(0, 100_000).nullable().optional(),
  engine: optionalText(255),
  transmission: optionalText(100),
  wheel_drive: optionalText(100),
  body: optionalText(100),
  right_steering_wheel: z.boolean().optional(),
  mileage: integer(0, 10_000_000).nullable().optional(),
  owners: integer(0, 100).nullable().optional(),
  year: yearValue().nullable().optional(),
  registry_year: yearValue().nullable().optional(),
  model_year: yearValue().nullable().optional(),
  price: money().nullable().optional(),
  tradein_discount: money().optional(),
  credit_discount: money().optional(),
  insurance_discount: money().optional(),
  credit_tradein_discount: money().optional(),
  description: safeString({ lines: true }).trim().max(10_000).nullable().optional(),
  is_new: z.boolean().optional(),
  options: textList(300).optional(),
  discount_description: safeString({ lines: true }).trim().max(2000).nullable().optional(),
  pts: z.enum(PTS_VALUES, { error: encodeMessage('car_pts') }).nullable().optional(),
  approved: z.boolean().optional(),
  // The dealer's own photos, in order (the first is the main one): media files of the car's client.
  manual_image_ids: manualImageIds().optional(),
  import_image_ids: imageIds().optional(),
  stock_image_ids: imageIds().optional(),
  certification: z.boolean().optional(),
  source: optionalText(100),
  exterior_video_url: url().nullable().optional(),
  interior_video_url: url().nullable().optional(),
  equipment: textList(300).optional(),
};

/**
 * The fields manual creation requires (spec 001 §5), each with the message naming it: the site,
 * new or used, the model (or any catalogue level below it), the year and the price; a used car
 * also its mileage. VIN and/or External ID is its own rule.
 */
export const CAR_REQUIRED: { field: string; message: MessageKey; used?: boolean }[] = [
  { field: 'site_id', message: 'car_required_site' },
  { field: 'brand_id', message: 'car_required_brand' },
  { field: 'model_id', message: 'car_required_model' },
  { field: 'year', message: 'car_required_year' },
  { field: 'price', message: 'car_required_price' },
  { field: 'mileage', message: 'car_required_mileage', used: true },
];

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * What a car about to be created lacks (spec 001 §5): `vin_or_external_id` when both are empty,
 * then each missing required field with its message. A catalogue level below the model counts for
 * the model and the brand (the server copies them from it).
 */
export function missingCarFields(attrs: Record<string, unknown>): { field: string; message: MessageKey }[] {
  const missing: { field: string; message: MessageKey }[] = [];
  if (blank(attrs.vin) && blank(attrs.external_id)) missing.push({ field: 'vin', message: 'car_vin_or_external_id' }, { field: 'external_id', message: 'car_vin_or_external_id' });
  const lowest = CAR_CATALOG_LEVELS.findLastIndex((level) => !blank(attrs[level]));
  for (const rule of CAR_REQUIRED) {
    if (rule.used && attrs.is_new !== false) continue;
    const level = CAR_CATALOG_LEVELS.indexOf(rule.field as CarCatalogLevel);
    if (level >= 0 ? lowest < level : blank(attrs[rule.field])) missing.push({ field: rule.field, message: rule.message });
  }
  return missing;
}

/** Final price (docs/decisions/stock.md, "Which fields does a car have, and how is the catalogue chain kept?"): the price less the insurance discount and the larger of trade-in + credit and credit with trade-in; never below 0. */
export function finalPrice(car: { price: number | null; tradein_discount?: number | null; credit_discount?: number | null; insurance_discount?: number | null; credit_tradein_discount?: number | null }): number | null {
  if (car.price === null || car.price === undefined) return null;
  const separate = (car.tradein_discount ?? 0) + (car.credit_discount ?? 0);
  const discount = Math.max(separate, car.credit_tradein_discount ?? 0) + (car.insurance_discount ?? 0);
  return Math.max(0, car.price - discount);
}

const createSchema = z
  .strictObject({ site_id: id(), ...fields, is_new: z.boolean() })
  .superRefine((attrs, ctx) => {
    for (const { field, message } of missingCarFields(attrs)) ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage(message) });
  });

/**
 * The names of a car's catalogue chain and references (spec 001 §3 "cached_data names"), read with
 * the car from the catalogue in the reader's language where the catalogue has both (never stored,
 * so never stale); null where the car names none.
 */
export const carCachedDataSchema = z.object({
  brand: z.string().nullable(),
  model: z.string().nullable(),
  generation: z.string().nullable(),
  restyling: z.string().nullable(),
  complectation: z.string().nullable(),
  marketing_complectation: z.string().nullable(),
  body_color: z.string().nullable(),
  upholstery: z.string().nullable(),
  dealer: z.object({ name: z.string(), code: z.string().nullable() }).nullable(),
});
export type CarCachedData = z.output<typeof carCachedDataSchema>;

/** What a public address of a car shows: the car's own page, or the list page it appears in. */
export const CAR_PAGE_TYPES = ['car', 'list'] as const;
/**
 * A public address of a car on its site (spec 001 §3 "pages"): absolute with the site's host when
 * the site has one, else the path. Computed when read; none while the site does not offer the car.
 */
export const carPageSchema = z.object({ type: z.enum(CAR_PAGE_TYPES), url: z.string() });
export type CarPage = z.output<typeof carPageSchema>;

const number = z.number();
export const carResource = defineResource({
  service: 'cars.stock',
  name: 'cars',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    external_id: z.string().nullable(),
    dealers_id: z.number().nullable(),
    dealer_code: z.string().nullable(),
    vin: z.string().nullable(),
    brand_id: number.nullable(),
    model_id: number.nullable(),
    generation_id: number.nullable(),
    restyling_id: number.nullable(),
    complectation_id: number.nullable(),
    marketing_complectation_id: number.nullable(),
    status: z.enum(CAR_STATUSES),
    logistic_status: z.enum(LOGISTIC_STATUSES),
    body_color_id: number.nullable(),
    upholstery_id: number.nullable(),
    commercial: z.boolean(),
    doors: number.nullable(),
    loading: number.nullable(),
    engine: z.string().nullable(),
    transmission: z.string().nullable(),
    wheel_drive: z.string().nullable(),
    body: z.string().nullable(),
    right_steering_wheel: z.boolean(),
    mileage: number.nullable(),
    owners: number.nullable(),
    year: number.nullable(),
    registry_year: number.nullable(),
    model_year: number.nullable(),
    price: number.nullable(),
    tradein_discount: number,
    credit_discount: number,
    insurance_discount: number,
    credit_tradein_discount: number,
    final_price: number.nullable(),
    description: z.string().nullable(),
    is_new: z.boolean(),
    options: z.array(z.string()),
    discount_description: z.string().nullable(),
    pts: z.enum(PTS_VALUES).nullable(),
    approved: z.boolean(),
    manual_image_ids: z.array(number),
    import_image_ids: z.array(number),
    stock_image_ids: z.array(number),
    certification: z.boolean(),
    source: z.string().nullable(),
    exterior_video_url: z.string().nullable(),
    interior_video_url: z.string().nullable(),
    equipment: z.array(z.string()),
    sold_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    // Read-only, computed when read (no column): the bodies' strict schemas refuse them like final_price.
    cached_data: carCachedDataSchema,
    pages: z.array(carPageSchema),
  }),
  create: createSchema,
  update: z.strictObject(fields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    is_new: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true') },
    ids: { op: 'in', columns: ['id'], schema: idsFilterSchema() },
    brands: { op: 'in', columns: ['brand_id'], schema: idsFilterSchema(), widget: 'ref', ref: brandRef },
    models: { op: 'in', columns: ['model_id'], schema: idsFilterSchema(), widget: 'ref', ref: modelRef },
    status: { op: 'eq', schema: z.enum(CAR_STATUSES), widget: 'select', options: CAR_STATUSES.map((value) => ({ value, label: `statuses.${value}` })) },
    logistic_status: { op: 'eq', schema: z.enum(LOGISTIC_STATUSES), widget: 'select', options: LOGISTIC_STATUSES.map((value) => ({ value, label: `logistic.${value}` })) },
    year: { op: 'eq', schema: integer(1900, 2100) },
    search: { op: 'search', columns: ['vin', 'external_id'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'vin', 'external_id', 'year', 'price', 'final_price', 'mileage', 'status', 'logistic_status', 'brand_id', 'model_id', 'created_at', 'updated_at'],
  defaultSort: '-created_at',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  refs: {
    brand_id: brandRef,
    model_id: modelRef,
    generation_id: generationRef,
    restyling_id: restylingRef,
    complectation_id: complectationRef,
    marketing_complectation_id: marketingComplectationRef,
    body_color_id: bodyColorRef,
    upholstery_id: carUpholsteryRef,
    dealers_id: carDealerRef,
  },
  permissions: { list: ['cars.get_list'], get: ['cars.get_list'], create: ['cars.create'], update: ['cars.patch'], delete: ['cars.delete'] },
  columns: [
    { field: 'vin', sortable: true, width: 190 },
    { field: 'external_id', sortable: true, width: 130 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 130 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 140 },
    { field: 'year', sortable: true, width: 90 },
    { field: 'price', sortable: true, width: 130, render: 'money' },
    { field: 'status', sortable: true, render: 'tag', width: 130 },
  ],
  form: [],
  screen: '/cars.stock/new_cars/{siteId}',
  label: ['vin'],
});

export type CarAttributes = z.output<typeof carResource.entity>;

/** The list a screen asks for: `GET /cars/where_client/{id}?is_new=&ids=&filter[...]` plus price and year ranges. */
export const carRangeFilters = {
  // Price ranges are bounded like every number of a query (int4: over 2 billion roubles).
  'filter[price_from]': integer(0).optional(),
  'filter[price_to]': integer(0).optional(),
  'filter[year_from]': integer(1900, 2100).optional(),
  'filter[year_to]': integer(1900, 2100).optional(),
};

/** Bulk "mark as sold" (spec 001 §4): the ids of the caller's cars, at most one page of 500. */
export const carSoldByIdsInput = z.strictObject({ ids: z.array(id()).min(1).max(500) });

/** The most cars one `POST /car/cached_data` names (a page of the largest list). */
export const CAR_CACHED_DATA_MAX = 1000;
/** `POST /car/cached_data` (spec 001 §7): the cars whose names and pages are read again and whose sites' pages are refreshed. */
export const carCachedDataInput = z.strictObject({ ids: z.array(id()).min(1).max(CAR_CACHED_DATA_MAX) });

/** What a label's conditions read of a car (labelApplies); catalogue codes come from the caller. */
export function carLabelSubject(car: CarAttributes, marketingCode: string | null = null): LabelSubject {
  const final = car.final_price ?? finalPrice(car);
  return {
    pts: car.pts,
    year: car.year,
    final_price: final,
    has_discount_price: final !== null && car.price !== null && final < car.price,
    dealer_code: car.dealer_code,
    certified: car.certification,
    mileage: car.mileage,
    owners_count: car.owners,
    marketing_complectation_code: marketingCode,
    logistic_status: car.logistic_status,
    brand: car.brand_id,
    restyling: car.restyling_id,
  };
}
