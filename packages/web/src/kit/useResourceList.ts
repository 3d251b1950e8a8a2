import { useCallback, useMemo } from 'react';
import { useUrlQuery } from './useUrlQuery.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { findResource, hasAnyPermission, seededText, type AnyResource, type JsonApiList, type JsonApiRecord, type RefDef } from '@dp/contracts';
import { currentLang } from '../app/i18n.ts';
import { useSession } from '../app/session.ts';
import { api, gatewayPath, type Query } from './api.ts';
import { queryKeys, type ListParams } from './queryKeys.ts';

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** URL parameters of a list screen; every other one is a filter of the resource. */
const RESERVED = ['page', 'size', 'sort'];

export const listPath = (r: { service: string; name: string }) => gatewayPath(r.service, r.name);
export const recordPath = (r: { service: string; name: string }, id: string) => gatewayPath(r.service, `${r.name}/${encodeURIComponent(id)}`);

/** Keeps only sort fields the resource declares; '' when none is left. */
export function cleanSort(value: string | null | undefined, allowed: string[]): string | undefined {
  if (!value) return undefined;
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && allowed.includes(part.replace(/^-/, '')));
  return parts.length ? parts.join(',') : undefined;
}

/** The order a table's column shows for a list's sort (`field` ascending, `-field` descending). */
export const columnSortOrder = (sort: string | undefined, field: string): 'ascend' | 'descend' | null => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/** A list's sort after a table's sorter changed: `field`, `-field`, or null (the list's default). */
export function sortOfTable(sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null } | { columnKey?: unknown; order?: 'ascend' | 'descend' | null }[]): string | null {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  return one?.order && one.columnKey !== undefined ? `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}` : null;
}

/** Reads page, size, sort and filters of a resource list from URL search params. */
export function readListParams(resource: Pick<AnyResource, 'sort' | 'filters'>, params: URLSearchParams): Required<Omit<ListParams, 'sort'>> & { sort?: string } {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const rawSize = Number.parseInt(params.get('size') ?? '', 10);
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const sort = cleanSort(params.get('sort'), resource.sort);
  const filters: Record<string, string> = {};
  for (const name of Object.keys(resource.filters)) {
    if (RESERVED.includes(name)) continue;
    const value = params.get(name);
    if (value !== null && value.trim() !== '') filters[name] = value.trim();
  }
  return { page, size, sort, filters };
}

/** The API query of a list: page[number], page[size], sort, filter[...]. */
export function toApiQuery(params: ListParams): Query {
  const query: Query = { 'page[number]': params.page, 'page[size]': params.size, sort: params.sort };
  for (const [name, value] of Object.entries(params.filters ?? {})) query[`filter[${name}]`] = value;
  return query;
}

/** The query of one page of a resource list: the list screens' and the signed-in preload's (app/preload.ts). */
export const listQuery = <A = Record<string, unknown>>(resource: AnyResource, params: ListParams) =>
  queryOptions({
    queryKey: queryKeys.resource(resource).list(params),
    queryFn: ({ signal }) => api.list<A>(listPath(resource), toApiQuery(params), signal),
  });

export interface ListChange {
  page?: number;
  size?: number;
  sort?: string | null;
  filters?: Record<string, string | null | undefined>;
}

/**
 * A server-paged list of a resource whose page, size, sort and filters live in the URL, so a
 * reload or the back button keeps them.
 */
export function useResourceList<A = Record<string, unknown>>(resource: AnyResource) {
  const [searchParams, setSearchParams] = useUrlQuery();
  const params = useMemo(() => readListParams(resource, searchParams), [resource, searchParams]);

  const query = useQuery({ ...listQuery<A>(resource, params), placeholderData: keepPreviousData });

  const change = useCallback(
    (next: ListChange, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const result = new URLSearchParams(previous);
          const set = (name: string, value: string | number | null | undefined) => {
            if (value === null || value === undefined || value === '') result.delete(name);
            else result.set(name, String(value));
          };
          if (next.size !== undefined) set('size', next.size === DEFAULT_PAGE_SIZE ? null : next.size);
          if (next.sort !== undefined) set('sort', next.sort);
          for (const [name, value] of Object.entries(next.filters ?? {})) set(name, value);
          // A new filter, sort or size starts from the first page.
          const page = next.page ?? (next.filters || next.sort !== undefined || next.size !== undefined ? 1 : undefined);
          if (page !== undefined) set('page', page === 1 ? null : page);
          return result;
        },
        { replace: options.replace },
      );
    },
    [setSearchParams],
  );

  const resetFilters = useCallback(() => {
    change({ filters: Object.fromEntries(Object.keys(resource.filters).map((name) => [name, null])) });
  }, [change, resource.filters]);

  const data: JsonApiList<A> | undefined = query.data;
  return {
    ...params,
    query,
    records: (data?.data ?? []) as JsonApiRecord<A>[],
    included: data?.included ?? [],
    total: data?.meta?.page?.total ?? 0,
    /** The total is the server's estimate (a list larger than it counts exactly). */
    estimated: data?.meta?.page?.estimated === true,
    hasFilters: Object.keys(params.filters).length > 0,
    change,
    resetFilters,
  };
}

export interface RefOption {
  value: number | string;
  label: string;
}

/** Numeric ids travel as numbers in attributes (group_ids, client_id), others as strings. */
export const refValue = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);

/** Every record of a referenced resource as select options (label = the ref's label field). */
export function useRefOptions(ref: RefDef | undefined, filters?: Record<string, string>) {
  const { user } = useSession();
  const target = ref ? findResource(ref.service, ref.name) : undefined;
  const allowed = !!ref && !!user && (!target || hasAnyPermission(user.permissions, target.service, target.permissions.list));
  // Narrowed choices (cascading pickers) are cached apart from the whole list.
  const query = useQuery({
    queryKey: filters ? [...queryKeys.resource(ref ?? { service: '-', name: '-' }).options(), filters] : queryKeys.resource(ref ?? { service: '-', name: '-' }).options(),
    enabled: allowed,
    staleTime: 60_000,
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filters ?? {}).map(([name, value]) => [`filter[${name}]`, value]));
      const list = await api.fetchAll(listPath(ref!), query, Math.min(500, target?.pageSize.max ?? 500));
      return list.data
        .map((record) => ({ value: refValue(record.id), label: String(record.attributes[ref!.label] ?? `#${record.id}`) }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },
  });
  // Seeded names (the demo roles, client groups) in the reader's language.
  const lang = currentLang();
  const options = useMemo(() => (query.data ?? []).map((option) => ({ ...option, label: seededText(option.label, lang) })), [query.data, lang]);
  return { ...query, allowed, options };
}

/** Labels of referenced records by `${type}:${id}`, from a list's `included`. */
export function includedIndex(included: JsonApiRecord[]): Map<string, JsonApiRecord> {
  return new Map(included.map((record) => [`${record.type}:${record.id}`, record]));
}
