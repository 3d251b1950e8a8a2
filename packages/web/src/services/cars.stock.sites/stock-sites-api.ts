import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditResource, type AnyResource, type JsonApiList, type JsonApiRecord, type Lang, type StockSettingsSelects } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { readListParams, toApiQuery, type ListChange } from '../../kit/useResourceList.ts';

/** Calls of the stock settings and car sorting screens (server services/cars.stock.sites, cars.sorting). */
export const stockSitesPath = (rest: string) => gatewayPath('cars.stock.sites', rest);
export const sortingPath = (rest: string) => gatewayPath('cars.sorting', rest);

/** One settings record of a site (GET|PATCH <path>/where_site/{siteId}): the stored one or the defaults. */
export function useSiteSettings<A>(service: 'cars.stock.sites' | 'cars.sorting', path: string, siteId: string) {
  const url = gatewayPath(service, `${path}/where_site/${siteId}`);
  const key = [service, path, 'site', siteId];
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<A>>(url, undefined, signal),
  });
  const save = useMutation({
    mutationFn: (attributes: Record<string, unknown>) => api.patch<JsonApiRecord<A>>(url, { attributes }),
    onSuccess: async (saved) => {
      client.setQueryData(key, saved);
      await client.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all });
    },
  });
  return { query, save, settings: query.data?.attributes };
}

/** The site's pages and templates the stock settings may name (GET /lss/{siteId}/selects). */
export function useStockSelects(siteId: string) {
  const query = useQuery({
    queryKey: ['cars.stock.sites', 'selects', siteId],
    enabled: /^\d+$/.test(siteId),
    staleTime: 30_000,
    queryFn: ({ signal }) => api.get<StockSettingsSelects>(stockSitesPath(`lss/${siteId}/selects`), undefined, signal),
  });
  const pages = (query.data?.pages ?? []).map((page) => ({ value: page.id, label: page.caption ? `${page.uri} — ${page.caption}` : page.uri }));
  const templates = (query.data?.templates ?? []).map((template) => ({ value: template.id, label: template.name }));
  return { query, pages, templates };
}

/** A server-paged list of one site's records of a site-owned resource; page, size, sort and filters in the URL. */
export function useSiteResourceList<A>(resource: AnyResource, siteId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(resource, searchParams), [resource, searchParams]);
  const query = useQuery({
    queryKey: [...queryKeys.resource(resource).list(params), 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<A>(gatewayPath(resource.service, resource.name), { ...toApiQuery({ ...params, filters: { ...params.filters, site_id: undefined } }), 'filter[site_id]': siteId }, signal),
  });
  const change = useCallback(
    (next: ListChange) =>
      setSearchParams((previous) => {
        const result = new URLSearchParams(previous);
        const set = (name: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? result.delete(name) : result.set(name, String(value)));
        if (next.size !== undefined) set('size', next.size === 20 ? null : next.size);
        if (next.sort !== undefined) set('sort', next.sort);
        for (const [name, value] of Object.entries(next.filters ?? {})) set(name, value);
        const page = next.page ?? (next.filters || next.sort !== undefined || next.size !== undefined ? 1 : undefined);
        if (page !== undefined) set('page', page === 1 ? null : page);
        return result;
      }),
    [setSearchParams],
  );
  const data: JsonApiList<A> | undefined = query.data;
  const filters = Object.fromEntries(Object.entries(params.filters).filter(([name]) => name !== 'site_id'));
  return {
    ...params,
    filters,
    query,
    change,
    records: (data?.data ?? []) as JsonApiRecord<A>[],
    included: data?.included ?? [],
    total: data?.meta?.page?.total ?? 0,
    hasFilters: Object.keys(filters).length > 0,
    resetFilters: () => change({ filters: Object.fromEntries(Object.keys(filters).map((name) => [name, null])) }),
  };
}

/** The server's field errors on an antd form (pointers such as used_settings/sold_period name nested fields), the rest as a notice. */
export function showSaveErrors(error: unknown, lang: Lang, setFields: (fields: { name: (string | number)[]; errors: string[] }[]) => void) {
  if (!isApiError(error)) return notify.error(errorTitle(error, lang));
  const placed = error.errors.filter((one) => one.source?.pointer?.startsWith('/data/attributes/'));
  if (!placed.length) return notify.error(error.title);
  setFields(placed.map((one) => ({ name: one.source!.pointer!.slice('/data/attributes/'.length).split('/').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [one.title] })));
}
