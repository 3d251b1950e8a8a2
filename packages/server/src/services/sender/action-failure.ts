import { encodeMessage, type MessageKey, type MessageParams } from '@dp/contracts';
import { SafeFetchError, type SafeFetchErrorCode } from '../../kit/safe-fetch.ts';

/**
 * Why an action did not run, as a message (its key and values, kept encoded in `last_error` and
 * shown on the request, in lost requests and their export in the reader's language), and whether
 * trying again may help: a CRM or mail server that is down or slow is retried; a refused address,
 * a missing template or a 4xx answer is not.
 */
export class ActionFailure extends Error {
  constructor(
    public key: MessageKey,
    public params: MessageParams,
    public permanent: boolean,
  ) {
    super(encodeMessage(key, Object.keys(params).length ? params : undefined));
    this.name = 'ActionFailure';
  }
}

/** A CRM call's refusal or failure (a proxy action through kit/safe-fetch.ts), by its code. */
const CRM_FAILURES: Record<Exclude<SafeFetchErrorCode, 'http_status'>, MessageKey> = {
  url_scheme: 'sender_crm_address',
  url_invalid: 'sender_crm_address',
  address_refused: 'sender_crm_address',
  numeric_host: 'sender_crm_address',
  dns_failed: 'sender_crm_dns',
  too_many_redirects: 'sender_crm_redirects',
  timeout: 'sender_crm_timeout',
  too_large: 'sender_crm_too_large',
  network: 'sender_crm_unreachable',
};

/** Any error of a run as an ActionFailure. */
export function asFailure(error: unknown): ActionFailure {
  if (error instanceof ActionFailure) return error;
  if (error instanceof SafeFetchError) {
    // 408 and 429 say "later"; other 4xx answers will not change by themselves.
    const retried = error.transient || error.status === 408 || error.status === 429;
    if (error.code === 'http_status') return new ActionFailure('sender_crm_status', { status: error.status ?? 0 }, !retried);
    return new ActionFailure(CRM_FAILURES[error.code], {}, !retried);
  }
  // The platform's mailer (nodemailer): a 5xx answer is final; a connection failure or 4xx is not.
  const mailer = error as { responseCode?: number; code?: string };
  if (typeof mailer.responseCode === 'number' || typeof mailer.code === 'string') {
    return new ActionFailure('sender_mail_platform', {}, (mailer.responseCode ?? 0) >= 500 || mailer.code === 'EAUTH');
  }
  return new ActionFailure('sender_action_failed', {}, false);
}
