import * as oidc from 'openid-client';
import type { AuthProvider } from '@dp/contracts';
import type { Config, OidcProviderConfig } from '../../kit/config.ts';
import { AppError } from '../../kit/errors.ts';

/** The configured providers as the sign-in page and the personal area list them. */
export function listProviders(config: Pick<Config, 'oidcProviders'>): AuthProvider[] {
  return config.oidcProviders.map(({ name, title }) => ({ name, title }));
}

export function findProvider(config: Pick<Config, 'oidcProviders'>, name: string, pointer = '/data/provider'): OidcProviderConfig {
  const provider = config.oidcProviders.find((p) => p.name === name);
  if (!provider) throw new AppError(400, 'oidc_provider_unknown', { provider: name.slice(0, 100) }, pointer);
  return provider;
}

/** Seconds a call to a provider may take. */
const TIMEOUT_SECONDS = 10;
const discovered = new WeakMap<OidcProviderConfig, Promise<oidc.Configuration>>();

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/**
 * The provider's metadata (discovery of /.well-known/openid-configuration), read once per process
 * and kept; a failed read is tried again on the next call. ID tokens are checked against the
 * provider's published keys as well (non-repudiation), on top of iss, aud, exp, iat and nonce.
 */
export function providerConfiguration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
  let pending = discovered.get(provider);
  if (!pending) {
    pending = (async () => {
      // Plain http only for a provider on this machine (development, tests).
      const execute = new URL(provider.issuer).protocol === 'http:' && isLoopback(provider.issuer) ? [oidc.allowInsecureRequests] : [];
      const configuration = await oidc.discovery(new URL(provider.issuer), provider.client_id, provider.client_secret, undefined, {
        execute,
        timeout: TIMEOUT_SECONDS,
      });
      configuration.timeout = TIMEOUT_SECONDS;
      oidc.enableNonRepudiationChecks(configuration);
      return configuration;
    })();
    pending.catch(() => discovered.delete(provider));
    discovered.set(provider, pending);
  }
  return pending;
}

/** The provider could not be reached or answered nonsense: 503, the user may try later. */
export async function reachProvider(provider: OidcProviderConfig, log: { warn: (obj: object, msg: string) => void }) {
  try {
    return await providerConfiguration(provider);
  } catch (error) {
    log.warn({ provider: provider.name, reason: (error as Error)?.message }, 'OpenID Connect discovery failed');
    throw new AppError(503, 'oidc_provider_unavailable');
  }
}
