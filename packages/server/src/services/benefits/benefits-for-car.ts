import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { preparedColumns, type Db } from '../../kit/db.ts';
import { benefitDiscounts, benefitPrograms } from './benefit.table.ts';

/** A car as the benefits see it: its client, its marketing complectation, the day asked about and its owners. */
export interface CarForBenefits {
  clientId: number;
  marketingComplectationId: number;
  /** The day the discounts must be valid on, `YYYY-MM-DD`. */
  date: string;
  /**
   * The owner the buyer becomes, as the vehicle passport counts them: 1 for a new car, n + 1 after
   * n owners (`ownerNumber`). A program's owner range is in these numbers, so its default 1 to 3
   * covers new cars and cars of up to two previous owners.
   */
  owners: number;
}

export interface CarBenefit {
  discountId: number;
  discountSum: number;
  startDate: string;
  endDate: string;
  program: { id: number; name: string; code: string; disclaimer: string | null; combinedProgramIds: number[] };
}

export interface CarBenefits {
  discounts: CarBenefit[];
  /** The credit programs (credit.calc ids) any of these discounts combines with, each once, ascending. */
  combinedProgramIds: number[];
}

const CAR_BENEFIT_FIELDS = {
  discountId: benefitDiscounts.id,
  discountSum: benefitDiscounts.discount_sum,
  startDate: benefitDiscounts.start_date,
  endDate: benefitDiscounts.end_date,
  marketingComplectationId: benefitDiscounts.marketing_complectation_id,
  ownersFrom: benefitPrograms.owners_from,
  ownersTo: benefitPrograms.owners_to,
  programId: benefitPrograms.id,
  name: benefitPrograms.name,
  code: benefitPrograms.code,
  disclaimer: benefitPrograms.disclaimer,
  combined: benefitPrograms.combined_program_ids,
};

/** The client's discounts valid on `date` for any of the `complectations` (`{1,2}`), largest first. */
const discountsOfComplectations = preparedColumns(CAR_BENEFIT_FIELDS, (db) =>
  db
    .select(CAR_BENEFIT_FIELDS)
    .from(benefitDiscounts)
    .innerJoin(benefitPrograms, eq(benefitPrograms.id, benefitDiscounts.program_id))
    .where(
      and(
        eq(benefitDiscounts.client_id, sql.placeholder('clientId')),
        // One array parameter, so that the statement's text is the same for any number of cars.
        sql`${benefitDiscounts.marketing_complectation_id} = any(${sql.placeholder('complectations')}::int[])`,
        lte(benefitDiscounts.start_date, sql.placeholder('date')),
        gte(benefitDiscounts.end_date, sql.placeholder('date')),
        or(isNull(benefitPrograms.brand_id), eq(benefitPrograms.brand_id, benefitDiscounts.brand_id)),
        or(isNull(benefitPrograms.model_id), eq(benefitPrograms.model_id, benefitDiscounts.model_id)),
      ),
    )
    .orderBy(desc(benefitDiscounts.discount_sum), asc(benefitDiscounts.id)),
);

/**
 * A client's discounts of each marketing complectation on a day as read (`date|id`), kept by a caller
 * whose cache the discounts' changes drop (a public site's list pages): a complectation read once is
 * not read again.
 */
export type ComplectationDiscounts = Map<string, Awaited<ReturnType<typeof discountsOfComplectations>>>;

/** The owner number the buyer of a car with these previous owners becomes (none: a new car, 1). */
export const ownerNumber = (previousOwners: number | null | undefined) => (previousOwners ?? 0) + 1;

/**
 * The discounts that apply to a car (for the credit calculation and the public sites): those of
 * the client for the car's marketing complectation valid on the date (start ≤ date ≤ end), whose
 * program's conditions the car meets (owners within the program's range; the program's brand and
 * model, where it names them, the complectation's, which each discount keeps a copy of). Largest
 * sum first. One statement (none for a complectation whose discounts on the date `kept` holds:
 * see benefitsForCars).
 */
export async function benefitsForCar(db: Db, car: CarForBenefits, kept?: ComplectationDiscounts): Promise<CarBenefits> {
  return (await benefitsForCars(db, car.clientId, car.date, [{ id: 0, marketingComplectationId: car.marketingComplectationId, owners: car.owners }], kept)).get(0)!;
}

/**
 * The discounts of many cars of one client at once (a public site's list page): each car's as
 * `benefitsForCar` finds them, by the car's id (every car asked about has an entry). One statement
 * for all the cars' complectations, prepared once per connection (it runs in every calculation with
 * a car and on every list page).
 */
export async function benefitsForCars(db: Db, clientId: number, date: string, cars: { id: number; marketingComplectationId: number; owners: number }[], kept?: ComplectationDiscounts): Promise<Map<number, CarBenefits>> {
  const complectationIds = [...new Set(cars.map((car) => car.marketingComplectationId))];
  const missing = complectationIds.filter((id) => !kept?.has(`${date}|${id}`));
  const read = missing.length ? await discountsOfComplectations(db, { clientId, date, complectations: `{${missing.join(',')}}` }) : [];
  for (const id of missing) kept?.set(`${date}|${id}`, read.filter((row) => row.marketingComplectationId === id));
  const rows = kept ? complectationIds.flatMap((id) => kept.get(`${date}|${id}`)!) : read;
  const found = new Map<number, CarBenefits>();
  for (const car of cars) {
    const discounts = rows
      .filter((row) => row.marketingComplectationId === car.marketingComplectationId && row.ownersFrom <= car.owners && row.ownersTo >= car.owners)
      .map((row) => ({
        discountId: row.discountId,
        discountSum: Number(row.discountSum),
        startDate: row.startDate,
        endDate: row.endDate,
        program: { id: row.programId, name: row.name, code: row.code, disclaimer: row.disclaimer, combinedProgramIds: row.combined },
      }));
    const combinedProgramIds = [...new Set(discounts.flatMap((discount) => discount.program.combinedProgramIds))].sort((a, b) => a - b);
    found.set(car.id, { discounts, combinedProgramIds });
  }
  return found;
}
