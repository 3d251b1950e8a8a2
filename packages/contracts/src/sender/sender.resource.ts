import { z } from 'zod';
import { defineResource, type ColumnDef, type FormFieldDef } from '../kit/resource.ts';
import { filterText, id, integer, isoDate, optionalText, outbound, rawText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { REQUEST_COMMON_KEYS, REQUEST_INPUTS } from '../request.storage/request-types.ts';

/**
 * The sender (spec 002 §2 "/sender", §3 "E-mail template", "SMTP settings", "Proxy action";
 * docs/decisions/sender.md, "What does the sender own?"): what runs after a site's request arrives.
 * E-mail templates and proxy actions of a site are picked by the site's request settings; SMTP
 * settings (one per site) carry the site's own mail server. Secrets (the SMTP password, a proxy
 * action's token) are write-only: the API answers `has_password` / `has_token`.
 */
const READ_EMAIL = 'email_actions.get_list';
const READ_PROXY = 'proxy_actions.get_list';

/** A recipient: the spec's message when it is not an address (spec 002 §5 "Email is incorrect"). */
export const recipient = () =>
  safeString()
    .trim()
    .toLowerCase()
    .min(1)
    .max(254)
    .pipe(z.email({ error: encodeMessage('sender_email_incorrect') }));
const recipients = (max = 20) => z.array(recipient()).max(max, { error: encodeMessage('max_items', { count: max }) });

/** A dealership's own recipients: a request whose dealer has this code also goes to them. */
export const dealerRecipients = z.strictObject({
  dealer_code: requiredText(100),
  emails: recipients().min(1, { error: encodeMessage('required') }),
});
export type DealerRecipients = z.output<typeof dealerRecipients>;

export const CONTENT_TYPES = ['text', 'html'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

const emailFields = {
  title: requiredText(255),
  from: recipient(),
  to: recipients().min(1, { error: encodeMessage('required') }),
  dealer_recipients: z.array(dealerRecipients).max(50, { error: encodeMessage('max_items', { count: 50 }) }),
  cc: recipients(),
  bcc: recipients(),
  subject: requiredText(255),
  content_type: z.enum(CONTENT_TYPES, { error: encodeMessage('invalid_choice') }),
  body: safeString({ lines: true }).min(1).max(50_000),
  is_required: z.boolean(),
  is_smtp: z.boolean(),
};

/** An e-mail template of a site: rendered on a request by the logic-less engine (kit/template.ts). */
export const emailActionResource = defineResource({
  service: 'sender',
  name: 'email_actions',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    title: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    dealer_recipients: z.array(z.object({ dealer_code: z.string(), emails: z.array(z.string()) })),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    subject: z.string(),
    content_type: z.enum(CONTENT_TYPES),
    body: z.string(),
    is_required: z.boolean(),
    is_smtp: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    ...emailFields,
    dealer_recipients: emailFields.dealer_recipients.default([]),
    cc: emailFields.cc.default([]),
    bcc: emailFields.bcc.default([]),
    content_type: emailFields.content_type.default('text'),
    is_required: emailFields.is_required.default(false),
    is_smtp: emailFields.is_smtp.default(false),
  }),
  update: z.strictObject(emailFields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['title'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'title', 'created_at', 'updated_at'],
  defaultSort: 'title',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: [READ_EMAIL], get: [READ_EMAIL], create: ['email_actions.create'], update: ['email_actions.patch'], delete: ['email_actions.delete'] },
  columns: [
    { field: 'title', sortable: true, width: 240 },
    { field: 'subject', width: 260 },
    { field: 'to', width: 240 },
    { field: 'content_type', render: 'tag', width: 110 },
    { field: 'is_required', render: 'boolean', width: 130 },
    { field: 'is_smtp', render: 'boolean', width: 130 },
    { field: 'updated_at', sortable: true, render: 'date', width: 160 },
  ],
  form: [
    { field: 'title', widget: 'text' },
    { field: 'from', widget: 'email' },
    { field: 'to', widget: 'tags' },
    { field: 'cc', widget: 'tags' },
    { field: 'bcc', widget: 'tags' },
    { field: 'subject', widget: 'text' },
    { field: 'content_type', widget: 'select', options: CONTENT_TYPES.map((value) => ({ value, label: `email_actions.content_types.${value}` })) },
    { field: 'body', widget: 'textarea' },
    { field: 'is_required', widget: 'switch' },
    { field: 'is_smtp', widget: 'switch' },
  ],
  screen: '/sender/email_actions/{siteId}',
  label: ['title'],
});

/** Only http(s): a proxy action posts the request to a CRM over HTTP, an address the server calls. */
const httpUrl = () =>
  outbound(
    safeString()
      .trim()
      .min(1)
      .max(2048)
      .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: encodeMessage('sender_url_http') }),
  );

const proxyFields = {
  title: requiredText(255),
  url: httpUrl(),
  /** Sent in the Authorization header (Bearer); write-only. null clears it. */
  token: rawText(500).nullable(),
  is_required: z.boolean(),
};

