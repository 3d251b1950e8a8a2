import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../kit/api.ts';

/** Client errors (4xx) are answers, not hiccups: they are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
