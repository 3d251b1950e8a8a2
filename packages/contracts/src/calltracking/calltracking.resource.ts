import { z } from 'zod';
import { defineResource, type ResourceDef, partialOf, siteSettingsListing } from '../kit/resource.ts';
import { filterText, id, isoDate, optionalText, rawText, safeString, writtenPhone } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Call tracking (spec 002 §2 /widgets/callkeeper/{siteId}/settings, /widgets/calltouch/{siteId}/settings,
 * /integrations/calltracking/{siteId}/, §3 "Call tracking widgets"; docs/decisions/widgets.md): a
 * site's CallKeeper and Calltouch widget settings (one record each per site, made with the defaults
 * on first read; API tokens and webhook secrets write-only, `has_*` says whether one is set) and
 * the calls pulled from Calltouch's API or received through a signed webhook.
 */
const SERVICE = 'calltracking';
export const CALLTRACKING_PROVIDERS = ['callkeeper', 'calltouch'] as const;
export type CalltrackingProvider = (typeof CALLTRACKING_PROVIDERS)[number];
/** A call's outcome: answered, missed (not answered), or unknown (the service did not say). */
export const CALL_STATUSES = ['answered', 'missed', 'unknown'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** Calls per page by default (spec 002 §9: lists 100). */
export const CALLS_PAGE_SIZE = 100;
/** At most this many phone numbers to substitute per widget. */
export const SUBSTITUTED_PHONES_MAX = 20;

/** A write-only secret: given, it is kept sealed; null clears it. */
const secret = (max = 500) => rawText(max).nullable();
/** An id of the service's own (a site, a widget, a script module): letters, digits, `-`, `_`. */
const serviceId = () =>
  z.union([
    z.literal('').transform(() => null),
    safeString()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, { error: encodeMessage('calltracking_service_id') }),
  ]).nullable().optional();
const phones = () => z.array(writtenPhone()).max(SUBSTITUTED_PHONES_MAX).default([]);

const perms = (entity: string) => ({ list: [`${entity}.get_list`], get: [`${entity}.get_list`], create: [`${entity}.patch`], update: [`${entity}.patch`], delete: [`${entity}.patch`] });

/** CallKeeper: the widget's id at CallKeeper, its API token, the numbers its script substitutes. */
const callkeeperFields = {
  enabled: z.boolean().default(false),
  widget_id: serviceId(),
  api_token: secret().optional(),
  webhook_secret: secret().optional(),
  phones: phones(),
};
/**
 * Calltouch: its site id (the API's path and the calls' owner), the script's module id
 * (mod.calltouch.ru/init.js?id=...), the API token (clientApiId), the numbers it substitutes.
 */
const calltouchFields = {
  enabled: z.boolean().default(false),
  calltouch_site_id: serviceId(),
  mod_id: serviceId(),
  api_token: secret().optional(),
  webhook_secret: secret().optional(),
  phones: phones(),
};

const widgetEntity = {
  site_id: z.number(),
  client_id: z.number(),
  enabled: z.boolean(),
  has_api_token: z.boolean(),
  has_webhook_secret: z.boolean(),
  phones: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
};
const common = {
  ...siteSettingsListing,
  columns: [
    { field: 'site_id', width: 120, key: true },
    { field: 'enabled', render: 'boolean', width: 120 },
    { field: 'updated_at', render: 'date', width: 160 },
  ],
  label: ['site_id'],
} satisfies Partial<ResourceDef>;

export const callkeeperSettingsResource = defineResource({
  service: SERVICE,
  name: 'callkeeper_settings',
  entity: z.object({ ...widgetEntity, widget_id: z.string().nullable() }),
  create: z.strictObject({ site_id: id(), ...callkeeperFields }),
  update: partialOf(callkeeperFields),
  ...common,
  permissions: perms('callkeeper_settings'),
  form: [
    { field: 'enabled', widget: 'switch' },
    { field: 'widget_id', widget: 'text' },
    { field: 'api_token', widget: 'password' },
    { field: 'webhook_secret', widget: 'password' },
    { field: 'phones', widget: 'tags', span: 2 },
  ],
  screen: '/widgets/callkeeper/{siteId}/settings',
});

