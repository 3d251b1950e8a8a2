import { useQuery } from '@tanstack/react-query';
import type { ImportStateAttributes, JsonApiList, JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { saveFile } from '../../kit/save-file.ts';

/** Calls and shapes of the car import screens (cars.import). */
export const importPath = (rest: string) => gatewayPath('cars.import', rest);

export type FeedFile = { kind: 'url'; url: string; name?: string | null } | { kind: 'upload'; file_id: string; name?: string | null; size?: number };

export interface ImportSettings {
  site_id: number;
  client_id: number;
  profile_id: number | null;
  files: FeedFile[];
  default_dealer_id: number | null;
  is_manual_mode: boolean;
  /** The manual mode's terms: why, and until when auto imports wait. */
  manual_data: { reason: string | null; until: string | null };
  /** Nanoseconds (the screen shows minutes). */
  timeout: number;
  unique_vins_only: boolean;
  auto_import_hours: number | null;
  in_process: boolean;
  last_import_date: string | null;
  feed_changed: boolean | null;
  feed_checked_at: string | null;
}

export interface ReportFile {
  index: number;
  name: string;
  error?: string | null;
  total_count?: number;
  errored_count?: number;
  excluded_count?: number;
}

export interface ImportReport {
  site_id: number;
  settings_id: number;
  type: 'manual' | 'auto';
  status: 'in_process' | 'finished' | 'finished_with_error';
  is_finished: boolean;
  processed_count: number;
  expected_count: number;
  total_count: number;
  created_count: number;
  updated_count: number;
  updated_in_stock_count: number;
  unchanged_count: number;
  excluded_count: number;
  errored_count: number;
  gone_count: number;
  to_sale_errored_count: number;
  files: ReportFile[];
  import_start_date: string;
  finished_at: string | null;
  error: string | null;
  abort_requested: boolean;
}

export interface CarReportRow {
  report_id: number;
  file_id: number;
  row: number;
  vin: string | null;
  external_id: string | null;
  status: 'created' | 'updated' | 'no_changes' | 'error' | 'pending';
  is_imported: boolean;
  excluded: boolean;
  errors: string[];
  warnings: string[];
}

export const importKeys = {
  all: ['cars.import'] as const,
  settings: (siteId: string) => ['cars.import', 'settings', siteId] as const,
  profiles: (siteId: string) => ['cars.import', 'profiles-for-site', siteId] as const,
  reports: (siteId: string, query: Record<string, unknown>) => ['cars.import', 'reports', siteId, query] as const,
  report: (id: string) => ['cars.import', 'report', id] as const,
  rows: (id: string, query: Record<string, unknown>) => ['cars.import', 'rows', id, query] as const,
  states: (query: Record<string, unknown>) => ['cars.import', 'states', query] as const,
};

/** While an import runs its report is read every second (the progress bar); not once it has finished. */
export const REFRESH_WHILE_RUNNING_MS = 1000;

export function useImportSettings(siteId: string | undefined) {
  return useQuery({
    queryKey: importKeys.settings(siteId ?? ''),
    enabled: !!siteId && /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<ImportSettings>>(importPath(`settings/where_site/${siteId}`), undefined, signal),
    // A running import ends by itself: the flag is followed until it does.
    refetchInterval: (query) => (query.state.data?.attributes.in_process ? REFRESH_WHILE_RUNNING_MS : false),
  });
}

export function useSiteProfiles(siteId: string | undefined) {
  return useQuery({
    queryKey: importKeys.profiles(siteId ?? ''),
    enabled: !!siteId && /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<{ code: string; name: string; format: string }>[]>(importPath(`import/profiles/for_site/${siteId}`), undefined, signal),
  });
}

export function useReports(siteId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: importKeys.reports(siteId ?? '', { page, pageSize }),
    enabled: !!siteId && /^\d+$/.test(siteId),
    queryFn: ({ signal }) =>
      api.list<ImportReport>(importPath('reports'), { 'filter[site_id]': siteId, 'page[number]': page, 'page[size]': pageSize, sort: '-import_start_date' }, signal),
    refetchInterval: (query) => (query.state.data?.data.some((report) => !report.attributes.is_finished) ? REFRESH_WHILE_RUNNING_MS : false),
  });
}

export function useReportRows(reportId: string | null, query: { page: number; pageSize: number; fileId?: number; status?: string }) {
  return useQuery({
    queryKey: importKeys.rows(reportId ?? '', query),
    enabled: !!reportId,
    queryFn: ({ signal }) =>
      api.list<CarReportRow>(importPath(`import/car_reports/by/report/${reportId}`), { 'page[number]': query.page, 'page[size]': query.pageSize, 'filter[file_id]': query.fileId, 'filter[status]': query.status }, signal),
  });
}

export function useImportStates(query: { page: number; pageSize: number; search: string; inProcess?: string; sort: string }) {
  return useQuery({
    queryKey: importKeys.states(query),
    queryFn: ({ signal }): Promise<JsonApiList<ImportStateAttributes>> =>
      api.list<ImportStateAttributes>(importPath('import_states'), { 'page[number]': query.page, 'page[size]': query.pageSize, 'filter[search]': query.search || undefined, 'filter[in_process]': query.inProcess, sort: query.sort }, signal),
    refetchInterval: (state) => (state.state.data?.data.some((row) => row.attributes.in_process) ? REFRESH_WHILE_RUNNING_MS * 3 : false),
  });
}

/** Downloads a report (all rows, or those with errors and warnings) as XLSX. */
export async function downloadReport(reportId: string, errorsOnly: boolean) {
  const { blob, fileName } = await api.download(importPath(`import/reports/${reportId}/${errorsOnly ? 'errors' : 'xlsx'}`));
  saveFile(blob, fileName ?? `import-${reportId}${errorsOnly ? '-errors' : ''}.xlsx`);
}

/**
 * How a finished import ended, as the reports and states show it: an import that read every file
 * but refused rows "finished with errors" (spec 001 §4), in warning colours with the count, never
 * a green "finished"; one that could not read a file or was stopped "finished with an error".
 */
export function reportOutcome(report: Pick<ImportReport, 'status' | 'errored_count'>): { key: string; color: string; count?: number } {
  if (report.status === 'finished' && report.errored_count > 0) return { key: 'finished_with_errors', color: 'warning', count: report.errored_count };
  return { key: report.status, color: REPORT_STATUS_COLORS[report.status] ?? 'default' };
}

const REPORT_STATUS_COLORS: Record<string, string> = { in_process: 'processing', finished: 'success', finished_with_error: 'error' };
export const ROW_STATUS_COLORS: Record<string, string> = { created: 'green', updated: 'blue', no_changes: 'default', error: 'red', pending: 'gold' };
