import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customForms, dealerships, floors, sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { layouts, layoutStates, pages, pageStates, templates } from './content.table.ts';

/**
 * Pages of a site: creation in two steps, addresses (format, unique per site), the tree's moves,
 * the origin lock of copies from an official master, the restyling page creation, collections
 * and content.storage's views, tenancy of every route, and the content a site copy carries.
 */
let t: TestApp;
let client: number;
let site: number;
let otherSite: number;
let editor: string;
let stranger: string;
let staff: string;

const API = '/gateway/sites.context/api/v1';
const EDIT = { 'sites.context': ['pages.get_list', 'pages.patch', 'pages.publish', 'layouts.patch', 'templates.patch', 'sites.get_full_list', 'sites.create'], 'content.storage': ['collections.get_list'] };

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.createClient();
  const other = await t.createClient();
  const insert = async (clientId: number, values: Partial<typeof sites.$inferInsert> = {}) =>
    (await t.database.db.insert(sites).values({ name: 'Сайт', client_id: clientId, type: 3, ...values }).returning())[0]!.id;
  site = await insert(client);
  otherSite = await insert(other);
  editor = (await t.signIn((await t.createUser({ grants: EDIT, clientIds: [client] })).email)).access_token;
  stranger = (await t.signIn((await t.createUser({ grants: EDIT, clientIds: [other] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: EDIT })).email)).access_token;
});
afterAll(() => t?.close());

const call = (method: string, url: string, token: string, data?: unknown) =>
  t.request(method, url.startsWith('/gateway') ? url : `${API}${url}`, { token, lang: 'en', ...(data !== undefined ? { body: { data } } : {}) });
