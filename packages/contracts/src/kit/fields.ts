import { z } from 'zod';
import { encodeMessage } from './messages.ts';

/** Field builders carrying the specification's validation rules (spec 000 §5). */

export const requiredText = (max = 255) => z.string().trim().min(1).max(max);
export const optionalText = (max = 255) => z.string().trim().max(max).nullable().optional();

// Local part at most 63 characters, as spec 000 §5 asks.
export const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(254)
    .pipe(z.email())
    .refine((value) => value.split('@')[0]!.length <= 63, { error: encodeMessage('email_local_part') });

/** Russian phone formats starting with 8, 7 or +7, then 10 digits; spaces, brackets and dashes allowed. */
export const PHONE_PATTERN = /^(\+7|7|8)[\s-]?\(?\d{3}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}$/;
export const phone = () => z.string().trim().regex(PHONE_PATTERN, { error: encodeMessage('phone') });
export const optionalPhone = () =>
  z.union([z.literal('').transform(() => null), phone()]).nullable().optional();

export const url = () =>
  z
    .string()
    .trim()
    .refine((value) => /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i.test(value), { error: encodeMessage('url') });

/** At least 8 characters with a capital letter, a digit and a special character. */
export const PASSWORD_RULE = /^(?=.*[A-ZА-ЯЁ])(?=.*\d)(?=.*[^A-Za-zА-Яа-яЁё\d\s]).{8,}$/;
export const password = () => z.string().min(1).max(128).regex(PASSWORD_RULE, { error: encodeMessage('password') });

export const latin = (max = 255) => z.string().trim().min(1).max(max).regex(/^[A-Za-z]+$/, { error: encodeMessage('latin') });
/** Machine codes: Latin letters, digits, - and _. */
export const code = (max = 100) => z.string().trim().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, { error: encodeMessage('code_format') });

export const locale = () => z.enum(['ru', 'en'], { error: encodeMessage('locale') });

/** No whitespace, quotes, angle brackets or Cyrillic (spec 000 §5, verification code). */
export const verificationCode = () =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\s'"`<>А-Яа-яЁё]+$/, { error: encodeMessage('verification_code') });

/** A record id, also from a query string; nothing given is "required", not "invalid type". */
const toNumber = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
export const id = () => z.preprocess(toNumber, z.number().int().positive());
export const idList = () => z.array(id());
export const timestamp = () => z.string();
