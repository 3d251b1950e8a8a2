import { asc, eq } from 'drizzle-orm';
import type { MarketingEngine, SpecificationCategory } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { carBodies, carBrands, carComplectations, carFuels, carModels, carRestylings, carTransmissions, carWheelDrives } from './catalog.table.ts';
import { carDealerOptions, carMarketingComplectations, carOptionCategories, carOptions } from './marketing.table.ts';

/** A model's marketing offer in the demo: engines (the first for every complectation, the second for the top ones), body and drive. */
interface DemoPowertrain {
  engines: { code: string; engine: MarketingEngine; fuel: string; transmission: string; price: number }[];
  body: string;
  drive: string;
}

const engine = (name: string, litres: number, hp: number, nm: number, from: number, to: number): MarketingEngine => ({
  name,
  volume: { value: litres, unit: 'liter' },
  power: { value: hp, unit: 'horse_power' },
  torque: { value: nm, unit: 'newton_meter', rpm_from: from, rpm_to: to },
});

const POWERTRAINS: Record<string, DemoPowertrain> = {
  Camry: { body: 'sedan', drive: 'FWD', engines: [{ code: 'AXVH70', engine: engine('2.5 Dynamic Force', 2.5, 200, 243, 4400, 5000), fuel: 'petrol', transmission: 'AT', price: 3_990_000 }, { code: 'GSV70', engine: engine('3.5 V6', 3.5, 249, 356, 4700, 4700), fuel: 'petrol', transmission: 'AT', price: 4_790_000 }] },
  RAV4: { body: 'crossover', drive: 'AWD', engines: [{ code: 'MXAA54', engine: engine('2.0 Dynamic Force', 2.0, 149, 196, 4400, 4900), fuel: 'petrol', transmission: 'CVT', price: 3_650_000 }, { code: 'AXAH54', engine: engine('2.5 Hybrid', 2.5, 222, 221, 3600, 5200), fuel: 'hybrid', transmission: 'CVT', price: 4_450_000 }] },
  'Land Cruiser Prado': { body: 'suv', drive: 'AWD', engines: [{ code: 'TRJ250', engine: engine('2.4 Turbo', 2.4, 281, 430, 1700, 3600), fuel: 'petrol', transmission: 'AT', price: 8_290_000 }] },
  Rio: { body: 'sedan', drive: 'FWD', engines: [{ code: 'G4LC', engine: engine('1.4 MPI', 1.4, 100, 132, 4000, 4000), fuel: 'petrol', transmission: 'MT', price: 1_450_000 }, { code: 'G4FG', engine: engine('1.6 MPI', 1.6, 123, 151, 4850, 4850), fuel: 'petrol', transmission: 'AT', price: 1_690_000 }] },
  Sportage: { body: 'crossover', drive: 'AWD', engines: [{ code: 'G4NA', engine: engine('2.0 MPI', 2.0, 150, 192, 4000, 4000), fuel: 'petrol', transmission: 'AT', price: 3_190_000 }, { code: 'G4FP', engine: engine('1.6 T-GDI', 1.6, 180, 265, 1500, 4500), fuel: 'petrol', transmission: 'DCT', price: 3_690_000 }] },
  K5: { body: 'sedan', drive: 'FWD', engines: [{ code: 'G4NA', engine: engine('2.0 MPI', 2.0, 150, 192, 4000, 4000), fuel: 'petrol', transmission: 'AT', price: 2_890_000 }, { code: 'G4KN', engine: engine('2.5 GDI', 2.5, 194, 246, 4000, 4000), fuel: 'petrol', transmission: 'AT', price: 3_290_000 }] },
  Solaris: { body: 'sedan', drive: 'FWD', engines: [{ code: 'G4LC', engine: engine('1.4 MPI', 1.4, 100, 132, 4000, 4000), fuel: 'petrol', transmission: 'MT', price: 1_390_000 }, { code: 'G4FG', engine: engine('1.6 MPI', 1.6, 123, 151, 4850, 4850), fuel: 'petrol', transmission: 'AT', price: 1_620_000 }] },
  Creta: { body: 'crossover', drive: 'FWD', engines: [{ code: 'G4FG', engine: engine('1.6 MPI', 1.6, 123, 151, 4850, 4850), fuel: 'petrol', transmission: 'AT', price: 2_090_000 }, { code: 'G4NA', engine: engine('2.0 MPI', 2.0, 149, 180, 4500, 4500), fuel: 'petrol', transmission: 'AT', price: 2_450_000 }] },
  Tucson: { body: 'crossover', drive: 'AWD', engines: [{ code: 'G4NA', engine: engine('2.0 MPI', 2.0, 150, 192, 4000, 4000), fuel: 'petrol', transmission: 'AT', price: 3_390_000 }, { code: 'D4HE', engine: engine('2.0 CRDi', 2.0, 186, 416, 2000, 2750), fuel: 'diesel', transmission: 'AT', price: 3_790_000 }] },
  Octavia: { body: 'liftback', drive: 'FWD', engines: [{ code: 'CWVA', engine: { ...engine('1.6 MPI', 1.6, 110, 155, 3800, 4000), volume: { value: 1598, unit: 'cubic_centimeter' } }, fuel: 'petrol', transmission: 'AT', price: 2_290_000 }, { code: 'DPCA', engine: { ...engine('1.4 TSI', 1.4, 150, 250, 1500, 3500), volume: { value: 1395, unit: 'cubic_centimeter' } }, fuel: 'petrol', transmission: 'DCT', price: 2_690_000 }] },
  Kodiaq: { body: 'crossover', drive: 'AWD', engines: [{ code: 'CZDA', engine: engine('1.4 TSI', 1.4, 150, 250, 1500, 3500), fuel: 'petrol', transmission: 'DCT', price: 3_190_000 }, { code: 'CHHB', engine: engine('2.0 TSI', 2.0, 180, 320, 1400, 3940), fuel: 'petrol', transmission: 'DCT', price: 3_690_000 }] },
  Rapid: { body: 'liftback', drive: 'FWD', engines: [{ code: 'CWVA', engine: engine('1.6 MPI', 1.6, 90, 155, 3800, 3800), fuel: 'petrol', transmission: 'MT', price: 1_490_000 }, { code: 'CZCA', engine: engine('1.4 TSI', 1.4, 125, 200, 1400, 4000), fuel: 'petrol', transmission: 'DCT', price: 1_890_000 }] },
  Vesta: { body: 'sedan', drive: 'FWD', engines: [{ code: '21179', engine: engine('1.8 EVO', 1.8, 122, 170, 3700, 3700), fuel: 'petrol', transmission: 'CVT', price: 1_590_000 }] },
  Granta: { body: 'sedan', drive: 'FWD', engines: [{ code: '11189', engine: engine('1.6 8V', 1.6, 90, 143, 3800, 3800), fuel: 'petrol', transmission: 'MT', price: 890_000 }] },
  'Niva Travel': { body: 'suv', drive: 'AWD', engines: [{ code: '21214', engine: engine('1.7', 1.7, 80, 127, 4000, 4000), fuel: 'petrol', transmission: 'MT', price: 1_190_000 }] },
};

