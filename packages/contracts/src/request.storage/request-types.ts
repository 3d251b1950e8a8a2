import { z } from 'zod';
import { email, filterText, id, INT4_MAX, integer, isoDateOrDateTime, isSafeText, optionalPhone, optionalText, phone, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { CAPTCHA_CHECKS, captchaCheckFilter } from './captcha-check.ts';

/**
 * Customer requests of request.storage (spec 002 §3 "Request-storage records"): the eight types a
 * dealer site sends, their fields and the analytics block. One record shape for every type: the
 * common personal fields are columns, the type's own fields are `fields`, the analytics `analytics`
 * (docs/decisions/requests.md, "How are the request types stored?").
 */
export const REQUEST_TYPES = {
  1: { key: 'callback_request', list: 'callback_requests' },
  2: { key: 'service_request', list: 'service_requests' },
  3: { key: 'testdrive_request', list: 'test_drive_requests' },
  4: { key: 'buymodel_request', list: 'buy_model_requests' },
  5: { key: 'avn_request', list: 'avn_requests' },
  6: { key: 'subscription_request', list: 'subscription_requests' },
  9: { key: 'custom_form_request', list: 'custom_form_requests' },
  10: { key: 'accessories_request', list: 'accessory_requests' },
  11: { key: 'tradein_request', list: 'tradein_requests' },
} as const;
export type RequestTypeId = keyof typeof REQUEST_TYPES;
export const REQUEST_TYPE_IDS = Object.keys(REQUEST_TYPES).map(Number) as RequestTypeId[];
export type RequestListName = (typeof REQUEST_TYPES)[RequestTypeId]['list'];
export const REQUEST_LISTS = REQUEST_TYPE_IDS.map((type) => REQUEST_TYPES[type].list);
export const requestTypeOfList = (list: string): RequestTypeId | undefined => REQUEST_TYPE_IDS.find((type) => REQUEST_TYPES[type].list === list);
export const requestTypeOfKey = (key: string): RequestTypeId | undefined => REQUEST_TYPE_IDS.find((type) => REQUEST_TYPES[type].key === key);

const text = (max = 255) => optionalText(max);
const longText = (max = 2000) => safeString({ lines: true }).trim().max(max).nullable().optional();
const optionalEmail = () => z.union([z.literal('').transform(() => null), email()]).nullable().optional();
const optionalId = () => id().nullable().optional();

/** The UTM parameters of a visit, as the analytics block keeps them (`utm_source` → `source`). */
export const UTM_KEYS = ['source', 'campaign', 'term', 'medium', 'content'] as const;
/** The analytics block's keys and their longest values (spec 002 §3). */
export const ANALYTICS_LIMITS = {
  google_client_id: 255,
  ya_client_id: 255,
  kodix_pixel: 255,
  calltracking_session_id: 255,
  page: { page_url: 2048, page_title: 500 },
  utm: 255,
} as const;

/** Spec 002 §3 analytics: counters' client ids, the call-tracking session, the page, UTM. */
export interface RequestAnalytics {
  google_client_id?: string;
  ya_client_id?: string;
  kodix_pixel?: string;
  calltracking_session_id?: string;
  page?: { page_id?: number; page_url?: string; page_title?: string };
  utm?: Partial<Record<(typeof UTM_KEYS)[number], string>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A text of the block: a single line of safe text, trimmed and cut to its bound; anything else is dropped. */
function analyticsText(value: unknown, max: number): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\t\n\r]+/g, ' ').trim();
  if (!text || !isSafeText(text)) return undefined;
  return [...text].slice(0, max).join('');
}
const definedOnly = <T extends Record<string, unknown>>(record: T): T | undefined => {
  const kept = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
  return Object.keys(kept).length ? kept : undefined;
};

/**
 * The analytics block as stored: known keys only, each a bounded single-line text (a page id a
 * record id). It comes from the visitor's browser (cookies, the address, other scripts' globals),
 * so it is cleaned, never refused: an unknown key, a value of the wrong kind or broken text is
 * dropped, a long one cut, and the request is stored with what is left (docs/decisions/requests.md).
 */
export function cleanAnalytics(input: unknown): RequestAnalytics {
  if (!isRecord(input)) return {};
  const page = isRecord(input.page) ? input.page : {};
  const utm = isRecord(input.utm) ? input.utm : {};
  const pageId = typeof page.page_id === 'string' && /^[1-9]\d{0,9}$/.test(page.page_id) ? Number(page.page_id) : page.page_id;
  const result: RequestAnalytics = {
    google_client_id: analyticsText(input.google_client_id, ANALYTICS_LIMITS.google_client_id),
    ya_client_id: analyticsText(input.ya_client_id, ANALYTICS_LIMITS.ya_client_id),
    kodix_pixel: analyticsText(input.kodix_pixel, ANALYTICS_LIMITS.kodix_pixel),
    calltracking_session_id: analyticsText(input.calltracking_session_id, ANALYTICS_LIMITS.calltracking_session_id),
    page: definedOnly({
      page_id: typeof pageId === 'number' && Number.isInteger(pageId) && pageId >= 1 && pageId <= INT4_MAX ? pageId : undefined,
      page_url: analyticsText(page.page_url, ANALYTICS_LIMITS.page.page_url),
      page_title: analyticsText(page.page_title, ANALYTICS_LIMITS.page.page_title),
    }),
    utm: definedOnly(Object.fromEntries(UTM_KEYS.map((key) => [key, analyticsText(utm[key], ANALYTICS_LIMITS.utm)]))),
  };
  return definedOnly(result as Record<string, unknown>) ?? {};
}
/** The analytics attribute of the intake: whatever is sent becomes the cleaned block (never an error). */
export const requestAnalytics = z
  .unknown()
  .transform((value): RequestAnalytics => cleanAnalytics(value))
  .optional();

