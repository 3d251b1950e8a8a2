import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { stockSettingsDefaults } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { pages, templates } from '../sites.context/content.table.ts';
import { customFilterGroups, stockSiteSettings } from './stock-settings.table.ts';

/**
 * Stock settings of the demo client sites (docs/decisions/stock.md, "What do stock settings
 * hold?"): the lists start at the site's "/cars" page, used cars stay three months after the sale
 * and then redirect to the list, new cars one month and then redirect to their model's showroom
 * page; one group of custom filters. Sites without settings read the defaults, so only the demo
 * client sites get a row. Runs after the demo pages.
 */
export async function seedDemoStockSettings(db: DbOrTx) {
  const clientSites = await db.select({ id: sites.id, client_id: sites.client_id }).from(sites).where(and(eq(sites.type, 3), isNotNull(sites.host))).orderBy(asc(sites.id));
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
  }
}
