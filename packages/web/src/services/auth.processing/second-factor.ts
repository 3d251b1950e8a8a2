import { useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/** The cached status of the own second factor (GET /me/second_factor). */
export const SECOND_FACTOR_KEY = ['auth.processing', 'second_factor'] as const;

/** The own second factor's calls: /me/second_factor and what follows it. */
export const secondFactorPath = (suffix = '') => gatewayPath('auth.processing', `me/second_factor${suffix}`);

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: SECOND_FACTOR_KEY,
    queryFn: async ({ signal }) => (await api.get<SecondFactorStatus>(secondFactorPath(), undefined, signal))!,
  });
}

