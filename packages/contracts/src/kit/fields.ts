import { z } from 'zod';
import { encodeMessage } from './messages.ts';

export { isoDate, isoDateTime, isoDateOrDateTime, isCalendarDate, momentOf, parseIsoMoment, DATE_YEARS, MAX_OFFSET_MINUTES } from './dates.ts';

/** Field builders carrying the specification's validation rules (spec 000 §5). */

/** Control characters (C0 but tab, line feed and carriage return; DEL; C1) and lone UTF-16 surrogates. */
const CONTROL_OR_BROKEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
const TAB_OR_LINE_BREAK = /[\t\n\r]/;

/**
 * A field builder that makes one schema per set of arguments, shared by every field that asks for
 * it. A zod schema is immutable (a further check or wrapper makes a new one) and costs a few
 * hundred bytes and dozens of closures: made per field, the contracts held some 17,000 schemas
 * more (28,000 against 11,000), a fifth of the app's heap. `outbound` marks a copy, never the
 * shared schema.
 */
function shared<A extends (string | number | boolean | undefined)[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args: A) => {
    const key = args.join(':');
    let schema = made.get(key);
    if (schema === undefined) made.set(key, (schema = make(...args)));
    return schema;
  };
}

/**
 * Whether a string is text: PostgreSQL refuses NUL in text and jsonb, and no field means control
 * characters or half of a surrogate pair. Tabs and line breaks pass (multi-line text has them).
 */
export const isSafeText = (value: string) => !CONTROL_OR_BROKEN.test(value);

const textBase = shared((lines: boolean) =>
  z
    .string()
    .refine(isSafeText, { error: encodeMessage('invalid_characters'), abort: true })
    .refine((value) => lines || !TAB_OR_LINE_BREAK.test(value), { error: encodeMessage('single_line'), abort: true }),
);

/**
 * The base of every text field: refuses control characters and broken text, and tabs and line
 * breaks unless `lines` (textarea fields). The first refusal stops the other checks of the field.
 */
export const safeString = ({ lines = false } = {}) => textBase(lines);

export const requiredText = shared((max: number = 255) => safeString().trim().min(1).max(max));
export const optionalText = shared((max: number = 255) => safeString().trim().max(max).nullable().optional());
/** Text of a textarea: line breaks and tabs allowed. */
export const optionalMultiLineText = shared((max: number = 1000) => safeString({ lines: true }).trim().max(max).nullable().optional());
/** A value used exactly as given (passwords, tokens, codes of other systems): not trimmed, required. */
export const rawText = shared((max: number) => safeString().min(1).max(max));
/** A query string filter or sort: not trimmed, may be empty. */
export const filterText = shared((max: number = 100) => safeString().max(max));

// Local part at most 63 characters, as spec 000 §5 asks.
export const email = () =>
  safeString()
    .trim()
    .toLowerCase()
    .min(1)
    .max(254)
    .pipe(z.email())
    .refine((value) => value.split('@')[0]!.length <= 63, { error: encodeMessage('email_local_part') });

/**
 * Russian phone formats (spec 000 §5): 8, 7 or +7 then the 10 digits of the number, or those 10
 * digits alone (starting 3 to 9: a number never starts 0, 1 or 2); spaces, dots, brackets and dashes
 * anywhere between. `normalizePhone` turns every one into the stored form `+7XXXXXXXXXX`.
 */
const PHONE_CHARACTERS = /^\+?[\d\s().-]{10,30}$/;
export const PHONE_PATTERN = /^(?:(?:\+7|7|8)[\s.-]*\(?[\s.-]*\d{3}[\s.-]*\)?|\(?[\s.-]*[3-9]\d{2}[\s.-]*\)?)[\s.-]*\d{3}[\s.-]*\d{2}[\s.-]*\d{2}$/;

/** The stored form of a Russian phone (`+7` and 10 digits), or null when the text is not one. */
export function normalizePhone(value: string): string | null {
  const text = value.trim();
  if (!PHONE_CHARACTERS.test(text) || !PHONE_PATTERN.test(text.replace(/\s+/g, ' '))) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits.length === 11 && digits.startsWith('7') ? `+${digits}` : null;
  if (digits.length === 11 && /^[78]/.test(digits)) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && /^[3-9]/.test(digits)) return `+7${digits}`;
  return null;
}
export const isPhone = (value: string) => normalizePhone(value) !== null;

/** How phones are shown when a site names no format of its own. */
export const DEFAULT_PHONE_FORMAT = '+7 (XXX) XXX-XX-XX';
/**
 * A stored phone in a site's format (sites' `phone_format`, X a digit: `8 (XXX) XXX-XX-XX`;
 * DEFAULT_PHONE_FORMAT when it has none): ten X take the number's 10 digits, eleven take 7 and
 * them; a format of another count shows the stored form, a phone that is not Russian is shown as stored.
 */
