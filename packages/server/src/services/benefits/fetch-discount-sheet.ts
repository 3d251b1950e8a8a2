import { DISCOUNT_IMPORT_LIMITS, t, type Lang, type MessageKey, type MessageParams } from '@dp/contracts';
import { AppError } from '../../kit/errors.ts';
import { safeFetch, SafeFetchError } from '../../kit/safe-fetch.ts';

/**
 * The download of a discounts document from a link (spec 001 §7 "import/discounts/from/google_sheet
 * with fileUrl"), through the outgoing-call guard (kit/safe-fetch.ts: public addresses only, at
 * every redirect hop) within a size and a time limit. A mutable object: tests lower the limits.
 */
export const DISCOUNT_LINK_LIMITS = { timeoutMs: DISCOUNT_IMPORT_LIMITS.timeoutMs, maxBytes: DISCOUNT_IMPORT_LIMITS.maxBytes, maxRedirects: 5 };

/**
 * The address to download: a Google Sheets editing or viewing link
 * (`https://docs.google.com/spreadsheets/d/<id>/edit#gid=<sheet>`) becomes its export address
 * (`.../d/<id>/export?format=xlsx&gid=<sheet>`), a published one (`.../d/e/<id>/pubhtml`) its
 * published file (`.../d/e/<id>/pub?output=xlsx`); any other http(s) link is taken as it is.
 */
export function spreadsheetExportUrl(link: string, format: 'xlsx' | 'csv' = 'xlsx'): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  if (url.hostname !== 'docs.google.com') return link;
  const gid = /(?:^|[#&?])gid=(\d+)/.exec(`${url.search}${url.hash}`)?.[1];
  const published = /^\/spreadsheets\/d\/e\/([\w-]+)/.exec(url.pathname);
  if (published) return `https://docs.google.com/spreadsheets/d/e/${published[1]}/pub?output=${format}${gid ? `&gid=${gid}` : ''}`;
  const sheet = /^\/spreadsheets\/d\/([\w-]+)/.exec(url.pathname);
  if (sheet) return `https://docs.google.com/spreadsheets/d/${sheet[1]}/export?format=${format}${gid ? `&gid=${gid}` : ''}`;
  return link;
}

/** Why a download failed, in the caller's language. */
function failureReason(error: SafeFetchError, lang: Lang): string {
  const reason = (key: MessageKey, params?: MessageParams) => t(key, lang, params);
  switch (error.code) {
    case 'http_status':
      return reason('benefit_link_status', { status: error.status ?? 0 });
    case 'timeout':
      return reason('benefit_link_timeout');
    case 'too_large':
      return reason('benefit_link_too_large', { size: Math.round(DISCOUNT_LINK_LIMITS.maxBytes / (1024 * 1024)) });
    case 'too_many_redirects':
      return reason('benefit_link_redirects');
    case 'address_refused':
    case 'numeric_host':
    case 'url_scheme':
    case 'url_invalid':
      return reason('benefit_link_refused');
    default:
      return reason('benefit_link_network');
  }
}

/** The document's bytes; a failure is a 400 on `fileUrl` saying why. */
export async function fetchDiscountSheet(link: string, lang: Lang): Promise<Buffer> {
  try {
    const response = await safeFetch(spreadsheetExportUrl(link), { timeoutMs: DISCOUNT_LINK_LIMITS.timeoutMs, maxBytes: DISCOUNT_LINK_LIMITS.maxBytes, maxRedirects: DISCOUNT_LINK_LIMITS.maxRedirects });
    return response.body;
  } catch (error) {
    if (error instanceof SafeFetchError) throw new AppError(400, 'benefit_link_failed', { reason: failureReason(error, lang) }, '/data/fileUrl');
    throw error;
  }
}
