import type { Config } from '../../kit/config.ts';
import { safeFetch, SafeFetchError } from '../../kit/safe-fetch.ts';

/**
 * Calltouch's call diary API (docs/decisions/widgets.md): at the configured base URL
 * (CALLTOUCH_API_URL), through the outgoing-call guard: CALLTOUCH_API_TIMEOUT_MS (15 s), 5 MB, no redirects (an answer that
 * sends elsewhere is a failure, the token must not travel). The token never appears in an error.
 *
 * GET {base}/calls-service/RestAPI/{siteId}/calls-diary/calls?clientApiId={token}&dateFrom=DD/MM/YYYY&dateTo=DD/MM/YYYY&page=N&limit=M
 * answers { page, pageTotal, records: [{ callId, callerNumber, phoneNumber, date, timestamp,
 * duration, successful, source, sessionId, ... }] }.
 */
export interface CalltouchRecord {
  callId?: number | string;
  callerNumber?: string | null;
  phoneNumber?: string | null;
  /** `DD/MM/YYYY HH:mm:ss` in the account's time zone; `timestamp` (seconds) is preferred. */
  date?: string | null;
  timestamp?: number | null;
  duration?: number | null;
  successful?: boolean | null;
  source?: string | null;
  sessionId?: number | string | null;
}

export class CalltouchError extends Error {}

/** A call as the service keeps it, from a record of the diary; null for a record without an id or a time. */
export interface PulledCall {
  external_id: string;
  started_at: Date;
  caller_phone: string | null;
  called_phone: string | null;
  duration: number;
  status: 'answered' | 'missed' | 'unknown';
  source: string | null;
  session_id: string | null;
}

const text = (value: unknown, max: number) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) || null : null);

export function callOfRecord(record: CalltouchRecord): PulledCall | null {
  const id = text(record.callId, 100);
  let started: Date | null = null;
  if (typeof record.timestamp === 'number' && Number.isFinite(record.timestamp)) started = new Date(record.timestamp * (record.timestamp > 1e12 ? 1 : 1000));
  else if (typeof record.date === 'string') {
    const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(record.date.trim());
    if (match) started = new Date(Date.UTC(+match[3]!, +match[2]! - 1, +match[1]!, +match[4]!, +match[5]!, +match[6]!));
  }
  if (!id || !started || Number.isNaN(started.getTime())) return null;
  const duration = typeof record.duration === 'number' && Number.isFinite(record.duration) ? Math.min(Math.max(Math.round(record.duration), 0), 86_400) : 0;
  return {
    external_id: id,
    started_at: started,
    caller_phone: text(record.callerNumber, 32),
    called_phone: text(record.phoneNumber, 32),
    duration,
    status: record.successful === true ? 'answered' : record.successful === false ? 'missed' : 'unknown',
    source: text(record.source, 255),
    session_id: text(record.sessionId, 255),
  };
}

const day = (date: Date) => `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
/** At most this many pages of 1000 calls a pull reads (a day of a very busy site). */
const MAX_PAGES = 20;

/** The calls of the days from `from` to `to` (both included), page by page. */
export async function fetchCalltouchCalls(config: Pick<Config, 'calltouchApiUrl' | 'calltouchApiTimeoutMs'>, calltouchSiteId: string, token: string, from: Date, to: Date): Promise<PulledCall[]> {
  const calls: PulledCall[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ clientApiId: token, dateFrom: day(from), dateTo: day(to), page: String(page), limit: '1000' });
    let body: { page?: number; pageTotal?: number; records?: CalltouchRecord[] };
    try {
      const response = await safeFetch(`${config.calltouchApiUrl}/calls-service/RestAPI/${encodeURIComponent(calltouchSiteId)}/calls-diary/calls?${query}`, {
        headers: { accept: 'application/json' },
        timeoutMs: config.calltouchApiTimeoutMs,
        maxBytes: 5 * 1024 * 1024,
        maxRedirects: 0,
        requireOk: false,
      });
      if (response.status >= 300 && response.status < 400) throw new CalltouchError(`redirected (${response.status})`);
      if (response.status === 401 || response.status === 403) throw new CalltouchError(`the token was refused (${response.status})`);
      if (response.status !== 200) throw new CalltouchError(`HTTP ${response.status}`);
      body = JSON.parse(response.body.toString('utf8'));
    } catch (error) {
      if (error instanceof CalltouchError) throw error;
      if (error instanceof SafeFetchError) throw new CalltouchError(error.code === 'timeout' ? 'timed out' : error.code === 'too_many_redirects' ? 'redirected' : error.code);
      throw new CalltouchError('the answer is not JSON');
    }
    if (!body || !Array.isArray(body.records)) throw new CalltouchError('the answer has no records');
    for (const record of body.records) {
      const call = record && typeof record === 'object' ? callOfRecord(record) : null;
      if (call) calls.push(call);
    }
    if (!body.pageTotal || page >= body.pageTotal) break;
  }
  return calls;
}
