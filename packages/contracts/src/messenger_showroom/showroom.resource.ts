import { z } from 'zod';
import { defineResource, type ResourcePermissions, partialOf, siteSettingsListing } from '../kit/resource.ts';
import { email, filterText, id, integer, isoDate, optionalMultiLineText, optionalText, outbound, rawText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * The messenger showroom (spec 002 §2 /messenger_showroom, §3 "Messenger showroom", §7, §9;
 * docs/decisions/messenger-showroom.md): a site's Telegram showroom. Its general settings (one per
 * site), bots, service works, special offers, the customers the bots registered and the callbacks,
 * test drives and service bookings they took. Every record belongs to a site (and its client);
 * tokens are write-only (`has_*` says whether one is set).
 */
const SERVICE = 'messenger_showroom';
const mediaRef = { service: 'media.storage', name: 'files', label: 'name' } as const;
export const showroomBotRef = { service: SERVICE, name: 'bots', label: 'name' } as const;
const times = { created_at: z.string(), updated_at: z.string() };
const perms = (entity: string): ResourcePermissions => ({
  list: [`${entity}.get_list`],
  get: [`${entity}.get_list`],
  create: [`${entity}.create`],
  update: [`${entity}.patch`],
  delete: [`${entity}.delete`],
});

export const SHOWROOM_PLANS = ['PAID', 'FREE'] as const;
export const SHOWROOM_LOCALES = ['ru', 'en'] as const;
export const SHOWROOM_MESSENGERS = ['telegram'] as const;
export const CUSTOMER_STATES = ['registering', 'registered'] as const;
/** The kinds of the showroom's callback requests (spec 002 §2: callback, testdrive, service). */
export const CALLBACK_TYPES = ['callback', 'testdrive', 'service'] as const;
export type CallbackType = (typeof CALLBACK_TYPES)[number];
/** Messenger callbacks: page 1, 100 a page by default (spec 002 §9). */
export const CALLBACKS_PAGE_SIZE = 100;

const planOptions = SHOWROOM_PLANS.map((value) => ({ value, label: `plans.${value}` }));
const localeOptions = SHOWROOM_LOCALES.map((value) => ({ value, label: `locales.${value}` }));
const messengerOptions = SHOWROOM_MESSENGERS.map((value) => ({ value, label: `messengers.${value}` }));
export const customerStateOptions = CUSTOMER_STATES.map((value) => ({ value, label: `customer_states.${value}` }));

/** A webhook address: https or http, called through the outgoing-call guard. */
const hookUrl = () =>
  outbound(
    safeString()
      .trim()
      .min(1)
      .max(2048)
      .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: encodeMessage('url') }),
  );
/** A button's text in the bot (Telegram shows at most 64 characters well). */
const buttonText = () => optionalText(64);
/** A write-only secret: given, it is kept sealed; null clears it. */
const secret = (max = 500) => rawText(max).nullable();

const settingsFields = {
  name: optionalText(255),
  image_id: id().nullable().optional(),
  plan: z.enum(SHOWROOM_PLANS, { error: encodeMessage('invalid_choice') }).default('PAID'),
  locale: z.enum(SHOWROOM_LOCALES, { error: encodeMessage('invalid_choice') }).default('ru'),
  receivers: z.array(email()).max(20).default([]),
  disclaimer: optionalMultiLineText(5000),
  agreement_text: optionalMultiLineText(10_000),
  contacts_telegram: optionalText(255),
  credit_enabled: z.boolean().default(false),
  credit_widget_id: optionalText(255),
  credit_token: secret().optional(),
  calltracking_enabled: z.boolean().default(false),
  calltracking_partner: optionalText(255),
  calltracking_token: secret().optional(),
  calltracking_route_key: optionalText(255),
  calltracking_phone: optionalText(32),
};

/**
 * The showroom's general settings of a site (spec 002 §3 settings), one per site:
 * GET /settings/for_site_id/{siteId} makes it with the defaults on first read.
 */