/** Option categories of each brand (ru, en, order) and one dealer option category shared by all brands. */
const CATEGORIES: [string, string, number][] = [
  ['Безопасность', 'Safety', 1],
  ['Комфорт', 'Comfort', 2],
  ['Мультимедиа', 'Multimedia', 3],
];
/** Options of each restyling: [name, en, code, category index]. */
const OPTIONS: [string, string, string, number][] = [
  ['Фронтальные подушки безопасности', 'Front airbags', 'AB2', 0],
  ['Система курсовой устойчивости', 'Electronic stability control', 'ESC', 0],
  ['Камера заднего вида', 'Rear view camera', 'RVC', 0],
  ['Климат-контроль', 'Climate control', 'CLM', 1],
  ['Подогрев передних сидений', 'Heated front seats', 'HFS', 1],
  ['Бесключевой доступ', 'Keyless entry', 'KLS', 1],
  ['Мультимедиа с экраном 8"', '8" multimedia screen', 'MM8', 2],
  ['Apple CarPlay и Android Auto', 'Apple CarPlay and Android Auto', 'CPA', 2],
];
const DEALER_OPTIONS: [string, string][] = [
  ['Коврики в салон', 'Floor mats'],
  ['Защита картера', 'Sump guard'],
  ['Тонировка', 'Window tint'],
];

const BODY_NAMES: Record<string, string> = { sedan: 'Седан', hatchback: 'Хэтчбек', liftback: 'Лифтбек', wagon: 'Универсал', crossover: 'Кроссовер', suv: 'Внедорожник' };

