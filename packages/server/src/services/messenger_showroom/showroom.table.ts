import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cars } from '../cars.stock/car.table.ts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * The messenger showroom (contracts messenger_showroom/showroom.resource.ts): a site's settings (one
 * per site), bots, service works, special offers, customers and the requests its bots took.
 * Secrets (`*_encrypted`) are sealed with kit/secrets.ts; `has_*` says whether one is set.
 */
export const showroomSettings = pgTable(
  'showroom_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: varchar('name', { length: 255 }),
    image_id: integer('image_id'),
    plan: varchar('plan', { length: 10 }).notNull().default('PAID'),
    locale: varchar('locale', { length: 5 }).notNull().default('ru'),
    receivers: text('receivers').array().notNull().default([]),
    disclaimer: text('disclaimer'),
    agreement_text: text('agreement_text'),
    contacts_telegram: varchar('contacts_telegram', { length: 255 }),
    credit_enabled: boolean('credit_enabled').notNull().default(false),
    credit_widget_id: varchar('credit_widget_id', { length: 255 }),
    credit_token_encrypted: text('credit_token_encrypted'),
    has_credit_token: boolean('has_credit_token').generatedAlwaysAs(sql`credit_token_encrypted is not null`),
    /** Which stock the bots show (GET/PATCH /cars/{id}): new and/or used cars, some brands (none: all), a final-price range. */
    cars_new: boolean('cars_new').notNull().default(true),
    cars_used: boolean('cars_used').notNull().default(true),
    cars_brand_ids: integer('cars_brand_ids').array().notNull().default([]),
    cars_price_min: integer('cars_price_min'),
    cars_price_max: integer('cars_price_max'),
    calltracking_enabled: boolean('calltracking_enabled').notNull().default(false),
    calltracking_partner: varchar('calltracking_partner', { length: 255 }),
    calltracking_token_encrypted: text('calltracking_token_encrypted'),
    has_calltracking_token: boolean('has_calltracking_token').generatedAlwaysAs(sql`calltracking_token_encrypted is not null`),
    calltracking_route_key: varchar('calltracking_route_key', { length: 255 }),
    calltracking_phone: varchar('calltracking_phone', { length: 32 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('showroom_settings_site_idx').on(t.site_id)],
);

/**
 * A bot. `webhook_secret`: the last path segment Telegram calls its webhook with (random, never
 * answered); `meta_id` / `meta_name`: the bot's Telegram id and username (getMe). Its health for
 * the summary: the last update received, the last error (handling an update, a Bot API call) and
 * whether Telegram holds its webhook; `poll_offset`: the next update long polling asks for.
 */
export const showroomBots = pgTable(
  'showroom_bots',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: varchar('name', { length: 255 }).notNull(),
    messenger: varchar('messenger', { length: 20 }).notNull().default('telegram'),
    locale: varchar('locale', { length: 5 }).notNull().default('ru'),
    token_encrypted: text('token_encrypted'),
    has_token: boolean('has_token').generatedAlwaysAs(sql`token_encrypted is not null`),
    webhook_secret: varchar('webhook_secret', { length: 64 }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    debug: boolean('debug').notNull().default(false),
    shard: integer('shard').notNull().default(1),
    feature_service: boolean('feature_service').notNull().default(true),
    hide_test_drive: boolean('hide_test_drive').notNull().default(false),
    button_new: varchar('button_new', { length: 64 }),
    button_used: varchar('button_used', { length: 64 }),
    button_service: varchar('button_service', { length: 64 }),
    button_service_link: varchar('button_service_link', { length: 64 }),
    button_news: varchar('button_news', { length: 64 }),
    button_contacts: varchar('button_contacts', { length: 64 }),
    button_profile: varchar('button_profile', { length: 64 }),
    button_about: varchar('button_about', { length: 64 }),
    button_favorite: varchar('button_favorite', { length: 64 }),
    meta_id: varchar('meta_id', { length: 32 }),
    meta_name: varchar('meta_name', { length: 255 }),
    webhook_set: boolean('webhook_set').notNull().default(false),
    last_update_at: timestamp('last_update_at', { withTimezone: true }),
    last_error: text('last_error'),
    last_error_at: timestamp('last_error_at', { withTimezone: true }),
    poll_offset: bigint('poll_offset', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [index('showroom_bots_site_idx').on(t.site_id), uniqueIndex('showroom_bots_meta_idx').on(t.meta_id), searchIndex('showroom_bots_name_search', t.name)],
);

export const showroomServiceWorks = pgTable(
  'showroom_service_works',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps,
  },
  (t) => [index('showroom_service_works_site_idx').on(t.site_id), searchIndex('showroom_service_works_name_search', t.name)],
);

export const showroomSpecials = pgTable(
  'showroom_specials',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    url: varchar('url', { length: 2048 }),
    image_id: integer('image_id'),
    ...timestamps,
  },
  (t) => [index('showroom_specials_site_idx').on(t.site_id), searchIndex('showroom_specials_title_search', t.title)],
);

/** A customer of a bot: `external_id` is their Telegram user id, one customer per bot and user. */
export const showroomCustomers = pgTable(
  'showroom_customers',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    bot_id: integer('bot_id').references(() => showroomBots.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }),
    last_name: varchar('last_name', { length: 255 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 255 }),
    external_id: varchar('external_id', { length: 32 }).notNull(),
    source: varchar('source', { length: 20 }).notNull().default('telegram'),
    state: varchar('state', { length: 12 }).notNull().default('registering'),
    /** What the bot waits for from this customer next (`name`: their new name, from the profile). */
    awaiting: varchar('awaiting', { length: 20 }),
    ...timestamps,
  },
  (t) => [index('showroom_customers_site_idx').on(t.site_id, t.state), uniqueIndex('showroom_customers_bot_user_idx').on(t.bot_id, t.external_id), searchIndex('showroom_customers_name_search', t.name)],
);

