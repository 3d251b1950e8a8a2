import type { Notifier } from '../../kit/context.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaKind } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { Batcher } from '../../kit/batcher.ts';
import { AppError } from '../../kit/errors.ts';
import { safeFetch, SafeFetchError } from '../../kit/safe-fetch.ts';
import { openSecret } from '../../kit/secrets.ts';
import { sites } from '../sites.context/site.table.ts';
import type { CaptchaVerifier } from '../request.storage/captcha.ts';
import { smartSecretContext } from './form.hooks.ts';
import { captchaSettings, smartCaptchaKeys } from './form.table.ts';

/**
 * The request intake's captcha by the site's settings (spec 002 §3 "Captcha settings and smart
 * captcha key"): the proof of work unless the site chose the smart captcha and has a key for its
 * colour scheme (else the `default` scheme's key). A smart answer's token is checked by POSTing it
 * with the key's secret to SMART_CAPTCHA_URL (Yandex SmartCaptcha's `validate`) through the
 * SSRF-guarded client: `status: ok` passes, any other answer of the service is "the robot check
 * failed" (400 captcha_invalid). Only the service's confirmation lets a token pass: when the check
 * cannot be made (timeout, connection refused, a name that does not resolve, an error status or an
 * unreadable answer) the request is still stored, so a dealer loses no lead, but marked 'captcha
 * not verified' with its actions held until staff release or delete it (docs/decisions/captcha.md,
 * "What if the smart captcha's service cannot be reached?"); the outage is logged and counted per
 * site by the intake. A proof-of-work answer on a smart site is refused.
 */
export interface SiteCaptcha {
  kind: CaptchaKind;
  /** The smart captcha's key in use (null: the proof of work, whatever the setting says). */
  key: { client_token: string; secret: string } | null;
}

/** The captcha a site's forms use now. */
export async function siteCaptcha(db: DbOrTx, siteId: number, secretKey: Uint8Array): Promise<SiteCaptcha> {
  const [setting] = await db.select({ kind: captchaSettings.kind }).from(captchaSettings).where(eq(captchaSettings.site_id, siteId)).limit(1);
  if (setting?.kind !== 'smart_captcha') return { kind: 'proof_of_work', key: null };
  const [site] = await db.select({ context: sites.context }).from(sites).where(eq(sites.id, siteId)).limit(1);
  const scheme = site?.context?.color_scheme ?? 'default';
  const keys = await db.select().from(smartCaptchaKeys).where(and(eq(smartCaptchaKeys.site_id, siteId))).orderBy(asc(smartCaptchaKeys.id));
  const key = keys.find((one) => one.color_scheme === scheme) ?? keys.find((one) => one.color_scheme === 'default');
  if (!key) return { kind: 'smart_captcha', key: null };
  return { kind: 'smart_captcha', key: { client_token: key.client_token, secret: openSecret(secretKey, key.secret_token, smartSecretContext(siteId)) } };
}

/** The captchas of many sites (the intake's batches): one query for their settings; only smart sites read their keys. */
async function siteCaptchas(db: DbOrTx, siteIds: number[], secretKey: Uint8Array): Promise<SiteCaptcha[]> {
  const unique = [...new Set(siteIds)];
  const smart = await db.select({ site_id: captchaSettings.site_id }).from(captchaSettings).where(and(inArray(captchaSettings.site_id, unique), eq(captchaSettings.kind, 'smart_captcha')));
  const bySite = new Map<number, SiteCaptcha>(unique.map((id) => [id, { kind: 'proof_of_work', key: null }]));
  for (const { site_id } of smart) bySite.set(site_id, await siteCaptcha(db, site_id, secretKey));
  return siteIds.map((id) => bySite.get(id)!);
}

const invalid = () => new AppError(400, 'captcha_invalid', undefined, '/data/captcha');

export interface SmartCaptchaOptions {
  url: string;
  secretKey: Uint8Array;
  log: FastifyBaseLogger;
  /** Hosts the outgoing check may reach besides public ones (tests: the local stand-in). */
  allowHosts?: string[];
  timeoutMs?: number;
  /** Tells staff the service cannot be reached (at most once per OUTAGE_NOTICE_MS). */
  notifier?: Notifier;
}

/** The shortest time between two notices of the captcha service's outage: an outage lasts, its requests do not each need a notice. */
const OUTAGE_NOTICE_MS = 10 * 60_000;
let lastOutageNotice = 0;

/** Raises the outage notice unless one was raised within OUTAGE_NOTICE_MS. */
function noticeOutage(options: SmartCaptchaOptions, siteId: number, cause: string) {
  const now = Date.now();
  if (!options.notifier || now - lastOutageNotice < OUTAGE_NOTICE_MS) return;
  lastOutageNotice = now;
  options.notifier.raise({
    service: 'captcha',
    level: 'critical',
    type: 'captcha_unreachable',
    text: {
      ru: `Сервис капчи недоступен: заявки сохраняются непроверенными (${cause.slice(0, 300)})`,
      en: `The captcha service is unreachable: requests are kept unchecked (${cause.slice(0, 300)})`,
    },
    details: { site_id: siteId, url: options.url },
  });
}

/** What the service said of a token: confirmed, refused, or nothing (the check could not be made, and why). */
export type SmartCheck = 'confirmed' | 'refused' | { outage: string };

/** The smart captcha's check of one token. */
export async function checkSmartToken(options: SmartCaptchaOptions, secret: string, token: string): Promise<SmartCheck> {
  let response: Awaited<ReturnType<typeof safeFetch>>;
  try {
    response = await safeFetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ secret, token }).toString(),
      timeoutMs: options.timeoutMs ?? 5000,
      maxBytes: 64 * 1024,
      maxRedirects: 0,
      requireOk: false,
      ...(options.allowHosts ? { allowHosts: options.allowHosts } : {}),
    });
  } catch (error) {
    // The network, the name, the deadline, or our own rules (a misconfigured URL): no answer either way.
    if (error instanceof SafeFetchError) return { outage: `${error.code}: ${error.message}`.slice(0, 500) };
    throw error;
  }
  if (response.status !== 200) return { outage: `http_status: the service answered ${response.status}` };
  let answer: { status?: unknown };
  try {
    answer = JSON.parse(response.body.toString('utf8')) as { status?: unknown };
  } catch {
    return { outage: 'unreadable: the service answered something other than JSON' };
  }
  return answer?.status === 'ok' ? 'confirmed' : 'refused';
}

/** The verifier the intake uses: the site's smart captcha in front of the proof of work. */
export function smartCaptchaVerifier(db: DbOrTx, pow: CaptchaVerifier, options: SmartCaptchaOptions): CaptchaVerifier {
  const captchas = new Batcher<number, SiteCaptcha>((siteIds) => siteCaptchas(db, siteIds, options.secretKey));
  return {
    challenge: (siteId) => pow.challenge(siteId),
    async verify(siteId, answer) {
      const captcha = await captchas.submit(siteId);
      if (!captcha.key) return pow.verify(siteId, answer);
      if (!answer) throw new AppError(400, 'captcha_required', undefined, '/data/captcha');
      if (!('token' in answer)) throw invalid();
      const check = await checkSmartToken(options, captcha.key.secret, answer.token);
      if (check === 'confirmed') return null;
      if (check === 'refused') throw invalid();
      options.log.warn({ site_id: siteId, cause: check.outage }, 'smart captcha check could not be made; the request is stored unverified and its actions held');
      noticeOutage(options, siteId, check.outage);
      return { unverified: check.outage };
    },
  };
}
