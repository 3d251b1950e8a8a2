import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { code, filterText, id, idList, integer, isoDateTime, optionalText, requiredText, outbound, safeString, url } from '../kit/fields.ts';
import { dealerRef } from '../dealerships/dealership.resource.ts';
import { encodeMessage } from '../kit/messages.ts';
import { idsFilterSchema, timestampsEntity } from '../cars.catalog/catalog-fields.ts';

/**
 * Car import from feeds (spec 001 §2, §3 "Import", §4, §7 "Import"; docs/decisions/import.md,
 * "Whose are the import's records?"). Profiles and hooks are the provider's (staff write them,
 * `tenant: null`); the settings, reports and car reports belong to a site and its client.
 */
export const IMPORT_FORMATS = ['autoru_xml', 'avito_xml', 'csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * The car fields a CSV or XLSX column can feed (a profile's column mapping: field → the column's
 * header). Without a mapping the headers are these names themselves.
 */
export const IMPORT_FIELDS = [
  'vin', 'external_id', 'brand', 'model', 'generation', 'restyling', 'complectation', 'marketing_complectation_code',
  'body_color_code', 'upholstery_code', 'year', 'registry_year', 'price', 'tradein_discount', 'credit_discount',
  'insurance_discount', 'credit_tradein_discount', 'mileage', 'owners', 'is_new', 'logistic_status', 'dealer_code',
  'description', 'body', 'engine', 'transmission', 'wheel_drive', 'pts', 'doors',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const clientRef: RefDef = { service: 'clients.storage', name: 'clients', label: 'name' };
export const importProfileRef: RefDef = { service: 'cars.import', name: 'import_file_profiles', label: 'name' };

/** A car field -> the header of the feed's column that holds it; a chosen field needs its header. */
const mappingRecord = () =>
  z.partialRecord(z.enum(IMPORT_FIELDS, { error: encodeMessage('import_mapping_field') }), safeString().trim().min(1, { error: encodeMessage('import_mapping_column') }).max(100));
const columnMapping = () => mappingRecord().default({});

/** An import profile (spec 001 §3): how a client's feed is read. */
export const importProfileResource = defineResource({
  service: 'cars.import',
  name: 'import_file_profiles',
  module: null, // the provider's dictionary
  entity: z.object({
    code: z.string(),
    name: z.string(),
    client_ids: z.array(z.number()),
    handler_url: z.string().nullable(),
    import_hooks_display_names: z.array(z.string()),
    use_alias: z.boolean(),
    is_asp: z.boolean(),
    format: z.enum(IMPORT_FORMATS),
    column_mapping: z.record(z.string(), z.string()),
    ...timestampsEntity,
  }),
  create: z.strictObject({
    code: code(100),
    name: requiredText(255),
    client_ids: idList(500).default([]),
    handler_url: outbound(url()).nullable().optional(),
    import_hooks_display_names: z.array(safeString().trim().min(1).max(100)).max(50).default([]),
    use_alias: z.boolean().default(true),
    is_asp: z.boolean().default(false),
    format: z.enum(IMPORT_FORMATS, { error: encodeMessage('import_format') }),
    column_mapping: columnMapping(),
  }),
  update: z
    .strictObject({
      code: code(100),
      name: requiredText(255),
      client_ids: idList(500),
      handler_url: outbound(url()).nullable(),
      import_hooks_display_names: z.array(safeString().trim().min(1).max(100)).max(50),
      use_alias: z.boolean(),
      is_asp: z.boolean(),
      format: z.enum(IMPORT_FORMATS, { error: encodeMessage('import_format') }),
      column_mapping: mappingRecord(),
    })
    .partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    format: { op: 'eq', schema: z.enum(IMPORT_FORMATS), widget: 'select', options: IMPORT_FORMATS.map((value) => ({ value, label: `formats.${value}` })) },
    client_ids: { op: 'contains', schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'code', 'name', 'format', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['code'],
  refs: { client_ids: clientRef },
  permissions: { list: ['import_profiles.get_list'], get: ['import_profiles.get_list'], create: ['import_profiles.create'], update: ['import_profiles.patch'], delete: ['import_profiles.delete'] },
  columns: [
    { field: 'name', sortable: true, width: 240 },
    { field: 'code', sortable: true, width: 160 },
    { field: 'format', sortable: true, render: 'tag', width: 150 },
    { field: 'client_ids', render: 'refs', ref: clientRef, width: 240 },
    { field: 'use_alias', render: 'boolean', width: 110 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'format', widget: 'select', options: IMPORT_FORMATS.map((value) => ({ value, label: `formats.${value}` })) },
    { field: 'client_ids', widget: 'multiselect', ref: clientRef, span: 2 },
    { field: 'handler_url', widget: 'text', span: 2 },
    { field: 'import_hooks_display_names', widget: 'tags', span: 2 },
    { field: 'use_alias', widget: 'switch' },
    { field: 'is_asp', widget: 'switch' },
    // The web gives this field its own editable table (cars.import/ImportDictionaryPages.tsx).
    { field: 'column_mapping', widget: 'text', span: 2 },
  ],
  screen: '/cars.import/profiles/',
});

export const HOOK_START_TYPES = ['client', 'feed'] as const;

/**
 * An import hook (spec 001 §3): a handler called before (pre) or after (post) an import, for the
 * clients it is started by (`start_type` client: `client_ids`; feed: `feed_client_ids`).
 */
export const importHookResource = defineResource({
  service: 'cars.import',
  name: 'import_hooks',
  module: null, // the provider's dictionary
  entity: z.object({
    title: z.string(),
    code: z.string(),
    client_ids: z.array(z.number()),
    handler_url: z.string(),
    is_pre_hook: z.boolean(),
    uses_in_import_settings: z.boolean(),
    start_type: z.enum(HOOK_START_TYPES),
    feed_client_ids: z.array(z.number()),
    ...timestampsEntity,
  }),
  create: z.strictObject({
    title: requiredText(255),
    code: code(100),
    client_ids: idList(500).default([]),
    handler_url: outbound(url()),
    is_pre_hook: z.boolean().default(false),
    uses_in_import_settings: z.boolean().default(true),
    start_type: z.enum(HOOK_START_TYPES, { error: encodeMessage('invalid_choice') }).default('client'),
    feed_client_ids: idList(500).default([]),
  }),
  update: z
    .strictObject({
      title: requiredText(255),
      code: code(100),
      client_ids: idList(500),
      handler_url: outbound(url()),
      is_pre_hook: z.boolean(),
      uses_in_import_settings: z.boolean(),
      start_type: z.enum(HOOK_START_TYPES, { error: encodeMessage('invalid_choice') }),
      feed_client_ids: idList(500),
    })
    .partial(),
  filters: {
    search: { op: 'search', columns: ['title', 'code'], schema: filterText(), widget: 'text' },
    is_pre_hook: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' },
  },
  sort: ['id', 'title', 'code', 'created_at', 'updated_at'],
  defaultSort: 'title',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['code'],
  refs: { client_ids: clientRef, feed_client_ids: clientRef },
  permissions: { list: ['import_hooks.get_list'], get: ['import_hooks.get_list'], create: ['import_hooks.create'], update: ['import_hooks.patch'], delete: ['import_hooks.delete'] },
  columns: [
    { field: 'title', sortable: true, width: 240 },
    { field: 'code', sortable: true, width: 160 },
    { field: 'is_pre_hook', render: 'boolean', width: 120 },
    { field: 'start_type', render: 'tag', width: 140 },
    { field: 'client_ids', render: 'refs', ref: clientRef, width: 220 },
  ],
  form: [
    { field: 'title', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'handler_url', widget: 'text', span: 2 },
    { field: 'is_pre_hook', widget: 'switch' },
    { field: 'uses_in_import_settings', widget: 'switch' },
    { field: 'start_type', widget: 'select', options: HOOK_START_TYPES.map((value) => ({ value, label: `start_types.${value}` })) },
    { field: 'client_ids', widget: 'multiselect', ref: clientRef, span: 2 },
    { field: 'feed_client_ids', widget: 'multiselect', ref: clientRef, span: 2 },
  ],
  screen: '/cars.import/hooks/',
});

/** A feed file of the settings: a URL fetched through the SSRF guard, or a file uploaded to the import. */
export const importFeedFile = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('url'), url: outbound(url()), name: optionalText(255) }),
  z.strictObject({ kind: z.literal('upload'), file_id: safeString().regex(/^[0-9a-f]{32}$/), name: optionalText(255), size: integer(0).optional() }),
]);
export type ImportFeedFile = z.output<typeof importFeedFile>;

