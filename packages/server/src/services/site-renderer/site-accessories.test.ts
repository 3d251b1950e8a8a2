import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { accessories, accessoryAttributes, accessoryCategories } from '../accessories.showroom/accessory.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { solveChallenge } from '../request.storage/captcha.ts';
import { requestStorageOf } from '../request.storage/request.routes.ts';
import { requests } from '../request.storage/request.table.ts';
import { publishedSite, unique, visit, type TestSite } from './site-renderer.fixtures.ts';

/**
 * The accessories shop on public sites: the catalogue (categories, filterable attributes,
 * compatibility, search, order by price, pages), an accessory's page, its order arriving as an
 * accessories request (type 10) through the intake, the pages changing at once when an accessory,
 * a category or an attribute changes, and the module that gates it all.
 */
let t: TestApp;
let s: TestSite;
let other: TestSite;
let ids: Record<string, number>;
let categories: { mats: number; roof: number };
let brands: { kia: number; lada: number };
let models: { rio: number; ceed: number };
const db = () => t.database.db;
const body = async (url: string, host = s.host) => (await visit(t, host, url)).body.replace(/[\u00a0\u202f]/g, ' ');
const cards = (page: string) => [...page.matchAll(/<h2 class="car-card__title">([^<]*)<\/h2>/g)].map((match) => match[1]);

