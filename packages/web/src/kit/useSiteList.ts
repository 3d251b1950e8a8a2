import { useCallback, useMemo } from 'react';
import { useUrlQuery } from './useUrlQuery.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnyResource, JsonApiList, JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from './api.ts';
import { queryKeys } from './queryKeys.ts';
import { readListParams, toApiQuery, type ListChange } from './useResourceList.ts';

const NONE: Record<string, string> = {};

/**
 * A server-paged list of one site's records of a site-owned resource (redirects, showroom pages,
 * request settings, notifier reports...): page, size, sort and the resource's filters in the URL;
 * the site and the `fixed` filters are always sent and never shown as the user's filters.
 */
export function useSiteList<A>(resource: AnyResource, siteId: string, fixed: Record<string, string> = NONE) {
  const [searchParams, setSearchParams] = useUrlQuery();
  const params = useMemo(() => readListParams(resource, searchParams), [resource, searchParams]);
  const filters = useMemo(() => Object.fromEntries(Object.entries(params.filters).filter(([name]) => name !== 'site_id' && !(name in fixed))), [params.filters, fixed]);
  const sent = { ...params, filters: { ...filters, ...fixed } };
  const query = useQuery({
    queryKey: [...queryKeys.resource(resource).list(sent), 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<A>(gatewayPath(resource.service, resource.name), { ...toApiQuery(sent), 'filter[site_id]': siteId }, signal),
  });
  const change = useCallback(
    (next: ListChange, options: { replace?: boolean } = {}) =>
      setSearchParams(
        (previous) => {
          const result = new URLSearchParams(previous);
          const set = (name: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? result.delete(name) : result.set(name, String(value)));
          if (next.size !== undefined) set('size', next.size === 20 ? null : next.size);
          if (next.sort !== undefined) set('sort', next.sort);
          for (const [name, value] of Object.entries(next.filters ?? {})) set(name, value);
          const page = next.page ?? (next.filters || next.sort !== undefined || next.size !== undefined ? 1 : undefined);
          if (page !== undefined) set('page', page === 1 ? null : page);
          return result;
        },
        { replace: options.replace },
      ),
    [setSearchParams],
  );
  const data: JsonApiList<A> | undefined = query.data;
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
