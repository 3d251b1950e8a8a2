import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculationInput, type CalculationInput } from '@dp/contracts';
import { annuityPayment, calculateOffers, creditSchedule, type ProgramTerms } from './calculate-credit.ts';

/**
 * The calculation alone (no database): schedules to the kopeck against fixtures computed
 * independently with Python's decimal (fixtures/make-schedules.py), the zero rate, the balloon,
 * and the exclusions with their reasons.
 */
interface Fixture {
  principal: number;
  balloon: number;
  term: number;
  rate: number;
  payment: number;
  rows: [number, number, number, number][];
}
const fixtures = JSON.parse(readFileSync(new URL('./fixtures/schedules.json', import.meta.url), 'utf8')) as Fixture[];

describe('the schedule', () => {
  it.each(fixtures.map((fixture) => [`${fixture.principal} kopecks at ${fixture.rate} % over ${fixture.term} months, balloon ${fixture.balloon}`, fixture] as const))(
    '%s matches the independent computation to the kopeck',
    (_name, fixture) => {
      const { payment, rows } = creditSchedule(fixture.principal, fixture.balloon, fixture.term, fixture.rate);
      expect(payment).toBe(fixture.payment);
      expect(rows.map((row) => [row.month, row.payment, row.interest, row.balance])).toEqual(fixture.rows);
    },
  );

  it('pays the textbook annuity: 1 000 000 at 12 % over 12 months is 88 848.79 a month', () => {
    expect(annuityPayment(100_000_000, 0, 12, 12)).toBe(8_884_879);
  });

  it('splits the loan less the balloon evenly at a zero rate and ends at exactly the balloon', () => {
    const { payment, rows } = creditSchedule(1_000_000, 400_000, 3, 0);
    expect(payment).toBe(200_000);
    expect(rows.map((row) => row.payment)).toEqual([200_000, 200_000, 200_000]);
    expect(rows.at(-1)!.balance).toBe(400_000);
    const odd = creditSchedule(1_000_000, 0, 3, 0);
    expect(odd.rows.map((row) => row.payment)).toEqual([333_333, 333_333, 333_334]);
    expect(odd.rows.at(-1)!.balance).toBe(0);
  });
});

const program = (extra: Partial<ProgramTerms> = {}): ProgramTerms => ({
  program_id: 1,
  client_id: null,
  program_state_id: 11,
  name: 'Стандарт',
  bank_id: 5,
  bank_name: 'Банк',
  bank_logo_id: null,
  brand_id: null,
  owners: null,
  preferential: false,
  leasing: false,
  disclaimer: null,
  redemption_percent: null,
  car_type: 'new',
  car_age: -1,
  car_age_limit: -1,
  term_min: 12,
  term_max: 84,
  down_payment_min: 10,
  down_payment_max: 90,
  residual_min: 0,
  residual_max: 40,
  loan_amount_min: 100_000,
  loan_amount_max: 5_000_000,
  interest_rate: 12,
  redemption_values: [],
  ...extra,
});
const input = (extra: Record<string, unknown>): CalculationInput => calculationInput.parse({ price: 1_250_000, car_type: 'new', down_payment: 250_000, term: 12, ...extra });

describe('the offers', () => {
  it('gives the loan, the payments, the balloon, the total and the overpayment in kopecks', () => {
    const result = calculateOffers(input({}), [program()], null, 'en');
    expect(result.excluded).toEqual([]);
    const [offer] = result.offers;
    expect(offer).toMatchObject({ loan_amount: 100_000_000, monthly_payment: 8_884_879, last_payment: 8_884_876, residual_payment: 0, rate: 12, term: 12 });
    expect(offer!.total_paid).toBe(25_000_000 + 8_884_879 * 11 + 8_884_876);
    expect(offer!.overpayment).toBe(offer!.total_paid - 125_000_000);
    expect(offer!.benefit_ids).toEqual([]);
    expect(result.down_payment_percent).toBe(20);
  });

  it('takes a balloon as a percent of the price, and the redemption value of the term when none is given', () => {
    const withResidual = calculateOffers(input({ residual_percent: 20, term: 36 }), [program()], null, 'en').offers[0]!;
    expect(withResidual.residual_payment).toBe(25_000_000);
    expect(withResidual.total_paid).toBe(25_000_000 + withResidual.monthly_payment * 35 + withResidual.last_payment + 25_000_000);
    const redeemed = calculateOffers(input({ term: 36 }), [program({ redemption_values: [{ term: 36, percent: 30 }], redemption_percent: 10 })], null, 'en').offers[0]!;
    expect(redeemed.residual_percent).toBe(30);
    const fallback = calculateOffers(input({ term: 24 }), [program({ redemption_values: [{ term: 36, percent: 30 }], redemption_percent: 10 })], null, 'en').offers[0]!;
    expect(fallback.residual_percent).toBe(10);
  });

  it('excludes by car type, car age, brand, owners, loan amount, term, down payment and residual, with texts', () => {
    const programs = [
      program({ program_id: 1, car_type: 'used' }),
      program({ program_id: 2, car_age: 3 }),
      program({ program_id: 3, car_age_limit: 1 }),
      program({ program_id: 4, brand_id: 77 }),
      program({ program_id: 5, loan_amount_max: 500_000 }),
      program({ program_id: 6, loan_amount_min: 2_000_000 }),
      program({ program_id: 7, term_min: 24 }),
      program({ program_id: 8, down_payment_min: 30 }),
      program({ program_id: 9, residual_max: 10 }),
      program({ program_id: 10, owners: 1 }),
      program({ program_id: 11, brand_id: 12, car_age: 5 }),
    ];
    const result = calculateOffers(input({ car_age: 4, brand_id: 12, residual_percent: 15, owners: 2 }), programs, null, 'ru');
    const reasons = Object.fromEntries(result.excluded.map((entry) => [entry.program_id, entry.reasons]));
    expect(reasons).toEqual({
      1: ['car_type'],
      2: ['car_age'],
      3: ['car_age'],
      4: ['brand'],
      5: ['loan_amount'],
      6: ['loan_amount'],
      7: ['term'],
      8: ['down_payment'],
      9: ['residual'],
      10: ['owners'],
    });
    expect(result.offers.map((offer) => offer.program_id)).toEqual([11]);
    expect(result.reason_titles.car_type).toBe('Программа не для этого типа автомобиля');
    expect(calculateOffers(input({}), [program({ car_type: 'used' })], null, 'en').reason_titles).toEqual({ car_type: 'The programme is not for this car type' });
  });

  it('takes the site defaults and keeps the term within the site maximum', () => {
    const site = { default_period: 24, max_period: 48, fee_percent: 30, residual_percent: 5 };
    const result = calculateOffers(calculationInput.parse({ price: 1_000_000, car_type: 'new' }), [program()], site, 'en');
    expect(result).toMatchObject({ term: 24, max_term: 48, down_payment: 30_000_000, down_payment_percent: 30 });
    expect(result.offers[0]!.residual_percent).toBe(5);
    expect(calculateOffers(calculationInput.parse({ price: 1_000_000, car_type: 'new', term: 84 }), [program()], site, 'en').term).toBe(48);
  });

  it('refuses a down payment in both forms and one above the price', () => {
    expect(calculationInput.safeParse({ price: 1000, car_type: 'new', down_payment: 10, down_payment_percent: 10 }).success).toBe(false);
    expect(calculationInput.safeParse({ price: 1000, car_type: 'new', down_payment: 2000 }).success).toBe(false);
    expect(calculationInput.safeParse({ price: '1e3', car_type: 'new' }).success).toBe(false);
  });
});
