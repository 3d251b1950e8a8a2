import { z } from 'zod';
import { defineResource, type RefDef } from '../kit/resource.ts';
import { email, id, safeString } from '../kit/fields.ts';
import { dealerRef } from '../dealerships/dealership.resource.ts';
import { encodeMessage } from '../kit/messages.ts';
import { IMPORT_COUNTERS, type ImportCounters } from '../cars.import/import.resource.ts';

/**
 * Importer notifier (spec 001 §2, §3 "Importer notifier", §9; docs/decisions/export.md, "What does
 * the importer notifier send?"): per site, mails with the import summary of a period (the counters
 * of the imports' reports) and their errors attached as XLSX, on a schedule. Report settings (one
 * per site, module importer-notifier) send the site's whole summary to the importer's receivers;
 * manager settings (module manager-notifier) send a dealership's managers the summary of their
 * dealer's cars only. Every mail sent (or failed) is kept as a report.
 */

/** Frequencies in hours (spec §9): every hour (the default), 6, 12, 24 hours, weekly. */
export const NOTIFIER_FREQUENCIES = [1, 6, 12, 24, 168] as const;
export type NotifierFrequency = (typeof NOTIFIER_FREQUENCIES)[number];
export const NOTIFIER_FREQUENCY_DEFAULT: NotifierFrequency = 1;
export const NOTIFIER_KINDS = ['importer', 'manager'] as const;
export type NotifierKind = (typeof NOTIFIER_KINDS)[number];
export const NOTIFIER_REPORT_STATUSES = ['sent', 'failed'] as const;

const frequency = () => z.literal(NOTIFIER_FREQUENCIES, { error: encodeMessage('invalid_choice') });
const receivers = () => z.array(email()).max(20);
export const frequencyOptions = NOTIFIER_FREQUENCIES.map((value) => ({ value, label: `frequencies.${value}` }));

/** GET /report_settings/where_site/{siteId} and PATCH /report_settings/{id}: the importer's mail of a site. */
export const reportSettingsPatch = z.strictObject({
  receivers: receivers().optional(),
  subject: safeString().trim().max(200).optional(),
  frequency: frequency().optional(),
  is_active: z.boolean().optional(),
});

export interface ReportSettingsAttributes {
  site_id: number;
  client_id: number;
  receivers: string[];
  subject: string;
  frequency: NotifierFrequency;
  is_active: boolean;
  last_sent_at: string | null;
  created_at: string;
  updated_at: string;
}


const managerFields = {
  name: safeString().trim().min(1).max(255),
  dealer_id: id().nullable().optional(),
  receivers: receivers().min(1, { error: encodeMessage('notifier_receivers_required') }),
  frequency: frequency().optional(),
  is_active: z.boolean().optional(),
};

/** A manager's mail of a site: the summary of one dealership's cars (every one when none is chosen). */
export const managerSettingsResource = defineResource({
  service: 'importer.notifier',
  name: 'manager_settings',
  module: 'manager-notifier',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    name: z.string(),
    dealer_id: z.number().nullable(),
    receivers: z.array(z.string()),
    frequency: z.number(),
    is_active: z.boolean(),
    last_sent_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...managerFields }),
  update: z.strictObject(managerFields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['name'], schema: safeString().max(100), widget: 'text' },
  },
  sort: ['id', 'name', 'frequency', 'last_sent_at', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { dealer_id: dealerRef },
  permissions: { list: ['notifier_settings.get_list'], get: ['notifier_settings.get_list'], create: ['notifier_settings.patch'], update: ['notifier_settings.patch'], delete: ['notifier_settings.patch'] },
  columns: [
    { field: 'name', sortable: true, width: 180 },
    { field: 'dealer_id', render: 'refs', ref: dealerRef, width: 170 },
    { field: 'receivers', width: 230 },
    { field: 'frequency', sortable: true, render: 'tag', width: 150 },
    { field: 'is_active', render: 'boolean', width: 100 },
    { field: 'last_sent_at', sortable: true, render: 'date', width: 150 },
  ],
  form: [
    { field: 'name', widget: 'text', span: 2 },
    { field: 'dealer_id', widget: 'select', ref: dealerRef },
    { field: 'frequency', widget: 'select', options: frequencyOptions },
    { field: 'receivers', widget: 'tags', span: 2 },
    { field: 'is_active', widget: 'switch' },
  ],
  screen: '/importer.notifier/manager_settings/{siteId}',
});

/** A mail the notifier sent (or failed to send): its period, receivers, the summary it carried. */
export const notifierReportResource = defineResource({
  service: 'importer.notifier',
  name: 'reports',
  module: 'importer-notifier|manager-notifier', // the importer's and the managers' mails
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    kind: z.enum(NOTIFIER_KINDS),
    manager_setting_id: z.number().nullable(),
    receivers: z.array(z.string()),
    subject: z.string(),
    period_from: z.string(),
    period_to: z.string(),
    imports_count: z.number(),
    counters: z.record(z.string(), z.number()),
    errors_count: z.number(),
    status: z.enum(NOTIFIER_REPORT_STATUSES),
    error: z.string().nullable(),
    created_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    site_id: { op: 'eq', schema: id() },
    kind: { op: 'eq', schema: z.enum(NOTIFIER_KINDS) },
    status: { op: 'eq', schema: z.enum(NOTIFIER_REPORT_STATUSES), widget: 'select', options: NOTIFIER_REPORT_STATUSES.map((value) => ({ value, label: `statuses.${value}` })) },
    manager_setting_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'created_at', 'imports_count', 'errors_count', 'status'],
  defaultSort: '-created_at',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  readOnly: true,
  permissions: { list: ['notifier_reports.get_list'], get: ['notifier_reports.get_list'], create: [], update: [], delete: [] },
  columns: [
    { field: 'created_at', sortable: true, render: 'date', width: 170 },
    { field: 'subject', width: 260 },
    { field: 'receivers', width: 240 },
    { field: 'imports_count', sortable: true, width: 110 },
    { field: 'errors_count', sortable: true, width: 110 },
    { field: 'status', sortable: true, render: 'tag', width: 120 },
  ],
  form: [],
  screen: '/importer.notifier/reports/{siteId}',
  label: ['subject'],
});

/** The summary a mail carries: the counters of the period's imports, summed. */
export type NotifierSummary = ImportCounters & { imports: number };
export const emptySummary = (): NotifierSummary => ({ ...(Object.fromEntries(IMPORT_COUNTERS.map((name) => [name, 0])) as ImportCounters), imports: 0 });

/** Whether a mail of this frequency is due: never sent, or sent at least `frequency` hours before `now` (a minute of slack for the cron's jitter). */
export function notifierDue(lastSentAt: Date | null, frequencyHours: number, now: Date): boolean {
  if (!lastSentAt) return true;
  return now.getTime() - lastSentAt.getTime() >= frequencyHours * 3_600_000 - 60_000;
}

