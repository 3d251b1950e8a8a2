import { z } from 'zod';
import { idList } from '../kit/fields.ts';
import { actionBody } from '../kit/jsonapi.ts';

/**
 * A request's captcha mark (docs/decisions/captcha.md, "What if the smart captcha's service cannot
 * be reached?"): none when the captcha was checked (the proof of work, or the smart captcha's
 * service confirmed the token); `unverified` when the smart captcha's service could not be reached,
 * so the request was stored with its actions held; `released` once staff let its actions run.
 */
export const CAPTCHA_CHECKS = ['unverified', 'released'] as const;
export type CaptchaCheck = (typeof CAPTCHA_CHECKS)[number];

/** `filter[captcha]` of the request lists and exports. */
export const captchaCheckFilter = () => z.enum(CAPTCHA_CHECKS);

/** Release or delete many requests of a site at once (the list's selection): at most 500 ids. */
export const requestIdsBody = actionBody(z.strictObject({ ids: idList(500).min(1) }));

/** GET /requests/captcha_unverified/where_site/{siteId}: the site's held requests and the smart captcha's outages. */
export interface UnverifiedCaptchaSummary {
  /** Requests of the site waiting with their captcha not verified, in all and per type. */
  held: number;
  held_by_type: Record<string, number>;
  /** Checks of the smart captcha that could not be made for the site, and the last one's moment and cause. */
  outages: number;
  last_outage_at: string | null;
  last_outage_error: string | null;
}
