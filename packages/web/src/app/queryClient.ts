import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../kit/api.ts';
import { queryKeys } from '../kit/queryKeys.ts';
import { noteModuleRefusal } from '../services/marketplace/module-refusal.ts';

/**
 * A call refused because a role now requires a second factor this session lacks: /me is asked
 * again, its answer holds the session to enrolment and the guards show the enrolment page.
 */
function onHeldToEnrolment(client: () => QueryClient) {
  return (error: unknown) => {
    if (isApiError(error) && error.errors[0]?.code === 'second_factor_required') void client().invalidateQueries({ queryKey: queryKeys.me() });
  };
}

/**
 * Client errors (4xx) are answers, not hiccups: they are not retried. A site module's refusal
 * (not installed, suspended) is told by the shell in place of the screen (marketplace ModuleFrame).
 */
export function createQueryClient(): QueryClient {
  const onHeld = onHeldToEnrolment(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        onHeld(error);
        noteModuleRefusal(error);
      },
    }),
    mutationCache: new MutationCache({ onError: onHeld }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
