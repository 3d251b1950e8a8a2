import { z } from 'zod';
import { isoDate } from '../kit/dates.ts';
import { id, idList, integer } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { CREDIT_MONEY_MAX, carType, months, percent } from './credit-fields.ts';

/**
 * The credit calculation (docs/decisions/credit.md, "How is a payment calculated?"): a car price,
 * its type, age and brand, a down payment (roubles or percent), a term and a residual percent; with
 * a site, only the programmes in the packs of the site's client, and the site's settings give the
 * defaults and the longest term; with a site and the car's marketing complectation, the site's
 * client's discounts for the car (benefits) lower the price of the programmes they combine with.
 * Amounts of the answer are in kopecks.
 */
export const calculationInput = z.strictObject({
  /** The car's price in whole roubles. */
  price: integer(1, CREDIT_MONEY_MAX),
  car_type: carType(),
  /** The car's age in years (0: this year). */
  car_age: integer(0, 100).default(0),
  brand_id: id().nullable().optional(),
  /** Previous owners of a used car. */
  owners: integer(0, 100).nullable().optional(),
  /** The down payment in roubles, or as a percent of the price (one of them; neither: the site's default or 0). */
  down_payment: integer(0, CREDIT_MONEY_MAX).optional(),
  down_payment_percent: percent().optional(),
  /** The term in months (absent: the site's default, else 36). */
  term: months().optional(),
  /** The residual (balloon) as a percent of the price (absent: the programme's redemption value, else the site's default, else 0). */
  residual_percent: percent().optional(),
  site_id: id().optional(),
  /** The car's marketing complectation: with a site, its discounts (benefits) apply. */
  marketing_complectation_id: id().optional(),
  /** The day the discounts must be valid on (absent: today). */
  date: isoDate().optional(),
  /** Only these programmes (a programme's preview). */
  program_ids: idList(100).optional(),
  /** One state of a programme, published or not (the state editor's preview); its programme only. */
  program_state_id: id().optional(),
}).superRefine((value, ctx) => {
  if (value.down_payment !== undefined && value.down_payment_percent !== undefined)
    ctx.addIssue({ code: 'custom', path: ['down_payment_percent'], message: encodeMessage('credit_down_payment_twice') });
  if (value.down_payment !== undefined && value.down_payment > value.price)
    ctx.addIssue({ code: 'custom', path: ['down_payment'], message: encodeMessage('credit_down_payment_above_price') });
});
export type CalculationInput = z.output<typeof calculationInput>;
export const calculationBody = z.strictObject({ data: calculationInput });

/** Why a programme does not apply (each with its message `credit_reason_<code>`). */
export const CREDIT_EXCLUSION_REASONS = ['car_type', 'car_age', 'brand', 'owners', 'loan_amount', 'term', 'down_payment', 'residual'] as const;
export type CreditExclusionReason = (typeof CREDIT_EXCLUSION_REASONS)[number];

/** A discount that applies to the car (benefits); its sum in kopecks. */
export interface CreditBenefit {
  discount_id: number;
  program_id: number;
  program_name: string;
  disclaimer: string | null;
  sum: number;
  start_date: string;
  end_date: string;
  /** The credit programmes it combines with: their offers are calculated on the price less it. */
  credit_program_ids: number[];
}

/** One programme's result; money in kopecks. */
export interface CreditOffer {
  program_id: number;
  program_state_id: number;
  name: string;
  bank_id: number;
  bank_name: string;
  bank_logo_id: number | null;
  preferential: boolean;
  leasing: boolean;
  disclaimer: string | null;
  rate: number;
  term: number;
  /** The price this offer finances: the car's price less the discounts that combine with the programme. */
  price: number;
  down_payment: number;
  loan_amount: number;
  monthly_payment: number;
  /** The last monthly payment: the one that ends the balance at exactly the balloon. */
  last_payment: number;
  /** The final residual (balloon) payment. */
  residual_payment: number;
  residual_percent: number;
  /** Down payment + every monthly payment + the balloon. */
  total_paid: number;
  /** Total paid less the offer's price. */
  overpayment: number;
  /** The car's discounts that combine with this programme: their discount_id in the result's `benefits`. */
  benefit_ids: number[];
}

export interface CreditExclusion {
  program_id: number;
  program_state_id: number;
  name: string;
  bank_name: string;
  /** Why: each reason's title is in the result's `reason_titles`. */
  reasons: CreditExclusionReason[];
}

export interface CalculationResult {
  price: number;
  down_payment: number;
  down_payment_percent: number;
  term: number;
  /** The longest term the site allows (null without a site). */
  max_term: number | null;
  offers: CreditOffer[];
  excluded: CreditExclusion[];
  /** The title of each reason the exclusions give, in the caller's language (each title once, not per programme). */
  reason_titles: Partial<Record<CreditExclusionReason, string>>;
  /** Every discount that applies to the car on the day, largest first (empty without a site and a complectation). */
  benefits: CreditBenefit[];
}