/** Common attributes of most types (spec 002 §3); name and phone are required where a call back is the point. */
const common = {
  page_id: optionalId(),
  name: text(100),
  last_name: text(100),
  gender: z.union([z.literal(1), z.literal(2)], { error: encodeMessage('invalid_choice') }).nullable().optional(),
  phone: optionalPhone(),
  text: longText(2000),
  text_input: text(500),
  dealer_id: optionalId(),
  email: optionalEmail(),
  /** The visitor's consent to the processing of personal data; required true, with the consent's hash. */
  processing_of_personal_data: z.literal(true, { error: encodeMessage('request_consent_required') }),
  agreement_hash: z.string().regex(/^[0-9a-f]{64}$/, { error: encodeMessage('request_agreement_unknown') }),
  analytics: requestAnalytics,
};
const named = { name: requiredText(100), phone: phone() };

const callback = z.strictObject({ ...common, ...named, subject: text(255), dealer_full_name: text(255), department_id: optionalId(), department_name: text(255) });
const testDrive = z.strictObject({ ...common, ...named, model_id: id(), time: text(50), subject: text(255) });
const buyModel = z.strictObject({ ...common, ...named, model_id: id(), city: text(100) });
const service = z.strictObject({
  ...common,
  ...named,
  subject: text(255),
  vin: z.union([z.literal('').transform(() => null), safeString().trim().toUpperCase().regex(/^[A-HJ-NPR-Z0-9]{17}$/, { error: encodeMessage('request_vin') })]).nullable().optional(),
  year: integer(1900, 2100).nullable().optional(),
  model_id: optionalId(),
  engine: text(100),
  transmission: text(100),
  mileage: integer(0, 10_000_000).nullable().optional(),
  number: text(20),
  works: z.array(requiredText(255)).max(50).optional(),
  time: text(50),
  phone_number: z.boolean().optional(),
  sms_code: z.boolean().optional(),
  email_address: z.boolean().optional(),
  replacement_car: z.boolean().optional(),
});
const car = z.strictObject({ ...common, ...named, car_id: id(), car: text(500) });
const subscription = z.strictObject({
  ...common,
  email: email(),
  tag: text(100),
  city: text(100),
  request_hash: text(128),
  communication: z.boolean().optional(),
  subscription: z.boolean().optional(),
});
/** A custom form's content depends on the form (form-constructor); stored as given, bounded. */
const customContent = z.record(safeString().max(100), z.union([safeString({ lines: true }).max(2000), z.number(), z.boolean(), z.null(), z.array(safeString().max(500)).max(50)]));
const customForm = z.strictObject({
  ...common,
  custom_form_id: id(),
  content: customContent.refine((value) => Object.keys(value).length <= 100, { error: encodeMessage('max_items', { count: 100 }) }),
});

/**
 * A trade-in request (tradein.calculator): the visitor's car and contact. The site's trade-in
 * settings (brands, age, mileage) are checked by tradein.calculator at the intake, which also
 * stores the evaluation type the settings name.
 */
const tradein = z.strictObject({
  ...common,
  ...named,
  brand: requiredText(100),
  model: requiredText(100),
  year: integer(1900, 2100),
  mileage: integer(0, 10_000_000),
  vin: z.union([z.literal('').transform(() => null), safeString().trim().toUpperCase().regex(/^[A-HJ-NPR-Z0-9]{17}$/, { error: encodeMessage('request_vin') })]).nullable().optional(),
});

/** The attributes of each type's intake (strict: an unknown field is a 400, never silently stored). */
export const REQUEST_INPUTS = {
  1: callback,
  2: service,
  3: testDrive,
  4: buyModel,
  5: car,
  6: subscription,
  9: customForm,
  10: car,
  11: tradein,
} satisfies Record<RequestTypeId, z.ZodObject>;

/** The proof-of-work captcha's answer: the challenge the site received and the nonce found for it. */
export const powCaptchaAnswer = z.strictObject({ challenge: safeString().min(1).max(300), nonce: safeString().min(1).max(40) });
/** The smart captcha's answer (form-constructor): the token its widget gave the visitor. */
export const smartCaptchaAnswer = z.strictObject({ token: safeString().min(1).max(4000) });
export const captchaAnswer = z.union([powCaptchaAnswer, smartCaptchaAnswer], { error: encodeMessage('captcha_invalid') });
export type CaptchaAnswer = z.output<typeof captchaAnswer>;

