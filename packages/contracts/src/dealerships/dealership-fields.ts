import { z } from 'zod';
import { integer, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Field builders of the dealerships service (spec 001 §3, §5): phone parts and the weekly work
 * schedule. Work times are stored as minutes since midnight; screens show and take hh:mm.
 */

/** A part of a phone number (country, city, subscriber, internal): digits kept as a string, 0 when absent. */
export const phonePart = (max = 15) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? '0' : typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value),
    safeString().trim().max(max).regex(/^\d+$/, { error: encodeMessage('phone_part') }),
  );

export const phoneParts = () =>
  z.strictObject({ country: phonePart(4), city: phonePart(6), subscriber: phonePart(12), internal: phonePart(8) });
export type PhoneParts = { country: string; city: string; subscriber: string; internal: string };
export const EMPTY_PHONE: PhoneParts = { country: '0', city: '0', subscriber: '0', internal: '0' };
/** A phone as people read it: +7 (843) 2000000 доб. 12; empty when no part is given. */
export function phoneText(phone: Partial<PhoneParts> | null | undefined): string {
  if (!phone) return '';
  const part = (value?: string) => (value && value !== '0' ? value : '');
  const country = part(phone.country);
  const city = part(phone.city);
  const subscriber = part(phone.subscriber);
  const internal = part(phone.internal);
  if (!subscriber) return '';
  return [country && `+${country}`, city && `(${city})`, subscriber, internal && `#${internal}`].filter(Boolean).join(' ');
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface WorkDay {
  from: number | null;
  to: number | null;
  weekend: boolean;
}
export type WorkSchedule = Record<Weekday, WorkDay>;

/** 'hh:mm' → minutes since midnight (24:00 is the end of the day); null for anything else. */
export function hhmmToMinutes(text: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec((text ?? '').trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}
/** Minutes since midnight → 'hh:mm'. */
export function minutesToHhmm(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
}
/** Minutes since midnight → hours and minutes (spec 001 §5). */
export const minutesToParts = (value: number) => ({ hours: Math.floor(value / 60), minutes: value % 60 });

const minuteOfDay = () => integer(0, 1440, encodeMessage('work_time')).nullable().optional();

/** One weekday: a weekend, or from and to (minutes since midnight), from before to. */
export const workDay = () =>
  z
    .strictObject({ from: minuteOfDay(), to: minuteOfDay(), weekend: z.boolean().default(false) })
    .superRefine((day, ctx) => {
      if (day.weekend) return;
      if (day.from == null) ctx.addIssue({ code: 'custom', path: ['from'], message: encodeMessage('work_time_required') });
      if (day.to == null) ctx.addIssue({ code: 'custom', path: ['to'], message: encodeMessage('work_time_required') });
      if (day.from != null && day.to != null && day.from >= day.to) ctx.addIssue({ code: 'custom', path: ['to'], message: encodeMessage('work_time_order') });
    })
    .transform((day): WorkDay => (day.weekend ? { from: null, to: null, weekend: true } : { from: day.from ?? null, to: day.to ?? null, weekend: false }));

export const workSchedule = () => z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, workDay()])) as Record<Weekday, ReturnType<typeof workDay>>);

/** Monday to Friday 09:00–18:00, Saturday 10:00–16:00, Sunday off. */
export const DEFAULT_SCHEDULE: WorkSchedule = {
  mon: { from: 540, to: 1080, weekend: false },
  tue: { from: 540, to: 1080, weekend: false },
  wed: { from: 540, to: 1080, weekend: false },
  thu: { from: 540, to: 1080, weekend: false },
  fri: { from: 540, to: 1080, weekend: false },
  sat: { from: 600, to: 960, weekend: false },
  sun: { from: null, to: null, weekend: true },
};

/** An order or sort value: a whole number, negative ones made 0 (spec 001 §5). */
export const orderValue = () => z.preprocess((value) => (typeof value === 'number' && Number.isInteger(value) && value < 0 ? 0 : value), integer(0, 1_000_000));
