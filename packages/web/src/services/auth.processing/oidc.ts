import { useQuery } from '@tanstack/react-query';
import type { AuthProvider, OidcPurpose, OidcStarted } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/** Started flows of this browser tab, by state: a callback whose state is not here is refused. */
const PENDING_KEY = 'oidc_pending';
const PENDING_TTL_MS = 10 * 60 * 1000;

export interface PendingOidc {
  state: string;
  provider: string;
  title: string;
  purpose: OidcPurpose;
  started_at: number;
}

function readPending(): PendingOidc[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as PendingOidc[];
    return Array.isArray(list) ? list.filter((entry) => Date.now() - entry.started_at < PENDING_TTL_MS) : [];
  } catch {
    return [];
  }
}

function writePending(list: PendingOidc[]) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(list.slice(-5)));
  } catch {
    // Storage refused (private mode): the callback will ask to start again.
  }
}

/** Removes and returns the flow this tab started with `state`; null when it did not start one. */
export function takePending(state: string | null): PendingOidc | null {
  if (!state) return null;
  const list = readPending();
  const found = list.find((entry) => entry.state === state) ?? null;
  writePending(list.filter((entry) => entry.state !== state));
  return found;
}

/**
 * Starts an external sign-in or binding: the server gives the provider's address (with state,
 * nonce and PKCE), this tab remembers the state, and the browser goes to the provider.
 */
export async function startExternal(provider: AuthProvider, purpose: OidcPurpose, go: (url: string) => void = (url) => window.location.assign(url)) {
  const started = await api.post<OidcStarted>(gatewayPath('auth.processing', 'auth/oidc/start'), { provider: provider.name, purpose }, { anonymous: purpose === 'sign_in' });
  const state = new URL(started.authorization_url).searchParams.get('state');
  if (state) writePending([...readPending(), { state, provider: provider.name, title: provider.title, purpose, started_at: Date.now() }]);
  go(started.authorization_url);
}

/** The configured providers (public); none configured is an empty list. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth.processing', 'providers'],
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn: ({ signal }) => api.call<AuthProvider[]>('GET', gatewayPath('auth.processing', 'auth/providers'), { anonymous: true, signal }),
  });
}