export const showroomSettingsResource = defineResource({
  service: SERVICE,
  name: 'settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    name: z.string().nullable(),
    image_id: z.number().nullable(),
    plan: z.enum(SHOWROOM_PLANS),
    locale: z.enum(SHOWROOM_LOCALES),
    receivers: z.array(z.string()),
    disclaimer: z.string().nullable(),
    agreement_text: z.string().nullable(),
    contacts_telegram: z.string().nullable(),
    credit_enabled: z.boolean(),
    credit_widget_id: z.string().nullable(),
    has_credit_token: z.boolean(),
    calltracking_enabled: z.boolean(),
    calltracking_partner: z.string().nullable(),
    has_calltracking_token: z.boolean(),
    calltracking_route_key: z.string().nullable(),
    calltracking_phone: z.string().nullable(),
    ...times,
  }),
  create: z.strictObject({ site_id: id(), ...settingsFields }),
  update: partialOf(settingsFields),
  ...siteSettingsListing,
  refs: { image_id: mediaRef },
  permissions: { list: ['settings.get_list'], get: ['settings.get_list'], create: ['settings.patch'], update: ['settings.patch'], delete: ['settings.patch'] },
  columns: [
    { field: 'name', width: 240, key: true },
    { field: 'plan', render: 'tag', width: 120 },
    { field: 'locale', render: 'tag', width: 120 },
    { field: 'updated_at', render: 'date', width: 160 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'image_id', widget: 'select', ref: mediaRef },
    { field: 'plan', widget: 'select', options: planOptions },
    { field: 'locale', widget: 'select', options: localeOptions },
    { field: 'receivers', widget: 'tags', span: 2 },
    { field: 'disclaimer', widget: 'textarea', span: 2 },
    { field: 'agreement_text', widget: 'textarea', span: 2 },
    { field: 'contacts_telegram', widget: 'text' },
    { field: 'credit_enabled', widget: 'switch' },
    { field: 'credit_widget_id', widget: 'text' },
    { field: 'credit_token', widget: 'password' },
    { field: 'calltracking_enabled', widget: 'switch' },
    { field: 'calltracking_partner', widget: 'text' },
    { field: 'calltracking_token', widget: 'password' },
    { field: 'calltracking_route_key', widget: 'text' },
    { field: 'calltracking_phone', widget: 'text' },
  ],
  screen: '/messenger_showroom/generalSettings/{siteId}',
  label: ['name'],
});

/** The buttons of the bot's main menu whose text the dealer sets (empty: the bot's own text in its locale). */
export const BOT_BUTTONS = ['new', 'used', 'service', 'service_link', 'news', 'contacts', 'profile', 'about', 'favorite'] as const;
export type BotButton = (typeof BOT_BUTTONS)[number];
const buttonFields = Object.fromEntries(BOT_BUTTONS.map((button) => [`button_${button}`, buttonText()])) as Record<`button_${BotButton}`, ReturnType<typeof buttonText>>;
const buttonEntity = Object.fromEntries(BOT_BUTTONS.map((button) => [`button_${button}`, z.string().nullable()])) as Record<`button_${BotButton}`, z.ZodNullable<z.ZodString>>;

/** A Telegram bot token as BotFather gives it: the bot's number, a colon, the secret. */
const botToken = () => safeString().trim().min(1).max(200).regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, { error: encodeMessage('showroom_bot_token_format') });

const botFields = {
  name: requiredText(255),
  messenger: z.enum(SHOWROOM_MESSENGERS, { error: encodeMessage('invalid_choice') }).default('telegram'),
  locale: z.enum(SHOWROOM_LOCALES, { error: encodeMessage('invalid_choice') }).default('ru'),
  deleted: z.boolean().default(false),
  debug: z.boolean().default(false),
  shard: integer(1, 100).default(1),
  feature_service: z.boolean().default(true),
  hide_test_drive: z.boolean().default(false),
  ...buttonFields,
};

/**
 * A dealer's bot (spec 002 §3 bot). Its token is checked with the Bot API (getMe) when saved, and
 * `meta_id` / `meta_name` are what Telegram answered; the token itself is never answered.
 */
