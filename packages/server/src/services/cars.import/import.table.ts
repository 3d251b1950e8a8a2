import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/**
 * Car import (contracts cars.import/import.resource.ts, spec 001 §3 "Import"): the provider's
 * profiles and hooks, a site's settings, the reports of its runs and their rows. The rows of a
 * run are also its staging area: the parse writes them (status pending, the car it would write in
 * `data`), then one transaction applies them to the cars (run-import.ts).
 */
export const importProfiles = pgTable('import_profiles', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 100 }).notNull().unique(),
  name: varchar('name', { length: 255 }).notNull(),
  client_ids: integer('client_ids').array().notNull().default([]),
  handler_url: text('handler_url'),
  import_hooks_display_names: text('import_hooks_display_names').array().notNull().default([]),
  use_alias: boolean('use_alias').notNull().default(true),
  is_asp: boolean('is_asp').notNull().default(false),
  format: varchar('format', { length: 20 }).notNull(),
  column_mapping: jsonb('column_mapping').$type<Record<string, string>>().notNull().default({}),
  ...timestamps,
});

export const importHooks = pgTable('import_hooks', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
  code: varchar('code', { length: 100 }).notNull().unique(),
  client_ids: integer('client_ids').array().notNull().default([]),
  handler_url: text('handler_url').notNull(),
  is_pre_hook: boolean('is_pre_hook').notNull().default(false),
  uses_in_import_settings: boolean('uses_in_import_settings').notNull().default(true),
  start_type: varchar('start_type', { length: 20 }).notNull().default('client'),
  feed_client_ids: integer('feed_client_ids').array().notNull().default([]),
  ...timestamps,
});

export const importSettings = pgTable('import_settings', {
  id: serial('id').primaryKey(),
  ...siteOwnerColumns(() => sites.id),
  profile_id: integer('profile_id').references(() => importProfiles.id, { onDelete: 'restrict' }),
  files: jsonb('files').$type<Record<string, unknown>[]>().notNull().default([]),
  default_dealer_id: integer('default_dealer_id').references(() => dealerships.id, { onDelete: 'set null' }),
  is_manual_mode: boolean('is_manual_mode').notNull().default(false),
  /** The manual mode's terms (contracts `ImportManualData`): why, and until when auto imports stay paused. */
  manual_data: jsonb('manual_data').$type<{ reason: string | null; until: string | null }>().notNull().default({ reason: null, until: null }),
  /** Nanoseconds (spec 001 §3: entered in minutes, sent in nanoseconds; 5 minutes by default). */
  timeout: bigint('timeout', { mode: 'number' }).notNull().default(300_000_000_000),
  unique_vins_only: boolean('unique_vins_only').notNull().default(false),
  auto_import_hours: integer('auto_import_hours'),
  in_process: boolean('in_process').notNull().default(false),
  last_import_date: timestamp('last_import_date', { withTimezone: true }),
  /** The fingerprints of the feed files the last import read (feed-change tracking, import states). */
  feed_state: jsonb('feed_state').$type<FeedFingerprint[]>().notNull().default([]),
  /** What the latest check of the feed files found: changed since the last import (null: not checked). */
  feed_changed: boolean('feed_changed'),
  feed_checked_at: timestamp('feed_checked_at', { withTimezone: true }),
  /**
   * The sources (`feedSource`) of the feed files whose import stopped its process twice and was not
   * resumed (run-import.ts, recoverImports): a start is refused while the settings name these same
   * files, until a file is replaced (a new upload, another URL). Null: nothing refused.
   */
  stopped_sources: jsonb('stopped_sources').$type<string[]>(),
  ...timestamps,
}, (t) => [uniqueIndex('import_settings_site_idx').on(t.site_id)]);

/** A feed file as an import read it: where from, and what tells a changed file (ETag, Last-Modified, content hash). */
export interface FeedFingerprint {
  source: string;
  etag: string | null;
  last_modified: string | null;
  sha256: string | null;
  size: number | null;
}

/**
 * The catalogue cache of the import (one row): the matching keeps the catalogue in memory per
 * process and reloads it when `catalog_version` moved, so a reset takes effect at the next import
 * of every process, at once.
 */