beforeAll(async () => {
  t = await buildTestApp();
  requestStorageOf(t.app).captchaBits = 8;
  s = await publishedSite(t);
  other = await publishedSite(t);
  const [kia] = await db().insert(carBrands).values({ name: `Kia ${unique()}` }).returning();
  const [lada] = await db().insert(carBrands).values({ name: `Lada ${unique()}` }).returning();
  const [rio, ceed] = await db()
    .insert(carModels)
    .values([
      { name: 'Rio', name_ru: 'Рио', brand_id: kia!.id },
      { name: 'Ceed', brand_id: kia!.id },
    ])
    .returning();
  brands = { kia: kia!.id, lada: lada!.id };
  models = { rio: rio!.id, ceed: ceed!.id };
  const [mats, roof] = await db()
    .insert(accessoryCategories)
    .values([
      { client_id: s.clientId, name: 'Коврики', code: `mats-${unique()}`, sort_order: 1 },
      { client_id: s.clientId, name: 'Багажники', code: `roof-${unique()}`, sort_order: 2 },
    ])
    .returning();
  categories = { mats: mats!.id, roof: roof!.id };
  await db()
    .insert(accessoryAttributes)
    .values([
      { client_id: s.clientId, code: 'material', name: 'Материал', type: 'string', is_filterable: true },
      { client_id: s.clientId, code: 'colors', name: 'Цвета', type: 'array', is_filterable: true },
      { client_id: s.clientId, code: 'weight', name: 'Вес', type: 'number', is_filterable: false },
    ]);
  const [picture] = await db().insert(mediaFiles).values({ client_id: s.clientId, name: 'mat.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 100, driver: 'local', key: `acc${unique()}` }).returning();
  const item = (over: Partial<typeof accessories.$inferInsert> & { article_code: string; name: string; price: number }) => ({ site_id: s.id, client_id: s.clientId, category_id: mats!.id, image_ids: [picture!.id], ...over });
  const rows = await db()
    .insert(accessories)
    .values([
      item({ article_code: 'MAT-1', name: 'Коврики резиновые', price: 5000, discount: 500, attributes: { material: 'Резина', colors: ['чёрный', 'серый'], weight: 2.5 }, brand_id: kia!.id, model_ids: [rio!.id], description: 'Высокий борт.' }),
      item({ article_code: 'MAT-2', name: 'Коврики текстильные', price: 4000, attributes: { material: 'Текстиль', colors: ['бежевый'] }, brand_id: kia!.id }),
      item({ article_code: 'MAT-3', name: 'Коврики для Lada', price: 3000, attributes: { material: 'Резина' }, brand_id: lada!.id }),
      item({ article_code: 'BOX-1', name: 'Бокс на крышу', price: 30_000, category_id: roof!.id, status: 'out_of_stock' }),
      item({ article_code: 'SOLD-1', name: 'Проданный багажник', price: 9000, category_id: roof!.id, status: 'sold' }),
    ])
    .returning();
  ids = Object.fromEntries(rows.map((row) => [row.article_code, row.id]));
  // Another site's accessory: never on this site.
  const [foreign] = await db().insert(accessoryCategories).values({ client_id: other.clientId, name: 'Чужие', code: `x-${unique()}` }).returning();
  const [stranger] = await db().insert(accessories).values({ site_id: other.id, client_id: other.clientId, category_id: foreign!.id, article_code: 'X-1', name: 'Чужой аксессуар', price: 100 }).returning();
  ids.stranger = stranger!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the accessories catalogue', () => {
  it('lists the offered accessories with prices after the discount, in stock first, by category', async () => {
    const page = await visit(t, s.host, '/accessories');
    expect(page.statusCode).toBe(200);
    const text = page.body.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('<h1>Аксессуары</h1>');
    expect(cards(text)).toEqual(['Коврики для Lada', 'Коврики текстильные', 'Коврики резиновые', 'Бокс на крышу']);
    expect(text).not.toContain('Проданный багажник');
    expect(text).not.toContain('Чужой аксессуар');
    expect(text).toContain('<strong>4 500 ₽</strong> <s><span class="visually-hidden">Цена без скидки: </span>5 000 ₽</s>');
    expect(text).toContain('Найдено аксессуаров: 4');
    expect(text).toMatch(/<p class="car-card__status">Под заказ<\/p>/);
    // The categories are links; a category's page lists its accessories only.
    expect(text).toContain(`href="/accessories?category=${categories.roof}">Багажники</a>`);
    const roof = await body(`/accessories?category=${categories.roof}`);
    expect(cards(roof)).toEqual(['Бокс на крышу']);
    expect(roof).toContain('<h1>Багажники</h1>');
    expect(roof).toContain(`<link rel="canonical" href="https://${s.host}/accessories?category=${categories.roof}">`);
  });

  it('filters by the filterable attributes, the compatibility and a search, and orders by price', async () => {
    const rubber = await body('/accessories?attr_material=Резина');
    expect(cards(rubber)).toEqual(['Коврики для Lada', 'Коврики резиновые']);
    expect(rubber).toContain('<meta name="robots" content="noindex, nofollow">');
    // The values of each filterable attribute with their counts under the other choices; an array's values each.
    expect(rubber).toMatch(/value="Текстиль"[^>]*> Текстиль <span class="filter__count">1<\/span>/);
    expect(rubber).toMatch(/value="серый"[^>]*> серый <span class="filter__count">1<\/span>/);
    expect(rubber).not.toContain('name="attr_weight"');
    expect(cards(await body('/accessories?attr_colors=бежевый&attr_colors=серый'))).toEqual(['Коврики текстильные', 'Коврики резиновые']);
    // A brand keeps the accessories of that brand and those naming none; a model, those naming it or no model.
    expect(cards(await body(`/accessories?brand=${brands.kia}`))).toEqual(['Коврики текстильные', 'Коврики резиновые', 'Бокс на крышу']);
    const ceed = await body(`/accessories?brand=${brands.kia}&model=${models.ceed}`);
    expect(cards(ceed)).toEqual(['Коврики текстильные', 'Бокс на крышу']);
    expect(ceed).toMatch(new RegExp(`<option value="${models.rio}">Рио \\(1\\)</option>`));
    // A search by name or article code, case aside; wildcards are plain characters.
    expect(cards(await body('/accessories?q=box-1'))).toEqual(['Бокс на крышу']);
    expect(cards(await body('/accessories?q=текстиль'))).toEqual(['Коврики текстильные']);
    expect(await body('/accessories?q=%25')).toContain('Таких аксессуаров нет');
    expect(cards(await body('/accessories?sort=price_asc'))).toEqual(['Коврики для Lada', 'Коврики текстильные', 'Коврики резиновые', 'Бокс на крышу']);
    expect(cards(await body('/accessories?sort=price_desc'))).toEqual(['Бокс на крышу', 'Коврики резиновые', 'Коврики текстильные', 'Коврики для Lada']);
    // Unknown parameters and values of a wrong shape are left out: the same cached state.
    expect(cards(await body('/accessories?sort=nope&category=abc&foo=1&brand=x'))).toHaveLength(4);
  });

  it('pages the catalogue, a page past the last showing the last', async () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ site_id: s.id, client_id: s.clientId, category_id: categories.roof, article_code: `PAGE-${i}`, name: `Рейлинг ${String(i).padStart(2, '0')}`, price: 1000 + i }));
    await db().insert(accessories).values(many);
    const first = await body(`/accessories?category=${categories.roof}&sort=price_asc`);
    expect(cards(first)).toHaveLength(12);
    expect(first).toContain(`href="/accessories?category=${categories.roof}&amp;sort=price_asc&amp;page=2" rel="next"`);
    const second = await body(`/accessories?category=${categories.roof}&sort=price_asc&page=2`);
    expect(cards(second)).toEqual(['Рейлинг 12', 'Бокс на крышу']);
    expect(cards(await body(`/accessories?category=${categories.roof}&sort=price_asc&page=99`))).toEqual(cards(second));
    await db().delete(accessories).where(and(eq(accessories.site_id, s.id), like(accessories.article_code, 'PAGE-%')));
  });
});

