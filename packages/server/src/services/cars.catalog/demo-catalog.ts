import type { DbOrTx } from '../../kit/db.ts';
import { seedDemoMarketing } from './demo-marketing.ts';
import { seedDemoColors } from './demo-colors.ts';
import { carBodies, carBrands, carColors, carComplectations, carFuels, carGenerations, carModels, carRestylings, carTransmissions, carWheelDrives } from './catalog.table.ts';

/** [name, ru, en] of a dictionary entry. */
type Named = [string, string, string];

const BODIES: Named[] = [
  ['sedan', 'Седан', 'Sedan'],
  ['hatchback', 'Хэтчбек', 'Hatchback'],
  ['liftback', 'Лифтбек', 'Liftback'],
  ['wagon', 'Универсал', 'Estate'],
  ['crossover', 'Кроссовер', 'Crossover'],
  ['suv', 'Внедорожник', 'SUV'],
];
const FUELS: Named[] = [
  ['petrol', 'Бензин', 'Petrol'],
  ['diesel', 'Дизель', 'Diesel'],
  ['hybrid', 'Гибрид', 'Hybrid'],
  ['electric', 'Электро', 'Electric'],
];
const TRANSMISSIONS: Named[] = [
  ['MT', 'Механическая', 'Manual'],
  ['AT', 'Автоматическая', 'Automatic'],
  ['CVT', 'Вариатор', 'CVT'],
  ['DCT', 'Робот с двумя сцеплениями', 'Dual-clutch'],
];
const WHEEL_DRIVES: Named[] = [
  ['FWD', 'Передний', 'Front-wheel'],
  ['RWD', 'Задний', 'Rear-wheel'],
  ['AWD', 'Полный', 'All-wheel'],
];
const COLORS: [string, string][] = [
  ['Белый', '#FFFFFF'],
  ['Чёрный', '#000000'],
  ['Серебристый', '#C0C0C0'],
  ['Серый', '#808080'],
  ['Красный', '#B22222'],
  ['Синий', '#1F3A93'],
  ['Коричневый', '#6B4226'],
];

/** A model: name, [ru, en] names, and its generations → restylings → complectations. */
interface DemoModel {
  name: string;
  i18n: [string, string];
  generations: { name: string; restylings: { name: string; marketing_name: string; complectations: string[] }[] }[];
}