/** Auto import every this many hours (a pg-boss job chain); null: no auto import. */
export const AUTO_IMPORT_HOURS = [1, 2, 3, 6, 12, 24] as const;
/** The settings' timeout: entered in minutes (1–120, 5 by default), sent and stored in nanoseconds (spec 001 §3). */
export const IMPORT_TIMEOUT_DEFAULT = 5;
export const IMPORT_TIMEOUT_MINUTES = { min: 1, max: 120 } as const;
export const NANOSECONDS_PER_MINUTE = 60_000_000_000;
export const minutesToNanoseconds = (minutes: number) => Math.round(minutes * NANOSECONDS_PER_MINUTE);
export const nanosecondsToMinutes = (nanoseconds: number) => nanoseconds / NANOSECONDS_PER_MINUTE;
const timeoutNanoseconds = () =>
  integer(minutesToNanoseconds(IMPORT_TIMEOUT_MINUTES.min), minutesToNanoseconds(IMPORT_TIMEOUT_MINUTES.max)).refine((value) => value % NANOSECONDS_PER_MINUTE === 0, {
    error: encodeMessage('import_timeout_whole_minutes'),
  });

/**
 * The manual mode's terms (spec 001 §3 settings `manual_data`, its shape ours): why the import is
 * kept manual, and until when. While `is_manual_mode` is on, auto imports wait; a date in `until`
 * lets them start again from that moment (null: until the mode is switched off).
 */
