import { randomBytes } from 'node:crypto';
import { MODULE_CODES, STATE_STATUS } from '@dp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { DbOrTx } from '../../kit/db.ts';
import { floors, layouts, layoutStates, pages, pageStates, sites, stages, stageStates, virtualMachines } from '../../schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { PlacedFloor } from '../sites.context/content.table.ts';
import { siteRendererOf } from './serve-site.ts';

/** Records of a published site of one client, made straight in the database, as tests of the renderer need them. */
export const unique = () => `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export interface TestSite {
  id: number;
  clientId: number;
  code: string;
  host: string;
  technicalHost: string;
  floors: Record<'header' | 'footer' | 'text' | 'news' | 'form', number>;
  pages: Record<'home' | 'about' | 'news' | 'first' | 'hidden', { id: number; stateId: number }>;
  layoutId: number;
  layoutStateId: number;
  stageStateId: number;
}

const published = () => ({ status: STATE_STATUS.published, version: 1, published_at: new Date('2026-11-01T10:00:00Z'), publication_status: 2 });
const place = (...ids: number[]): PlacedFloor[] => ids.map((floor_id) => ({ floor_id, values: {} }));

async function floor(db: DbOrTx, clientId: number, component: string, values: Record<string, unknown>, extra: Partial<typeof floors.$inferInsert> = {}) {
  const [row] = await db.insert(floors).values({ client_id: clientId, code: `f-${unique()}`, title: component, component, values, ...extra }).returning();
  return row!.id;
}

export async function addPage(db: DbOrTx, site: { id: number; clientId: number }, uri: string, state: Partial<typeof pageStates.$inferInsert> & { caption: string }, page: Partial<typeof pages.$inferInsert> = {}) {
  const [row] = await db.insert(pages).values({ site_id: site.id, client_id: site.clientId, uri, ...page }).returning();
  const [s] = await db.insert(pageStates).values({ site_id: site.id, client_id: site.clientId, page_id: row!.id, ...published(), ...state }).returning();
  return { id: row!.id, stateId: s!.id };
}

/**
 * A published site with a running machine at `<code>.ru` and `<code>.localhost`: a layout with a
 * header and a footer, a main page with a stage, /about, /news with one news item, a page hidden
 * from the menu, and a draft-only page.
 */
export async function publishedSite(t: TestApp, options: { clientId?: number; site?: Partial<typeof sites.$inferInsert> } = {}): Promise<TestSite> {
  const db = t.database.db;
  const code = unique();
  const clientId = options.clientId ?? (await t.createClient());
  const host = `${code}.ru`;
  const technicalHost = `${code}.localhost`;
  const [site] = await db
    .insert(sites)
    .values({ name: `Дилер ${code}`, client_id: clientId, host, technical_host: technicalHost, status: 1, version: 2, context: { brand_id: null, color_scheme: 'kia', extra_color_schemes: [] }, ...options.site })
    .returning();
  await db.insert(virtualMachines).values({ site_id: site!.id, client_id: clientId, platform_id: 'local', ip: '127.0.0.1', status: 'CREATED', host, technical_host: technicalHost, hostname: technicalHost });
  // A dealer's site has its modules (requests take leads); its languages stay its main one (multiple_locales is for the tests of languages).
  await t.installModules(site!.id, MODULE_CODES.filter((code) => code !== 'multiple_locales'));
  const owner = { id: site!.id, clientId };
  const ids = {
    header: await floor(db, clientId, 'header', { show_logo: true, menu_from_pages: true, phone: '+7 (800) 555-35-35' }),
    footer: await floor(db, clientId, 'footer', { address: 'Москва, {CITY_STREET}', copyright: '© {DEALER}' }),
    text: await floor(db, clientId, 'text', { title: 'О нас в {CITY}', body: 'Мы работаем в **{CITY}**.\n\n## Сервис\n- быстро\n- честно' }),
    news: await floor(db, clientId, 'news_list', { title: 'Новости', limit: 2 }),
    form: await floor(db, clientId, 'form', { title: 'Перезвоним', form: 'callback' }, { background: 'primary' }),
  };
  const [layout] = await db.insert(layouts).values({ site_id: site!.id, client_id: clientId, name: 'Основной', is_default: true }).returning();
  const [layoutState] = await db
    .insert(layoutStates)
    .values({ site_id: site!.id, client_id: clientId, layout_id: layout!.id, caption: 'Основной', header_floors: place(ids.header), footer_floors: place(ids.footer), ...published() })
    .returning();
  const home = await addPage(db, owner, '/', { caption: 'Главная', floors: place(ids.text, ids.form), hide_from_menu: true, seo_properties: { title: '{DEALER} в {CITY}', description: 'Официальный дилер в {CITY}' } });
  const about = await addPage(db, owner, '/about', { caption: 'О компании', floors: place(ids.text), order: 1 }, { parent_id: home.id, position: 1 });
  const news = await addPage(db, owner, '/news', { caption: 'Новости', floors: place(ids.news), order: 2 }, { parent_id: home.id, position: 2 });
  const first = await addPage(
    db,
    owner,
    '/news/first',
    { caption: 'Первая новость', hide_from_menu: true, collection: { type: 'news', order: 0, title: 'Первая новость', description: 'Коротко о главном', publication_date: '2026-11-02T09:00:00.000Z', image: null, dealer_ids: [], tags: ['события'] } },
    { parent_id: news.id },
  );
  const hidden = await addPage(db, owner, '/hidden', { caption: 'Скрытая', hide_from_menu: true, seo_properties: { noindex: true } }, { parent_id: home.id, position: 3 });
  // A page with only a draft: not on the site.
  const [draftPage] = await db.insert(pages).values({ site_id: site!.id, client_id: clientId, uri: '/draft-only', parent_id: home.id, position: 4 }).returning();
  await db.insert(pageStates).values({ site_id: site!.id, client_id: clientId, page_id: draftPage!.id, caption: 'Черновик', status: STATE_STATUS.draft });
  const [stage] = await db.insert(stages).values({ site_id: site!.id, client_id: clientId, name: 'Баннер' }).returning();
  const [stageState] = await db
    .insert(stageStates)
    .values({
      site_id: site!.id,
      client_id: clientId,
      stage_id: stage!.id,
      name: 'Баннер',
      title: 'Зимний сервис',
      subtitle: 'Скидка 20%',
      images: {
        pc: { file_id: 1, url: '/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', webp_url: '/files/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp', width: 1920, height: 1080, alt: 'Сервис', title: null },
        tablet: { file_id: 2, url: '/files/cccccccccccccccccccccccccccccccc.png', webp_url: '/files/dddddddddddddddddddddddddddddddd.webp', width: 1280, height: 720, alt: 'Сервис', title: null },
        mobile: { file_id: 3, url: '/files/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png', webp_url: '/files/ffffffffffffffffffffffffffffffff.webp', width: 504, height: 896, alt: 'Сервис', title: null },
      },
      colors: { title: '#ffffff', background: '#0b3d91' },
      ...published(),
    })
    .returning();
  return {
    id: site!.id,
    clientId,
    code,
    host,
    technicalHost,
    floors: ids,
    pages: { home, about, news, first, hidden },
    layoutId: layout!.id,
    layoutStateId: layoutState!.id,
    stageStateId: stageState!.id,
  };
}

/**
 * A request as a browser sends it to a site's host. Tests change records straight in the database,
 * whose notifications reach the renderer a moment after the commit (on PostgreSQL through another
 * connection): the visit first waits until the app heard every change committed before it
 * (`settle: false` skips that, to show what a write through the gateway guarantees by itself).
 */
export async function visit(t: Pick<TestApp, 'app'>, host: string, url: string, options: { method?: 'GET' | 'HEAD' | 'POST' | 'PUT'; headers?: Record<string, string>; payload?: string; settle?: boolean } = {}): Promise<LightMyRequestResponse> {
  if (options.settle !== false) await siteRendererOf(t.app).cache.sync();
  return t.app.inject({ method: options.method ?? 'GET', url, headers: { host, ...options.headers }, ...(options.payload !== undefined ? { payload: options.payload } : {}) });
}
