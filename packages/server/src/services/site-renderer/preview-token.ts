import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Preview links of draft states: `/_preview/<token>` on the site's own host, the token a signed,
 * short-lived statement of which state of which site may be shown. Whoever holds the link sees
 * that draft until it expires, like a shared document link; nothing else is reachable with it.
 */
export const PREVIEW_KINDS = ['page_states', 'layout_states', 'stage_states'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** How long a preview link works. */
export const PREVIEW_TTL_SECONDS = 15 * 60;

export interface PreviewClaim {
  kind: PreviewKind;
  stateId: number;
  siteId: number;
  /** Epoch seconds. */
  expires: number;
}

const sign = (key: Uint8Array, payload: string) => createHmac('sha256', key).update(`site-preview:${payload}`).digest('base64url');

export function createPreviewToken(key: Uint8Array, claim: PreviewClaim): string {
  const payload = Buffer.from(`${PREVIEW_KINDS.indexOf(claim.kind)}.${claim.stateId}.${claim.siteId}.${claim.expires}`).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The claim of a token that is well formed, correctly signed and not expired; otherwise null. */
export function readPreviewToken(key: Uint8Array, token: string, now = Date.now()): PreviewClaim | null {
  if (token.length > 200 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  const [payload, signature] = token.split('.') as [string, string];
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^(\d)\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})$/.exec(Buffer.from(payload, 'base64url').toString());
  if (!match) return null;
  const kind = PREVIEW_KINDS[Number(match[1])];
  const claim = { kind: kind!, stateId: Number(match[2]), siteId: Number(match[3]), expires: Number(match[4]) };
  if (!kind || claim.expires * 1000 <= now) return null;
  return claim;
}
