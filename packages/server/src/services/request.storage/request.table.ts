import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CaptchaCheck, RequestBlockRule, RequestSettingAction } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * A customer request from a site (contracts request.storage/request-types.ts). The personal
 * columns and `fields` are erased by depersonalization (`depersonalized_at` says when); `ip` is the
 * sender's address, kept for blocks and erased with the rest. `captcha_check` is null when the
 * captcha was checked, `unverified` when the smart captcha's service could not be reached (its
 * actions are held), `released` once staff let them run (contracts captcha-check.ts).
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    type: smallint('type').notNull(),
    page_id: integer('page_id'),
    dealer_id: integer('dealer_id'),
    gender: smallint('gender'),
    name: text('name'),
    last_name: text('last_name'),
    phone: text('phone'),
    email: text('email'),
    text: text('text'),
    text_input: text('text_input'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    analytics: jsonb('analytics').$type<Record<string, unknown>>().notNull().default({}),
    processing_of_personal_data: boolean('processing_of_personal_data').notNull().default(false),
    agreement_hash: varchar('agreement_hash', { length: 64 }),
    /** The subscription's tag (and a setting's match): settings with a tag run for requests of that tag only. */
    tag: varchar('tag', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    captcha_check: varchar('captcha_check', { length: 12 }).$type<CaptchaCheck>(),
    depersonalized_at: timestamp('depersonalized_at', { withTimezone: true }),
    /** When the dealer's staff marked the request handled (null: not yet); other services hear of it (RequestStorage.onHandled). */
    handled_at: timestamp('handled_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requests_site_type_created_idx').on(t.site_id, t.type, t.created_at),
    index('requests_client_idx').on(t.client_id),
    index('requests_depersonalize_idx').on(t.site_id, t.created_at).where(sql`${t.depersonalized_at} is null`),
    index('requests_captcha_check_idx').on(t.site_id, t.captcha_check).where(sql`${t.captcha_check} is not null`),
    searchIndex('requests_name_search', t.name),
    searchIndex('requests_phone_search', t.phone),
    searchIndex('requests_email_search', t.email),
  ],
);

/**
 * One action of a request to run (the "actions to run" queue of the sender): what the site's
 * request settings named when the request arrived. status pending → success | failed, or held
 * (a request whose captcha is not verified) → pending when staff release it; attempts
 * and last_error are the executor's (the sender service), which also owns the job `request.action`.
 */
export const requestActions = pgTable(
  'request_actions',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id').notNull().references(() => requests.id, { onDelete: 'cascade' }),
    site_id: integer('site_id').notNull(),
    client_id: integer('client_id').notNull(),
    settings_id: integer('settings_id'),
    kind: varchar('kind', { length: 20 }).notNull(),
    action_id: integer('action_id').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    job_id: text('job_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_actions_request_idx').on(t.request_id), index('request_actions_site_status_idx').on(t.site_id, t.status, t.created_at)],
);

/** Offensive words: the platform's one list (no site). */
export const offensiveWords = pgTable('offensive_words', {
  id: serial('id').primaryKey(),
  raw: varchar('raw', { length: 100 }).notNull().unique(),
  ...timestamps,
});

/** The consent texts a site shows, by hash. */
export const agreementHashes = pgTable(
  'agreement_hashes',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    hash: varchar('hash', { length: 64 }).notNull(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('agreement_hashes_site_hash_idx').on(t.site_id, t.hash)],
);

/** Request settings of a site: a request type (and tag) and the actions run for its requests. */
export const requestSettings = pgTable(
  'requests_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    origin_id: integer('origin_id'),
    request_type: smallint('request_type').notNull(),
    tag: varchar('tag', { length: 100 }),
    actions: jsonb('actions').$type<RequestSettingAction[]>().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('requests_settings_site_idx').on(t.site_id, t.request_type)],
);

/**
 * Sender blocks of a site; `count` counts the refused attempts. `auto_rule` is the block settings'
 * rule that made it (the requests and minutes it counted over), null for a block a person made.
 */
export const requestBlocks = pgTable(
  'request_blocks',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    source_type: varchar('source_type', { length: 10 }).notNull(),
    source: varchar('source', { length: 254 }).notNull(),
    block_type: varchar('block_type', { length: 10 }).notNull().default('reject'),
    until: timestamp('until', { withTimezone: true }),
    count: integer('count').notNull().default(0),
    auto_rule: jsonb('auto_rule').$type<RequestBlockRule>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('request_blocks_site_source_idx').on(t.site_id, t.source_type, t.source)],
);

/**
 * A site's block settings (one per site, made with the defaults on first read): more than
 * `max_requests` requests within `period_minutes` from one sender (by the flagged source types)
 * block it for `block_minutes` (null: for good) as `block_type` says.
 */
export const requestBlockSettings = pgTable('request_block_settings', {
  id: serial('id').primaryKey(),
  ...siteOwnerColumns(() => sites.id),
  enabled: boolean('enabled').notNull().default(false),
  by_phone: boolean('by_phone').notNull().default(true),
  by_email: boolean('by_email').notNull().default(false),
  by_ip: boolean('by_ip').notNull().default(false),
  max_requests: integer('max_requests').notNull().default(5),
  period_minutes: integer('period_minutes').notNull().default(10),
  block_type: varchar('block_type', { length: 10 }).notNull().default('reject'),
  block_minutes: integer('block_minutes').default(1440),
  ...timestamps,
}, (t) => [uniqueIndex('request_block_settings_site_idx').on(t.site_id)]);

/** Proof-of-work captcha challenges already answered (refused a second time), kept until they expire. */
export const captchaSolutions = pgTable('captcha_solutions', {
  challenge_id: varchar('challenge_id', { length: 64 }).primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Checks of a site's smart captcha that could not be made (the service timed out, refused the
 * connection, answered an error or its name did not resolve): how many, the last one's moment and
 * cause. The request screens show it beside the requests held for it.
 */
export const captchaOutages = pgTable('captcha_outages', {
  site_id: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull(),
  count: integer('count').notNull().default(0),
  last_at: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  last_error: text('last_error'),
});
