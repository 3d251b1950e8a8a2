import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  email,
  managerSettingsResource,
  notifierReportResource,
  t as message,
  type JsonApiRecord,
  type Lang,
  type NotifierKind,
  type ReportSettingsAttributes,
} from '@dp/contracts';
import { api, gatewayPath, isApiError } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of the importer notifier screens (server services/importer.notifier). */
export const notifierPath = (rest: string) => gatewayPath('importer.notifier', rest);
export type ReportSettingsRecord = JsonApiRecord<ReportSettingsAttributes>;
export type NotifierReport = {
  site_id: number;
  kind: NotifierKind;
  manager_setting_id: number | null;
  receivers: string[];
  subject: string;
  period_from: string;
  period_to: string;
  imports_count: number;
  counters: Record<string, number>;
  errors_count: number;
  status: 'sent' | 'failed';
  error: string | null;
  created_at: string;
};
export type ManagerSetting = { site_id: number; name: string; dealer_id: number | null; receivers: string[]; frequency: number; is_active: boolean; last_sent_at: string | null };

/** A site's importer mail settings (GET /report_settings/where_site/{siteId}: made with the defaults on first read), its save and "send now". */
export function useReportSettings(siteId: string) {
  const key = ['importer.notifier', 'report_settings', siteId];
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<ReportSettingsRecord>(notifierPath(`report_settings/where_site/${siteId}`), undefined, signal),
  });
  const save = useMutation({
    mutationFn: (attributes: Partial<Pick<ReportSettingsAttributes, 'receivers' | 'subject' | 'frequency' | 'is_active'>>) =>
      api.patch<ReportSettingsRecord>(notifierPath(`report_settings/${query.data!.id}`), { attributes }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
  const sendNow = useMutation({
    mutationFn: () => api.post<{ sent: boolean }>(notifierPath(`report_settings/${query.data!.id}/send_now`)),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: queryKeys.resource(notifierReportResource).all })]);
    },
  });
  return { query, save, sendNow };
}

/** A site's reports or managers' settings: the kit's per-site list. */
export { useSiteList } from '../../kit/useSiteList.ts';

/** Every manager setting of a site (for the names in the managers' reports and their filter). */
export function useManagerSettingNames(siteId: string) {
  return useQuery({
    queryKey: [...queryKeys.resource(managerSettingsResource).options(), 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    staleTime: 30_000,
    queryFn: async () => {
      const list = await api.fetchAll<ManagerSetting>(notifierPath('manager_settings'), { 'filter[site_id]': siteId }, 1000);
      return list.data.map((record) => ({ value: record.id, label: record.attributes.name }));
    },
  });
}

/** The receivers' rule of the forms (the server's: e-mail addresses, at most 20, the manager's at least one). */
export const MAX_RECEIVERS = 20;
export function receiversProblem(values: unknown, lang: Lang, required: boolean, tooMany: string): string | null {
  const list = Array.isArray(values) ? (values as string[]) : [];
  if (required && !list.length) return message('notifier_receivers_required', lang);
  const bad = list.find((value) => !email().safeParse(value).success);
  if (bad !== undefined) return `${message('email', lang)}: ${bad}`;
  if (list.length > MAX_RECEIVERS) return tooMany;
  return null;
}

/** Addresses as typed: trimmed, lower case, without repeats. */
export { normalEmails as normalReceivers } from '../../kit/EmailsInput.tsx';

/** The server's field errors under their fields (`/data/attributes/receivers/2` goes to receivers); the others as one notice text. */
export function fieldErrors(error: unknown): { fields: { name: string; errors: string[] }[]; other: string | null } {
  if (!isApiError(error)) return { fields: [], other: null };
  const byField = new Map<string, string[]>();
  const others: string[] = [];
  for (const one of error.errors) {
    const name = one.source?.pointer?.startsWith('/data/attributes/') ? one.source.pointer.slice('/data/attributes/'.length).split('/')[0]! : null;
    if (name) byField.set(name, [...(byField.get(name) ?? []), one.title]);
    else others.push(one.title);
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), other: others.length ? others.join('; ') : null };
}
