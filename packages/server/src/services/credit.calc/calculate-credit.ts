import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CAR_AGE_NOT_SPECIFIED,
  CREDIT_SETTINGS_DEFAULTS,
  STATE_STATUS,
  t,
  type CalculationInput,
  type CalculationResult,
  type CreditBenefit,
  type CreditExclusion,
  type CreditExclusionReason,
  type CreditOffer,
  type Lang,
  type MessageKey,
} from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { benefitsForCar, ownerNumber, type CarBenefits } from '../benefits/benefits-for-car.ts';
import { creditBanks, creditPacks, creditPrograms, creditProgramStates, creditSettings } from './credit.table.ts';
import type { CreditTermsCache } from './credit-cache.ts';
import type { ProgramTerms, SiteCreditSettings, SiteCreditTerms } from './credit-terms.ts';

export type { ProgramTerms, SiteCreditSettings } from './credit-terms.ts';

/**
 * The credit calculation (docs/decisions/credit.md, "How is a payment calculated?"). Money is in
 * kopecks (integers); a rate is held in thousandths of a percent (9.9 % = 9900), so that every
 * month's interest is computed exactly and rounded half up to the kopeck.
 */

/** Kopecks of whole roubles. */
export const kopecks = (roubles: number) => Math.round(roubles * 100);

/** `a * b / c` rounded half up, exactly, for non-negative integers. */
function mulDivRound(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const whole = Math.floor(product / c);
    const rest = product - whole * c;
    return whole + (rest * 2 >= c ? 1 : 0);
  }
  const big = BigInt(a) * BigInt(b);
  const bigC = BigInt(c);
  return Number((big * 2n + bigC) / (2n * bigC));
}

/** A rate in percent per year as thousandths of a percent (9.9 → 9900). */
export const rateMilli = (rate: number) => Math.round(rate * 1000);
/** Thousandths of a percent per year → the monthly divisor: r = milli / 1 200 000. */
const MONTHLY = 1_200_000;

/**
 * The annuity payment of a loan of `principal` kopecks over `term` months with a balloon of
 * `balloon` kopecks at the end: (P − B·(1+r)^−n)·r / (1 − (1+r)^−n), r = 0: (P − B)/n, rounded to
 * the kopeck (half up).
 */
export function annuityPayment(principal: number, balloon: number, term: number, rate: number): number {
  const milli = rateMilli(rate);
  if (milli === 0) return Math.max(0, Math.round((principal - balloon) / term));
  const r = milli / MONTHLY;
  const discount = Math.pow(1 + r, -term);
  return Math.max(0, Math.round(((principal - balloon * discount) * r) / (1 - discount)));
}

