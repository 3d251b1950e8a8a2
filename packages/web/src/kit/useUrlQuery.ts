import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query, where list screens keep their page, sort and filters, and its update.
 * The router applies a navigation in a transition, so a second change made before that render
 * lands (a filter submitted right after the search) would start from the older query and drop
 * the first: each update is rendered at once instead, and always starts from the current query.
 */
export function useUrlQuery(): [URLSearchParams, (update: (current: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options: { replace?: boolean } = {}) =>
      setParams((current) => change(new URLSearchParams(current)), { replace: options.replace, flushSync: true }),
    [setParams],
  );
  return [params, update];
}