export const importCacheState = pgTable('import_cache_state', {
  id: integer('id').primaryKey(),
  catalog_version: integer('catalog_version').notNull().default(0),
  reset_at: timestamp('reset_at', { withTimezone: true }),
});

const counter = (name: string) => integer(name).notNull().default(0);

export const importReports = pgTable('import_reports', {
  id: serial('id').primaryKey(),
  ...siteOwnerColumns(() => sites.id),
  settings_id: integer('settings_id').notNull().references(() => importSettings.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 10 }).notNull().default('manual'),
  status: varchar('status', { length: 30 }).notNull().default('in_process'),
  is_finished: boolean('is_finished').notNull().default(false),
  processed_count: counter('processed_count'),
  /** The rows the run expects while it reads (estimated from the bytes read so far); the progress bar's 100 %. */
  expected_count: counter('expected_count'),
  /** Set by abort (and reset): the run stops at its next batch and writes nothing. */
  abort_requested: boolean('abort_requested').notNull().default(false),
  total_count: counter('total_count'),
  created_count: counter('created_count'),
  updated_count: counter('updated_count'),
  updated_in_stock_count: counter('updated_in_stock_count'),
  unchanged_count: counter('unchanged_count'),
  excluded_count: counter('excluded_count'),
  errored_count: counter('errored_count'),
  gone_count: counter('gone_count'),
  to_sale_errored_count: counter('to_sale_errored_count'),
  files: jsonb('files').$type<Record<string, unknown>[]>().notNull().default([]),
  hooks: jsonb('hooks').$type<Record<string, unknown>[]>().notNull().default([]),
  import_start_date: timestamp('import_start_date', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  user_id: integer('user_id'),
  error: text('error'),
  /** The chain of runs this run belongs to: a new run starts one, a restart continues the restarted run's (its root is the chain's first run). */
  saga_id: uuid('saga_id').notNull().defaultRandom(),
  ...timestamps,
}, (t) => [index('import_reports_site_idx').on(t.site_id, t.import_start_date), index('import_reports_saga_idx').on(t.saga_id, t.id)]);

export const carReports = pgTable('import_car_reports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  report_id: integer('report_id').notNull().references(() => importReports.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull(),
  site_id: integer('site_id').notNull(),
  file_id: integer('file_id').notNull().default(0),
  row: integer('row').notNull(),
  vin: varchar('vin', { length: 17 }),
  external_id: varchar('external_id', { length: 100 }),
  /** The car written (or matched) by the row; the cars an import ever touched are the ones a later feed can move to sold. */
  car_id: integer('car_id'),
  is_imported: boolean('is_imported').notNull().default(false),
  is_new: boolean('is_new'),
  excluded: boolean('excluded').notNull().default(false),
  status: varchar('status', { length: 20 }).notNull().default('pending'),
  errors: text('errors').array().notNull().default([]),
  warnings: text('warnings').array().notNull().default([]),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('import_car_reports_report_idx').on(t.report_id, t.file_id, t.row),
  index('import_car_reports_car_idx').on(t.site_id, t.car_id),
]);

/**
 * The rows a running import has parsed and not applied yet (run-import.ts): the report's row and
 * the car it would write (`data`: its values in the import's column order). The apply writes the
 * report's rows from these, once, with their outcome, and deletes them. UNLOGGED (migration 0033):
 * no write-ahead log for rows that a crash makes worthless anyway (a rerun parses the feed again);
 * no foreign key, so the parse's inserts check nothing per row.
 */
export const importStagedRows = pgTable('import_staged_rows', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  report_id: integer('report_id').notNull(),
  file_id: integer('file_id').notNull(),
  row: integer('row').notNull(),
  vin: varchar('vin', { length: 17 }),
  external_id: varchar('external_id', { length: 100 }),
  is_new: boolean('is_new'),
  excluded: boolean('excluded').notNull(),
  status: varchar('status', { length: 20 }).notNull(),
  errors: text('errors').array().notNull(),
  warnings: text('warnings').array().notNull(),
  data: jsonb('data'),
}, (t) => [index('import_staged_rows_report_idx').on(t.report_id, t.id)]);
