import { useQuery } from '@tanstack/react-query';
import type { ExchangeRate } from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { api, gatewayPath, isApiError } from './api.ts';
import { useLang } from './useLang.ts';

/** The cached current rate (currency.rates GET /rates/current). */
export const rateQueryKey = ['currency.rates', 'rates', 'current'] as const;

/** The current rate, null when none is known (404). */
export async function fetchRate(signal?: AbortSignal): Promise<ExchangeRate | null> {
  try {
    return (await api.get<{ attributes: ExchangeRate }>(gatewayPath('currency.rates', 'rates/current'), undefined, signal)).attributes;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * The rate English readers' amounts are converted at; null for Russian readers, while it loads,
 * when none is known and when it cannot be read (amounts then stay in roubles). Asked once an hour
 * at most: it changes once a day.
 */
export function useRate(): ExchangeRate | null {
  const lang = useLang();
  const signedIn = !!useSession().user;
  const query = useQuery({ queryKey: rateQueryKey, queryFn: ({ signal }) => fetchRate(signal), enabled: lang === 'en' && signedIn, staleTime: 3600_000, gcTime: 3 * 3600_000 });
  return lang === 'en' ? (query.data ?? null) : null;
}
