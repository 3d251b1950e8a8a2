import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ACCESSORY_DEMO_TEXTS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { carModels } from '../cars.catalog/catalog.table.ts';
import { accessories, accessoryAttributes, accessoryCategories } from './accessory.table.ts';

/**
 * The demo accessories: four system-wide categories and a filterable "material" attribute, and on
 * the first site of every client four accessories with pictures of the client's media library
 * (none when the library is empty: the seed without files), the floor mats made for the first
 * model of the site's brand, so that its public shop shows every part of a card and a page.
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
  const clientSites = await db.select({ id: sites.id, client_id: sites.client_id, context: sites.context }).from(sites).where(isNotNull(sites.client_id)).orderBy(asc(sites.id));
  const firstSites = new Map<number, number>();
  const brandOf = new Map<number, number | null>();
  for (const site of clientSites) {
    if (firstSites.has(site.client_id!)) continue;
    firstSites.set(site.client_id!, site.id);
    brandOf.set(site.id, site.context?.brand_id ?? null);
  }
  for (const [clientId, siteId] of firstSites) {
    const images = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(and(eq(mediaFiles.client_id, clientId), eq(mediaFiles.kind, 'image'))).orderBy(asc(mediaFiles.id)).limit(3);
    const image = images[0];
    if (!image) continue;
    const brandId = brandOf.get(siteId) ?? null;
    const [model] = brandId ? await db.select({ id: carModels.id }).from(carModels).where(eq(carModels.brand_id, brandId)).orderBy(asc(carModels.id)).limit(1) : [];
    const item = (article: string, name: string, price: number, category: string, material: string, discount = 0) => ({
      site_id: siteId,
      client_id: clientId,
      article_code: article,
      name,
      price,
      discount,
      category_id: byCode.get(category)!,
      // The first picture is the card's; the others follow it on the accessory's page.
      image_ids: [image.id, ...images.slice(1).map((one) => one.id)],
      attributes: { material },
    });
    await db.insert(accessories).values([
      { ...item('MAT-001', texts.matsItem.ru, 4990, 'mats', texts.rubber.ru, 500), brand_id: brandId, model_ids: model ? [model.id] : [] },
      item('BOX-420', texts.boxItem.ru, 32_900, 'roof', texts.plastic.ru),
      item('TOW-100', texts.towbarItem.ru, 15_500, 'towbars', texts.steel.ru),
      item('WHL-17', texts.wheelItem.ru, 12_400, 'wheels', texts.alloy.ru, 1400),
    ]);
  }
}