describe("an accessory's page", () => {
  it('shows the images, the price with the discount, the attributes and the compatible models', async () => {
    const page = await visit(t, s.host, `/accessories/${ids['MAT-1']}`);
    expect(page.statusCode).toBe(200);
    const text = page.body.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('<h1>Коврики резиновые</h1>');
    expect(text).toContain('<p class="car-price__main">4 500 ₽</p>');
    expect(text).toContain('Скидка 500 ₽');
    expect(text).toMatch(/<img src="\/files\/acc[a-z0-9]+\.jpg" alt="Коврики резиновые, фото 1"/);
    expect(text).toContain('<dt>Артикул</dt><dd>MAT-1</dd>');
    expect(text).toMatch(/<dt>Совместимость<\/dt><dd>Kia \S+ Рио<\/dd>/);
    expect(text).toContain('<dt>Цвета</dt><dd>чёрный, серый</dd>');
    expect(text).toContain('<dt>Вес</dt><dd>2,5</dd>');
    expect(text).toContain('<p>Высокий борт.</p>');
    expect(text).toContain('<input type="hidden" name="_form" value="accessory">');
    expect(text).toContain(`<link rel="canonical" href="https://${s.host}/accessories/${ids['MAT-1']}">`);
    const bare = await body(`/accessories/${ids['BOX-1']}`);
    expect(bare).toContain('<dt>Совместимость</dt><dd>Подходит для любого автомобиля</dd>');
  });

  it("is the site's 404 for a sold accessory, another site's one or an address that names none", async () => {
    for (const url of [`/accessories/${ids['SOLD-1']}`, `/accessories/${ids.stranger}`, '/accessories/999999999', '/accessories/abc', '/accessories/0']) {
      const page = await visit(t, s.host, url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('Страница не найдена');
    }
  });

  it('sends the order as an accessories request (type 10) naming the accessory through the intake', async () => {
    const ip = '10.89.0.1';
    const url = `/accessories/${ids['MAT-1']}`;
    const challenge = (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: s.host }, remoteAddress: ip })).json().data.challenge as string;
    const name = `Покупатель ${unique()}`;
    const fields = { _form: 'accessory', name, phone: '+7 (916) 123-45-67', comment: 'Нужна установка', consent: 'on' };
    const post = (extra: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip, payload: new URLSearchParams({ ...fields, ...extra }).toString() });
    const wrong = await post({ phone: '123', captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Введите телефон в формате');
    // Without the captcha's answer the intake refuses it.
    const robot = await post({});
    expect(robot.statusCode).toBe(400);
    expect(robot.body).toContain('включите JavaScript');
    const sent = await post({ captcha_challenge: challenge, captcha_nonce: solveChallenge(challenge) });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Заявка отправлена');
    const stored = await db().select().from(requests).where(and(eq(requests.site_id, s.id), eq(requests.name, name)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.type).toBe(10);
    expect(stored[0]!.fields).toMatchObject({ car_id: ids['MAT-1'], car: 'Коврики резиновые (MAT-1)' });
    expect(stored[0]!.text).toBe('Нужна установка');
    // A sold accessory takes no order.
    expect((await t.app.inject({ method: 'POST', url: `/accessories/${ids['SOLD-1']}`, headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() })).statusCode).toBe(404);
  });
});

