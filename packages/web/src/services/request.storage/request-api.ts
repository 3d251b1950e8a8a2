import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modelResource, REQUEST_TYPES, type RequestStatuses, type RequestSummary, type CaptchaCheck, type JsonApiList, type Lang, type RequestEntity, type RequestTypeId, type UnverifiedCaptchaSummary } from '@dp/contracts';
import { api, gatewayPath, type Query } from '../../kit/api.ts';
import { saveDownload } from '../../kit/save-file.ts';
import { listPath } from '../../kit/useResourceList.ts';

/** Calls of the request screens (server services/request.storage/request.routes.ts). */
export const requestsPath = (rest: string) => gatewayPath('request.storage', rest);

export interface RequestListParams {
  page: number;
  size: number;
  search: string;
  from: string | null;
  to: string | null;
  /** Only requests with this captcha mark (null: any). */
  captcha: CaptchaCheck | null;
  /** The analytics filters: UTM source and campaign (whole), a part of the page's address ('' : any). */
  utmSource?: string;
  utmCampaign?: string;
  pageUrl?: string;
}

/** The reader's offset from UTC in minutes: the server counts whole days in the reader's time. */
export const utcOffset = () => -new Date().getTimezoneOffset();

export const listQuery = (params: Pick<RequestListParams, 'search' | 'from' | 'to' | 'utmSource' | 'utmCampaign' | 'pageUrl'> & { captcha?: CaptchaCheck | null }): Query => ({
  'filter[search]': params.search || undefined,
  'date[from]': params.from ?? undefined,
  'date[to]': params.to ?? undefined,
  'filter[captcha]': params.captcha ?? undefined,
  'filter[utm_source]': params.utmSource || undefined,
  'filter[utm_campaign]': params.utmCampaign || undefined,
  'filter[page_url]': params.pageUrl || undefined,
});

export function useRequestList(type: RequestTypeId, siteId: string, params: RequestListParams) {
  const list = REQUEST_TYPES[type].list;
  return useQuery({
    queryKey: ['request.storage', list, siteId, params],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.list<RequestEntity>(requestsPath(`${list}/where_site/${siteId}`), { ...listQuery(params), 'page[number]': params.page, 'page[size]': params.size }, signal) as Promise<JsonApiList<RequestEntity>>,
  });
}

/**
 * Where a type's requests of a site stand with their actions: the counts over the list's date range,
 * and the shown page's own statuses (`ids`).
 */
export function useRequestStatuses(type: RequestTypeId, siteId: string, range: Pick<RequestListParams, 'from' | 'to'>, ids: string[]) {
  return useQuery({
    queryKey: ['request.storage', 'statuses', type, siteId, range.from, range.to, ids],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<RequestStatuses>(
        requestsPath(`request_statuses/${type}/where_site/${siteId}`),
        { 'date[from]': range.from ?? undefined, 'date[to]': range.to ?? undefined, utc_offset: utcOffset(), 'filter[ids]': ids.length ? ids.join(',') : undefined },
        signal,
      ),
  });
}

export interface RequestAction {
  kind: string;
  action_id: number;
  status: 'pending' | 'held' | 'failed' | 'success';
  attempts: number;
  last_error: string | null;
}

/** The catalogue's names of the models the shown requests ask about (test drive, service, buy model), by id, in the reader's language. */
export function useModelNames(ids: number[], lang: Lang) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['request.storage', 'model-names', wanted, lang],
    enabled: wanted.length > 0,
    staleTime: 300_000,
    queryFn: async ({ signal }) => {
      const list = await api.list<{ name: string; name_ru: string | null; name_en: string | null }>(listPath(modelResource), { 'filter[ids]': wanted.join(','), 'page[size]': wanted.length }, signal);
      return new Map(list.data.map((record) => [Number(record.id), (lang === 'en' ? record.attributes.name_en : record.attributes.name_ru) || record.attributes.name]));
    },
  });
}

export function useRequestActions(id: string | null) {
  return useQuery({
    queryKey: ['request.storage', 'actions', id],
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<{ id: string; attributes: RequestAction }[]>(requestsPath(`requests/${id}/actions`), undefined, signal),
  });
}

/** Saves an XLSX of the server (a list's, or all requests') with the browser. */
export async function downloadRequests(path: string, query: Query, fallbackName: string) {
  await saveDownload(requestsPath(path), fallbackName, { ...query, utc_offset: utcOffset() });
}

/** The site's requests held with their captcha not verified, and the smart captcha's outages. */
export function useUnverifiedSummary(siteId: string) {
  return useQuery({
    queryKey: ['request.storage', 'captcha_unverified', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<UnverifiedCaptchaSummary>(requestsPath(`requests/captcha_unverified/where_site/${siteId}`), undefined, signal),
  });
}

/** Release (their held actions run) or delete many requests of a site; the lists and the summary are read again after. */
export function useRequestsBulk(siteId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['request.storage'] });
  return {
    release: useMutation({ mutationFn: (ids: string[]) => api.post<{ released: number }>(requestsPath(`requests/release/where_site/${siteId}`), { ids: ids.map(Number) }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (ids: string[]) => api.post<{ deleted: number }>(requestsPath(`requests/delete/where_site/${siteId}`), { ids: ids.map(Number) }), onSuccess: refresh }),
  };
}

/** Saves a consent text the site's requests were sent under, as a text file, with the browser. */
export async function downloadAgreement(siteId: string | number, hash: string) {
  await saveDownload(requestsPath(`agreement_hash/by/${siteId}/${hash}/file`), `agreement-${siteId}-${hash.slice(0, 12)}.txt`);
}

/** A site's requests counted by type and by day of a range (the reader's days). */
export function useRequestSummary(siteId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['request.storage', 'summary', siteId, range],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.get<RequestSummary>(requestsPath(`request_summary/where_site/${siteId}`), { 'date[from]': range.from, 'date[to]': range.to, utc_offset: utcOffset() }, signal),
  });
}