export const showroomBotResource = defineResource({
  service: SERVICE,
  name: 'bots',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    name: z.string(),
    messenger: z.enum(SHOWROOM_MESSENGERS),
    locale: z.enum(SHOWROOM_LOCALES),
    has_token: z.boolean(),
    deleted: z.boolean(),
    debug: z.boolean(),
    shard: z.number(),
    feature_service: z.boolean(),
    hide_test_drive: z.boolean(),
    ...buttonEntity,
    meta_id: z.string().nullable(),
    meta_name: z.string().nullable(),
    ...times,
  }),
  create: z.strictObject({ site_id: id(), ...botFields, token: botToken() }),
  update: partialOf({ ...botFields, token: botToken() }),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: perms('bots'),
  columns: [
    { field: 'name', sortable: true, width: 220, key: true },
    { field: 'meta_name', width: 200, key: true },
    { field: 'locale', render: 'tag', width: 110 },
    { field: 'has_token', render: 'boolean', width: 110 },
    { field: 'deleted', render: 'boolean', width: 120 },
    { field: 'debug', render: 'boolean', width: 110 },
    { field: 'updated_at', sortable: true, render: 'date', width: 160 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'token', widget: 'password' },
    { field: 'messenger', widget: 'select', options: messengerOptions },
    { field: 'locale', widget: 'select', options: localeOptions },
    { field: 'shard', widget: 'number' },
    { field: 'feature_service', widget: 'switch' },
    { field: 'hide_test_drive', widget: 'switch' },
    { field: 'debug', widget: 'switch' },
    { field: 'deleted', widget: 'switch' },
    ...BOT_BUTTONS.map((button) => ({ field: `button_${button}`, widget: 'text' as const })),
  ],
  screen: '/messenger_showroom/botsSettings/{siteId}',
  label: ['name'],
});

/** A service work the bot offers for a service booking (spec 002 §3 service work: name). */
export const showroomServiceWorkResource = defineResource({
  service: SERVICE,
  name: 'account_service_works',
  entity: z.object({ site_id: z.number(), client_id: z.number(), name: z.string(), ...times }),
  create: z.strictObject({ site_id: id(), name: requiredText(255) }),
  update: z.strictObject({ name: requiredText(255) }).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: perms('service_works'),
  columns: [
    { field: 'name', sortable: true, width: 360, key: true },
    { field: 'updated_at', sortable: true, render: 'date', width: 160, key: true },
  ],
  form: [{ field: 'name', widget: 'text', span: 2 }],
  screen: '/messenger_showroom/service_works/{siteId}',
  label: ['name'],
});

const specialFields = {
  title: requiredText(255),
  description: optionalMultiLineText(4000),
  url: z.union([z.literal('').transform(() => null), hookUrl()]).nullable().optional(),
  image_id: id().nullable().optional(),
};

