import { inArray, isNotNull } from 'drizzle-orm';
import { CREDIT_DEMO_TEXTS, STATE_STATUS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { creditBanks, creditPacks, creditPrograms, creditProgramStates, creditSettings } from './credit.table.ts';

const NEW_CAR = { car_type: 'new' as const, car_age_limit: -1, term_min: 12, term_max: 84, down_payment_min: 10, down_payment_max: 90, residual_min: 0, residual_max: 40, loan_amount_min: 100_000, loan_amount_max: 10_000_000, interest_rate: 14.9 };
const USED_CAR = { car_type: 'used' as const, car_age_limit: 7, term_min: 12, term_max: 60, down_payment_min: 20, down_payment_max: 90, residual_min: 0, residual_max: 0, loan_amount_min: 100_000, loan_amount_max: 5_000_000, interest_rate: 18.9 };

/**
 * The demo credit calculator: a system-wide bank with two published programmes (new cars, used
 * cars up to 7 years), a pack of both for every client with sites, and the usual settings on each
 * of their sites, so that every demo site's calculator offers something.
 */
export async function seedDemoCredit(db: DbOrTx) {
  const [bank] = await db.insert(creditBanks).values({ client_id: null, name: CREDIT_DEMO_TEXTS.bank.ru }).returning();
  const programIds: number[] = [];
  for (const [terms, name] of [[NEW_CAR, CREDIT_DEMO_TEXTS.newCar.ru], [USED_CAR, CREDIT_DEMO_TEXTS.usedCar.ru]] as const) {
    const [program] = await db.insert(creditPrograms).values({ client_id: null, bank_id: bank!.id, name, ...terms }).returning();
    const { car_age_limit: _limit, ...stateTerms } = terms;
    await db.insert(creditProgramStates).values({ program_id: program!.id, client_id: null, car_age: -1, ...stateTerms, status: STATE_STATUS.published, version: 1, published_at: new Date() });
    programIds.push(program!.id);
  }
  const clientSites = await db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(isNotNull(sites.client_id));
  const clientIds = [...new Set(clientSites.map((site) => site.client_id!))];
  if (!clientIds.length) return;
  await db.insert(creditPacks).values(clientIds.map((clientId) => ({ client_id: clientId, name: CREDIT_DEMO_TEXTS.pack.ru, program_ids: programIds })));
  const withSettings = await db.select({ site_id: creditSettings.site_id }).from(creditSettings).where(inArray(creditSettings.site_id, clientSites.map((site) => site.id)));
  const done = new Set(withSettings.map((row) => row.site_id));
  const missing = clientSites.filter((site) => !done.has(site.id));
  if (missing.length) await db.insert(creditSettings).values(missing.map((site) => ({ site_id: site.id, client_id: site.client_id!, default_period: 36, max_period: 84, fee_percent: 20, residual_percent: 0 })));
}
