import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ACCESSORY_DEMO_TEXTS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { accessories, accessoryAttributes, accessoryCategories } from './accessory.table.ts';

/**
 * The demo accessories: four system-wide categories and a filterable "material" attribute, and on
 * the first site of every client four accessories with a picture of the client's media library
 * (none when the library is empty: the seed without files).
 */
export async function seedDemoAccessories(db: DbOrTx) {
  const texts = ACCESSORY_DEMO_TEXTS;
  const categories = await db
    .insert(accessoryCategories)
    .values([
      { client_id: null, name: texts.mats.ru, code: 'mats', sort_order: 1 },
      { client_id: null, name: texts.roof.ru, code: 'roof', sort_order: 2 },
      { client_id: null, name: texts.towbars.ru, code: 'towbars', sort_order: 3 },
      { client_id: null, name: texts.wheels.ru, code: 'wheels', sort_order: 4 },
    ])
    .returning();
  await db.insert(accessoryAttributes).values({ client_id: null, code: 'material', name: texts.material.ru, type: 'string', is_filterable: true });
  const byCode = new Map(categories.map((row) => [row.code, row.id]));
  const clientSites = await db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(isNotNull(sites.client_id)).orderBy(asc(sites.id));
  const firstSites = new Map<number, number>();
  for (const site of clientSites) if (!firstSites.has(site.client_id!)) firstSites.set(site.client_id!, site.id);
  for (const [clientId, siteId] of firstSites) {
    const [image] = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(and(eq(mediaFiles.client_id, clientId), eq(mediaFiles.kind, 'image'))).orderBy(asc(mediaFiles.id)).limit(1);
    if (!image) continue;
    const item = (article: string, name: string, price: number, category: string, material: string, discount = 0) => ({
      site_id: siteId,
      client_id: clientId,
      article_code: article,
      name,
      price,
      discount,
      category_id: byCode.get(category)!,
      image_ids: [image.id],
      attributes: { material },
    });
    await db.insert(accessories).values([
      item('MAT-001', texts.matsItem.ru, 4990, 'mats', texts.rubber.ru, 500),
      item('BOX-420', texts.boxItem.ru, 32_900, 'roof', texts.plastic.ru),
      item('TOW-100', texts.towbarItem.ru, 15_500, 'towbars', texts.steel.ru),
      item('WHL-17', texts.wheelItem.ru, 12_400, 'wheels', texts.alloy.ru, 1400),
    ]);
  }
}