export interface ScheduleRow {
  month: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

/**
 * The schedule: each month's interest is the balance times r, rounded half up to the kopeck; the
 * last payment is adjusted so that the balance ends at exactly the balloon.
 */
export function creditSchedule(principal: number, balloon: number, term: number, rate: number): { payment: number; rows: ScheduleRow[] } {
  const payment = annuityPayment(principal, balloon, term, rate);
  const milli = rateMilli(rate);
  const rows: ScheduleRow[] = [];
  let balance = principal;
  for (let month = 1; month <= term; month++) {
    const interest = balance > 0 ? mulDivRound(balance, milli, MONTHLY) : 0;
    const due = month === term ? balance + interest - balloon : payment;
    const paid = Math.max(0, due);
    balance = balance + interest - paid;
    rows.push({ month, payment: paid, interest, principal: paid - interest, balance });
  }
  return { payment, rows };
}

/** The last payment and the sum of the monthly payments, without keeping the rows (the calculation's loop). */
export function scheduleTotals(principal: number, balloon: number, term: number, rate: number): { payment: number; last: number; sum: number } {
  const payment = annuityPayment(principal, balloon, term, rate);
  const milli = rateMilli(rate);
  let balance = principal;
  let sum = 0;
  let last = payment;
  for (let month = 1; month <= term; month++) {
    const interest = balance > 0 ? mulDivRound(balance, milli, MONTHLY) : 0;
    const paid = Math.max(0, month === term ? balance + interest - balloon : payment);
    balance = balance + interest - paid;
    sum += paid;
    last = paid;
  }
  return { payment, last, sum };
}



/** Percent of `amount` kopecks, rounded half up. */
const share = (amount: number, percent: number) => Math.round((amount * percent) / 100);
/** A percentage with at most four decimals (what a form shows). */
const roundPercent = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The offers and exclusions for one input over the given programme terms (no database: the
 * route and, later, the public sites feed it). `site` gives the defaults and the longest term.
 */
export function calculateOffers(input: CalculationInput, programs: ProgramTerms[], site: SiteCreditSettings | null, lang: Lang, benefits: CreditBenefit[] = []): CalculationResult {
  const price = kopecks(input.price);
  const defaults = site ?? CREDIT_SETTINGS_DEFAULTS;
  const downPercent = input.down_payment !== undefined ? null : (input.down_payment_percent ?? defaults.fee_percent);
  /** The down payment on a price: the roubles asked for, or the percent of that price. */
  const downOn = (amount: number) => (input.down_payment !== undefined ? Math.min(kopecks(input.down_payment), amount) : share(amount, downPercent!));
  const down = downOn(price);
  const downShare = price > 0 ? (down * 100) / price : 0;
  const maxTerm = site?.max_period ?? null;
  const term = Math.min(input.term ?? defaults.default_period, maxTerm ?? Number.MAX_SAFE_INTEGER);
  const offers: CreditOffer[] = [];
  const excluded: CreditExclusion[] = [];
  const reasonTitles: CalculationResult['reason_titles'] = {};
  for (const program of programs) {
    const combined = benefits.filter((benefit) => benefit.credit_program_ids.includes(program.program_id));
    const offerPrice = Math.max(0, price - combined.reduce((sum, benefit) => sum + benefit.sum, 0));
    const offerDown = combined.length ? downOn(offerPrice) : down;
    const offerDownShare = offerPrice > 0 ? (offerDown * 100) / offerPrice : 0;
    const loan = Math.max(0, offerPrice - offerDown);
    const redemption = program.redemption_values.find((value) => value.term === term)?.percent ?? program.redemption_percent;
    const residualPercent = input.residual_percent ?? redemption ?? site?.residual_percent ?? 0;
    const reasons: CreditExclusionReason[] = [];
    if (program.car_type !== input.car_type) reasons.push('car_type');
    const ageLimit = program.car_age !== CAR_AGE_NOT_SPECIFIED ? program.car_age : program.car_age_limit;
    if (ageLimit !== CAR_AGE_NOT_SPECIFIED && input.car_age > ageLimit) reasons.push('car_age');
    if (program.brand_id !== null && program.brand_id !== (input.brand_id ?? null)) reasons.push('brand');
    if (program.owners !== null && input.owners != null && input.owners > program.owners) reasons.push('owners');
    if (loan < kopecks(program.loan_amount_min) || (program.loan_amount_max !== null && loan > kopecks(program.loan_amount_max)) || loan === 0) reasons.push('loan_amount');
    if (term < program.term_min || term > program.term_max) reasons.push('term');
    if (offerDownShare < program.down_payment_min - 1e-9 || offerDownShare > program.down_payment_max + 1e-9) reasons.push('down_payment');
    const balloon = share(offerPrice, residualPercent);
    if (residualPercent < program.residual_min - 1e-9 || residualPercent > program.residual_max + 1e-9 || balloon > loan) reasons.push('residual');
    if (reasons.length) {
      excluded.push({
        program_id: program.program_id,
        program_state_id: program.program_state_id,
        name: program.name,
        bank_name: program.bank_name,
        reasons,
      });
      for (const code of reasons) reasonTitles[code] ??= t(`credit_reason_${code}` as MessageKey, lang);
      continue;
    }
    const totals = scheduleTotals(loan, balloon, term, program.interest_rate);
    const totalPaid = offerDown + totals.sum + balloon;
    offers.push({
      program_id: program.program_id,
      program_state_id: program.program_state_id,
      name: program.name,
      bank_id: program.bank_id,
      bank_name: program.bank_name,
      bank_logo_id: program.bank_logo_id,
      preferential: program.preferential,
      leasing: program.leasing,
      disclaimer: program.disclaimer,
      rate: program.interest_rate,
      term,
      price: offerPrice,
      down_payment: offerDown,
      loan_amount: loan,
      monthly_payment: totals.payment,
      last_payment: totals.last,
      residual_payment: balloon,
      residual_percent: residualPercent,
      total_paid: totalPaid,
      overpayment: totalPaid - offerPrice,
      benefit_ids: combined.map((benefit) => benefit.discount_id),
    });
  }
  offers.sort((a, b) => a.monthly_payment - b.monthly_payment || a.program_id - b.program_id);
  return { price, down_payment: down, down_payment_percent: roundPercent(downShare), term, max_term: maxTerm, offers, excluded, reason_titles: reasonTitles, benefits };
}

/** The programmes a site offers: those in the packs of its client and in the system-wide packs. */
function packedPrograms(clientId: number) {
  return sql`${creditPrograms.id} in (select unnest(${creditPacks.program_ids}) from ${creditPacks} where ${or(eq(creditPacks.client_id, clientId), isNull(creditPacks.client_id))})`;
}

export interface CalculationScope {
  /** The site, already checked to be within the caller's reach: its packs and settings apply. */
  site?: { id: number; client_id: number } | null;
  /** The programmes the caller reaches (its clients' and the system-wide); undefined: every one. */
  clientIds?: number[] | 'all';
  /** The terms kept per site (credit-cache.ts); without it every calculation reads the database. */
  cache?: CreditTermsCache | null;
}

/** The current published terms of the programmes in a site's packs, and its settings (one site's calculations). */
export async function loadSiteTerms(db: DbOrTx, site: { id: number; client_id: number }): Promise<SiteCreditTerms> {
  const programs = await selectTerms(db, [eq(creditProgramStates.status, STATE_STATUS.published), isNull(creditProgramStates.superseded_at), packedPrograms(site.client_id)]);
  return { programs, settings: await siteSettings(db, site.id) };
}

async function siteSettings(db: DbOrTx, siteId: number): Promise<SiteCreditSettings> {
  const [row] = await db
    .select({ default_period: creditSettings.default_period, max_period: creditSettings.max_period, fee_percent: creditSettings.fee_percent, residual_percent: creditSettings.residual_percent })
    .from(creditSettings)
    .where(eq(creditSettings.site_id, siteId))
    .limit(1);
  return row ?? { ...CREDIT_SETTINGS_DEFAULTS };
}

/** Whether the caller reaches a programme: the system-wide ones and its clients'. */
const reaches = (clientIds: CalculationScope['clientIds'], program: ProgramTerms) =>
  !clientIds || clientIds === 'all' || program.client_id === null || clientIds.includes(program.client_id);

/**
 * The calculation: every programme that applies with its current published state (or, for a
 * preview, the one state asked for), each with its payments, and those excluded with the reasons.
 * A site's terms come from the cache when one is given.
 */
export async function calculateCredit(db: DbOrTx, input: CalculationInput, scope: CalculationScope, lang: Lang): Promise<CalculationResult> {
  const wanted = input.program_ids?.length ? new Set(input.program_ids) : null;
  const pick = (programs: ProgramTerms[]) => programs.filter((program) => reaches(scope.clientIds, program) && (!wanted || wanted.has(program.program_id)));
  const benefits = scope.site ? await carBenefits(db, input, scope.site.client_id) : [];
  if (scope.site && input.program_state_id === undefined) {
    const site = scope.site;
    const terms = scope.cache ? await scope.cache.ofSite(site, () => loadSiteTerms(db, site)) : await loadSiteTerms(db, site);
    return calculateOffers(input, pick(terms.programs), terms.settings, lang, benefits);
  }
  const conditions = [];
  if (input.program_state_id !== undefined) conditions.push(eq(creditProgramStates.id, input.program_state_id));
  else conditions.push(eq(creditProgramStates.status, STATE_STATUS.published), isNull(creditProgramStates.superseded_at));
  if (wanted) conditions.push(inArray(creditPrograms.id, [...wanted]));
  if (scope.site) conditions.push(packedPrograms(scope.site.client_id));
  const programs = pick(await selectTerms(db, conditions));
  return calculateOffers(input, programs, scope.site ? await siteSettings(db, scope.site.id) : null, lang, benefits);
}

/** `YYYY-MM-DD` in the platform's time zone; made once (a formatter costs far more to make than to use). */
const DAY_IN_MOSCOW = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
/** Today in the platform's time zone (the dealers' days), `YYYY-MM-DD`. */
export const today = () => DAY_IN_MOSCOW.format(new Date());

/** A car's discounts (benefits-for-car.ts) as the calculation lists them and lowers prices by them. */
export const creditBenefitsOf = (found: CarBenefits): CreditBenefit[] =>
  found.discounts.map((discount) => ({
    discount_id: discount.discountId,
    program_id: discount.program.id,
    program_name: discount.program.name,
    disclaimer: discount.program.disclaimer,
    sum: kopecks(discount.discountSum),
    start_date: discount.startDate,
    end_date: discount.endDate,
    credit_program_ids: discount.program.combinedProgramIds,
  }));

/**
 * The site's client's discounts for the car (benefits-for-car.ts): its marketing complectation, the
 * day asked about (today by default) and the owner its buyer becomes (its previous owners, none for
 * a new car when not given, plus one). None without a complectation.
 */
async function carBenefits(db: DbOrTx, input: CalculationInput, clientId: number): Promise<CreditBenefit[]> {
  if (input.marketing_complectation_id === undefined) return [];
  return creditBenefitsOf(await benefitsForCar(db, { clientId, marketingComplectationId: input.marketing_complectation_id, date: input.date ?? today(), owners: ownerNumber(input.owners) }));
}

/** The terms of the programmes whose state matches `conditions`, with their bank. */
async function selectTerms(db: DbOrTx, conditions: (SQL | undefined)[]): Promise<ProgramTerms[]> {
  const rows = await db
    .select({
      program_id: creditPrograms.id,
      client_id: creditPrograms.client_id,
      program_state_id: creditProgramStates.id,
      name: creditPrograms.name,
      bank_id: creditPrograms.bank_id,
      bank_name: creditBanks.name,
      bank_logo_id: creditBanks.logo_id,
      brand_id: creditPrograms.brand_id,
      owners: creditPrograms.owners,
      preferential: creditPrograms.preferential,
      leasing: creditPrograms.leasing,
      disclaimer: creditPrograms.disclaimer,
      redemption_percent: creditPrograms.redemption_percent,
      car_age_limit: creditPrograms.car_age_limit,
      car_type: creditProgramStates.car_type,
      car_age: creditProgramStates.car_age,
      term_min: creditProgramStates.term_min,
      term_max: creditProgramStates.term_max,
      down_payment_min: creditProgramStates.down_payment_min,
      down_payment_max: creditProgramStates.down_payment_max,
      residual_min: creditProgramStates.residual_min,
      residual_max: creditProgramStates.residual_max,
      loan_amount_min: creditProgramStates.loan_amount_min,
      loan_amount_max: creditProgramStates.loan_amount_max,
      interest_rate: creditProgramStates.interest_rate,
      redemption_values: creditProgramStates.redemption_values,
    })
    .from(creditProgramStates)
    .innerJoin(creditPrograms, eq(creditPrograms.id, creditProgramStates.program_id))
    .innerJoin(creditBanks, eq(creditBanks.id, creditPrograms.bank_id))
    .where(and(...conditions))
    .orderBy(creditPrograms.id);
  return rows as ProgramTerms[];
}
