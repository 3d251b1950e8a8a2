import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/**
 * Importer notifier (contracts importer.notifier/notifier.resource.ts): the importer's mail of a
 * site (one row per site), managers' mails (per dealership), and every mail sent or failed.
 */
export const notifierReportSettings = pgTable(
  'notifier_report_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    receivers: text('receivers').array().notNull().default([]),
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    /** Hours between mails: 1 (the default), 6, 12, 24 or 168 (weekly). */
    frequency: integer('frequency').notNull().default(1),
    is_active: boolean('is_active').notNull().default(true),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('notifier_report_settings_site_idx').on(t.site_id)],
);

export const notifierManagerSettings = pgTable(
  'notifier_manager_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: varchar('name', { length: 255 }).notNull(),
    dealer_id: integer('dealer_id').references(() => dealerships.id, { onDelete: 'set null' }),
    receivers: text('receivers').array().notNull().default([]),
    frequency: integer('frequency').notNull().default(1),
    is_active: boolean('is_active').notNull().default(true),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('notifier_manager_settings_site_idx').on(t.site_id)],
);

export const notifierReports = pgTable(
  'notifier_reports',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    manager_setting_id: integer('manager_setting_id').references(() => notifierManagerSettings.id, { onDelete: 'set null' }),
    receivers: text('receivers').array().notNull().default([]),
    subject: varchar('subject', { length: 300 }).notNull(),
    period_from: timestamp('period_from', { withTimezone: true }).notNull(),
    period_to: timestamp('period_to', { withTimezone: true }).notNull(),
    imports_count: integer('imports_count').notNull().default(0),
    counters: jsonb('counters').$type<Record<string, number>>().notNull().default({}),
    errors_count: integer('errors_count').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull(),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifier_reports_site_idx').on(t.site_id, t.kind, t.created_at)],
);