const specifications = (power: DemoPowertrain['engines'][number], body: string): SpecificationCategory[] => [
  {
    title: 'Двигатель',
    order: 1,
    specifications: [
      { title: 'Объём', code: 'engine_volume', value: `${power.engine.volume!.value} ${power.engine.volume!.unit === 'liter' ? 'л' : 'см³'}`, main: true, order: 1 },
      { title: 'Мощность', code: 'engine_power', value: `${power.engine.power!.value} л. с.`, main: true, order: 2 },
      { title: 'Крутящий момент', code: 'engine_torque', value: `${power.engine.torque!.value} Н·м`, main: false, order: 3 },
    ],
  },
  {
    title: 'Кузов',
    order: 2,
    specifications: [
      { title: 'Тип кузова', code: 'body_type', value: BODY_NAMES[body] ?? body, main: true, order: 1 },
      { title: 'Число мест', code: 'seats', value: body === 'suv' ? '7' : '5', main: false, order: 2 },
    ],
  },
];

/**
 * The demo marketing complectations (docs/decisions/catalogue.md, "Demo catalogue"): for every
 * restyling of the demo catalogue, one per complectation with the model's first engine and, for the
 * top two complectations, the second engine too; each with specifications, price, flags and the
 * restyling's options. Option categories per brand, the restylings' options and a few dealer
 * options complete it.
 */
export async function seedDemoMarketing(db: DbOrTx) {
  const byName = async (table: typeof carBodies) => new Map((await db.select({ id: table.id, name: table.name }).from(table)).map((row) => [row.name, row.id]));
  const bodies = await byName(carBodies);
  const fuels = await byName(carFuels as never);
  const transmissions = await byName(carTransmissions as never);
  const drives = await byName(carWheelDrives as never);

  const [dealerCategory] = await db.insert(carOptionCategories).values({ name: 'Дилерское оборудование', name_ru: 'Дилерское оборудование', name_en: 'Dealer equipment', order: 10, is_dealer_option_category: true }).returning();
  await db.insert(carDealerOptions).values(DEALER_OPTIONS.map(([name, en], order) => ({ name, name_ru: name, name_en: en, order, category_id: dealerCategory!.id })));

  const categoriesOfBrand = new Map<number, number[]>();
  for (const brand of await db.select().from(carBrands).orderBy(asc(carBrands.id))) {
    const rows = await db
      .insert(carOptionCategories)
      .values(CATEGORIES.map(([name, en, order]) => ({ name, name_ru: name, name_en: en, order, brand_id: brand.id })))
      .returning();
    categoriesOfBrand.set(brand.id, rows.map((row) => row.id));
  }

  for (const restyling of await db.select().from(carRestylings).orderBy(asc(carRestylings.id))) {
    const [model] = await db.select().from(carModels).where(eq(carModels.id, restyling.model_id));
    const power = POWERTRAINS[model!.name];
    if (!power) continue;
    const categories = categoriesOfBrand.get(restyling.brand_id)!;
    const options = await db
      .insert(carOptions)
      .values(OPTIONS.map(([name, en, code, category]) => ({ name, name_ru: name, name_en: en, code, category_id: categories[category]!, restyling_id: restyling.id })))
      .returning();
    const complectations = await db.select().from(carComplectations).where(eq(carComplectations.restyling_id, restyling.id)).orderBy(asc(carComplectations.id));
    const values = complectations.flatMap((complectation, rank) => {
      // Higher complectations get more options and a higher price; the top two also the second engine.
      const engines = rank >= complectations.length - 2 ? power.engines : power.engines.slice(0, 1);
      return engines.map((choice) => ({
        code: `${choice.code}-${rank + 1}`,
        name: `${complectation.name} ${choice.engine.name}`,
        name_ru: `${complectation.name} ${choice.engine.name}`,
        name_en: `${complectation.name} ${choice.engine.name}`,
        formative_option_codes: options.slice(0, 2 + rank * 2).map((option) => option.code),
        formative_option_pack_codes: rank > 1 ? [`PACK${rank}`] : [],
        body_id: bodies.get(power.body) ?? null,
        fuel_id: fuels.get(choice.fuel) ?? null,
        transmission_id: transmissions.get(choice.transmission) ?? null,
        wheel_drive_id: drives.get(power.drive) ?? null,
        engine: choice.engine,
        specification_categories: specifications(choice, power.body),
        option_ids: options.slice(0, 2 + rank * 2).map((option) => option.id),
        base_price: choice.price + rank * 150_000,
        published: true,
        actual: true,
        complectation_id: complectation.id,
        restyling_id: restyling.id,
        generation_id: restyling.generation_id,
        model_id: restyling.model_id,
        brand_id: restyling.brand_id,
      }));
    });
    if (values.length) await db.insert(carMarketingComplectations).values(values);
  }
}
