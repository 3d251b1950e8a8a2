import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditResource, hasAnyPermission, type AnyResource, type JsonApiList, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { readListParams, toApiQuery, type ListChange } from '../../kit/useResourceList.ts';

/** Calls of the SEO screens (server services/seo): a site's redirects, settings and constants. */
export const seoPath = (path: string) => gatewayPath('seo', path);

export interface RedirectAttributes {
  site_id: number;
  client_id: number;
  from_page_id: number | null;
  from_uri: string;
  to_page_id: number | null;
  to_uri: string;
  created_type: 'manual' | 'import' | 'auto';
  code: 301 | 302;
  created_at: string;
  updated_at: string;
}

/**
 * A server-paged list of one site's records of a site-owned resource: page, size, sort and the
 * resource's filters live in the URL like every list (kit useResourceList), the site is the path's.
 */
export function useSiteList<A>(resource: AnyResource, siteId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(resource, searchParams), [resource, searchParams]);
  const query = useQuery({
    queryKey: [...queryKeys.resource(resource).list(params), 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<A>(seoPath(resource.name), { ...toApiQuery({ ...params, filters: { ...params.filters, site_id: undefined } }), 'filter[site_id]': siteId }, signal),
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

/** The pages of a site (sites.context) as choices of a redirect's ends: address and caption. */
export function useSitePages(siteId: string) {
  const { user } = useSession();
  const allowed = hasAnyPermission(user?.permissions ?? {}, 'sites.context', ['pages.get_list', 'pages.patch']);
  const query = useQuery({
    queryKey: ['sites.context', 'pages', 'list', 'site', siteId, 'redirect-choices'],
    enabled: allowed && /^\d+$/.test(siteId),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => (await api.fetchAll<{ uri: string; caption?: string | null }>(gatewayPath('sites.context', 'pages'), { 'filter[site_id]': siteId }, 500)).data,
  });
  const options = (query.data ?? [])
    .map((page) => ({ value: Number(page.id), label: page.attributes.caption ? `${page.attributes.uri} — ${page.attributes.caption}` : page.attributes.uri, uri: page.attributes.uri }))
    .sort((a, b) => a.uri.localeCompare(b.uri));
  return { ...query, allowed, options };
}

/** After a write: the resource's lists and the audit trail refetch. */
export function useInvalidateSeo(resource: AnyResource) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.resource(resource).all }), client.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
}
