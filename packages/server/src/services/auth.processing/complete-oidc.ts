import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { OidcPurpose } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { oidcStates } from './auth-data.table.ts';
import { findProvider, reachProvider } from './oidc-providers.ts';

/** The external identity a provider confirmed. */
export interface ExternalIdentity {
  provider: string;
  subject: string;
  email: string | null;
}

export interface OidcCompletion {
  state: string;
  code: string;
  purpose: OidcPurpose;
  /** A binding: the provider the web started with and the user who started it. */
  provider?: string;
  userId?: number;
}

/** A refused completion: 401 for a sign-in (no session), 400 for a signed-in binding. */
const refusal = (purpose: OidcPurpose, key: 'oidc_state_invalid' | 'oidc_failed') =>
  new AppError(purpose === 'sign_in' ? 401 : 400, key, undefined, purpose === 'bind' && key === 'oidc_state_invalid' ? '/data/state' : undefined);

const isNetworkError = (error: unknown) =>
  error instanceof TypeError || ['TimeoutError', 'AbortError'].includes((error as Error)?.name ?? '');

/**
 * Finishes an authorization code flow: claims the state (unknown, used, expired, of another
 * purpose or, for a binding, of another user: refused), exchanges the code with the PKCE
 * verifier and checks the ID token (signature, iss, aud, exp, iat, nonce). The e-mail comes from
 * the ID token or, failing that, from userinfo; it is shown, never used to find an account.
 */
export async function completeOidc(ctx: ServiceContext, input: OidcCompletion): Promise<ExternalIdentity> {
  const [row] = await ctx.db
    .update(oidcStates)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(oidcStates.state, input.state),
        eq(oidcStates.purpose, input.purpose),
        isNull(oidcStates.used_at),
        gt(oidcStates.expires_at, sql`now()`),
        input.provider !== undefined ? eq(oidcStates.provider, input.provider) : undefined,
        input.purpose === 'bind' ? eq(oidcStates.user_id, input.userId ?? -1) : undefined,
      ),
    )
    .returning();
  if (!row) throw refusal(input.purpose, 'oidc_state_invalid');
  const provider = findProvider(ctx.config, row.provider);
  const configuration = await reachProvider(provider, ctx.log);

  // The answer as the provider sent it to the browser; the state row already tied it to this
  // provider, so the issuer named in the answer (RFC 9207) is that provider's.
  const callback = new URL(provider.redirect_uri);
  callback.searchParams.set('code', input.code);
  callback.searchParams.set('state', input.state);
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);

  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: row.code_verifier,
      expectedState: input.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('no subject in the ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    if (!email && tokens.access_token && metadata.userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(() => null);
      email = typeof info?.email === 'string' ? info.email : null;
    }
    return { provider: provider.name, subject: claims.sub, email: email ? email.slice(0, 254) : null };
  } catch (error) {
    // The reason only: the answer may carry tokens.
    ctx.log.warn({ provider: provider.name, reason: (error as Error)?.message, code: (error as { code?: string })?.code }, 'external sign-in refused');
    if (isNetworkError(error)) throw new AppError(503, 'oidc_provider_unavailable');
    throw refusal(input.purpose, 'oidc_failed');
  }
}
