import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { rawText } from '../kit/fields.ts';

/** A configured OpenID Connect provider as GET /api/v1/auth/providers lists it. */
export interface AuthProvider {
  /** The provider's key in the configuration (OIDC_PROVIDERS) and in the bindings. */
  name: string;
  /** What the buttons say: "Войти через <title>". */
  title: string;
}

export const OIDC_PURPOSES = ['sign_in', 'bind'] as const;
export type OidcPurpose = (typeof OIDC_PURPOSES)[number];

const providerName = () => rawText(100);

/**
 * POST /api/v1/auth/oidc/start {provider, purpose}: the address of the provider's sign-in page.
 * "sign_in" is public; "bind" needs the signed-in user, who gets the identity bound.
 */
export const oidcStartBody = actionBody(z.strictObject({ provider: providerName(), purpose: z.enum(OIDC_PURPOSES) }));

export interface OidcStarted {
  authorization_url: string;
}

/** POST /api/v1/auth_data {provider, code, state}: binds the identity the provider confirmed. */
export const authDataCreateBody = actionBody(
  z.strictObject({ provider: providerName(), code: rawText(2048), state: rawText(512) }),
);

/** An external identity bound to the signed-in user (the social login binding of the personal area). */
export type AuthDataAttributes = {
  provider: string;
  /** The configured title of the provider; the name when the provider is no longer configured. */
  provider_title: string;
  email: string | null;
  created_at: string;
};
