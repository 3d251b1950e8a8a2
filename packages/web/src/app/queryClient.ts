import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../kit/api.ts';
import { noteModuleRefusal } from '../services/marketplace/module-refusal.ts';

/**
 * Client errors (4xx) are answers, not hiccups: they are not retried. A site module's refusal
 * (not installed, suspended) is told by the shell in place of the screen (marketplace ModuleFrame).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noteModuleRefusal }),
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