const attrs = (response: { json(): any }) => response.json().data.attributes;
async function page(uri: string, extra: Record<string, unknown> = {}, siteId = site) {
  const response = await call('POST', '/pages', editor, { attributes: { site_id: siteId, uri, caption: `Страница ${uri}`, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: any };
}
const move = (id: string, parent_id: number | null, position = 0, token = editor) => call('POST', `/pages/${id}/move`, token, { parent_id, position });
const uriOf = async (id: string) => attrs(await call('GET', `/pages/${id}`, editor)).uri;

describe('page creation', () => {
  it('makes the page and its first draft with the caption and the floors of the template (step 1), which the editor opens (step 2)', async () => {
    const template = await call('POST', '/templates', editor, { attributes: { site_id: site, name: 'Новость', floors: [] } });
    expect(template.statusCode).toBe(201);
    const created = await page('/about', { template_id: Number(template.json().data.id) });
    expect(created.attributes).toMatchObject({ uri: '/about', caption: 'Страница /about', published: null, submitted: [], template_id: Number(template.json().data.id), position: 0 });
    expect(created.attributes.drafts).toHaveLength(1);
    const draft = attrs(await call('GET', `/page_states/${created.attributes.drafts[0]}`, editor));
    expect(draft).toMatchObject({ status: 1, caption: 'Страница /about', floors: [], page_id: Number(created.id), site_id: site, client_id: client });
  });

  it('takes addresses that start with "/" and hold Latin letters, digits, "-", "_" and "/" only', async () => {
    for (const uri of ['about', '/Привет', '/a//b', '/a/', '/a b', '/a?b=1', '/../etc']) {
      const response = await call('POST', '/pages', editor, { attributes: { site_id: site, uri, caption: 'x' } });
      expect(response.statusCode, uri).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ source: { pointer: '/data/attributes/uri' } });
    }
    const refused = await call('POST', '/pages', editor, { attributes: { site_id: site, uri: 'about', caption: 'x' } });
    expect(refused.json().errors[0].title).toBe('A page address starts with "/" and holds Latin letters, digits, "-", "_" and "/" without empty parts');
    await page('/Cars_2024/new-models');
    await page('/', {}, otherSite === site ? site : site);
  });

  it('keeps addresses unique per site (409 on the field), the same address on another site is fine', async () => {
    await page('/unique');
    const again = await call('POST', '/pages', editor, { attributes: { site_id: site, uri: '/unique', caption: 'x' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ title: 'The site already has a page at /unique', source: { pointer: '/data/attributes/uri' } });
    const otherEditor = stranger;
    const elsewhere = await call('POST', '/pages', otherEditor, { attributes: { site_id: otherSite, uri: '/unique', caption: 'x' } });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('the page tree', () => {
  it('moves a page with its subpages: addresses follow, siblings are renumbered, a page never goes below itself', async () => {
    const catalog = await page('/catalog');
    const cars = await page('/catalog/cars', { parent_id: Number(catalog.id) });
    const parts = await page('/catalog/parts', { parent_id: Number(catalog.id) });
    const service = await page('/service');
    expect(parts.attributes.position).toBe(1);

    const moved = await move(catalog.id, Number(service.id), 0);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(attrs(moved)).toMatchObject({ uri: '/service/catalog', parent_id: Number(service.id), position: 0 });
    expect(await uriOf(cars.id)).toBe('/service/catalog/cars');
    expect(await uriOf(parts.id)).toBe('/service/catalog/parts');

    // Reorder among siblings: parts first.
    expect((await move(parts.id, Number(catalog.id), 0)).statusCode).toBe(200);
    const children = (await call('GET', `/pages?filter[parent_id]=${catalog.id}&sort=position`, editor)).json().data.map((row: any) => row.id);
    expect(children).toEqual([parts.id, cars.id]);

    const cycle = await move(service.id, Number(cars.id));
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0]).toMatchObject({ title: 'A page cannot be put inside itself or one of its own subpages', source: { pointer: '/data/parent_id' } });
    expect((await move(service.id, Number(service.id))).statusCode).toBe(400);

    // Back to the top, where '/catalog' is free again; a taken address refuses the move.
    await page('/catalog');
    const taken = await move(catalog.id, null, 0);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].title).toBe('The site already has a page at /catalog');
    expect(await uriOf(cars.id)).toBe('/service/catalog/cars');
  });

  it('refuses a parent of another site as if it did not exist', async () => {
    const mine = await page('/mine');
    const [foreign] = await t.database.db.insert(pages).values({ site_id: otherSite, client_id: (await t.database.db.select().from(sites).where(eq(sites.id, otherSite)))[0]!.client_id, uri: '/foreign' }).returning();
    const refused = await move(mine.id, foreign!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].source.pointer).toBe('/data/parent_id');
    const create = await call('POST', '/pages', editor, { attributes: { site_id: site, uri: '/x-foreign', caption: 'x', parent_id: foreign!.id } });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors[0].source.pointer).toBe('/data/attributes/parent_id');
  });

  it('carries subpages along when a page gets a new address, and keeps a page with subpages', async () => {
    const news = await page('/news');
    const item = await page('/news/sale', { parent_id: Number(news.id) });
    const renamed = await call('PATCH', `/pages/${news.id}`, editor, { attributes: { uri: '/press' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(attrs(renamed).uri).toBe('/press');
    expect(await uriOf(item.id)).toBe('/press/sale');
    const refused = await call('DELETE', `/pages/${news.id}`, editor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].title).toBe('The page has subpages: move or delete them first');
    expect((await call('DELETE', `/pages/${item.id}`, editor)).statusCode).toBe(204);
    expect((await call('DELETE', `/pages/${news.id}`, editor)).statusCode).toBe(204);
  });
});

describe('pages copied from an official master (origin_id)', () => {
  it('are read-only: the page, its move, its states and their workflow', async () => {
    const [copy] = await t.database.db.insert(pages).values({ site_id: site, client_id: client, uri: '/from-master', origin_id: 1 }).returning();
    const [state] = await t.database.db.insert(pageStates).values({ page_id: copy!.id, site_id: site, client_id: client, caption: 'Общая' }).returning();
    const id = String(copy!.id);
    const calls: [string, string, unknown?][] = [
      ['PATCH', `/pages/${id}`, { attributes: { uri: '/x' } }],
      ['DELETE', `/pages/${id}`],
      ['POST', `/pages/${id}/move`, { parent_id: null, position: 3 }],
      ['POST', '/page_states', { attributes: { page_id: copy!.id, caption: 'x' } }],
      ['PATCH', `/page_states/${state!.id}`, { attributes: { caption: 'x' } }],
      ['DELETE', `/page_states/${state!.id}`],
      ['POST', `/page_states/${state!.id}/submit`],
      ['POST', `/page_states/${state!.id}/publish`],
    ];
    for (const [method, url, data] of calls) {
      const response = await call(method, url, editor, data);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().errors[0].title).toBe('This record was copied from an official master site and is read-only');
    }
    expect((await call('GET', `/pages/${id}`, editor)).statusCode).toBe(200);
  });

  it('central content of a master site itself is written by platform staff only', async () => {
    const [master] = await t.database.db.insert(sites).values({ name: 'Мастер', client_id: client, type: 2 }).returning();
    const refused = await call('POST', '/pages', editor, { attributes: { site_id: master!.id, uri: '/x', caption: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', '/pages', staff, { attributes: { site_id: master!.id, uri: '/x', caption: 'x' } })).statusCode).toBe(201);
  });
});

describe('restyling page creation', () => {
  it('makes a new page from the published state under another address and layout, as a draft', async () => {
    const source = await page('/offer');
    const draftId = source.attributes.drafts[0];
    const early = await call('POST', `/pages/${source.id}/restyle`, editor, { uri: '/offer-new' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].title).toBe('The page has no published version');
    await call('PATCH', `/page_states/${draftId}`, editor, { attributes: { hide_from_menu: true, seo_properties: { title: 'Акция' } } });
    await call('POST', `/page_states/${draftId}/publish`, editor);
    const layout = (await call('POST', '/layouts', editor, { attributes: { site_id: site, name: 'Редизайн' } })).json().data.id;
    const made = await call('POST', `/pages/${source.id}/restyle`, editor, { uri: '/offer-new', layout_id: Number(layout) });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.attributes).toMatchObject({ uri: '/offer-new', layout_id: Number(layout), published: null });
    const state = made.json().included[0].attributes;
    expect(state).toMatchObject({ status: 1, hide_from_menu: true, seo_properties: { title: 'Акция' }, copied_from_id: Number(draftId), caption: 'Страница /offer' });
    const [foreignLayout] = await t.database.db.insert(layouts).values({ site_id: otherSite, client_id: client, name: 'x' }).returning();
    const refused = await call('POST', `/pages/${source.id}/restyle`, editor, { uri: '/offer-3', layout_id: foreignLayout!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].source.pointer).toBe('/data/layout_id');
  });
});

describe('collections', () => {
  it('creates collection pages by type and lists them, with the specials and news views of content.storage', async () => {
    const [dealer] = await t.database.db.insert(dealerships).values({ client_id: client, title: 'ДЦ Казань', code: `dc-${Date.now()}` }).returning();
    const parent = await page('/specials');
    const body = {
      title: 'Зимняя резина в подарок',
      order: 2,
      description: 'При покупке автомобиля до конца месяца',
      image: { url: '/files/abc123.jpg', title: 'Шины', alt: 'Комплект шин' },
      tags: ['зима', 'подарок'],
      parent_id: Number(parent.id),
      uri: '/specials/winter-tyres',
      publication_date: '2026-12-01T09:00:00.000Z',
      dealer_ids: [dealer!.id],
      video: { type: 'youtube', url: 'https://youtube.com/watch?v=x', ratio: '16:9', schema_markup: { name: 'Обзор', duration: 'PT1M30S', isFamilyFriendly: true } },
    };
    const created = await call('POST', `/sites/${site}/collections/specials`, editor, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().included[0].attributes.collection).toMatchObject({ type: 'specials', title: body.title, dealer_ids: [dealer!.id], tags: body.tags });
    const news = await call('POST', `/sites/${site}/collections/news`, editor, { title: 'Открытие нового салона', uri: '/news-opening' });
    expect(news.statusCode).toBe(201);

    const specials = (await call('GET', `/sites/${site}/collections/specials`, editor)).json();
    expect(specials.meta.page.total).toBe(1);
    expect(specials.data[0].attributes).toMatchObject({ title: body.title, order: 2, uri: '/specials/winter-tyres', page_state_status: 1, published: false, tags: body.tags });
    expect((await call('GET', `/sites/${site}/collections/news`, editor)).json().data.map((row: any) => row.attributes.title)).toEqual(['Открытие нового салона']);
    expect((await call('GET', `/sites/${site}/collections/article`, editor)).json().data).toEqual([]);

    const view = (await call('GET', `/gateway/content.storage/api/v1/specials?filter[site_id]=${site}`, editor)).json();
    expect(view.data[0]).toMatchObject({ type: 'specials', attributes: { title: body.title, description: body.description, tags: body.tags, image: body.image, order: 2, page_state_status: 1 } });
    expect((await call('GET', `/gateway/content.storage/api/v1/news?filter[site_id]=${site}&filter[status]=3`, editor)).json().data).toEqual([]);

    // Bad input on the fields; another client's dealer looks missing.
    const bad = await call('POST', `/sites/${site}/collections/news`, editor, { title: '', uri: 'no-slash', image: { url: 'javascript:alert(1)' }, video: { type: 'youtube', url: 'https://x.ru/v', schema_markup: { name: 'x', duration: '90 sec' } } });
    expect(bad.statusCode).toBe(400);
    const pointers = bad.json().errors.map((error: any) => error.source.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/data/title', '/data/uri', '/data/image/url', '/data/video/schema_markup/duration']));
    const [foreignDealer] = await t.database.db.insert(dealerships).values({ client_id: (await t.createClient()), title: 'Чужой', code: `dc-x-${Date.now()}` }).returning();
    const foreign = await call('POST', `/sites/${site}/collections/news`, editor, { title: 'x', uri: '/x-news', dealer_ids: [foreignDealer!.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].source.pointer).toBe('/data/dealer_ids');
  });
});

describe('tenancy of the pages routes', () => {
  it('answers 404 for another client\'s pages, sites and views', async () => {
    const mine = await page('/tenancy');
    await call('POST', `/page_states/${mine.attributes.drafts[0]}/publish`, editor);
    expect((await call('GET', `/pages/${mine.id}`, stranger)).statusCode).toBe(404);
    expect((await move(mine.id, null, 0, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/pages/${mine.id}/restyle`, stranger, { uri: '/stolen' })).statusCode).toBe(404);
    expect((await call('GET', `/sites/${site}/collections/news`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/sites/${site}/collections/news`, stranger, { title: 'x', uri: '/x' })).statusCode).toBe(404);
    expect((await call('GET', `/gateway/content.storage/api/v1/specials?filter[site_id]=${site}`, stranger)).statusCode).toBe(404);
    const list = (await call('GET', `/pages?filter[site_id]=${site}`, stranger)).json();
    expect(list.data).toEqual([]);
    const foreignCreate = await call('POST', '/pages', stranger, { attributes: { site_id: site, uri: '/x', caption: 'x' } });
    expect(foreignCreate.statusCode).toBe(400);
    expect(foreignCreate.json().errors[0].source.pointer).toBe('/data/attributes/site_id');
  });
});

describe('content of a site copy', () => {
  it('forks carry the master\'s templates, layouts and pages as read-only copies; generated sites get their own copies', async () => {
    const platformClient = await t.createClient();
    const [master] = await t.database.db.insert(sites).values({ name: 'Мастер', client_id: platformClient, type: 2 }).returning();
    const db = t.database.db;
    const [template] = await db.insert(templates).values({ site_id: master!.id, client_id: platformClient, name: 'Страница' }).returning();
    const [layout] = await db.insert(layouts).values({ site_id: master!.id, client_id: platformClient, name: 'Основной', is_default: true }).returning();
    await db.insert(layoutStates).values({ layout_id: layout!.id, site_id: master!.id, client_id: platformClient, caption: 'Основной', status: 3, version: 1, published_at: new Date() });
    const [home] = await db.insert(pages).values({ site_id: master!.id, client_id: platformClient, uri: '/', layout_id: layout!.id, template_id: template!.id }).returning();
    const [child] = await db.insert(pages).values({ site_id: master!.id, client_id: platformClient, uri: '/about', parent_id: home!.id }).returning();
    await db.insert(pageStates).values([
      { page_id: home!.id, site_id: master!.id, client_id: platformClient, caption: 'Главная', status: 3, version: 2, published_at: new Date() },
      { page_id: home!.id, site_id: master!.id, client_id: platformClient, caption: 'Главная (черновик)', status: 1 },
      { page_id: child!.id, site_id: master!.id, client_id: platformClient, caption: 'О нас', status: 3, version: 1, published_at: new Date() },
    ]);

    const fork = await t.request('POST', `${API}/sites/${master!.id}/fork`, { token: staff, body: { data: { name: 'Форк', client_id: client } } });
    expect(fork.statusCode, fork.body).toBe(201);
    const forkId = Number(fork.json().data.id);
    const copied = await db.select().from(pages).where(eq(pages.site_id, forkId));
    expect(copied.map((row) => row.uri).sort()).toEqual(['/', '/about']);
    const copiedHome = copied.find((row) => row.uri === '/')!;
    expect(copiedHome.origin_id).toBe(home!.id);
    expect(copied.find((row) => row.uri === '/about')!.parent_id).toBe(copiedHome.id);
    const [forkLayout] = await db.select().from(layouts).where(eq(layouts.site_id, forkId));
    expect(copiedHome.layout_id).toBe(forkLayout!.id);
    expect(forkLayout).toMatchObject({ origin_id: layout!.id, is_default: true, client_id: client });
    const homeStates = await db.select().from(pageStates).where(eq(pageStates.page_id, copiedHome.id));
    expect(homeStates.map((row) => [row.caption, row.status])).toEqual(expect.arrayContaining([['Главная', 3], ['Главная (черновик)', 1]]));
    const [forkTemplate] = await db.select().from(templates).where(eq(templates.site_id, forkId));
    expect(forkTemplate!.origin_id).toBe(template!.id);
    expect(copiedHome.template_id).toBe(forkTemplate!.id);
    expect((await call('PATCH', `/pages/${copiedHome.id}`, editor, { attributes: { uri: '/home' } })).statusCode).toBe(403);

    // A copy of a client's site is the new site's own content.
    const copy = await t.request('POST', `${API}/sites/${forkId}/copy`, { token: staff, body: { data: { name: 'Копия', client_id: client } } });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyPages = await db.select().from(pages).where(eq(pages.site_id, Number(copy.json().data.id)));
    expect(copyPages).toHaveLength(2);
    expect(copyPages.every((row) => row.origin_id === null)).toBe(true);
  });
});

describe('a constructor form on a page', () => {
  it('takes a form of the page\'s own site only, with the message on the form field', async () => {
    const db = t.database.db;
    const [floor] = await db.insert(floors).values({ code: `form-${Date.now()}`, title: 'Форма', component: 'custom_form', values: {} }).returning();
    const [own] = await db.insert(customForms).values({ site_id: site, client_id: client, title: 'Оценка' }).returning();
    const [foreign] = await db.insert(customForms).values({ site_id: otherSite, client_id: (await t.database.db.select().from(sites).where(eq(sites.id, otherSite)))[0]!.client_id, title: 'Чужая' }).returning();
    const created = await page('/estimate');
    const draft = created.attributes.drafts[0];
    const placed = (formId: number) => call('PATCH', `/page_states/${draft}`, editor, { attributes: { floors: [{ floor_id: floor!.id, values: { form_id: own!.id } }, { floor_id: floor!.id, values: { form_id: formId } }] } });
    const refused = await placed(foreign!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ code: 'form_not_found', title: 'The form was not found on this site', source: { pointer: '/data/attributes/floors/1/values/form_id' } })]);
    expect(attrs(await call('GET', `/page_states/${draft}`, editor)).floors).toEqual([]);
    const saved = await placed(own!.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(attrs(saved).floors).toHaveLength(2);
  });
});
