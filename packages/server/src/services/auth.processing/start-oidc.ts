import { lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { OidcPurpose, OidcStarted } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError, unauthorized } from '../../kit/errors.ts';
import { hitRateLimit } from '../../kit/rate-limit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { oidcStates } from './auth-data.table.ts';
import { findProvider, reachProvider } from './oidc-providers.ts';
import type { RequestMeta } from './auth-history.ts';

/** A started sign-in or binding must be finished within this time; its state is single use. */
export const OIDC_STATE_TTL_SECONDS = 10 * 60;
/** Starts per address: each writes a row, so a public caller must not be able to write without end. */
const START_LIMIT = { max: 60, windowSeconds: 15 * 60 };

/**
 * POST /api/v1/auth/oidc/start: the address of the provider's sign-in page, with a fresh state,
 * nonce and PKCE challenge; the state row remembers the nonce, the verifier, the purpose and, for
 * a binding, the user who asked, so that only that user can finish it.
 */
export async function startOidc(
  ctx: ServiceContext,
  auth: AuthContext | null,
  input: { provider: string; purpose: OidcPurpose },
  meta: RequestMeta,
): Promise<OidcStarted> {
  const provider = findProvider(ctx.config, input.provider);
  if (input.purpose === 'bind') {
    if (!auth) throw unauthorized();
    if (auth.tokenId != null) throw new AppError(403, 'token_not_allowed');
  }
  await hitRateLimit(ctx.db, `oidc-start:address:${meta.ip}`, START_LIMIT);
  const configuration = await reachProvider(provider, ctx.log);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  // Finished or abandoned starts older than a day are of no use to anyone.
  await ctx.db.delete(oidcStates).where(lt(oidcStates.expires_at, sql`now() - interval '1 day'`));
  await ctx.db.insert(oidcStates).values({
    state,
    nonce,
    code_verifier: verifier,
    provider: provider.name,
    purpose: input.purpose,
    user_id: input.purpose === 'bind' ? auth!.userId : null,
    expires_at: new Date(Date.now() + OIDC_STATE_TTL_SECONDS * 1000),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: provider.redirect_uri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { authorization_url: url.href };
}