describe('changes and the module', () => {
  it('drops the cached pages when an accessory, a category or an attribute changes', async () => {
    expect(await body('/accessories')).toContain('Коврики текстильные');
    await db().update(accessories).set({ name: 'Коврики велюровые' }).where(eq(accessories.id, ids['MAT-2']!));
    const list = await body('/accessories');
    expect(list).toContain('Коврики велюровые');
    expect(list).not.toContain('Коврики текстильные');
    expect(await body(`/accessories/${ids['MAT-2']}`)).toContain('<h1>Коврики велюровые</h1>');
    await db().update(accessoryCategories).set({ name: 'Крыша' }).where(eq(accessoryCategories.id, categories.roof));
    expect(await body('/accessories')).toContain('>Крыша</a>');
    await db().update(accessoryAttributes).set({ name: 'Материал изделия' }).where(and(eq(accessoryAttributes.client_id, s.clientId), eq(accessoryAttributes.code, 'material')));
    expect(await body('/accessories')).toContain('<legend class="filter__title">Материал изделия</legend>');
    // An accessory sold meanwhile leaves the catalogue and its page.
    await db().update(accessories).set({ status: 'sold' }).where(eq(accessories.id, ids['MAT-2']!));
    expect(await body('/accessories')).not.toContain('Коврики велюровые');
    expect((await visit(t, s.host, `/accessories/${ids['MAT-2']}`)).statusCode).toBe(404);
  });

  it('answers 404 on every shop address while the module is suspended or not installed', async () => {
    const [module] = await db().select({ id: modules.id }).from(modules).where(eq(modules.code, 'accessories_stock'));
    const where = and(eq(moduleInstallations.site_id, s.id), eq(moduleInstallations.module_id, module!.id));
    const urls = ['/accessories', `/accessories?category=${categories.mats}`, `/accessories/${ids['MAT-1']}`];
    await db().update(moduleInstallations).set({ active: false }).where(where);
    for (const url of urls) expect((await visit(t, s.host, url)).statusCode, url).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: `/accessories/${ids['MAT-1']}`, headers: { host: s.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: '_form=accessory&name=a&phone=1' });
    expect(post.statusCode).toBe(404);
    await db().update(moduleInstallations).set({ active: true }).where(where);
    expect((await visit(t, s.host, '/accessories')).statusCode).toBe(200);
    const [row] = await db().select().from(moduleInstallations).where(where);
    await db().delete(moduleInstallations).where(where);
    for (const url of urls) expect((await visit(t, s.host, url)).statusCode, url).toBe(404);
    await db().insert(moduleInstallations).values(row!);
    expect((await visit(t, s.host, `/accessories/${ids['MAT-1']}`)).statusCode).toBe(200);
  });

  it('lists the catalogue and the offered accessories in the site map', async () => {
    const map = await body('/sitemap.xml');
    expect(map).toContain(`<loc>https://${s.host}/accessories</loc>`);
    expect(map).toContain(`<loc>https://${s.host}/accessories/${ids['MAT-1']}</loc>`);
    expect(map).not.toContain(`/accessories/${ids['SOLD-1']}<`);
  });
});