export function formatPhone(value: string | null | undefined, format: string | null | undefined): string {
  if (!value) return '';
  const normal = normalizePhone(value);
  if (!normal) return value;
  format ||= DEFAULT_PHONE_FORMAT;
  const slots = (format.match(/X/g) ?? []).length;
  const digits = slots === 10 ? normal.slice(2) : slots === 11 ? normal.slice(1) : null;
  if (!digits) return normal;
  let next = 0;
  return format.replace(/X/g, () => digits[next++]!);
}

/** A person's phone in one of the Russian formats, stored normalised (`+7XXXXXXXXXX`). */
// `overwrite`, not `transform`: the schema stays a string one, so a union (`optionalPhone`) still names the phone's own message.
export const phone = () =>
  safeString()
    .trim()
    .refine(isPhone, { error: encodeMessage('phone') })
    .overwrite((value) => normalizePhone(value) ?? value);
export const optionalPhone = () =>
  z.union([z.literal('').transform(() => null), phone()]).nullable().optional();
/** A phone an editor writes for visitors to read (a site's header, a stage's button): the same formats, kept as written. */
export const writtenPhone = () => safeString().trim().refine(isPhone, { error: encodeMessage('phone') });
export const optionalWrittenPhone = () => z.union([z.literal('').transform(() => null), writtenPhone()]).nullable().optional();

export const url = () =>
  safeString()
    .trim()
    .max(2048)
    .refine((value) => /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i.test(value), { error: encodeMessage('url') });

/**
 * Addresses the server itself calls later (feeds, import hooks, CRM proxy actions, VIN services,
 * SMTP hosts). Marked here so that the server checks every such field when it is saved (server
 * kit/outbound-address.ts: an address inside the platform's network is refused at once); the
 * outgoing-call guard still checks every call. `url` is an http(s) URL, `host` a bare host name or IP.
 */
export type OutboundKind = 'url' | 'host';
export const outboundAddresses = z.registry<{ kind: OutboundKind }>();
/** Marks a field's schema as an address the server will call; apply it last (a later `.refine` makes a new, unmarked schema). */
export function outbound<T extends z.ZodType>(schema: T, kind: OutboundKind = 'url'): T {
  const marked = schema.clone() as T;
  outboundAddresses.add(marked, { kind });
  return marked;
}

/** At least 8 characters with a capital letter, a digit and a special character. */
export const PASSWORD_RULE = /^(?=.*[A-ZА-ЯЁ])(?=.*\d)(?=.*[^A-Za-zА-Яа-яЁё\d\s]).{8,}$/;
export const password = () => safeString().min(1).max(128).regex(PASSWORD_RULE, { error: encodeMessage('password') });

export const latin = (max = 255) => safeString().trim().min(1).max(max).regex(/^[A-Za-z]+$/, { error: encodeMessage('latin') });
/** Machine codes: Latin letters, digits, - and _. */
export const code = (max = 100) => safeString().trim().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, { error: encodeMessage('code_format') });

export const locale = () => z.enum(['ru', 'en'], { error: encodeMessage('locale') });

/** No whitespace, quotes, angle brackets or Cyrillic (spec 000 §5, verification code). */
export const verificationCode = () =>
  safeString()
    .min(1)
    .max(64)
    .regex(/^[^\s'"`<>А-Яа-яЁё]+$/, { error: encodeMessage('verification_code') });

/** The largest PostgreSQL integer (int4): ids and references are bounded by their column type. */
export const INT4_MAX = 2_147_483_647;
/** A whole number as a query string or a form gives it: digits only, no `0x1`, `1e3`, ` 1`, `1.0`, `01`. */
const INTEGER_TEXT = /^(0|-?[1-9][0-9]*)$/;
const fromDigits = (value: unknown) => (typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value);
/** Not a whole number: "required" when nothing is given; bounds keep the generic messages. */
const integerError = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' ? encodeMessage(issue.input == null ? 'required' : 'integer') : undefined;

/**
 * A whole number from JSON or a query string, parsed strictly, from `min` to `max` (int4 by
 * default); `error` replaces every message. Bounds stop first, so 2^53 gets one message.
 */
export const integer = shared((min: number, max: number = INT4_MAX, error?: string) =>
  z.preprocess(
    fromDigits,
    z
      .number({ error: error ?? integerError })
      .min(min, { error, abort: true })
      .max(max, { error, abort: true })
      .int({ error: error ?? integerError }),
  ),
);

/** A record id, also from a query string; nothing given is "required", not "invalid type". */
export const id = () => integer(1);
export const idList = (max = 1000) => z.array(id()).max(max);
