import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { encodeMessage } from '../kit/message-texts.ts';
import { rawText, safeString } from '../kit/fields.ts';
import type { AuthResult } from './auth.ts';

/** The six digits of an authenticator app (RFC 6238). */
export const TOTP_CODE = /^\d{6}$/;
/** A one-time recovery code: ten letters and digits, shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE = /^[a-z0-9]{10}$/;

/**
 * A second-factor code as typed: the app's six digits or a recovery code. Spaces and dashes are
 * dropped and letters lowered, so '123 456' and 'ABCDE-FGHIJ' are accepted as shown.
 */
export const secondFactorCode = () =>
  safeString()
    .trim()
    .min(1)
    .max(32)
    .toLowerCase()
    .overwrite((value) => value.replace(/[\s-]/g, ''))
    .regex(/^(\d{6}|[a-z0-9]{10})$/, { error: encodeMessage('second_factor_code_format') });

/** POST /api/v1/auth/second_factor: the sign-in's second step, after the password. */
export const secondFactorSignInBody = actionBody(z.strictObject({ challenge: rawText(128), code: secondFactorCode() }));

/** POST /api/v1/me/second_factor: enrolment starts once the password is typed again. */
export const secondFactorStartBody = actionBody(z.strictObject({ password: rawText(256) }));

/** POST /api/v1/me/second_factor/confirm and /recovery_codes: a code of the app. */
export const secondFactorCodeBody = actionBody(z.strictObject({ code: secondFactorCode() }));

/** POST /api/v1/me/second_factor/disable: the password and a code. */
export const secondFactorDisableBody = actionBody(z.strictObject({ password: rawText(256), code: secondFactorCode() }));

/** The answer of a correct password when the account has a second factor: no session yet. */
export interface SecondFactorChallenge {
  second_factor: 'totp';
  /** Names this sign-in in its second step; works once, for `expires_in` seconds. */
  challenge: string;
  expires_in: number;
}

/** What POST /api/v1/auth answers: a session, or the second step it waits for. */
export type SignInReply = AuthResult | SecondFactorChallenge;

export const isSecondFactorChallenge = (reply: SignInReply): reply is SecondFactorChallenge => 'challenge' in reply;

/** Where the user stands (GET /me/second_factor, GET /users/{id}/second_factor). */
export interface SecondFactorStatus {
  /** A factor is set up and confirmed. */
  enabled: boolean;
  /** A role of the user requires one. */
  required: boolean;
  confirmed_at: string | null;
  /** Recovery codes not used yet. */
  recovery_codes_left: number;
}

/** The start of an enrolment: the secret, once, as text, as an otpauth:// link and as a QR code. */
export interface SecondFactorEnrolment {
  secret: string;
  otpauth_url: string;
  /** The link as a QR code image (a data: URL of an SVG). */
  qr_code: string;
}

/** Recovery codes: shown once, at confirmation and at each regeneration. */
export interface RecoveryCodes {
  recovery_codes: string[];
}
