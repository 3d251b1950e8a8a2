import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { slugOf, STATE_STATUS, stockSettingsDefaults } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { pages, pageStates, templates } from '../sites.context/content.table.ts';
import { restylingSorts } from '../cars.sorting/sorting.table.ts';
import { carModels } from '../cars.catalog/catalog.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { customFilterGroups, showroomPages, stockSiteSettings } from './stock-settings.table.ts';

/**
 * Stock settings of the demo client sites (docs/decisions/stock.md, "What do stock settings
 * hold?"): the lists start at the site's "/cars" page, used cars stay three months after the sale
 * and then redirect to the list, new cars one month and then redirect to their model's showroom
 * page; one group of custom filters. Sites without settings read the defaults, so only the demo
 * client sites get a row; each with new cars also gets its model pages (`seedDemoShowroom`). Runs
 * after the demo pages and the demo stock.
 */
export async function seedDemoStockSettings(db: DbOrTx) {
  const clientSites = await db.select({ id: sites.id, client_id: sites.client_id, context: sites.context }).from(sites).where(and(eq(sites.type, 3), isNotNull(sites.host))).orderBy(asc(sites.id));
  for (const site of clientSites) {
    const [root] = await db.select({ id: pages.id }).from(pages).where(and(eq(pages.site_id, site.id), eq(pages.uri, '/cars'))).limit(1);
    const [template] = await db.select({ id: templates.id }).from(templates).where(eq(templates.site_id, site.id)).orderBy(asc(templates.id)).limit(1);
    const defaults = stockSettingsDefaults();
    const kind = (sold: Partial<typeof defaults.new_settings>) => ({ ...defaults.new_settings, root_page_id: root?.id ?? null, template_id: template?.id ?? null, ...sold });
    await db
      .insert(stockSiteSettings)
      .values({
        site_id: site.id,
        client_id: site.client_id,
        root_catalog_id: null,
        new_settings: kind({ sold_period: 'one_month', sold_strategy: 'redirect_to_model' }),
        used_settings: kind({ sold_period: 'three_months', sold_strategy: 'redirect_to_list', visual_settings: { ...defaults.used_settings.visual_settings, list_view: 'list' } }),
        viewed_favorites: defaults.viewed_favorites,
      })
      .onConflictDoNothing();
    await db.insert(customFilterGroups).values({
      site_id: site.id,
      client_id: site.client_id,
      title_ru: 'Основные',
      title_en: 'Main',
      sort: 10,
      filters: [
        { title_ru: 'Марка', title_en: 'Brand', field: 'brand_id', type: 'multiselect' },
        { title_ru: 'Цена', title_en: 'Price', field: 'final_price', type: 'range' },
        { title_ru: 'Год выпуска', title_en: 'Year', field: 'year', type: 'range' },
        { title_ru: 'Коробка передач', title_en: 'Gearbox', field: 'transmission', type: 'multiselect' },
      ],
    });
    await seedDemoShowroom(db, site);
  }
}

/** The most models a demo site gets a page for. */
const DEMO_MODEL_PAGES = 4;

/**
 * The site's model pages: a "Модельный ряд" page (the root catalogue) at `/models`, and under it a
 * page per restyling of the site's new cars in stock of the site's brand (the most stocked first, up
 * to four), each a
 * showroom page of the stock settings, in that order on the catalogue page.
 */
async function seedDemoShowroom(db: DbOrTx, site: { id: number; client_id: number; context: { brand_id?: number | null } }) {
  const owner = { site_id: site.id, client_id: site.client_id };
  const models = await db
    .select({ brand_id: cars.brand_id, model_id: cars.model_id, generation_id: cars.generation_id, restyling_id: cars.restyling_id, name: carModels.name, model: sql<string>`coalesce(${carModels.name_ru}, ${carModels.name})` })
    .from(cars)
    .innerJoin(carModels, eq(carModels.id, cars.model_id))
    .where(and(eq(cars.site_id, site.id), site.context.brand_id ? eq(cars.brand_id, site.context.brand_id) : undefined, eq(cars.is_new, true), inArray(cars.status, ['active', 'reserved']), isNotNull(cars.restyling_id), isNotNull(cars.generation_id)))
    .groupBy(cars.brand_id, cars.model_id, cars.generation_id, cars.restyling_id, carModels.name_ru, carModels.name)
    .orderBy(desc(count()), asc(cars.restyling_id))
    .limit(DEMO_MODEL_PAGES);
  const [home] = await db.select({ id: pages.id }).from(pages).where(and(eq(pages.site_id, site.id), eq(pages.uri, '/'))).limit(1);
  if (!models.length || !home) return;
  const published = { status: STATE_STATUS.published, version: 1, published_at: new Date(), publication_status: 2 };
  const addPage = async (uri: string, caption: string, parentId: number, position: number, description: string) => {
    const [page] = await db.insert(pages).values({ ...owner, uri, parent_id: parentId, position }).returning({ id: pages.id });
    await db.insert(pageStates).values({ ...owner, ...published, page_id: page!.id, caption, order: position, seo_properties: { title: `${caption} — {DEALER_NAME}`, description } });
    return page!.id;
  };
  const catalogue = await addPage('/models', 'Модельный ряд', home.id, 20, 'Модели в наличии у {DEALER_NAME} в г. {CITY}: комплектации и цены.');
  const used = new Set<string>();
  for (const [index, model] of models.entries()) {
    let slug = slugOf(model.name) || `model-${model.restyling_id}`;
    if (used.has(slug)) slug = `${slug}-${model.restyling_id}`;
    used.add(slug);
    const pageId = await addPage(`/models/${slug}`, model.model, catalogue, index + 1, `${model.model} в наличии у {DEALER_NAME} в г. {CITY}: комплектации, цены и автомобили.`);
    const ids = { brand_id: model.brand_id!, model_id: model.model_id!, restyling_id: model.restyling_id! };
    await db.insert(showroomPages).values({ ...owner, ...ids, generation_id: model.generation_id!, page_id: pageId });
    await db.insert(restylingSorts).values({ ...owner, ...ids, sort: index + 1 }).onConflictDoNothing();
  }
  await db.update(stockSiteSettings).set({ root_catalog_id: catalogue }).where(eq(stockSiteSettings.site_id, site.id));
}