/** A special offer the bot shows (spec 002 §3 special collection entry; the title may not be empty). */
export const showroomSpecialResource = defineResource({
  service: SERVICE,
  name: 'collections',
  entity: z.object({ site_id: z.number(), client_id: z.number(), title: z.string(), description: z.string().nullable(), url: z.string().nullable(), image_id: z.number().nullable(), ...times }),
  create: z.strictObject({ site_id: id(), ...specialFields }),
  update: z.strictObject(specialFields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['title'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'title', 'created_at', 'updated_at'],
  defaultSort: 'title',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  refs: { image_id: mediaRef },
  permissions: perms('collections'),
  columns: [
    { field: 'title', sortable: true, width: 280, key: true },
    { field: 'image_id', render: 'refs', ref: mediaRef, width: 200 },
    { field: 'url', width: 260 },
    { field: 'updated_at', sortable: true, render: 'date', width: 160, key: true },
  ],
  form: [
    { field: 'title', widget: 'text', span: 2 },
    { field: 'description', widget: 'textarea', span: 2 },
    { field: 'url', widget: 'text', span: 2 },
    { field: 'image_id', widget: 'select', ref: mediaRef, span: 2 },
  ],
  screen: '/messenger_showroom/showroomSpecials/{siteId}',
  label: ['title'],
});

/**
 * A customer a bot registered (spec 002 §3 customer): registering until they share their phone,
 * then registered. Made by the bots only; the admin reads and deletes them.
 */
export const showroomCustomerResource = defineResource({
  service: SERVICE,
  name: 'customers',
  readOnly: true,
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    bot_id: z.number().nullable(),
    name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    external_id: z.string(),
    source: z.string(),
    state: z.enum(CUSTOMER_STATES),
    ...times,
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    site_id: { op: 'eq', schema: id() },
    state: { op: 'eq', schema: z.enum(CUSTOMER_STATES), widget: 'select', options: customerStateOptions },
    bot_id: { op: 'eq', schema: id(), widget: 'ref', ref: showroomBotRef },
    search: { op: 'search', columns: ['name', 'last_name', 'phone', 'email'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'name', 'last_name', 'state', 'created_at', 'updated_at'],
  defaultSort: '-created_at',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  refs: { bot_id: showroomBotRef },
  permissions: { list: ['customers.get_list'], get: ['customers.get_list'], create: ['customers.delete'], update: ['customers.delete'], delete: ['customers.delete'] },
  columns: [
    { field: 'name', sortable: true, width: 160, key: true },
    { field: 'last_name', sortable: true, width: 160 },
    { field: 'phone', width: 170, key: true },
    { field: 'email', width: 200 },
    { field: 'state', sortable: true, render: 'tag', width: 160 },
    { field: 'bot_id', render: 'refs', ref: showroomBotRef, width: 180 },
    { field: 'created_at', sortable: true, render: 'date', width: 160 },
  ],
  form: [],
  screen: '/messenger_showroom/customers/{siteId}',
  label: ['name', 'last_name'],
});

/** GET /callbacks/{id} (id: the site's showroom settings): page, limit (100 by default), the type, a text filter. */
export const callbackListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(CALLBACKS_PAGE_SIZE),
  callback_type: z.enum(CALLBACK_TYPES).optional(),
  filter: filterText().optional(),
});

/** GET /callbacks/{id}/format_xlsx: one type's callbacks of a date range (the days included, UTC). */
export const callbackExportQuery = z.object({
  callback_type: z.enum(CALLBACK_TYPES).optional(),
  'date[from]': isoDate(),
  'date[to]': isoDate(),
});

/** A callback, test drive or service booking a bot took (spec 002 §3 callback request). */
export interface ShowroomCallback {
  id: string;
  type: 'callbacks';
  attributes: {
    callback_type: CallbackType;
    bot_id: number | null;
    bot_name: string | null;
    customer_id: number | null;
    customer: string | null;
    phone: string | null;
    car: string | null;
    service_work: string | null;
    desired_at: string | null;
    source: string;
    request_id: number | null;
    created_at: string;
  };
}

/** The events a showroom sends to its webhooks (a bot registered a customer, took a callback, a test drive, a service booking). */
export const WEBHOOK_EVENTS = ['customer_registered', 'callback', 'testdrive', 'service'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
const webhookEventOptions = WEBHOOK_EVENTS.map((value) => ({ value, label: `webhook_events.${value}` }));

const webHookFields = {
  url: hookUrl(),
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: encodeMessage('invalid_choice') })).min(1).max(WEBHOOK_EVENTS.length).default([...WEBHOOK_EVENTS]),
  enabled: z.boolean().default(true),
};

/**
 * A webhook of the showroom (spec 002 §3 settings webHooks): where its events are POSTed, which
 * ones, and the secret their body is signed with (HMAC-SHA256, write-only: `has_secret`). The
 * spec's GET /webhooks/{id} (the site's settings) lists them with their last delivery; this
 * resource is their writes.
 */
