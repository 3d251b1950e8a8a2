import { asc, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { clients } from '../clients.storage/client.table.ts';
import { carBrands } from '../cars.catalog/catalog.table.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { vinAllowedClients, vinData, vinProfiles } from './vin.table.ts';

/** World manufacturer identifiers of the demo brands' Russian plants (the first three characters of a VIN). */
const WMI: Record<string, string> = { kia: 'XWE', hyundai: 'Z94', toyota: 'XW7', 'škoda': 'XW8', skoda: 'XW8', lada: 'XTA' };
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** VINs of records made for a marketing complectation. */
const PER_COMPLECTATION = 6;

/** A VIN of the brand: its WMI, then 14 characters from the counter (deterministic, never I, O, Q). */
function demoVin(brand: string, counter: number): string {
  let tail = '';
  // A small linear congruential sequence seeded by the counter: every character varies.
  let value = (counter * 2_654_435_761) % 4_294_967_296;
  for (let i = 0; i < 14; i++) {
    value = (value * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    tail += VIN_CHARS[Math.floor(value / 65_536) % VIN_CHARS.length];
  }
  return `${WMI[brand.toLowerCase()] ?? 'X9F'}${tail}`;
}

/**
 * The demo VIN data (docs/decisions/vin-data.md, "Demo data"): a record for every demo stock car
 * with a VIN (its brand, marketing complectation, paint and upholstery codes, price), and a few
 * more for every marketing complectation of the demo brands — a few hundred in all; the first demo
 * client is allowed VIN data and has retrieval profiles of its brands, the second is listed but not
 * allowed.
 */
export async function seedDemoVins(db: DbOrTx) {
  const brands = await db.select({ id: carBrands.id, name: carBrands.name }).from(carBrands);
  const brandName = new Map(brands.map((b) => [b.id, b.name]));
  const complectations = await db.select({ id: carMarketingComplectations.id, brand_id: carMarketingComplectations.brand_id, code: carMarketingComplectations.code, base_price: carMarketingComplectations.base_price, options: carMarketingComplectations.formative_option_codes }).from(carMarketingComplectations).orderBy(asc(carMarketingComplectations.id));
  const colors = await db.select({ id: carBodyColors.id, brand_id: carBodyColors.brand_id, code: carBodyColors.code }).from(carBodyColors).orderBy(asc(carBodyColors.id));
  const upholsteries = await db.select({ id: carUpholsteries.id, brand_id: carUpholsteries.brand_id, code: carUpholsteries.code }).from(carUpholsteries).orderBy(asc(carUpholsteries.id));
  const ofBrand = <T extends { brand_id: number | null }>(list: T[], brandId: number | null) => list.filter((item) => item.brand_id === brandId);
  const complectationById = new Map(complectations.map((mc) => [mc.id, mc]));
  const now = Date.now();
  const rows: (typeof vinData.$inferInsert)[] = [];
  const seen = new Set<string>();
  const add = (row: typeof vinData.$inferInsert) => {
    if (seen.has(row.vin)) return;
    seen.add(row.vin);
    rows.push(row);
  };

  const stock = await db.select().from(cars).where(isNotNull(cars.vin));
  for (const car of stock) {
    if (!car.brand_id || !car.vin) continue;
    const mc = car.marketing_complectation_id ? complectationById.get(car.marketing_complectation_id) : undefined;
    add({
      vin: car.vin,
      brand_id: car.brand_id,
      production_number: `P${String(car.id).padStart(7, '0')}`,
      marketing_complectation_code: mc?.code ?? null,
      body_color_code: colors.find((c) => c.id === car.body_color_id)?.code ?? null,
      upholstery_code: upholsteries.find((u) => u.id === car.upholstery_id)?.code ?? null,
      option_codes: mc?.options ?? [],
      gross_price: car.price,
      images_id: car.is_new ? `img-${car.vin.slice(-8).toLowerCase()}` : null,
      last_update_date: new Date(now - (car.id % 30) * 86_400_000),
    });
  }
  let counter = 0;
  for (const mc of complectations) {
    const brand = brandName.get(mc.brand_id ?? 0);
    if (!brand || !mc.brand_id) continue;
    const paints = ofBrand(colors, mc.brand_id);
    const trims = ofBrand(upholsteries, mc.brand_id);
    for (let i = 0; i < PER_COMPLECTATION; i++) {
      counter++;
      add({
        vin: demoVin(brand, counter),
        brand_id: mc.brand_id,
        production_number: `${brand.slice(0, 1).toUpperCase()}${String(700_000 + counter)}`,
        marketing_complectation_code: mc.code,
        body_color_code: paints.length ? paints[counter % paints.length]!.code : null,
        upholstery_code: trims.length ? trims[counter % trims.length]!.code : null,
        option_codes: mc.options,
        gross_price: mc.base_price === null ? null : mc.base_price + (counter % 4) * 25_000,
        local_package: counter % 5 === 0 ? 'Зимний пакет' : null,
        images_id: counter % 3 === 0 ? null : `img-${counter.toString(16).padStart(6, '0')}`,
        last_update_date: new Date(now - (counter % 60) * 3_600_000 * 12),
      });
    }
  }
  for (let at = 0; at < rows.length; at += 1000) await db.insert(vinData).values(rows.slice(at, at + 1000)).onConflictDoNothing();

  // Who may use VIN data: the first demo client (with profiles of its brands), the second listed as not allowed.
  const [first, second] = await db.select({ id: clients.id, code: clients.code }).from(clients).where(inArray(clients.code, ['avtograd-sever', 'motor-city-kzn']));
  const byCode = new Map([first, second].filter(Boolean).map((client) => [client!.code, client!.id]));
  const allowed = byCode.get('avtograd-sever');
  const refused = byCode.get('motor-city-kzn');
  if (allowed) {
    await db.insert(vinAllowedClients).values({ client_id: allowed, is_allowed: true }).onConflictDoNothing();
    const own = brands.filter((b) => ['kia', 'hyundai'].includes(b.name.toLowerCase()));
    for (const brand of own) {
      await db
        .insert(vinProfiles)
        .values({ client_id: allowed, brand_id: brand.id, auto_type: 'avn', url: `https://vin.${brand.name.toLowerCase()}-importer.test/api/v1/cars`, method: 'GET' })
        .onConflictDoNothing();
    }
  }
  if (refused) await db.insert(vinAllowedClients).values({ client_id: refused, is_allowed: false }).onConflictDoNothing();
  return rows.length;
}