/**
 * A callback, test drive or service booking a bot took; `request_id` is the request it became in
 * request.storage (null when the intake refused it).
 */
export const showroomCallbacks = pgTable(
  'showroom_callbacks',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    bot_id: integer('bot_id').references(() => showroomBots.id, { onDelete: 'set null' }),
    customer_id: integer('customer_id').references(() => showroomCustomers.id, { onDelete: 'set null' }),
    callback_type: varchar('callback_type', { length: 12 }).notNull(),
    customer: varchar('customer', { length: 512 }),
    phone: varchar('phone', { length: 32 }),
    car: varchar('car', { length: 512 }),
    service_work: varchar('service_work', { length: 255 }),
    desired_at: timestamp('desired_at', { withTimezone: true }),
    source: varchar('source', { length: 20 }).notNull().default('telegram'),
    request_id: integer('request_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('showroom_callbacks_site_idx').on(t.site_id, t.callback_type, t.created_at)],
);

/** The updates a bot handled: update_id unique per bot, so that one delivered twice is handled once. */
export const showroomUpdates = pgTable(
  'showroom_updates',
  {
    bot_id: integer('bot_id')
      .notNull()
      .references(() => showroomBots.id, { onDelete: 'cascade' }),
    update_id: bigint('update_id', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('showroom_updates_bot_update_idx').on(t.bot_id, t.update_id), index('showroom_updates_bot_created_idx').on(t.bot_id, t.created_at)],
);

/** A car of the site's stock a customer keeps among their favourites (added from the bot's car list). */
export const showroomFavorites = pgTable(
  'showroom_favorites',
  {
    customer_id: integer('customer_id')
      .notNull()
      .references(() => showroomCustomers.id, { onDelete: 'cascade' }),
    car_id: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customer_id, t.car_id] })],
);

/**
 * A webhook of the showroom: the events POSTed to `url` (WEBHOOK_EVENTS), signed with the sealed
 * secret (HMAC-SHA256 of the body) when one is set.
 */
export const showroomWebHooks = pgTable(
  'showroom_web_hooks',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    url: varchar('url', { length: 2048 }).notNull(),
    events: text('events').array().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    secret_encrypted: text('secret_encrypted'),
    has_secret: boolean('has_secret').generatedAlwaysAs(sql`secret_encrypted is not null`),
    ...timestamps,
  },
  (t) => [index('showroom_web_hooks_site_idx').on(t.site_id)],
);

/**
 * One event sent to one webhook, run as a queued job with retries: its state, the last run's HTTP
 * code, duration and error, and the runs so far (`attempt`). The payload is kept as sent.
 */
export const showroomWebHookDeliveries = pgTable(
  'showroom_web_hook_deliveries',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    web_hook_id: integer('web_hook_id')
      .notNull()
      .references(() => showroomWebHooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    http_code: integer('http_code'),
    duration_ms: integer('duration_ms'),
    error: text('error'),
    attempt: integer('attempt').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('showroom_web_hook_deliveries_hook_idx').on(t.web_hook_id, t.id), index('showroom_web_hook_deliveries_site_idx').on(t.site_id, t.id)],
);
