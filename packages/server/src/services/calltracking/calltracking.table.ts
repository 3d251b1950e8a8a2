import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/**
 * Call tracking (contracts calltracking/calltracking.resource.ts): a site's CallKeeper and
 * Calltouch widget settings (one each per site) and the calls tracked. Secrets (`*_encrypted`) are
 * sealed with kit/secrets.ts; `has_*` says whether one is set.
 */
export const callkeeperSettings = pgTable(
  'callkeeper_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    enabled: boolean('enabled').notNull().default(false),
    widget_id: varchar('widget_id', { length: 100 }),
    api_token_encrypted: text('api_token_encrypted'),
    has_api_token: boolean('has_api_token').generatedAlwaysAs(sql`api_token_encrypted is not null`),
    webhook_secret_encrypted: text('webhook_secret_encrypted'),
    has_webhook_secret: boolean('has_webhook_secret').generatedAlwaysAs(sql`webhook_secret_encrypted is not null`),
    phones: text('phones').array().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('callkeeper_settings_site_idx').on(t.site_id)],
);

/** Calltouch's widget; `polled_at` / `poll_error`: the last pull of its calls and what failed in it. */
export const calltouchSettings = pgTable(
  'calltouch_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    enabled: boolean('enabled').notNull().default(false),
    calltouch_site_id: varchar('calltouch_site_id', { length: 100 }),
    mod_id: varchar('mod_id', { length: 100 }),
    api_token_encrypted: text('api_token_encrypted'),
    has_api_token: boolean('has_api_token').generatedAlwaysAs(sql`api_token_encrypted is not null`),
    webhook_secret_encrypted: text('webhook_secret_encrypted'),
    has_webhook_secret: boolean('has_webhook_secret').generatedAlwaysAs(sql`webhook_secret_encrypted is not null`),
    phones: text('phones').array().notNull().default([]),
    polled_at: timestamp('polled_at', { withTimezone: true }),
    poll_error: varchar('poll_error', { length: 500 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('calltouch_settings_site_idx').on(t.site_id)],
);

/**
 * A tracked call: one per site, service and the service's call id (a call pulled twice, or pulled
 * and delivered, is one). `request_id`: the site's request it matched (by session, else by phone and time).
 */
export const calltrackingCalls = pgTable(
  'calltracking_calls',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    provider: varchar('provider', { length: 12 }).notNull(),
    external_id: varchar('external_id', { length: 100 }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    caller_phone: varchar('caller_phone', { length: 32 }),
    caller_digits: varchar('caller_digits', { length: 10 }),
    called_phone: varchar('called_phone', { length: 32 }),
    duration: integer('duration').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('unknown'),
    source: varchar('source', { length: 255 }),
    session_id: varchar('session_id', { length: 255 }),
    request_id: integer('request_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calltracking_calls_external_idx').on(t.site_id, t.provider, t.external_id), index('calltracking_calls_site_idx').on(t.site_id, t.started_at)],
);