/** The intake body: `{ data: { attributes, captcha } }`. */
const intakeBodySchema = (type: RequestTypeId) =>
  z.object({ data: z.strictObject({ type: z.literal(REQUEST_TYPES[type].key).optional(), attributes: REQUEST_INPUTS[type], captcha: captchaAnswer.optional() }) });
const intakeBodies = new Map<RequestTypeId, ReturnType<typeof intakeBodySchema>>();
/** Built once per type: zod compiles a schema on its first parse, which costs more than the parse. */
export const requestIntakeBody = (type: RequestTypeId) => {
  let schema = intakeBodies.get(type);
  if (!schema) intakeBodies.set(type, (schema = intakeBodySchema(type)));
  return schema;
};

/** The columns of a stored request: the personal ones (erased by depersonalization) and the type's own fields. */
export const REQUEST_PERSONAL_COLUMNS = ['name', 'last_name', 'phone', 'email', 'text', 'text_input'] as const;
export const REQUEST_COMMON_KEYS = ['page_id', 'dealer_id', 'gender', ...REQUEST_PERSONAL_COLUMNS, 'processing_of_personal_data', 'agreement_hash', 'analytics'] as const;
/** Type fields that name or reach a person: erased with the columns above. */
export const REQUEST_PERSONAL_FIELDS = ['vin', 'number', 'content', 'request_hash', 'dealer_full_name'] as const;

/** A stored request as the lists and the detail answer it. */
export const requestEntity = z.object({
  site_id: z.number(),
  client_id: z.number(),
  type: z.number(),
  type_key: z.string(),
  page_id: z.number().nullable(),
  dealer_id: z.number().nullable(),
  gender: z.number().nullable(),
  name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  text: z.string().nullable(),
  text_input: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
  analytics: z.record(z.string(), z.unknown()),
  processing_of_personal_data: z.boolean(),
  agreement_hash: z.string().nullable(),
  tag: z.string().nullable(),
  /** The captcha mark (captcha-check.ts): null when the captcha was checked. */
  captcha_check: z.enum(CAPTCHA_CHECKS).nullable(),
  depersonalized_at: z.string().nullable(),
  // When the dealer marked it handled (null: not yet).
  handled_at: z.string().nullable().optional(),
  created_at: z.string(),
});
export type RequestEntity = z.output<typeof requestEntity>;

/** The columns a list may show (the column choice of the screens); `fields.x` are the type's own. */
export const REQUEST_LIST_COLUMNS: Record<RequestTypeId, string[]> = {
  1: ['created_at', 'name', 'phone', 'email', 'text', 'fields.subject', 'fields.department_name', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  2: ['created_at', 'name', 'phone', 'email', 'fields.vin', 'fields.model_id', 'fields.mileage', 'fields.time', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  3: ['created_at', 'name', 'phone', 'email', 'fields.model_id', 'fields.time', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  4: ['created_at', 'name', 'phone', 'email', 'fields.model_id', 'fields.city', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  5: ['created_at', 'name', 'phone', 'email', 'fields.car_id', 'fields.car', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  6: ['created_at', 'email', 'name', 'tag', 'fields.city', 'fields.subscription', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  9: ['created_at', 'name', 'phone', 'email', 'fields.custom_form_id', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  10: ['created_at', 'name', 'phone', 'email', 'fields.car_id', 'fields.car', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
  11: ['created_at', 'name', 'phone', 'email', 'fields.brand', 'fields.model', 'fields.year', 'fields.mileage', 'text', 'analytics.utm.source', 'analytics.utm.campaign', 'analytics.page.page_url'],
};

/** The list query (spec 002 §7): paging, search, a date range, the custom form, a sort. */
/** A day (in the reader's time) or a moment (a local one in the reader's time too). */
const day = () => isoDateOrDateTime();
/** Filters by the analytics block: the UTM source and campaign (whole, any case), a part of the page's address. */
export const analyticsFilters = {
  'filter[utm_source]': filterText(255).optional(),
  'filter[utm_campaign]': filterText(255).optional(),
  'filter[page_url]': filterText(500).optional(),
};
export const requestListQuery = z.strictObject({
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 500).optional(),
  'filter[search]': filterText(100).optional(),
  'filter[custom_form_id]': id().optional(),
  custom_form_id: id().optional(),
  'date[from]': day().optional(),
  'date[to]': day().optional(),
  'filter[captcha]': captchaCheckFilter().optional(),
  ...analyticsFilters,
  sort: z.enum(['created_at', '-created_at', 'name', '-name']).optional(),
});
export const requestExportQuery = z.strictObject({
  'date[from]': day().optional(),
  'date[to]': day().optional(),
  /** Minutes east of UTC of the reader (the dates of the file are shown in their time). */
  utc_offset: integer(-840, 840).optional(),
  'filter[search]': filterText(100).optional(),
  'filter[captcha]': captchaCheckFilter().optional(),
  ...analyticsFilters,
  custom_form_id: id().optional(),
});
export const REQUEST_PAGE_SIZE = 100;