export const importManualData = z.strictObject({ reason: optionalText(1000).transform((value) => value || null), until: isoDateTime().nullable().optional() });
export type ImportManualData = { reason: string | null; until: string | null };
/** PATCH /import/{id}/manual/edit: the manual mode and its terms, either or both. */
export const importManualEditInput = z.strictObject({ is_manual_mode: z.boolean().optional(), manual_data: importManualData.optional() });
/** The phrase a user types to run a manual import over a configured auto import (spec 001 §4). */
export const IMPORT_CONFIRMATION_PHRASES = { ru: 'ПЕРЕЗАПИСАТЬ', en: 'OVERWRITE' } as const;
export const isImportConfirmation = (text: string | null | undefined) =>
  Object.values(IMPORT_CONFIRMATION_PHRASES).includes((text ?? '').trim().toUpperCase() as never);

const settingsFields = {
  profile_id: id().nullable().optional(),
  files: z.array(importFeedFile).max(20).optional(),
  default_dealer_id: id().nullable().optional(),
  is_manual_mode: z.boolean().optional(),
  timeout: timeoutNanoseconds().optional(),
  unique_vins_only: z.boolean().optional(),
  auto_import_hours: z.literal(AUTO_IMPORT_HOURS, { error: encodeMessage('invalid_choice') }).nullable().optional(),
};

/**
 * Import settings of a site (spec 001 §3 settings): its feed files, profile, default dealer,
 * manual mode and its terms, timeout in nanoseconds (5 minutes by default), unique VINs only, auto import. One per site;
 * `in_process` and `last_import_date` are the server's.
 */
