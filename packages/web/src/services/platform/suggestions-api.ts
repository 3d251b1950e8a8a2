import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JsonApiList, JsonApiRecord, SuggestionAttributes, SuggestionResponseAttributes } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of the suggestions board (server services/platform/suggestions.routes.ts). */
export type SuggestionRecord = JsonApiRecord<SuggestionAttributes>;
export type ResponseRecord = JsonApiRecord<SuggestionResponseAttributes>;
export interface SuggestionQuery {
  page: number;
  size: number;
  sort: string;
  state?: string;
  search?: string;
}

export const suggestionPath = (path = '') => gatewayPath('platform', `suggestions${path}`);
export const suggestionKeys = queryKeys.resource({ service: 'platform', name: 'suggestions' });

export function useSuggestions(query: SuggestionQuery) {
  return useQuery({
    queryKey: suggestionKeys.list({ page: query.page, size: query.size, sort: query.sort, filters: { state: query.state, search: query.search } }),
    queryFn: ({ signal }) =>
      api.list<SuggestionAttributes>(suggestionPath(), { 'page[number]': query.page, 'page[size]': query.size, sort: query.sort, 'filter[state]': query.state, 'filter[search]': query.search }, signal) as Promise<JsonApiList<SuggestionAttributes>>,
    placeholderData: keepPreviousData,
  });
}

export function useResponses(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...suggestionKeys.detail(id), 'responses'],
    enabled,
    queryFn: ({ signal }) => api.get<ResponseRecord[]>(suggestionPath(`/${id}/responses`), undefined, signal),
  });
}

export function useInvalidateSuggestions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: suggestionKeys.all });
}
