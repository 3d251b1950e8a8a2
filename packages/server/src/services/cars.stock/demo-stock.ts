import { and, asc, isNotNull, eq } from 'drizzle-orm';
import { CAR_LOGISTIC_STATUSES, finalPrice } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { carBodyColors } from '../cars.catalog/colors.table.ts';
import { cars } from './car.table.ts';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** A VIN that is well formed and the same at every seed (a manufacturer's prefix, then digits of n). */
function demoVin(prefix: string, n: number): string {
  let tail = '';
  let value = n * 7919 + 104_729;
  for (let i = 0; i < 14; i++) {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    tail += VIN_CHARS[value % VIN_CHARS.length];
  }
  return `${prefix}${tail}`.slice(0, 17);
}

const ENGINES = ['1.6 MPI 123 л.с.', '2.0 MPI 150 л.с.', '1.4 TSI 150 л.с.', '2.5 AT 181 л.с.'];
const TRANSMISSIONS = ['АКПП', 'МКПП', 'Робот', 'Вариатор'];
const DRIVES = ['Передний', 'Полный'];
const BODIES = ['Седан', 'Кроссовер', 'Хэтчбек', 'Лифтбек'];

/**
 * Cars of the demo client sites, a few hundred per site (docs/decisions/stock.md, "Demo stock"):
 * 200 new and 100 used cars per site, built from the demo catalogue's marketing complectations,
 * with every status and logistic status, prices in whole roubles and discounts, so that the lists,
 * filters and labels have something to show. One insert per site keeps the seed fast.
 */
export const DEMO_NEW_PER_SITE = 200;
export const DEMO_USED_PER_SITE = 100;

export async function seedDemoStock(db: DbOrTx) {
  const clientSites = await db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(and(eq(sites.type, 3), isNotNull(sites.host))).orderBy(asc(sites.id));
  const offers = await db.select().from(carMarketingComplectations).orderBy(asc(carMarketingComplectations.id));
  if (!offers.length) return;
  const colors = await db.select({ id: carBodyColors.id, brand_id: carBodyColors.brand_id }).from(carBodyColors);
  const year = new Date().getFullYear();
  let n = 0;
  for (const [siteIndex, site] of clientSites.entries()) {
    const rows = [];
    for (let i = 0; i < DEMO_NEW_PER_SITE + DEMO_USED_PER_SITE; i++) {
      n++;
      const offer = offers[(siteIndex * 11 + i * 5) % offers.length]!;
      const isNew = i < DEMO_NEW_PER_SITE;
      const base = offer.base_price ?? 1_800_000 + ((i * 137_000) % 2_400_000);
      const price = Math.round((isNew ? base : base * (0.55 + (i % 5) * 0.06)) / 10_000) * 10_000;
      const discounts = {
        tradein_discount: i % 3 === 0 ? 100_000 : 0,
        credit_discount: i % 4 === 0 ? 70_000 : 0,
        insurance_discount: i % 6 === 0 ? 30_000 : 0,
        credit_tradein_discount: i % 8 === 0 ? 200_000 : 0,
      };
      const status = i % 12 === 5 ? 'sold' : i % 12 === 7 ? 'reserved' : i % 12 === 11 ? 'not_active' : 'active';
      const color = colors.find((c) => c.brand_id === offer.brand_id);
      rows.push({
        site_id: site.id,
        client_id: site.client_id,
        vin: demoVin(isNew ? 'XW8' : 'Z94', n),
        external_id: i % 4 === 0 ? `EXT-${site.id}-${100 + i}` : null,
        dealer_code: `DC-${site.client_id}`,
        brand_id: offer.brand_id,
        model_id: offer.model_id,
        generation_id: offer.generation_id,
        restyling_id: offer.restyling_id,
        complectation_id: offer.complectation_id,
        marketing_complectation_id: offer.id,
        status,
        logistic_status: isNew ? CAR_LOGISTIC_STATUSES[i % CAR_LOGISTIC_STATUSES.length]! : 'in_stock',
        body_color_id: color?.id ?? null,
        doors: 5,
        engine: ENGINES[i % ENGINES.length]!,
        transmission: TRANSMISSIONS[i % TRANSMISSIONS.length]!,
        wheel_drive: DRIVES[i % DRIVES.length]!,
        body: BODIES[i % BODIES.length]!,
        mileage: isNew ? 0 : 8_000 + ((i * 23_000) % 140_000),
        owners: isNew ? null : 1 + (i % 3),
        year: isNew ? year - (i % 2) : year - 2 - (i % 7),
        model_year: isNew ? year : year - 2 - (i % 7),
        price,
        ...discounts,
        final_price: finalPrice({ price, ...discounts }),
        is_new: isNew,
        pts: isNew ? 'original' : i % 4 === 0 ? 'duplicate' : 'original',
        certification: !isNew && i % 2 === 0,
        approved: true,
        description: isNew ? 'Новый автомобиль от официального дилера.' : 'Автомобиль с пробегом, прошёл диагностику в дилерском центре.',
        discount_description: discounts.tradein_discount ? 'Скидка при сдаче автомобиля в трейд-ин' : null,
        sold_at: status === 'sold' ? new Date() : null,
      });
    }
    await db.insert(cars).values(rows);
  }
}
