import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { carLabels } from './labels.table.ts';

/**
 * Labels of the demo sites' cars: the client sites get the labels a dealer uses (new arrivals,
 * discounts, in stock, low mileage, certified), the official master a central one its forks show. A
 * car carries each label whose conditions it meets (docs/decisions/stock.md, "What are labels, and
 * which cars get one?").
 */
export async function seedDemoLabels(db: DbOrTx) {
  const clientSites = await db.select().from(sites).where(and(eq(sites.type, 3), isNotNull(sites.host)));
  for (const site of clientSites) {
    const owner = { site_id: site.id, client_id: site.client_id };
    await db.insert(carLabels).values([
      { ...owner, name: 'Новинка', name_en: 'New arrival', category: 'Статус', background: '#1677FF', sort: 10, type: 'badge', conditions: [{ field: 'year', operator: 'more_or_equal', operands: [2025] }] },
      { ...owner, name: 'Выгодно', name_en: 'Good deal', category: 'Цена', background: '#D4380D', sort: 20, conditions: [{ field: 'has_discount_price', operator: 'equal', operands: [true] }] },
      { ...owner, name: 'В наличии', name_en: 'In stock', category: 'Статус', background: '#389E0D', sort: 30, conditions: [{ field: 'logistic_status', operator: 'equal', operands: ['in_stock'] }] },
      {
        ...owner, name: 'Малый пробег', name_en: 'Low mileage', category: 'С пробегом', background: '#722ED1', sort: 40,
        conditions: [{ field: 'mileage', operator: 'less', operands: [30000] }, { field: 'owners_count', operator: 'less_or_equal', operands: [1] }],
      },
      { ...owner, name: 'Проверено', name_en: 'Certified', about: 'Автомобиль прошёл проверку по 120 пунктам', category: 'С пробегом', background: '#08979C', sort: 50, conditions: [{ field: 'certified', operator: 'equal', operands: [true] }] },
    ]);
  }
  const masters = await db.select().from(sites).where(inArray(sites.type, [2]));
  for (const master of masters) {
    await db.insert(carLabels).values({ site_id: master.id, client_id: master.client_id, name: 'Официальная гарантия', name_en: 'Official warranty', category: 'Бренд', background: '#262626', sort: 1, conditions: [{ field: 'pts', operator: 'equal', operands: ['original'] }, { field: 'year', operator: 'more_or_equal', operands: [2022] }] });
  }
}
