import { z } from 'zod';
import { integer } from '../kit/fields.ts';
import { encodeMessage, type MessageKey } from '../kit/messages.ts';

/**
 * Field rules of the credit calculator (spec 001 §3 Credit, §5 loan program, §9): percentages and
 * the interest rate are numbers from 0 to 100, terms whole months, amounts whole roubles; every
 * "from" is at most its "to".
 */

/** Car types of a programme (spec 001 §9): new or used. */
export const CREDIT_CAR_TYPES = ['new', 'used'] as const;
export type CreditCarType = (typeof CREDIT_CAR_TYPES)[number];

/** Car age choices (spec 001 §5): -1 not specified, 0 this year, then 1 to 15 years. */
export const CAR_AGE_NOT_SPECIFIED = -1;
export const CAR_AGE_CHOICES = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
/** The longest term a programme or a calculation takes, in months (50 years). */
export const CREDIT_TERM_MAX = 600;
/** The largest amount, in roubles (as a car's price). */
export const CREDIT_MONEY_MAX = 1_000_000_000_000;

const DECIMAL_TEXT = /^(0|[1-9]\d*)(\.\d{1,4})?$/;

/** A percentage (or an interest rate): 0 to 100, at most four decimals, from JSON or a form's text. */
export const percent = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: (issue) => encodeMessage(issue.input == null ? 'required' : 'decimal_number') })
      .min(0, { error: encodeMessage('non_negative'), abort: true })
      .max(100, { error: encodeMessage('credit_percent'), abort: true })
      .refine((value) => Number.isFinite(value) && Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, { error: encodeMessage('credit_decimals') }),
  );

/** A term in whole months, 1 to 600. */
export const months = () => integer(1, CREDIT_TERM_MAX);
/** An amount in whole roubles, 0 or more. */
export const roubles = () => integer(0, CREDIT_MONEY_MAX);
export const carAge = () => integer(-1, 15, encodeMessage('credit_car_age'));
export const carType = () => z.enum(CREDIT_CAR_TYPES, { error: (issue) => encodeMessage(issue.input == null ? 'required' : 'credit_car_type') });

/** The conditions of a programme and the calculation restrictions of its states (flat fields). */
export const conditionFields = {
  term_min: months(),
  term_max: months(),
  down_payment_min: percent().default(0),
  down_payment_max: percent().default(100),
  residual_min: percent().default(0),
  residual_max: percent().default(0),
  loan_amount_min: roubles().default(0),
  loan_amount_max: roubles().nullable().default(null),
  interest_rate: percent(),
};
export const CONDITION_FIELDS = Object.keys(conditionFields) as (keyof typeof conditionFields)[];

export interface CreditConditions {
  term_min: number;
  term_max: number;
  down_payment_min: number;
  down_payment_max: number;
  residual_min: number;
  residual_max: number;
  loan_amount_min: number;
  loan_amount_max: number | null;
  interest_rate: number;
}

/** The pairs whose "from" may not exceed their "to", with the message that names both fields. */
const RANGES: { min: keyof CreditConditions; max: keyof CreditConditions; key: MessageKey }[] = [
  { min: 'term_min', max: 'term_max', key: 'credit_term_range' },
  { min: 'down_payment_min', max: 'down_payment_max', key: 'credit_down_payment_range' },
  { min: 'residual_min', max: 'residual_max', key: 'credit_residual_range' },
  { min: 'loan_amount_min', max: 'loan_amount_max', key: 'credit_loan_amount_range' },
];

/** The ranges `values` breaks (min above max), each at its "from" field; none when a side is missing. */
export function conditionRangeIssues(values: Partial<Record<keyof CreditConditions, unknown>>): { field: keyof CreditConditions; key: MessageKey }[] {
  return RANGES.filter(({ min, max }) => typeof values[min] === 'number' && typeof values[max] === 'number' && (values[min] as number) > (values[max] as number)).map(({ min, key }) => ({ field: min, key }));
}

/** The zod check of the ranges on a whole body (create): one issue per broken range, at its "from" field. */
export const checkConditionRanges = (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const issue of conditionRangeIssues(values)) ctx.addIssue({ code: 'custom', path: [issue.field], message: encodeMessage(issue.key) });
};

/** A residual (buy-back) percentage for a term: the redemption values of a programme state. */
export const redemptionValues = () =>
  z
    .array(z.strictObject({ term: months(), percent: percent() }))
    .max(50)
    .superRefine((values, ctx) => {
      if (new Set(values.map((value) => value.term)).size !== values.length) ctx.addIssue({ code: 'custom', message: encodeMessage('credit_redemption_term_twice') });
    });
export type RedemptionValue = { term: number; percent: number };