export const importSettingsResource = defineResource({
  service: 'cars.import',
  name: 'settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    profile_id: z.number().nullable(),
    files: z.array(z.record(z.string(), z.unknown())),
    default_dealer_id: z.number().nullable(),
    is_manual_mode: z.boolean(),
    manual_data: z.object({ reason: z.string().nullable(), until: z.string().nullable() }),
    timeout: z.number(),
    unique_vins_only: z.boolean(),
    auto_import_hours: z.number().nullable(),
    in_process: z.boolean(),
    last_import_date: z.string().nullable(),
    feed_changed: z.boolean().nullable(),
    feed_checked_at: z.string().nullable(),
    ...timestampsEntity,
  }),
  create: z.strictObject({ site_id: id(), ...settingsFields }),
  update: z.strictObject(settingsFields),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'site_id', 'last_import_date', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  unique: ['site_id'],
  refs: { profile_id: importProfileRef, default_dealer_id: dealerRef },
  permissions: { list: ['import_settings.get_list'], get: ['import_settings.get_list'], create: ['import_settings.patch'], update: ['import_settings.patch'], delete: ['import_settings.patch'] },
  columns: [
    { field: 'site_id', sortable: true, width: 120 },
    { field: 'last_import_date', sortable: true, render: 'date', width: 180 },
  ],
  form: [],
  screen: '/cars.import/settings/{siteId}',
  label: ['site_id'],
});

export const IMPORT_REPORT_STATUSES = ['in_process', 'finished', 'finished_with_error'] as const;
export const IMPORT_TYPES = ['manual', 'auto'] as const;
export const CAR_REPORT_STATUSES = ['created', 'updated', 'no_changes', 'error', 'pending'] as const;
export type CarReportStatus = (typeof CAR_REPORT_STATUSES)[number];

/** The counters of spec 001 §3 "report", in the order the screens show them. */
export const IMPORT_COUNTERS = [
  'total_count', 'created_count', 'updated_count', 'updated_in_stock_count', 'unchanged_count', 'excluded_count',
  'errored_count', 'gone_count', 'to_sale_errored_count',
] as const;
export type ImportCounter = (typeof IMPORT_COUNTERS)[number];
export type ImportCounters = Record<ImportCounter, number>;

const countersEntity = Object.fromEntries(IMPORT_COUNTERS.map((name) => [name, z.number()])) as Record<ImportCounter, z.ZodNumber>;
/** A feed file of a report with its own counters (the per-file view). */
export interface ImportReportFile extends Partial<ImportCounters> {
  index: number;
  name: string;
  error?: string | null;
}

/** An import run (spec 001 §3 report): counters, files, progress, status. Written only by the import. */
export const importReportResource = defineResource({
  service: 'cars.import',
  name: 'reports',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    settings_id: z.number(),
    type: z.enum(IMPORT_TYPES),
    status: z.enum(IMPORT_REPORT_STATUSES),
    is_finished: z.boolean(),
    processed_count: z.number(),
    expected_count: z.number(),
    abort_requested: z.boolean(),
    ...countersEntity,
    files: z.array(z.record(z.string(), z.unknown())),
    hooks: z.array(z.record(z.string(), z.unknown())),
    import_start_date: z.string(),
    finished_at: z.string().nullable(),
    user_id: z.number().nullable(),
    error: z.string().nullable(),
    saga_id: z.string(),
    ...timestampsEntity,
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    site_id: { op: 'eq', schema: id() },
    status: { op: 'eq', schema: z.enum(IMPORT_REPORT_STATUSES) },
    type: { op: 'eq', schema: z.enum(IMPORT_TYPES) },
    ids: { op: 'in', columns: ['id'], schema: idsFilterSchema() },
  },
  sort: ['id', 'import_start_date', 'finished_at', 'status', 'total_count', 'errored_count'],
  defaultSort: '-import_start_date',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  readOnly: true,
  permissions: { list: ['import_reports.get_list'], get: ['import_reports.get_list'], create: [], update: [], delete: [] },
  columns: [
    { field: 'import_start_date', sortable: true, render: 'date', width: 180 },
    { field: 'status', sortable: true, render: 'tag', width: 150 },
    { field: 'total_count', sortable: true, width: 110 },
  ],
  form: [],
  screen: '/cars.import/reports/{siteId}',
  label: ['import_start_date'],
});

