import type { QueryClient } from '@tanstack/react-query';
import { RESOURCES } from '@dp/contracts';
import { listQuery, readListParams } from '../kit/useResourceList.ts';

/**
 * The first page of the list a screen shows, asked for beside the page's code rather than once
 * the shell and the page have rendered: the resource declared with this screen (its `screen`),
 * with the page, size, sort and filters of the address, as the list screen reads them, so the
 * screen finds it in the cache.
 */
export function preloadList(queryClient: QueryClient, screenPath: string, search: string): void {
  const resource = RESOURCES.find((candidate) => candidate.screen === screenPath);
  if (!resource) return;
  void queryClient.prefetchQuery(listQuery(resource, readListParams(resource, new URLSearchParams(search))));
}
