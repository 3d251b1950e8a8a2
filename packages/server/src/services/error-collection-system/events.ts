import { randomUUID } from 'node:crypto';
import { ERROR_LIMITS, errorReportBody, type ErrorFrame } from '@dp/contracts';
import { AppError } from '../../kit/errors.ts';
import { browserOf, frameOf, parseStack } from './errors.grouping.ts';

/** An error event in the one shape every source (the script, the Sentry SDK, the server) becomes. */
export interface ErrorEvent {
  eventId: string;
  type: string;
  message: string;
  frames: ErrorFrame[];
  url: string | null;
  release: string | null;
  user: string | null;
  browser: string | null;
  level: string;
}

const clip = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);
const notEvent = () => new AppError(400, 'error_not_event');
const badEnvelope = () => new AppError(400, 'error_envelope_format');

/** The reporter script's report (contracts errorReportBody): one event, its stack parsed here. */
export function eventOfReport(body: unknown, userAgent: string | undefined): ErrorEvent {
  const parsed = errorReportBody.safeParse(body);
  if (!parsed.success) throw notEvent();
  const report = parsed.data;
  if (!report.message.trim() && !report.stack?.trim()) throw notEvent();
  const url = clip(report.url, 2000);
  return {
    eventId: randomUUID(),
    type: clip(report.type, 200) ?? 'Error',
    message: report.message.trim().slice(0, ERROR_LIMITS.message),
    frames: report.stack ? parseStack(report.stack, url) : [],
    url,
    release: clip(report.release, 200),
    user: clip(report.user, 200),
    browser: clip(report.browser, 200) ?? browserOf(userAgent),
    level: report.level ?? 'error',
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A Sentry event payload: an exception (its last value, the one thrown) with its frames, which
 * Sentry lists oldest first; or a message at level error or fatal. Anything else is not an error event.
 */
export function eventOfSentry(payload: unknown, userAgent: string | undefined): ErrorEvent {
  if (!isObject(payload)) throw notEvent();
  const values = isObject(payload.exception) ? payload.exception.values : Array.isArray(payload.exception) ? payload.exception : null;
  const exception = Array.isArray(values) && values.length ? values[values.length - 1] : null;
  const level = clip(payload.level, 20) ?? 'error';
  const logentry = isObject(payload.logentry) ? clip(payload.logentry.formatted ?? payload.logentry.message, ERROR_LIMITS.message) : null;
  const plain = clip(payload.message, ERROR_LIMITS.message) ?? logentry;
  if (!isObject(exception) && !(plain && (level === 'error' || level === 'fatal'))) throw notEvent();
  const request = isObject(payload.request) ? payload.request : {};
  const url = clip(request.url, 2000);
  const rawFrames = isObject(exception) && isObject(exception.stacktrace) && Array.isArray(exception.stacktrace.frames) ? exception.stacktrace.frames.slice(-ERROR_LIMITS.frames) : [];
  const frames = rawFrames
    .filter(isObject)
    .reverse()
    .map((frame) => {
      const file = clip(frame.abs_path, 500) ?? clip(frame.filename, 500) ?? '?';
      const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null);
      return frameOf(clip(frame.function, 200), file, number(frame.lineno), number(frame.colno), url, typeof frame.in_app === 'boolean' ? frame.in_app : undefined);
    });
  const user = isObject(payload.user) ? (clip(payload.user.id, 200) ?? clip(payload.user.ip_address, 200)) : null;
  const contexts = isObject(payload.contexts) ? payload.contexts : {};
  const browser = isObject(contexts.browser) && clip(contexts.browser.name, 60) ? `${clip(contexts.browser.name, 60)} ${String(contexts.browser.version ?? '').split('.')[0]}`.trim() : null;
  const headers = isObject(request.headers) ? request.headers : {};
  const eventId = clip(payload.event_id, 64);
  return {
    eventId: eventId && /^[0-9a-f-]{32,36}$/i.test(eventId) ? eventId : randomUUID(),
    type: (isObject(exception) ? clip(exception.type, 200) : null) ?? 'Error',
    message: (isObject(exception) ? clip(exception.value, ERROR_LIMITS.message) : null) ?? plain ?? '',
    frames,
    url,
    release: clip(payload.release, 200),
    user,
    browser: browser ?? browserOf(clip(headers['User-Agent'] ?? headers['user-agent'], 500) ?? userAgent),
    level: level === 'fatal' ? 'fatal' : 'error',
  };
}

/**
 * The events of a Sentry envelope (https://develop.sentry.dev/sdk/envelopes/): a header line, then
 * items, each a header line and a payload (of `length` bytes, or up to the next newline). Items
 * other than events (sessions, transactions, client reports, attachments) are skipped; an envelope
 * with no error event is refused.
 */
export function eventsOfEnvelope(body: Buffer, userAgent: string | undefined): ErrorEvent[] {
  let at = 0;
  const line = (): Buffer | null => {
    if (at >= body.length) return null;
    const end = body.indexOf(10, at);
    const slice = body.subarray(at, end < 0 ? body.length : end);
    at = end < 0 ? body.length : end + 1;
    return slice;
  };
  const json = (bytes: Buffer | null): unknown => {
    if (!bytes) throw badEnvelope();
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      throw badEnvelope();
    }
  };
  if (!isObject(json(line()))) throw badEnvelope();
  const events: ErrorEvent[] = [];
  let items = 0;
  while (at < body.length) {
    const headerLine = line();
    if (!headerLine || !headerLine.length) continue;
    if (++items > 100) throw badEnvelope();
    const header = json(headerLine);
    if (!isObject(header)) throw badEnvelope();
    let payload: Buffer;
    if (typeof header.length === 'number') {
      if (!Number.isInteger(header.length) || header.length < 0 || at + header.length > body.length) throw badEnvelope();
      payload = body.subarray(at, at + header.length);
      at += header.length;
      if (body[at] === 10) at++;
    } else payload = line() ?? Buffer.alloc(0);
    if (header.type !== 'event') continue;
    try {
      events.push(eventOfSentry(json(payload), userAgent));
    } catch (error) {
      // One event that is not an error leaves the others.
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (!events.length) throw notEvent();
  return events;
}

/** The server's own unexpected failure (a 5xx): its stack in V8's format, the request's method and path. */
export function eventOfServerError(error: unknown, request: { method: string; url: string }): ErrorEvent {
  const failure = error instanceof Error ? error : new Error(String(error));
  return {
    eventId: randomUUID(),
    type: failure.name || 'Error',
    message: (failure.message || String(error)).slice(0, ERROR_LIMITS.message),
    frames: parseStack(failure.stack ?? ''),
    url: `${request.method} ${request.url.split('?')[0]!.slice(0, 500)}`,
    release: process.env.npm_package_version ?? null,
    user: null,
    browser: null,
    level: 'error',
  };
}
