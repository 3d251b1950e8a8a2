import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recipient,
  smtpSettingsResource,
  t as message,
  type AvailableAction,
  type ContentType,
  type EmailPreview,
  type JsonApiList,
  type JsonApiRecord,
  type Lang,
  type LostRequestAttributes,
  type RequestReportSettingsAttributes,
} from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { saveDownload } from '../../kit/save-file.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/**
 * Calls of the sender screens (server services/sender): templates' preview, SMTP settings and their
 * test mail, the actions a request setting may pick, lost requests, request report mails.
 */
export const senderPath = (rest: string) => gatewayPath('sender', rest);
export const storagePath = (rest: string) => gatewayPath('request.storage', rest);
const isId = (siteId: string) => /^\d+$/.test(siteId);

export type EmailAction = {
  site_id: number;
  title: string;
  from: string;
  to: string[];
  dealer_recipients: { dealer_code: string; emails: string[] }[];
  cc: string[];
  bcc: string[];
  subject: string;
  content_type: ContentType;
  body: string;
  is_required: boolean;
  is_smtp: boolean;
};
export type ProxyAction = { site_id: number; title: string; url: string; has_token: boolean; is_required: boolean };
export type SmtpSettings = { site_id: number; hostname: string; port: number; login: string | null; has_password: boolean; updated_at: string };

/** A template's subject and body rendered on the server's sample request of the site. */
export function usePreview() {
  return useMutation({
    mutationFn: (input: { site_id: number; subject: string; body: string; content_type: ContentType }) => api.post<EmailPreview>(senderPath('email_actions/preview'), input),
  });
}

/** The e-mail templates and proxy actions of a site, for the request settings' picker and the request's actions. */
export function useAvailableActions(siteId: string | number | null | undefined) {
  const site = String(siteId ?? '');
  return useQuery({
    queryKey: ['sender', 'available_actions', site],
    enabled: isId(site),
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await api.list<AvailableAction>(storagePath(`requests_settings/available_actions/where_site/${site}`), undefined, signal)).data.map((record) => record.attributes),
  });
}
/** An action's name: its title, or its kind and number when it is gone. */
export const actionTitle = (actions: AvailableAction[] | undefined, kind: string, id: number) => actions?.find((action) => action.kind === kind && action.id === id)?.title ?? null;

/** The site's SMTP settings (one or none), their save and a test mail. */
export function useSmtpSettings(siteId: string) {
  const client = useQueryClient();
  const key = [...queryKeys.resource(smtpSettingsResource).all, 'site', siteId];
  const query = useQuery({
    queryKey: key,
    enabled: isId(siteId),
    queryFn: async ({ signal }) => (await api.list<SmtpSettings>(senderPath('smtp_settings'), { 'filter[site_id]': siteId }, signal)).data[0] ?? null,
  });
  const save = useMutation({
    mutationFn: (attributes: Record<string, unknown>) =>
      query.data
        ? api.patch<JsonApiRecord<SmtpSettings>>(senderPath(`smtp_settings/${query.data.id}`), { type: 'smtp_settings', id: query.data.id, attributes })
        : api.post<JsonApiRecord<SmtpSettings>>(senderPath('smtp_settings'), { type: 'smtp_settings', attributes: { site_id: Number(siteId), ...attributes } }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(senderPath(`smtp_settings/${query.data!.id}`)),
    onSuccess: () => client.setQueryData(key, null),
  });
  const test = useMutation({ mutationFn: (to: string) => api.post<{ sent: boolean }>(senderPath(`smtp_settings/${query.data!.id}/test`), { to }) });
  return { query, save, remove, test };
}

export interface LostListParams {
  page: number;
  size: number;
  search: string;
}
export function useLostRequests(siteId: string, params: LostListParams) {
  return useQuery({
    queryKey: ['sender', 'lost_requests', siteId, params],
    enabled: isId(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.list<LostRequestAttributes>(storagePath(`lost_requests/where_site/${siteId}`), { 'page[number]': params.page, 'page[size]': params.size, 'filter[search]': params.search || undefined, utc_offset: -new Date().getTimezoneOffset() }, signal) as Promise<JsonApiList<LostRequestAttributes>>,
  });
}
/** Resend (a request's failed required actions), restart one action, take a request off the list. */
export function useLostActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['sender', 'lost_requests'] });
  return {
    resend: useMutation({ mutationFn: (requestId: string) => api.post<{ restarted: number }>(storagePath(`lost_requests/${requestId}/resend`)), onSuccess: refresh }),
    repeat: useMutation({ mutationFn: (actionId: number) => api.get(storagePath(`repeat_action/where_exec/${actionId}`)), onSuccess: refresh }),
    dismiss: useMutation({ mutationFn: (requestId: string) => api.delete(storagePath(`lost_requests/${requestId}`)), onSuccess: refresh }),
  };
}
/** Saves the ZIP of a date range's lost requests with the browser. */
export async function downloadLostArchive(siteId: string, from: string, to: string) {
  await saveDownload(storagePath(`lost_requests/where_site/${siteId}/archive`), `lost-requests-${from}-${to}.zip`, { 'date[from]': from, 'date[to]': to, utc_offset: -new Date().getTimezoneOffset() });
}

export type ReportSettingsRecord = JsonApiRecord<RequestReportSettingsAttributes>;
/** The site's request report mail (made with the defaults on first read) and its save. */
export function useRequestReportSettings(siteId: string) {
  const key = ['sender', 'request_report_settings', siteId];
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    enabled: isId(siteId),
    queryFn: ({ signal }) => api.get<ReportSettingsRecord>(storagePath(`request_report_settings/where_site/${siteId}`), undefined, signal),
  });
  const save = useMutation({
    mutationFn: (attributes: Partial<Pick<RequestReportSettingsAttributes, 'receivers' | 'subject' | 'frequency' | 'is_active'>>) =>
      api.post<ReportSettingsRecord>(storagePath('request_report_settings'), { site_id: Number(siteId), ...attributes }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
  return { query, save };
}

/** Addresses as typed: trimmed, lower case, without repeats. */
export { normalEmails } from '../../kit/EmailsInput.tsx';
/** The first address that is not one, in the spec's words ("Email is incorrect"); null when all are. */
export function emailsProblem(values: unknown, lang: Lang, options: { required?: boolean; max?: number } = {}): string | null {
  const list = Array.isArray(values) ? (values as string[]) : [];
  if (options.required && !list.length) return message('required', lang);
  const bad = list.find((value) => !recipient().safeParse(value).success);
  if (bad !== undefined) return `${message('sender_email_incorrect', lang)}: ${bad}`;
  if (list.length > (options.max ?? 20)) return message('max_items', lang, { count: options.max ?? 20 });
  return null;
}
