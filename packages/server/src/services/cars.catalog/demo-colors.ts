import { eq } from 'drizzle-orm';
import type { UpholsteryMaterial } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { carBrands, carColors } from './catalog.table.ts';
import { carBodyColorMarkups, carBodyColors, carUpholsteries } from './colors.table.ts';
import { carMarketingComplectations } from './marketing.table.ts';

/** [code, name, ru, shades, base colour, markup in roubles (0: the free paint)] */
type DemoPaint = [string, string, string, string[], string, number];
/** [code, name, ru, material, colours] */
type DemoTrim = [string, string, string, UpholsteryMaterial, string[]];

const PAINTS: Record<string, DemoPaint[]> = {
  Hyundai: [
    ['PGU', 'White Crystal', 'Белый кристалл', ['#F4F4F2'], 'Белый', 0],
    ['PAE', 'Phantom Black', 'Чёрный фантом', ['#111111'], 'Чёрный', 25_000],
    ['RHM', 'Sleek Silver', 'Серебристый', ['#BFC1C2'], 'Серебристый', 25_000],
    ['R2T', 'Fiery Red', 'Огненно-красный', ['#B0141C'], 'Красный', 30_000],
    ['PGU-PAE', 'White Crystal, black roof', 'Белый кристалл, чёрная крыша', ['#F4F4F2', '#111111'], 'Белый', 45_000],
  ],
  Kia: [
    ['UD', 'Clear White', 'Белый', ['#F5F5F5'], 'Белый', 0],
    ['ABP', 'Aurora Black Pearl', 'Чёрный перламутр', ['#0B0B0D'], 'Чёрный', 25_000],
    ['KLG', 'Steel Gray', 'Стальной серый', ['#5B5F63'], 'Серый', 25_000],
    ['CR5', 'Runway Red', 'Красный', ['#A4161A'], 'Красный', 30_000],
    ['B3A', 'Gravity Blue', 'Синий', ['#26385A'], 'Синий', 30_000],
  ],
  Škoda: [
    ['9P9P', 'Candy White', 'Белый', ['#F2F2F0'], 'Белый', 0],
    ['1Z1Z', 'Black Magic', 'Чёрный магический', ['#0D0D0D'], 'Чёрный', 35_000],
    ['8E8E', 'Brilliant Silver', 'Серебристый', ['#C4C6C8'], 'Серебристый', 35_000],
    ['F3F3', 'Velvet Red', 'Бархатный красный', ['#7D1020'], 'Красный', 45_000],
    ['2G2G', 'Race Blue', 'Гоночный синий', ['#1E3F73'], 'Синий', 35_000],
  ],
  Toyota: [
    ['040', 'Super White', 'Белый', ['#F3F3F1'], 'Белый', 0],
    ['070', 'White Pearl', 'Белый перламутр', ['#F0EFEA'], 'Белый', 40_000],
    ['218', 'Attitude Black', 'Чёрный', ['#1A1A1A'], 'Чёрный', 30_000],
    ['1F7', 'Silver Metallic', 'Серебристый металлик', ['#B7B9BB'], 'Серебристый', 30_000],
    ['3T3', 'Red Mica', 'Красный', ['#7A0F14'], 'Красный', 30_000],
  ],
  Lada: [
    ['240', 'Белое облако', 'Белое облако', ['#F3F3F3'], 'Белый', 0],
    ['676', 'Пантера', 'Пантера', ['#121212'], 'Чёрный', 12_000],
    ['691', 'Платина', 'Платина', ['#B1B3B5'], 'Серебристый', 12_000],
  ],
};

const TRIMS: DemoTrim[] = [
  ['TXB', 'Black textile', 'Чёрная ткань', 'textile', ['#1C1C1C']],
  ['CMB', 'Black and grey combined', 'Комбинированная, чёрная с серым', 'combined', ['#1C1C1C', '#7A7A7A']],
  ['LBK', 'Black leather', 'Чёрная кожа', 'leather', ['#111111']],
  ['LBG', 'Beige leather', 'Бежевая кожа', 'leather', ['#D8C7A9']],
];

/**
 * Demo body colours with their markups for every marketing complectation of the brand, and
 * upholsteries, for the demo brands (docs/decisions/catalogue.md, "Demo catalogue"). Runs after the
 * marketing complectations.
 */
export async function seedDemoColors(db: DbOrTx) {
  const bases = new Map((await db.select().from(carColors)).map((color) => [color.name, color.id]));
  for (const [brandName, paints] of Object.entries(PAINTS)) {
    const [brand] = await db.select().from(carBrands).where(eq(carBrands.name, brandName)).limit(1);
    if (!brand) continue;
    const colors = await db
      .insert(carBodyColors)
      .values(paints.map(([code, name, ru, hex, base]) => ({ code, name, name_ru: ru, name_en: name, hex, color_id: bases.get(base) ?? null, brand_id: brand.id })))
      .returning();
    const mcs = await db.select({ id: carMarketingComplectations.id }).from(carMarketingComplectations).where(eq(carMarketingComplectations.brand_id, brand.id));
    const markups = colors.flatMap((color, index) => (paints[index]![5] > 0 ? mcs.map((mc) => ({ body_color_id: color.id, marketing_complectation_id: mc.id, price: paints[index]![5], brand_id: brand.id })) : []));
    for (let start = 0; start < markups.length; start += 1000) await db.insert(carBodyColorMarkups).values(markups.slice(start, start + 1000));
    const prefix = brandName === 'Škoda' ? 'SK' : brandName.slice(0, 2).toUpperCase();
    await db.insert(carUpholsteries).values(TRIMS.map(([code, name, ru, material, colors]) => ({ code: `${prefix}-${code}`, name, name_ru: ru, name_en: name, material, colors, brand_id: brand.id })));
  }
}
