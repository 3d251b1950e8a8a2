import { and, eq, isNull } from 'drizzle-orm';
import { BENEFITS_DEMO_TEXTS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { creditPrograms } from '../credit.calc/credit.table.ts';
import { benefitDiscounts, benefitPrograms } from './benefit.table.ts';

/** A demo discount: 50,000 to 125,000 roubles, by the complectation. */
const demoSum = (marketingComplectationId: number) => 50_000 + (marketingComplectationId % 4) * 25_000;

/**
 * The demo benefits: for every client with new demo cars, a program "Выгода дилера" for new cars
 * (the buyer the first owner), combined with the platform's new-car credit programme, and a discount on each marketing complectation
 * of its new cars, valid from the first day of this month to the end of next year, so that the
 * calculator and the sites show a price with a discount. Runs after the demo stock and credit.
 */
export async function seedDemoBenefits(db: DbOrTx) {
  const offers = await db
    .selectDistinct({ client_id: cars.client_id, marketing_complectation_id: carMarketingComplectations.id, brand_id: carMarketingComplectations.brand_id, model_id: carMarketingComplectations.model_id })
    .from(cars)
    .innerJoin(carMarketingComplectations, eq(carMarketingComplectations.id, cars.marketing_complectation_id))
    .where(eq(cars.is_new, true));
  if (!offers.length) return;
  const credit = await db.select({ id: creditPrograms.id }).from(creditPrograms).where(and(isNull(creditPrograms.client_id), eq(creditPrograms.car_type, 'new')));
  const now = new Date();
  const start = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
  const end = `${now.getFullYear() + 1}-12-31`;
  for (const clientId of [...new Set(offers.map((offer) => offer.client_id))]) {
    const [program] = await db
      .insert(benefitPrograms)
      .values({ client_id: clientId, name: BENEFITS_DEMO_TEXTS.program.ru, code: 'dealer-benefit', owners_from: 1, owners_to: 1, disclaimer: BENEFITS_DEMO_TEXTS.disclaimer.ru, combined_program_ids: credit.map((row) => row.id) })
      .returning();
    await db.insert(benefitDiscounts).values(
      offers
        .filter((offer) => offer.client_id === clientId)
        .map((offer) => ({
          client_id: clientId,
          program_id: program!.id,
          marketing_complectation_id: offer.marketing_complectation_id,
          brand_id: offer.brand_id,
          model_id: offer.model_id,
          discount_sum: demoSum(offer.marketing_complectation_id),
          start_date: start,
          end_date: end,
        })),
    );
  }
}