export const showroomWebHookResource = defineResource({
  service: SERVICE,
  name: 'web_hooks',
  entity: z.object({ site_id: z.number(), client_id: z.number(), url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), enabled: z.boolean(), has_secret: z.boolean(), ...times }),
  create: z.strictObject({ site_id: id(), ...webHookFields, secret: secret(200).optional() }),
  update: partialOf({ ...webHookFields, secret: secret(200).optional() }),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'url', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  permissions: perms('web_hooks'),
  columns: [
    { field: 'url', sortable: true, width: 320, key: true },
    { field: 'events', render: 'tag', width: 280 },
    { field: 'enabled', render: 'boolean', width: 110, key: true },
    { field: 'has_secret', render: 'boolean', width: 110 },
  ],
  form: [
    { field: 'url', widget: 'text', span: 2 },
    { field: 'events', widget: 'multiselect', options: webhookEventOptions, span: 2 },
    { field: 'secret', widget: 'password', span: 2 },
    { field: 'enabled', widget: 'switch' },
  ],
  screen: '/messenger_showroom/webHooks/{siteId}',
  label: ['url'],
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** GET /webhooks/{id}/deliveries: the delivery log of the site's webhooks (one of them: web_hook_id), newest first. */
export const webhookDeliveryQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  web_hook_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});

/** One event sent to one webhook: its last run (HTTP code, duration, error) and how many runs it took. */
export interface ShowroomWebhookDelivery {
  id: string;
  type: 'webhook_deliveries';
  attributes: {
    web_hook_id: number;
    url: string;
    event: WebhookEvent;
    status: WebhookDeliveryState;
    http_code: number | null;
    duration_ms: number | null;
    error: string | null;
    attempt: number;
    created_at: string;
    updated_at: string;
  };
}

/** A webhook as GET /webhooks/{id} lists it: the resource's fields and its last delivery. */
export interface ShowroomWebhookState {
  id: string;
  type: 'web_hooks';
  attributes: { url: string; events: WebhookEvent[]; enabled: boolean; has_secret: boolean; last_status: WebhookDeliveryState | null; last_code: number | null; last_at: string | null; failed: number };
}

/** GET /summary/{id}: a date range (UTC days, both included; the last 30 days by default). */
export const summaryQuery = z.object({
  'date[from]': isoDate().optional(),
  'date[to]': isoDate().optional(),
});

/** The showroom's summary of a range: customers by state, requests by type and day, messages handled, each bot's health. */
export interface ShowroomSummary {
  from: string;
  to: string;
  customers: Record<(typeof CUSTOMER_STATES)[number], number>;
  /** New customers in the range. */
  new_customers: number;
  requests: Record<CallbackType, number>;
  days: { day: string; callback: number; testdrive: number; service: number }[];
  messages: number;
  bots: {
    id: number;
    name: string;
    meta_name: string | null;
    deleted: boolean;
    debug: boolean;
    /** The bot's updates arrive by webhook (set with Telegram) or by long polling. */
    delivery: 'webhook' | 'polling';
    webhook_set: boolean;
    last_update_at: string | null;
    last_error: string | null;
    last_error_at: string | null;
    messages: number;
  }[];
}

/** Which stock the bots show (GET and PATCH /cars/{id}, id: the site's settings): new and/or used cars, some brands, a price range. */
export const showroomCarsFields = {
  cars_new: z.boolean(),
  cars_used: z.boolean(),
  cars_brand_ids: z.array(id()).max(200),
  cars_price_min: integer(0).nullable(),
  cars_price_max: integer(0).nullable(),
};
export const showroomCarsUpdate = z
  .strictObject(showroomCarsFields)
  .partial()
  .refine((value) => value.cars_price_min == null || value.cars_price_max == null || value.cars_price_min <= value.cars_price_max, { error: encodeMessage('showroom_price_range'), path: ['cars_price_max'] });
export interface ShowroomCars {
  id: string;
  type: 'cars';
  attributes: { cars_new: boolean; cars_used: boolean; cars_brand_ids: number[]; cars_price_min: number | null; cars_price_max: number | null; shown_new: number; shown_used: number; brands: { id: number; name: string }[] };
}