/** The attributes of a proxy action, a site's or a central one (the token never: only whether it is set). */
const proxyEntity = {
  title: z.string(),
  url: z.string(),
  has_token: z.boolean(),
  is_required: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
};
/** The list and form of a proxy action, a site's or a central one. */
const proxyColumns: ColumnDef[] = [
  { field: 'title', sortable: true, width: 240 },
  { field: 'url', width: 340 },
  { field: 'has_token', render: 'boolean', width: 110 },
  { field: 'is_required', render: 'boolean', width: 130 },
  { field: 'updated_at', sortable: true, render: 'date', width: 160 },
];
const proxyForm: FormFieldDef[] = [
  { field: 'title', widget: 'text' },
  { field: 'url', widget: 'text' },
  { field: 'token', widget: 'password' },
  { field: 'is_required', widget: 'switch' },
];

/** A proxy action of a site: the request posted as JSON to a CRM with the token (kit/safe-fetch.ts). */
export const proxyActionResource = defineResource({
  service: 'sender',
  name: 'proxy_actions',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    ...proxyEntity,
  }),
  create: z.strictObject({ site_id: id(), ...proxyFields, token: proxyFields.token.optional(), is_required: proxyFields.is_required.default(false) }),
  update: z.strictObject(proxyFields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['title'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'title', 'created_at', 'updated_at'],
  defaultSort: 'title',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: { list: [READ_PROXY], get: [READ_PROXY], create: ['proxy_actions.create'], update: ['proxy_actions.patch'], delete: ['proxy_actions.delete'] },
  columns: proxyColumns,
  form: proxyForm,
  screen: '/sender/proxy_actions/{siteId}',
  label: ['title'],
});

/**
 * A central (shared) proxy action (spec 002 §6; docs/decisions/sender.md, "What is a proxy action,
 * and a central one?"): the platform's own, e.g. its CRM bridge, which any site's request settings
 * may pick. Site editors read it (proxy_actions.get_list) to pick it, never its token; only
 * provider staff write it (the server refuses a client user even holding the codes: it receives
 * every site's leads).
 */
export const centralProxyActionResource = defineResource({
  service: 'sender',
  name: 'central_proxy_actions',
  module: null, // the platform's, not a site's
  entity: z.object(proxyEntity),
  create: z.strictObject({ ...proxyFields, token: proxyFields.token.optional(), is_required: proxyFields.is_required.default(false) }),
  update: z.strictObject(proxyFields).partial(),
  filters: { search: { op: 'search', columns: ['title'], schema: filterText(), widget: 'text' } },
  sort: ['id', 'title', 'created_at', 'updated_at'],
  defaultSort: 'title',
  pageSize: { default: 100, max: 1000 },
  tenant: null,
  permissions: { list: [READ_PROXY], get: [READ_PROXY], create: ['central_proxy_actions.create'], update: ['central_proxy_actions.patch'], delete: ['central_proxy_actions.delete'] },
  columns: proxyColumns,
  form: proxyForm,
  screen: '/sender/central_proxy_actions',
  label: ['title'],
});

/** A host name (letters, digits, dots, hyphens) or an IP address. */
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6 = /^[0-9a-f:.]+$/i;
export const smtpHostname = () =>
  outbound(
    safeString()
      .trim()
      .toLowerCase()
      .min(1)
      .max(253)
      .refine((value) => HOSTNAME.test(value) || (value.includes(':') && IPV6.test(value)), { error: encodeMessage('sender_hostname') }),
    'host',
  );

const smtpFields = {
  hostname: smtpHostname(),
  port: integer(1, 65_535),
  login: optionalText(255),
  /** Encrypted at rest (AES-256-GCM), never answered: write-only. null clears it. */
  password: rawText(255).nullable(),
};

/** The site's own mail server (one per site): templates with `is_smtp` send through it. */
export const smtpSettingsResource = defineResource({
  service: 'sender',
  name: 'smtp_settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    hostname: z.string(),
    port: z.number(),
    login: z.string().nullable(),
    has_password: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...smtpFields, port: smtpFields.port.default(587), password: smtpFields.password.optional() }),
  update: z.strictObject(smtpFields).partial(),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'hostname', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  unique: ['site_id'],
  permissions: { list: ['smtp_settings.get_list'], get: ['smtp_settings.get_list'], create: ['smtp_settings.patch'], update: ['smtp_settings.patch'], delete: ['smtp_settings.patch'] },
  columns: [
    { field: 'hostname', sortable: true, width: 240 },
    { field: 'port', width: 100 },
    { field: 'login', width: 200 },
    { field: 'has_password', render: 'boolean', width: 120 },
    { field: 'updated_at', sortable: true, render: 'date', width: 160 },
  ],
  form: [
    { field: 'hostname', widget: 'text' },
    { field: 'port', widget: 'number' },
    { field: 'login', widget: 'text' },
    { field: 'password', widget: 'password' },
  ],
  screen: '/sender/smtp_settings/{siteId}',
  label: ['hostname'],
});

