/**
 * The server side of the site benchmark, a child process of run.ts (the load generator does not
 * share this event loop): builds the app on PGlite in a temporary folder or on the PostgreSQL
 * database run.ts made, publishes a site at bench-site.localhost — a main page in a layout with
 * a header and a footer, a stage with PC, tablet and mobile pictures, and three floors — and starts
 * the ceiling: bare Fastify returning the same HTML. Reports `ready` over IPC; turns the renderer's
 * cache off and on when asked (`cache-off`, `cache-on`); closes everything on `stop`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply } from 'fastify';
import { buildApp, type App } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/kit/config.ts';
import { clients, floors, layouts, layoutStates, pages, pageStates, seoConstants, sites, stages, stageStates, virtualMachines } from '../../packages/server/src/schema.ts';
import { siteRendererOf } from '../../packages/server/src/services/site-renderer/serve-site.ts';

export interface SiteTargetInput {
  databaseUrl: string | null;
  dataDir: string;
}

export interface SiteTargetReady {
  type: 'ready';
  kind: 'pglite' | 'postgres';
  appUrl: string;
  host: string;
  path: string;
  bytes: number;
  ceilingUrl: string;
  seedSeconds: number;
}

export const SITE_HOST = 'bench-site.localhost';
const send = (message: object) => process.send?.(message);
const published = { status: 3, version: 1, published_at: new Date(), publication_status: 2 };

/** The site: its client, the running machine, floors, layout, main page and stage. */
async function seedSite(app: App) {
  const db = app.database.db;
  const [client] = await db.insert(clients).values({ name: 'Бенчмарк Авто', code: 'bench-auto' }).returning();
  const [site] = await db
    .insert(sites)
    .values({ name: 'Бенчмарк Авто — Kia', client_id: client!.id, host: 'bench-auto.ru', technical_host: SITE_HOST, status: 1, version: 2, context: { brand_id: null, color_scheme: 'kia', extra_color_schemes: [] } })
    .returning();
  const owner = { site_id: site!.id, client_id: client!.id };
  await db.insert(virtualMachines).values({ ...owner, platform_id: 'local', ip: '127.0.0.1', status: 'CREATED', host: site!.host, technical_host: SITE_HOST, hostname: SITE_HOST });
  await db.insert(seoConstants).values([
    { ...owner, placeholder: 'CITY', value: 'Казань' },
    { ...owner, placeholder: 'DEALER_NAME', value: 'Бенчмарк Авто' },
  ]);
  const floor = async (component: string, values: Record<string, unknown>, background: string | null = null) =>
    (await db.insert(floors).values({ client_id: client!.id, code: `bench-${component}`, title: component, component, values, background }).returning())[0]!.id;
  const header = await floor('header', { show_logo: true, menu_from_pages: true, menu: [{ text: 'Сервис', link: '/service' }], phone: '+7 (800) 555-35-35', button: { text: 'Тест-драйв', link: '/test-drive' } });
  const footer = await floor('footer', { address: '{CITY}, Автомобильная ул., 12', phones: [{ label: 'Отдел продаж', phone: '+7 (800) 555-35-35' }], email: 'info@bench.test', menu: [{ text: 'О компании', link: '/about' }], copyright: '© {DEALER_NAME}' }, 'dark');
  const text = await floor('text', { title: 'О дилере в г. {CITY}', body: 'Мы работаем **с 1998 года**.\n\n## Почему мы\n- гарантия производителя\n- свой сервис\n- кредит и трейд-ин' });
  const cards = await floor('cards', { title: 'Услуги', columns: '3', cards: [{ title: 'Кредит', text: 'От 5,9%', link: '/credit' }, { title: 'Трейд-ин', text: 'Оценка за 15 минут', link: '/trade-in' }, { title: 'Сервис', text: 'По регламенту', link: '/service' }] }, 'light');
  const contacts = await floor('contacts', { title: 'Контакты', address: '{CITY}, Автомобильная ул., 12', phones: [{ label: 'Продажи', phone: '+7 (800) 555-35-35' }], hours: [{ days: 'Пн–Вс', time: '09:00–21:00' }] });
  const place = (...ids: number[]) => ids.map((floor_id) => ({ floor_id, values: {} }));
  const [layout] = await db.insert(layouts).values({ ...owner, name: 'Основной', is_default: true }).returning();
  await db.insert(layoutStates).values({ ...owner, ...published, layout_id: layout!.id, caption: 'Основной', header_floors: place(header), footer_floors: place(footer) });
  const [home] = await db.insert(pages).values({ ...owner, uri: '/' }).returning();
  await db.insert(pageStates).values({ ...owner, ...published, page_id: home!.id, caption: 'Главная', hide_from_menu: true, floors: place(text, cards, contacts), seo_properties: { title: '{DEALER_NAME} — официальный дилер в г. {CITY}', description: 'Автомобили в наличии в г. {CITY}' } });
  for (const [index, [uri, caption]] of [['/about', 'О компании'], ['/news', 'Новости'], ['/contacts', 'Контакты']].entries()) {
    const [page] = await db.insert(pages).values({ ...owner, uri: uri!, parent_id: home!.id, position: index + 1 }).returning();
    await db.insert(pageStates).values({ ...owner, ...published, page_id: page!.id, caption: caption!, order: index + 1 });
  }
  const image = (name: string, width: number, height: number) => ({ file_id: 1, url: `/files/${name.repeat(32)}.png`, webp_url: `/files/${name.repeat(32)}.webp`, width, height, alt: 'Сервисная зона', title: null });
  const [stage] = await db.insert(stages).values({ ...owner, name: 'Весенний сервис' }).returning();
  await db.insert(stageStates).values({
    ...owner,
    ...published,
    stage_id: stage!.id,
    name: 'Весенний сервис',
    title: 'Весеннее ТО со скидкой 20%',
    subtitle: 'Запишитесь до 31 мая',
    images: { pc: image('a', 1920, 1080), tablet: image('b', 1280, 720), mobile: image('c', 504, 896) },
    panel: { enabled: true, color: '#000000', opacity: 40, rounded: true },
    colors: { title: '#ffffff', background: '#0b3d91' },
    buttons: [{ text: 'Записаться', type: 'link', link: '/service', icon: 'calendar', icon_position: 'left', style: 'primary', size: 'large', full_width: false }],
  });
}