const CATALOG: Record<string, DemoModel[]> = {
  Toyota: [
    {
      name: 'Camry',
      i18n: ['Камри', 'Camry'],
      generations: [
        { name: 'XV70', restylings: [{ name: 'XV70 FL', marketing_name: 'Camry 2021', complectations: ['Стандарт', 'Комфорт', 'Престиж', 'Люкс'] }] },
        { name: 'XV80', restylings: [{ name: 'XV80', marketing_name: 'Camry 2024', complectations: ['Комфорт', 'Престиж'] }] },
      ],
    },
    {
      name: 'RAV4',
      i18n: ['РАВ4', 'RAV4'],
      generations: [{ name: 'XA50', restylings: [{ name: 'XA50', marketing_name: 'RAV4 2019', complectations: ['Стандарт', 'Комфорт', 'Стиль', 'Престиж Safety'] }] }],
    },
    {
      name: 'Land Cruiser Prado',
      i18n: ['Ленд Крузер Прадо', 'Land Cruiser Prado'],
      generations: [{ name: 'J250', restylings: [{ name: 'J250', marketing_name: 'Prado 2024', complectations: ['Комфорт', 'Престиж', 'Люкс'] }] }],
    },
  ],
  Kia: [
    {
      name: 'Rio',
      i18n: ['Рио', 'Rio'],
      generations: [
        { name: 'IV', restylings: [{ name: 'IV FL', marketing_name: 'Rio 2020', complectations: ['Classic', 'Comfort', 'Luxe', 'Prestige'] }] },
      ],
    },
    {
      name: 'Sportage',
      i18n: ['Спортейдж', 'Sportage'],
      generations: [
        { name: 'V', restylings: [{ name: 'V', marketing_name: 'Sportage 2022', complectations: ['Classic', 'Comfort', 'Luxe', 'Prestige', 'Premium'] }] },
        { name: 'IV', restylings: [{ name: 'IV FL', marketing_name: 'Sportage 2018', complectations: ['Classic', 'Comfort', 'Luxe'] }] },
      ],
    },
    {
      name: 'K5',
      i18n: ['К5', 'K5'],
      generations: [{ name: 'III', restylings: [{ name: 'III', marketing_name: 'K5 2020', complectations: ['Classic', 'Luxe', 'Prestige', 'GT-Line'] }] }],
    },
  ],
  Hyundai: [
    {
      name: 'Solaris',
      i18n: ['Солярис', 'Solaris'],
      generations: [{ name: 'II', restylings: [{ name: 'II FL', marketing_name: 'Solaris 2020', complectations: ['Active', 'Active Plus', 'Comfort', 'Elegance'] }] }],
    },
    {
      name: 'Creta',
      i18n: ['Крета', 'Creta'],
      generations: [{ name: 'II', restylings: [{ name: 'II', marketing_name: 'Creta 2021', complectations: ['Classic', 'Family', 'Lifestyle', 'Prestige'] }] }],
    },
    {
      name: 'Tucson',
      i18n: ['Туссан', 'Tucson'],
      generations: [{ name: 'NX4', restylings: [{ name: 'NX4', marketing_name: 'Tucson 2021', complectations: ['Family', 'Lifestyle', 'Prestige'] }] }],
    },
  ],
  'Škoda': [
    {
      name: 'Octavia',
      i18n: ['Октавия', 'Octavia'],
      generations: [{ name: 'A8', restylings: [{ name: 'A8', marketing_name: 'Octavia 2020', complectations: ['Active', 'Ambition', 'Style'] }] }],
    },
    {
      name: 'Kodiaq',
      i18n: ['Кодиак', 'Kodiaq'],
      generations: [{ name: 'I', restylings: [{ name: 'I FL', marketing_name: 'Kodiaq 2021', complectations: ['Active', 'Ambition', 'Style', 'Sportline'] }] }],
    },
    {
      name: 'Rapid',
      i18n: ['Рапид', 'Rapid'],
      generations: [{ name: 'II', restylings: [{ name: 'II', marketing_name: 'Rapid 2020', complectations: ['Entry', 'Active', 'Ambition', 'Style'] }] }],
    },
  ],
  Lada: [
    {
      name: 'Vesta',
      i18n: ['Веста', 'Vesta'],
      generations: [
        { name: 'I', restylings: [{ name: 'I FL', marketing_name: 'Vesta NG', complectations: ['Comfort', 'Life', 'Techno', 'Enjoy'] }] },
      ],
    },
    {
      name: 'Granta',
      i18n: ['Гранта', 'Granta'],
      generations: [{ name: 'I', restylings: [{ name: 'I FL', marketing_name: 'Granta FL', complectations: ['Standard', 'Classic', 'Comfort', 'Luxe'] }] }],
    },
    {
      name: 'Niva Travel',
      i18n: ['Нива Тревел', 'Niva Travel'],
      generations: [{ name: 'I', restylings: [{ name: 'I FL', marketing_name: 'Niva Travel 2021', complectations: ['Classic', 'Comfort', 'Luxe'] }] }],
    },
  ],
};

const named = ([name, name_ru, name_en]: Named) => ({ name, name_ru, name_en });

/**
 * The demo reference catalogue: the demo sites' brands (Hyundai, Kia, Škoda, Toyota) and Lada,
 * with models down to complectations, and the dictionaries of bodies, fuels, transmissions,
 * wheel drives and colours.
 */
export async function seedDemoCatalog(db: DbOrTx) {
  await db.insert(carBodies).values(BODIES.map(named));
  await db.insert(carFuels).values(FUELS.map(named));
  await db.insert(carTransmissions).values(TRANSMISSIONS.map(named));
  await db.insert(carWheelDrives).values(WHEEL_DRIVES.map(named));
  await db.insert(carColors).values(COLORS.map(([name, hex]) => ({ name, hex })));
  for (const [brandName, models] of Object.entries(CATALOG)) {
    const [brand] = await db.insert(carBrands).values({ name: brandName }).returning();
    for (const demo of models) {
      const [model] = await db.insert(carModels).values({ name: demo.name, name_ru: demo.i18n[0], name_en: demo.i18n[1], brand_id: brand!.id }).returning();
      for (const demoGeneration of demo.generations) {
        const [generation] = await db.insert(carGenerations).values({ name: demoGeneration.name, model_id: model!.id, brand_id: brand!.id }).returning();
        for (const [sorting, demoRestyling] of demoGeneration.restylings.entries()) {
          const [restyling] = await db
            .insert(carRestylings)
            .values({ name: demoRestyling.name, marketing_name: demoRestyling.marketing_name, sorting, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id })
            .returning();
          await db.insert(carComplectations).values(
            demoRestyling.complectations.map((name) => ({ name, restyling_id: restyling!.id, generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id })),
          );
        }
      }
    }
  }
  // Marketing complectations, options and dealer options.
  await seedDemoMarketing(db);
  // Body colours with markups and upholsteries.
  await seedDemoColors(db);
}
