import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';

/** RFC 6238 with what authenticator apps expect: SHA-1, 6 digits, 30-second steps. */
export const TOTP_STEP_SECONDS = 30;
/** The name the authenticator app shows beside the account. */
const ISSUER = 'Dealer Platform';

/** A new random secret (20 bytes), Base32 as apps take it. */
export const newTotpSecret = () => generateSecret();

/** The otpauth:// link an app scans. */
export const totpUri = (secret: string, accountName: string) => generateURI({ issuer: ISSUER, label: accountName, secret });

/** The link as a QR code: an SVG data: URL (the admin's CSP allows data: images). */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The clock codes are checked against, in Unix seconds. Tests hold it still, so that a code they
 * make is checked in the step they made it for, whenever a step ends.
 */
export const totpClock = { seconds: () => Math.floor(Date.now() / 1000) };

/**
 * The time step a code matches, within one step of clock drift either way, and only a step after
 * `afterStep` (a code once accepted, or an older one, never passes again); null when it does not.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: totpClock.seconds(),
    epochTolerance: TOTP_STEP_SECONDS,
    ...(afterStep != null ? { afterTimeStep: afterStep } : {}),
  });
  // A TOTP result names the step it matched (the union type also covers HOTP's).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten one-time recovery codes of ten characters (about 49 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored and compared: the ten characters without the dash, lowercase. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
