import { z } from 'zod';
import { actionBody, resourceBody } from '../kit/jsonapi.ts';
import { encodeMessage } from '../kit/messages.ts';
import { locale, optionalPhone, optionalText, password, rawText, requiredText, verificationCode } from '../kit/fields.ts';
import type { PermissionMap } from '../kit/access.ts';

/** POST /api/v1/auth with method "password": identity is the e-mail, secret the password. */
export const passwordSignIn = z.strictObject({
  method: z.literal('password'),
  identity: requiredText(254),
  secret: rawText(256),
});

/**
 * POST /api/v1/auth with method "oidc": the end of an external (OpenID Connect) sign-in, identity
 * is the state and secret the authorization code the provider sent back.
 */
export const oidcSignIn = z.strictObject({
  method: z.literal('oidc'),
  identity: rawText(512),
  secret: rawText(2048),
});

/** POST /api/v1/auth {method, identity, secret} */
export const signInBody = z.strictObject({
  data: z.discriminatedUnion('method', [passwordSignIn, oidcSignIn], { error: encodeMessage('unsupported_auth_method') }),
});

/** POST /api/v1/refresh {refresh_token} */
export const refreshBody = actionBody(z.strictObject({ refresh_token: rawText(512) }));

/** POST /api/v1/restore/code {identity} */
export const restoreCodeBody = actionBody(z.strictObject({ identity: requiredText(254) }));

/** POST /api/v1/restore/password {identity, code, new_password} */
export const restorePasswordBody = actionBody(
  z.strictObject({ identity: requiredText(254), code: verificationCode(), new_password: password() }),
);

/** POST /api/v1/change_password */
export const changePasswordBody = actionBody(
  z.strictObject({ old_password: rawText(256), new_password: password() }),
);

/** PATCH /api/v1/me: only the profile's own fields; roles, clients and the rest are refused. */
export const meUpdateBody = resourceBody(
  z
    .strictObject({
      name: requiredText(100),
      last_name: optionalText(100),
      phone: optionalPhone(),
      locale: locale(),
    })
    .partial(),
);

/** DELETE /api/v1/me: account removal, confirmed by typing the account's e-mail. */
export const meRemoveBody = actionBody(z.strictObject({ email: requiredText(254) }));

export interface ClientRef {
  id: number;
  name: string;
}

/** The user as /me and sign-in return it (spec 000 §3 User). */
export interface MeUser {
  id: number;
  email: string;
  name: string;
  last_name: string | null;
  phone: string | null;
  locale: 'ru' | 'en';
  internal: boolean;
  default_client: ClientRef | null;
  clients: ClientRef[];
  roles: { id: number; code: string; name: string }[];
  permissions: PermissionMap;
  /** The client the session acts as. */
  client: ClientRef | null;
  has_sites: boolean;
  /** Set when an internal user logged in as this client through root (join_client): the session's client. */
  joined_client_id: number | null;
  joined_client: ClientRef | null;
  second_factor: SecondFactorStanding;
  /** When the account was created (ISO 8601). */
  created_at: string;
}

/**
 * The user's second factor as the session sees it: `limited` when a role requires a factor and
 * this session was not opened with one: it may only set the factor up (or sign out).
 */
export interface SecondFactorStanding {
  enabled: boolean;
  required: boolean;
  limited: boolean;
}

/** Second-factor steps in the activity history and, as actions of the same name, in the audit trail. */
export const SECOND_FACTOR_EVENTS = [
  'second_factor_started',
  'second_factor_enabled',
  'second_factor_failed',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'second_factor_disabled',
  'second_factor_reset',
] as const;
export type SecondFactorEvent = (typeof SECOND_FACTOR_EVENTS)[number];

export interface AuthResult {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: MeUser;
}

export interface AuthHistoryEntry {
  event:
    | 'sign_in'
    | 'sign_in_failed'
    | 'refresh'
    | 'logout'
    | 'password_changed'
    | 'password_restored'
    | 'switch_client'
    | 'external_bound'
    | 'external_unbound'
    | SecondFactorEvent;
  ip: string | null;
  user_agent: string | null;
  client: ClientRef | null;
  created_at: string;
}

/** Restore step 1 answer: the id used to ask for a new code. */
export interface RestoreStarted {
  id: string;
  expires_in: number;
}
