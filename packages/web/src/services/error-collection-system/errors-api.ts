import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorClientAttributes, ErrorEventAttributes, ErrorIssueAttributes, ErrorProjectAttributes, JsonApiList, JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/** Calls of the error collection (server services/error-collection-system/errors.routes.ts). */
export type ProjectRecord = JsonApiRecord<ErrorProjectAttributes>;
export type IssueRecord = JsonApiRecord<ErrorIssueAttributes>;
export type EventRecord = JsonApiRecord<ErrorEventAttributes>;
export type ClientRecord = JsonApiRecord<ErrorClientAttributes>;

export const errorsPath = (path: string) => gatewayPath('error-collection-system', path);
export const ERRORS_KEY = ['error-collection-system'] as const;
export const PROJECTS_PATH = '/error-collection-system/projects';
export const projectPath = (id: string | number) => `${PROJECTS_PATH}/${id}`;
export const issuePath = (id: string | number) => `/error-collection-system/issues/${id}`;

type Query = Record<string, string | number | undefined>;
/** One list of the error collection: its path and query; the previous page stays while the next loads. */
export function useErrorList<A>(path: string, query: Query, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: [...ERRORS_KEY, path, query],
    queryFn: ({ signal }) => api.list<A>(errorsPath(path), query, signal) as Promise<JsonApiList<A>>,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

export function useErrorRecord<A>(path: string) {
  return useQuery({ queryKey: [...ERRORS_KEY, path], queryFn: ({ signal }) => api.get<JsonApiRecord<A>>(errorsPath(path), undefined, signal) });
}

export function useInvalidateErrors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ERRORS_KEY });
}
