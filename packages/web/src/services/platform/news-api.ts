import { useQuery, useQueryClient } from '@tanstack/react-query';
import { opNewsResource, type JsonApiRecord, type NewsAudience, type NewsFeedItem } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of the news screens (server services/platform) beside the generic resource calls. */
export interface NewsAttributes {
  title_ru: string;
  title_en: string | null;
  text_ru: string;
  text_en: string | null;
  active: boolean;
  publish_from: string | null;
  publish_to: string | null;
  audience: NewsAudience;
  client_ids: number[];
  pinned: boolean;
  created_by_name: string | null;
  updated_by_name: string | null;
  created_at: string;
  updated_at: string;
}
export type NewsRecord = JsonApiRecord<NewsAttributes>;

export const NEWS_PATH = '/platform/news';
export const NEWS_CREATE_PATH = '/platform/news/create';
export const newsEditPath = (id: string) => `/platform/news/edit/${id}`;
export const newsPath = (path = '') => gatewayPath('platform', `op_news${path}`);
export const newsKeys = queryKeys.resource(opNewsResource);
const feedKey = ['platform', 'op_news_feed'] as const;

export function useNews(id: string | undefined) {
  return useQuery({
    queryKey: newsKeys.detail(id ?? ''),
    enabled: !!id && /^\d+$/.test(id),
    queryFn: ({ signal }) => api.get<NewsRecord>(newsPath(`/${id}`), undefined, signal),
  });
}

/** After a write: the lists, the record and the home page's feed. */
export function useInvalidateNews() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: newsKeys.all }), queryClient.invalidateQueries({ queryKey: feedKey })]);
}

export type FeedRecord = JsonApiRecord<Omit<NewsFeedItem, 'id'>>;

/** The reader's news for the home page, in the interface's language. */
export function useNewsFeed(lang: string) {
  return useQuery({
    queryKey: [...feedKey, lang],
    queryFn: ({ signal }) => api.get<FeedRecord[]>(gatewayPath('platform', 'op_news_feed'), undefined, signal),
  });
}

export const markNewsRead = (ids: string[]) => api.post(gatewayPath('platform', 'op_news_feed/read'), { ids: ids.map(Number) });
export const feedQueryKey = feedKey;