/** One feed row of a report (spec 001 §3 car_report): its status, errors and warnings. */
export const carReportResource = defineResource({
  service: 'cars.import',
  name: 'car_reports',
  entity: z.object({
    report_id: z.number(),
    client_id: z.number(),
    site_id: z.number(),
    file_id: z.number(),
    row: z.number(),
    vin: z.string().nullable(),
    external_id: z.string().nullable(),
    car_id: z.number().nullable(),
    is_imported: z.boolean(),
    is_new: z.boolean().nullable(),
    excluded: z.boolean(),
    status: z.enum(CAR_REPORT_STATUSES),
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
    created_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    report_id: { op: 'eq', schema: id() },
    file_id: { op: 'eq', schema: integer(0, 100) },
    status: { op: 'eq', schema: z.enum(CAR_REPORT_STATUSES), widget: 'select', options: CAR_REPORT_STATUSES.map((value) => ({ value, label: `row_statuses.${value}` })) },
    search: { op: 'search', columns: ['vin', 'external_id'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'row', 'status', 'vin'],
  defaultSort: 'row',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  readOnly: true,
  permissions: { list: ['import_reports.get_list'], get: ['import_reports.get_list'], create: [], update: [], delete: [] },
  columns: [
    { field: 'row', sortable: true, width: 80 },
    { field: 'vin', sortable: true, width: 190 },
    { field: 'status', sortable: true, render: 'tag', width: 140 },
  ],
  form: [],
  screen: '/cars.import/reports/{siteId}',
  label: ['vin'],
});

/** POST /import/{settingsId}/manual/start: the typed phrase when an auto import is configured. */
/**
 * POST /import/reports/ecs and /import/reports/ecs/by_projects (spec 001 §7): a report's errors sent
 * to the error collection, into its site's project: one report, or each named site project's latest
 * finished report.
 */
export const importEcsInput = z.strictObject({ report_id: id() });
export const importEcsByProjectsInput = z.strictObject({ project_ids: idList(50).min(1, { error: encodeMessage('required') }) });
/** What sending one report to the error collection did: events accepted, and refused past the project's rate limit. */
export interface ImportEcsOutcome {
  project_id: number;
  report_id: number | null;
  events: number;
  limited: number;
}

export const importStartInput = z.strictObject({ confirmation: safeString().trim().max(100).optional() });

/**
 * POST /import/restart/{id} (spec 001 §4 "Restart takes a cache reset type"): `none` runs the
 * import again as it is; `catalog` first drops the import's catalogue cache (catalogue changes
 * made since are matched); `full` also forgets the recorded feed fingerprints, so the change
 * tracking starts over from this run.
 */
export const CACHE_RESET_TYPES = ['none', 'catalog', 'full'] as const;
export type CacheResetType = (typeof CACHE_RESET_TYPES)[number];
export const importRestartInput = z.strictObject({ cache_reset_type: z.enum(CACHE_RESET_TYPES, { error: encodeMessage('invalid_choice') }).default('none') });

/** Progress of a running import in percent (the bar): processed of the expected rows, 99 until the apply commits. */
export function importProgressPercent(report: { is_finished: boolean; processed_count: number; expected_count: number; total_count: number }): number {
  if (report.is_finished) return 100;
  const expected = Math.max(report.expected_count, report.processed_count, 1);
  return Math.min(99, Math.floor((report.processed_count / expected) * 100));
}

/** A row of the import states screen (GET /import_states): a site's import settings with its last report. */
export interface ImportStateAttributes {
  site_id: number;
  site_name: string;
  client_id: number;
  client_name: string;
  files_count: number;
  in_process: boolean;
  auto_import_hours: number | null;
  last_import_date: string | null;
  /** Whether the feed files changed since the last import: the file list, or what the latest check found; null: unknown. */
  feed_changed: boolean | null;
  feed_checked_at: string | null;
  last_report: null | {
    id: number;
    status: (typeof IMPORT_REPORT_STATUSES)[number];
    type: (typeof IMPORT_TYPES)[number];
    import_start_date: string;
    finished_at: string | null;
    processed_count: number;
    expected_count: number;
    total_count: number;
    errored_count: number;
    is_finished: boolean;
    error: string | null;
  };
}
