import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { DealerRecipients } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { requests } from '../request.storage/request.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * The sender (contracts sender/sender.resource.ts, docs/decisions/sender.md, "What does the sender
 * own?"): a site's e-mail templates, proxy actions and SMTP settings; report mails of requests;
 * lost requests dismissed. The actions' runs are request.storage's `request_actions` rows, which
 * the executor keeps.
 */
export const emailActions = pgTable(
  'email_actions',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    title: varchar('title', { length: 255 }).notNull(),
    from: varchar('from', { length: 254 }).notNull(),
    to: text('to').array().notNull().default([]),
    dealer_recipients: jsonb('dealer_recipients').$type<DealerRecipients[]>().notNull().default([]),
    cc: text('cc').array().notNull().default([]),
    bcc: text('bcc').array().notNull().default([]),
    subject: varchar('subject', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 10 }).notNull().default('text'),
    body: text('body').notNull(),
    is_required: boolean('is_required').notNull().default(false),
    is_smtp: boolean('is_smtp').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('email_actions_site_idx').on(t.site_id), searchIndex('email_actions_title_search', t.title)],
);

/** A proxy action's own columns (a site's or a central one). `token_encrypted`: kit/secrets.ts sealSecret; `has_token` says whether one is set (never the token). */
const proxyActionColumns = () => ({
  title: varchar('title', { length: 255 }).notNull(),
  url: varchar('url', { length: 2048 }).notNull(),
  token_encrypted: text('token_encrypted'),
  has_token: boolean('has_token').generatedAlwaysAs(sql`token_encrypted is not null`),
  is_required: boolean('is_required').notNull().default(false),
  ...timestamps,
});

export const proxyActions = pgTable(
  'proxy_actions',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    ...proxyActionColumns(),
  },
  (t) => [index('proxy_actions_site_idx').on(t.site_id), searchIndex('proxy_actions_title_search', t.title)],
);

/**
 * The platform's central (shared) proxy actions (docs/decisions/sender.md, "What is a proxy action,
 * and a central one?"): no site, no client; any site's request settings may pick one. The token is
 * sealed like a site's.
 */
export const centralProxyActions = pgTable(
  'central_proxy_actions',
  {
    id: serial('id').primaryKey(),
    ...proxyActionColumns(),
  },
  (t) => [searchIndex('central_proxy_actions_title_search', t.title)],
);

/** One per site; the password encrypted like a proxy action's token. */
export const smtpSettings = pgTable(
  'smtp_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    hostname: varchar('hostname', { length: 253 }).notNull(),
    port: integer('port').notNull().default(587),
    login: varchar('login', { length: 255 }),
    password_encrypted: text('password_encrypted'),
    has_password: boolean('has_password').generatedAlwaysAs(sql`password_encrypted is not null`),
    ...timestamps,
  },
  (t) => [uniqueIndex('smtp_settings_site_idx').on(t.site_id)],
);

/** The requests report mail of a site (one per site): receivers, subject, frequency in hours. */
export const requestReportSettings = pgTable(
  'request_report_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    receivers: text('receivers').array().notNull().default([]),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    frequency: integer('frequency').notNull().default(1),
    is_active: boolean('is_active').notNull().default(true),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    last_error: text('last_error'),
    ...timestamps,
  },
  (t) => [uniqueIndex('request_report_settings_site_idx').on(t.site_id)],
);

/** A lost request taken off the list by a person (DELETE /lost_requests/{id}); a resend puts it back. */
export const lostRequestDismissals = pgTable('lost_request_dismissals', {
  request_id: integer('request_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' }),
  site_id: integer('site_id').notNull(),
  client_id: integer('client_id').notNull(),
  dismissed_by: integer('dismissed_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