/** A GET with another Host header (fetch does not let one set it). */
function getAs(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

async function main() {
  if (!process.send) throw new Error('target.ts is started by bench/site/run.ts (it needs the IPC channel)');
  const input = JSON.parse(process.env.BENCH_TARGET ?? 'null') as SiteTargetInput | null;
  if (!input) throw new Error('BENCH_TARGET is not set');
  let application: App | null = null;
  let ceiling: ReturnType<typeof Fastify> | null = null;
  const cleanup = async () => {
    await ceiling?.close().catch(() => undefined);
    await application?.close().catch((error) => console.error('closing the app failed:', error));
  };
  process.on('disconnect', () => void cleanup().finally(() => process.exit(1)));
  try {
    const started = performance.now();
    const config = loadConfig({}, { databaseUrl: input.databaseUrl, dataDir: input.dataDir, memoryDb: false, logLevel: 'silent', runJobs: false, loadDemoData: false, webDist: null, host: '127.0.0.1' });
    application = await buildApp(config);
    await seedSite(application);
    const seedSeconds = (performance.now() - started) / 1000;
    const { app } = application;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const response = await getAs(`${appUrl}/`, SITE_HOST);
    const html = response.body;
    if (response.status !== 200 || !html.includes('stage__title') || !html.includes('floor--contacts')) throw new Error(`the page answered ${response.status}: ${html.slice(0, 300)}`);

    // The ceiling: the same HTML from a bare route, with the content type only.
    ceiling = Fastify({ logger: false });
    ceiling.get('/', async (_request: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').send(html));
    await ceiling.listen({ host: '127.0.0.1', port: 0 });
    const ceilingUrl = `http://127.0.0.1:${(ceiling.server.address() as AddressInfo).port}/`;
    if ((await (await fetch(ceilingUrl)).text()) !== html) throw new Error('the ceiling does not return the same HTML');

    send({ type: 'ready', kind: application.database.kind, appUrl, host: SITE_HOST, path: '/', bytes: Buffer.byteLength(html), ceilingUrl, seedSeconds } satisfies SiteTargetReady);
    const renderer = siteRendererOf(app);
    await new Promise<void>((resolve) =>
      process.on('message', (message: { type?: string }) => {
        if (message?.type === 'stop') resolve();
        // Without its cache every request reads the site from the database and renders it.
        else if (message?.type === 'cache-off') void renderer.cache.stop().then(() => send({ type: 'cache-off' }));
        else if (message?.type === 'cache-on') void renderer.cache.start(application!.database).then(() => send({ type: 'cache-on' }));
      }),
    );
    process.removeAllListeners('disconnect');
    await cleanup();
    process.exit(0);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await cleanup();
    process.exit(1);
  }
}

void main();
