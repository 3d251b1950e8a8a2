import { and, inArray, isNull, eq, or } from 'drizzle-orm';
import { STATE_STATUS } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { floors } from '../floors.storage/floor.table.ts';
import { DEMO_FLOOR_CODES } from '../floors.storage/demo-floors.ts';
import { layouts, layoutStates, pages, pageStates, templates } from './content.table.ts';
import { sites } from './site.table.ts';

/**
 * Demo content of the published demo sites and the official sites (what the public renderer will
 * serve): templates, a default layout with header and footer floors, and pages — main, news with
 * two news items, special offers with two offers, about (with a newer draft), contacts — each
 * published (version 1), placing the floors of the demo library by code.
 */
type Code = keyof typeof DEMO_FLOOR_CODES;
const NEWS = [
  { slug: 'salon-opening', title: 'Открытие обновлённого шоурума', description: 'Ждём вас на празднике: тест-драйвы, подарки и кофе', tags: ['события'], date: '2026-11-02T09:00:00.000Z' },
  { slug: 'winter-service', title: 'Подготовка к зиме за один визит', description: 'Проверка аккумулятора, шин и антифриза — бесплатно при записи онлайн', tags: ['сервис', 'зима'], date: '2026-11-15T09:00:00.000Z' },
];
const SPECIALS = [
  { slug: 'winter-tyres', title: 'Зимние шины в подарок', description: 'При покупке нового автомобиля до конца месяца', tags: ['подарок', 'зима'], order: 1 },
  { slug: 'trade-in-bonus', title: 'Выгода по трейд-ин до 150 000 ₽', description: 'Сдайте свой автомобиль в зачёт нового', tags: ['трейд-ин'], order: 2 },
];

export async function seedDemoContent(db: DbOrTx) {
  const library = await db.select({ id: floors.id, code: floors.code }).from(floors).where(and(isNull(floors.client_id), inArray(floors.code, Object.values(DEMO_FLOOR_CODES))));
  const place = (...codes: Code[]) => codes.flatMap((code) => library.filter((floor) => floor.code === DEMO_FLOOR_CODES[code]).map((floor) => ({ floor_id: floor.id, values: {} })));
  const targets = await db.select().from(sites).where(or(eq(sites.status, 1), inArray(sites.type, [1, 2])));
  for (const site of targets) {
    const owner = { site_id: site.id, client_id: site.client_id };
    const published = { status: STATE_STATUS.published, version: 1, published_at: new Date() };
    await db.insert(templates).values([
      { ...owner, name: 'Обычная страница', description: 'Текст о компании и кнопки', floors: place('about', 'buttons') },
      { ...owner, name: 'Новость', description: 'Страница новости или спецпредложения', floors: place('about', 'form') },
    ]);
    const [layout] = await db.insert(layouts).values({ ...owner, name: 'Основной', is_default: true }).returning();
    await db.insert(layoutStates).values({ ...owner, ...published, layout_id: layout!.id, caption: 'Основной', header_floors: place('header'), footer_floors: place('footer') });

    let position = 0;
    const page = async (uri: string, caption: string, parentId: number | null, content: Partial<typeof pageStates.$inferInsert> = {}) => {
      const [row] = await db.insert(pages).values({ ...owner, uri, parent_id: parentId, position: position++ }).returning();
      await db.insert(pageStates).values({ ...owner, ...published, page_id: row!.id, caption, order: row!.position, seo_properties: { title: `${caption} — ${site.name}`, description: null }, ...content });
      return row!;
    };
    const home = await page('/', 'Главная', null, { floors: place('cards', 'specials', 'news', 'form'), hide_from_menu: true });
    const news = await page('/news', 'Новости', home.id, { floors: place('news') });
    for (const [index, item] of NEWS.entries()) {
      await page(`/news/${item.slug}`, item.title, news.id, {
        floors: place('about'),
        hide_from_menu: true,
        collection: { type: 'news', order: index, title: item.title, description: item.description, publication_date: item.date, image: null, dealer_ids: [], tags: item.tags },
      });
    }
    const specials = await page('/specials', 'Спецпредложения', home.id, { floors: place('specials') });
    for (const item of SPECIALS) {
      await page(`/specials/${item.slug}`, item.title, specials.id, {
        floors: place('about', 'form'),
        hide_from_menu: true,
        collection: { type: 'specials', order: item.order, title: item.title, description: item.description, publication_date: null, image: null, dealer_ids: site.dealer_ids.slice(0, 1), tags: item.tags },
      });
    }
    const about = await page('/about', 'О компании', home.id, { floors: place('about', 'cards') });
    // A newer draft waits for publication (the versions panel and the workflow have something to show).
    await db.insert(pageStates).values({ ...owner, page_id: about.id, caption: 'О компании', order: about.position, floors: place('about', 'cards', 'buttons'), status: STATE_STATUS.draft, seo_properties: {} });
    // The accessories shop's page in the menu (site-renderer draws the catalogue at its address while accessories_stock is on).
    await page('/accessories', 'Аксессуары', home.id);
    await page('/contacts', 'Контакты', home.id, { floors: place('contacts', 'form') });
  }
}