/** POST /email_actions/preview: a template's subject and body rendered on a sample request of the site. */
export const emailPreviewBody = z.strictObject({
  data: z.strictObject({
    site_id: id(),
    subject: safeString().max(255),
    body: safeString({ lines: true }).max(50_000),
    content_type: z.enum(CONTENT_TYPES, { error: encodeMessage('invalid_choice') }),
  }),
});
export interface EmailPreview {
  subject: string;
  body: string;
  content_type: ContentType;
  /** Placeholders of the subject and body that no request fills (they render empty), each once. */
  unknown_placeholders: string[];
}

/** POST /smtp_settings/{id}/test: a test mail through the stored settings to one address. */
export const smtpTestBody = z.strictObject({ data: z.strictObject({ to: recipient() }) });

/**
 * The placeholders a template may use (`{{name}}`), filled from the request: its person, type,
 * site, page and UTM, the dealership; then the type's own fields by their names (subject, vin,
 * model_id, car...), `fields` (all of them as lines), and a custom form's values as `form_<id>`
 * and `form` (all of them as lines).
 */
export const EMAIL_PLACEHOLDERS = [
  'id', 'type', 'created_at', 'site', 'site_url',
  'name', 'last_name', 'full_name', 'phone', 'email', 'text', 'text_input', 'tag', 'gender',
  'dealer', 'dealer_code',
  'page_url', 'page_title', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'google_client_id', 'ya_client_id',
  'calltracking_session_id', 'kodix_pixel',
  'subject', 'department_name', 'model_id', 'time', 'city', 'car_id', 'car', 'vin', 'year', 'mileage', 'works',
  'fields', 'form',
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

/** The type fields of every request type (the request's `fields`), each a placeholder by its name; a custom form's content is `form_<id>`. */
const TYPE_FIELD_PLACEHOLDERS = new Set(
  Object.values(REQUEST_INPUTS)
    .flatMap((schema) => Object.keys(schema.shape))
    .filter((key) => !(REQUEST_COMMON_KEYS as readonly string[]).includes(key) && key !== 'content'),
);
/** Whether a request fills the placeholder: a listed one, a type field, or a custom form's value. */
export const isEmailPlaceholder = (name: string) =>
  (EMAIL_PLACEHOLDERS as readonly string[]).includes(name) || TYPE_FIELD_PLACEHOLDERS.has(name) || /^form_[A-Za-z0-9_]+$/.test(name);

/** An action the request settings may run: GET /requests_settings/available_actions/where_site/{siteId}. */
export interface AvailableAction {
  kind: 'email_action' | 'proxy_action' | 'central_proxy_action';
  id: number;
  title: string;
  is_required: boolean;
}

/** A failed action of a lost request (its request's required actions that ended with an error). */
export interface LostAction {
  id: number;
  kind: 'email_action' | 'proxy_action' | 'central_proxy_action';
  action_id: number;
  title: string | null;
  is_required: boolean;
  status: 'pending' | 'failed' | 'success';
  attempts: number;
  last_error: string | null;
  updated_at: string;
}
/** A lost request as GET /lost_requests/where_site/{siteId} lists it. */
export interface LostRequestAttributes {
  site_id: number;
  type: number;
  type_key: string;
  name: string | null;
  last_name: string | null;
  phone: string | null;
  email: string | null;
  created_at: string;
  actions: LostAction[];
}

const day = () => isoDate();
export const lostRequestsQuery = z.strictObject({
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 500).optional(),
  'filter[search]': filterText(100).optional(),
  /** The reader's offset from UTC in minutes: the window starts on the 1st of the previous month in the reader's time. */
  utc_offset: integer(-840, 840).optional(),
});
/** The archive's dates are required (spec 002 §8 "No dates selected"). */
export const lostArchiveQuery = z.strictObject({
  'date[from]': day().optional(),
  'date[to]': day().optional(),
  utc_offset: integer(-840, 840).optional(),
});

/** Report mail frequencies in hours: hourly (default), 6, 12, 24, weekly (spec 002 §3, §9). */
export const REPORT_FREQUENCIES = [1, 6, 12, 24, 168] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_DEFAULT: ReportFrequency = 1;

/** POST /request_report_settings: a site's report mail (made with the defaults on first read). */
export const requestReportSettingsBody = z.strictObject({
  data: z.strictObject({
    site_id: id(),
    receivers: recipients().optional(),
    subject: safeString().trim().max(200).optional(),
    frequency: z.literal(REPORT_FREQUENCIES, { error: encodeMessage('invalid_choice') }).optional(),
    is_active: z.boolean().optional(),
  }),
});
export interface RequestReportSettingsAttributes {
  site_id: number;
  client_id: number;
  receivers: string[];
  subject: string;
  frequency: ReportFrequency;
  is_active: boolean;
  last_sent_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