export const calltouchSettingsResource = defineResource({
  service: SERVICE,
  name: 'calltouch_settings',
  entity: z.object({ ...widgetEntity, calltouch_site_id: z.string().nullable(), mod_id: z.string().nullable(), polled_at: z.string().nullable(), poll_error: z.string().nullable() }),
  create: z.strictObject({ site_id: id(), ...calltouchFields }),
  update: partialOf(calltouchFields),
  ...common,
  permissions: perms('calltouch_settings'),
  form: [
    { field: 'enabled', widget: 'switch' },
    { field: 'calltouch_site_id', widget: 'text' },
    { field: 'mod_id', widget: 'text' },
    { field: 'api_token', widget: 'password' },
    { field: 'webhook_secret', widget: 'password' },
    { field: 'phones', widget: 'tags', span: 2 },
  ],
  screen: '/widgets/calltouch/{siteId}/settings',
});

const providerOptions = CALLTRACKING_PROVIDERS.map((value) => ({ value, label: `providers.${value}` }));
export const callStatusOptions = CALL_STATUSES.map((value) => ({ value, label: `statuses.${value}` }));

/** A call tracked on a site (read only): pulled from Calltouch or received through a webhook. */
export const callResource = defineResource({
  service: SERVICE,
  name: 'calls',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    provider: z.enum(CALLTRACKING_PROVIDERS),
    external_id: z.string(),
    started_at: z.string(),
    caller_phone: z.string().nullable(),
    called_phone: z.string().nullable(),
    duration: z.number(),
    status: z.enum(CALL_STATUSES),
    source: z.string().nullable(),
    session_id: z.string().nullable(),
    request_id: z.number().nullable(),
    created_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  readOnly: true,
  filters: {
    site_id: { op: 'eq', schema: id() },
    from: { op: 'from', columns: ['started_at'], schema: isoDate(), widget: 'date' },
    to: { op: 'to', columns: ['started_at'], schema: isoDate(), widget: 'date' },
    status: { op: 'eq', schema: z.enum(CALL_STATUSES), widget: 'select', options: callStatusOptions },
    provider: { op: 'eq', schema: z.enum(CALLTRACKING_PROVIDERS), widget: 'select', options: providerOptions },
    source: { op: 'search', columns: ['source'], schema: filterText(100), widget: 'text' },
    search: { op: 'search', columns: ['caller_phone', 'called_phone'], schema: filterText(100), widget: 'text' },
  },
  sort: ['started_at', 'duration', 'id'],
  defaultSort: '-started_at',
  pageSize: { default: CALLS_PAGE_SIZE, max: 1000 },
  tenant: 'client_id',
  permissions: { list: ['calls.get_list'], get: ['calls.get_list'], create: [], update: [], delete: [] },
  columns: [
    { field: 'started_at', render: 'date', width: 170, key: true, sortable: true },
    { field: 'caller_phone', width: 170, key: true },
    { field: 'called_phone', width: 170 },
    { field: 'duration', width: 130, sortable: true },
    { field: 'status', render: 'tag', width: 140 },
    { field: 'source', width: 180 },
    { field: 'provider', render: 'tag', width: 140 },
    { field: 'request_id', width: 150 },
  ],
  form: [],
  screen: '/integrations/calltracking/{siteId}/',
});

/** The XLSX export of a site's calls: a date range (both days included), optionally a status and a source. */
export const callExportQuery = z.object({
  'date[from]': isoDate(),
  'date[to]': isoDate(),
  status: z.enum(CALL_STATUSES).optional(),
  provider: z.enum(CALLTRACKING_PROVIDERS).optional(),
  source: filterText(100).optional(),
  utc_offset: z.preprocess((value) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value), z.number().int().min(-840).max(840)).optional(),
});

/**
 * A call a webhook delivers (our own JSON shape, signed with the widget's webhook secret; see
 * docs/decisions/widgets.md): the service's call id, when it started, who called, which number,
 * how long, answered or not, the visit's source and the tracking session.
 */
export const callWebhookBody = z.object({
  call_id: safeString().trim().min(1).max(100),
  started_at: z.iso.datetime({ offset: true }),
  caller_phone: optionalText(32),
  called_phone: optionalText(32),
  duration: z.number().int().min(0).max(86_400).default(0),
  status: z.enum(CALL_STATUSES).default('unknown'),
  source: optionalText(255),
  session_id: optionalText(255),
});
export type CallWebhookBody = z.output<typeof callWebhookBody>;
