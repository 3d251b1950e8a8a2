import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stockSettingsDefaults, type StockKindSettings } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { carLabels } from '../cars.catalog/labels.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { stockSiteSettings } from '../cars.stock.sites/stock-settings.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { importReports } from '../cars.import/import.table.ts';
import { runImport } from '../cars.import/run-import.ts';
import { addPage, publishedSite, unique, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { importEdits } from './import-edit.table.ts';

/**
 * The import-edit widget: a dealer edits an imported car's price, description, photos and labels
 * on its site; a later feed import keeps the edits and records the feed's values beside them; undo
 * puts the feed's value back at once; the public site shows the edited values; other dealers' sites
 * and cars are out of reach, and bad values are refused in the caller's language.
 */
let t: TestApp;
let s: TestSite;
let other: TestSite;
let dealer: string;
let stranger: string;
let brandName: string;
let server: http.Server;
let base: string;
let settingsId: string;
const feeds = new Map<string, string>();
const db = () => t.database.db;

const API = '/gateway/import_edit/api/v1/import_edits';
const IMPORT_API = '/gateway/cars.import/api/v1';
const GRANTS = {
  import_edit: ['import_edits.get_list', 'import_edits.create', 'import_edits.patch', 'import_edits.delete'],
  'cars.import': ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list'],
};
const VIN = 'XWEAB000000000101';
const HAND_VIN = 'XWEAB000000000102';

const feed = (price: string, description = 'Описание из фида') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<data><cars><car><mark_id>${brandName}</mark_id><folder_id>Rio</folder_id><vin>${VIN}</vin><year>2025</year>` +
  `<price>${price}</price><description>${description}</description><availability>в наличии</availability></car></cars></data>`;

/** Starts an import of the site's feed over the API and runs its job here (the test app enqueues only). */
async function importFeed(content: string) {
  feeds.set('cars.xml', content);
  const started = await t.request('POST', `${IMPORT_API}/import/${settingsId}/manual/start`, { token: dealer, body: { data: {} } });
  expect(started.statusCode, started.body).toBe(202);
  const reportId = Number(started.json().data.id);
  await runImport(t.ctx, { report_id: reportId, lang: 'en' });
  const [report] = await db().select().from(importReports).where(eq(importReports.id, reportId));
  expect(report!.status).toBe('finished');
}
const carByVin = async (vin: string) => (await db().select().from(cars).where(eq(cars.vin, vin)))[0]!;
const create = (attributes: Record<string, unknown>, token = dealer, lang = 'en') => t.request('POST', API, { token, lang, body: { data: { attributes: { site_id: s.id, ...attributes } } } });
const titleOf = (response: Awaited<ReturnType<TestApp['request']>>) => (response.json().errors as { title: string; source?: { pointer?: string } }[])[0]!;
/** A page's body with the narrow and no-break spaces of formatted numbers as plain spaces. */
const page = async (url: string) => (await visit(t, s.host, url)).body.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  // The feed's stand-in: serves the feed the test sets.
  server = http.createServer((req, res) => {
    const body = feeds.get((req.url ?? '').replace(/^\/feed\//, ''));
    res.statusCode = body ? 200 : 404;
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  t = await buildTestApp({ runJobs: false });
  s = await publishedSite(t);
  other = await publishedSite(t);
  brandName = `Kia${unique()}`;
  const [brand] = await db().insert(carBrands).values({ name: brandName }).returning();
  await db().insert(carModels).values({ name: 'Rio', brand_id: brand!.id });
  const root = (await addPage(db(), s, '/cars', { caption: 'Автомобили в наличии', order: 5 }, { parent_id: s.pages.home.id })).id;
  const kind = (over: Partial<StockKindSettings> = {}): StockKindSettings => ({ ...stockSettingsDefaults().new_settings, root_page_id: root, ...over });
  await db().insert(stockSiteSettings).values({ site_id: s.id, client_id: s.clientId, new_settings: kind(), used_settings: kind(), viewed_favorites: stockSettingsDefaults().viewed_favorites });
  dealer = (await t.signIn((await t.createUser({ grants: GRANTS, clientIds: [s.clientId], internal: false })).email)).access_token;
  stranger = (await t.signIn((await t.createUser({ grants: GRANTS, clientIds: [other.clientId], internal: false })).email)).access_token;

  const settings = await t.request('GET', `${IMPORT_API}/settings/where_site/${s.id}`, { token: dealer });
  settingsId = settings.json().data.id;
  const files = await t.request('PATCH', `${IMPORT_API}/settings/${settingsId}`, { token: dealer, body: { data: { attributes: { files: [{ kind: 'url', url: `${base}/feed/cars.xml`, name: 'cars.xml' }] } } } });
  expect(files.statusCode, files.body).toBe(200);
  await importFeed(feed('1 500 000'));
  // A car made by hand on the same site: not an imported car.
  await db().insert(cars).values({ site_id: s.id, client_id: s.clientId, vin: HAND_VIN, is_new: true, brand_id: brand!.id, price: 1_000_000, final_price: 1_000_000 });
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server?.closeAllConnections();
  server?.close();
  await t?.close();
});

describe('editing an imported car', () => {
  it('refuses cars not imported, other sites and bad values, changing nothing', async () => {
    const car = await carByVin(VIN);
    const hand = await carByVin(HAND_VIN);
    const notImported = await create({ car_id: hand.id, field: 'price', value: 900_000 }, dealer, 'ru');
    expect(notImported.statusCode).toBe(400);
    expect(titleOf(notImported).title).toBe('Этот автомобиль не загружен импортом этого сайта');
    expect((await create({ car_id: car.id, field: 'price', value: 900_000 }, stranger)).statusCode).toBe(400);
    const foreignSite = await t.request('POST', API, { token: stranger, body: { data: { attributes: { site_id: s.id, car_id: car.id, field: 'price', value: 1 } } } });
    expect(foreignSite.statusCode).toBe(400);
    expect(titleOf(foreignSite).source?.pointer).toBe('/data/attributes/site_id');
    const zero = await create({ car_id: car.id, field: 'price', value: 0 });
    expect(zero.statusCode).toBe(400);
    expect(titleOf(zero)).toMatchObject({ title: expect.stringContaining('whole positive number of roubles'), source: { pointer: '/data/attributes/value' } });
    expect((await create({ car_id: car.id, field: 'price', value: 1.5 })).statusCode).toBe(400);
    expect((await create({ car_id: car.id, field: 'description', value: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await create({ car_id: car.id, field: 'description', value: '   ' })).statusCode).toBe(400);
    const [foreignPhoto] = await db().insert(mediaFiles).values({ client_id: other.clientId, name: 'x.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 100, driver: 'local', key: `ie-${unique()}` }).returning();
    const photo = await create({ car_id: car.id, field: 'photos', value: [foreignPhoto!.id] });
    expect(photo.statusCode).toBe(400);
    expect(titleOf(photo).source?.pointer).toBe('/data/attributes/value/0');
    const [foreignLabel] = await db().insert(carLabels).values({ site_id: other.id, client_id: other.clientId, name: 'Чужая', background: '#000000' }).returning();
    const label = await create({ car_id: car.id, field: 'labels', value: [foreignLabel!.id] }, dealer, 'ru');
    expect(label.statusCode).toBe(400);
    expect(titleOf(label).title).toBe(`Метка ${foreignLabel!.id} — не метка этого сайта`);
    expect((await create({ car_id: car.id, field: 'mileage', value: 1 })).statusCode).toBe(400);
    expect(await db().select().from(importEdits).where(eq(importEdits.site_id, s.id))).toHaveLength(0);
    expect((await carByVin(VIN)).price).toBe(1_500_000);
  });

  it('shows the edited price at once, keeps it over the next import with the feed value beside it, and undo restores the feed value', async () => {
    const car = await carByVin(VIN);
    expect(await page('/cars')).toContain('1 500 000');
    const made = await create({ car_id: car.id, field: 'price', value: 1_234_000 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.attributes).toMatchObject({ field: 'price', value: 1_234_000, feed_value: 1_500_000, car: { vin: VIN, brand: brandName, model: 'Rio' } });
    expect(made.json().data.attributes.editor).toBeTruthy();
    expect(await carByVin(VIN)).toMatchObject({ price: 1_234_000, final_price: 1_234_000 });
    // The public list (its cached answer dropped by the car's change) shows the dealer's price.
    const list = await page('/cars');
    expect(list).toContain('1 234 000');
    expect(list).not.toContain('1 500 000');
    // The same field twice is refused: the edit is changed instead.
    expect((await create({ car_id: car.id, field: 'price', value: 1_000_000 })).statusCode).toBe(409);
    const description = await create({ car_id: car.id, field: 'description', value: 'Наше описание' });
    expect(description.statusCode, description.body).toBe(201);

    await importFeed(feed('1 600 000', 'Новое описание из фида'));
    expect(await carByVin(VIN)).toMatchObject({ price: 1_234_000, description: 'Наше описание' });
    const listed = await t.request('GET', `${API}?filter[site_id]=${s.id}&sort=field`, { token: dealer });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((row: { attributes: Record<string, unknown> }) => [row.attributes.field, row.attributes.value, row.attributes.feed_value])).toEqual([
      ['description', 'Наше описание', 'Новое описание из фида'],
      ['price', 1_234_000, 1_600_000],
    ]);
    expect(await page('/cars')).toContain('1 234 000');

    // Undo the price only: the feed's price applies at once and stays on later imports.
    const priceEdit = listed.json().data.find((row: { attributes: { field: string } }) => row.attributes.field === 'price');
    expect((await t.request('DELETE', `${API}/${priceEdit.id}`, { token: dealer })).statusCode).toBe(204);
    expect(await carByVin(VIN)).toMatchObject({ price: 1_600_000, description: 'Наше описание' });
    expect(await page('/cars')).toContain('1 600 000');
    await importFeed(feed('1 700 000', 'Ещё описание'));
    expect(await carByVin(VIN)).toMatchObject({ price: 1_700_000, description: 'Наше описание' });
  });

  it('edits photos and labels with the site’s own files and labels, and the public card shows the label', async () => {
    const car = await carByVin(VIN);
    const [photo] = await db().insert(mediaFiles).values({ client_id: s.clientId, name: 'front.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 100, driver: 'local', key: `ie-${unique()}` }).returning();
    const photos = await create({ car_id: car.id, field: 'photos', value: [photo!.id, photo!.id] });
    expect(photos.statusCode, photos.body).toBe(201);
    expect((await carByVin(VIN)).import_image_ids).toEqual([photo!.id]);
    const [label] = await db().insert(carLabels).values({ site_id: s.id, client_id: s.clientId, name: `Хит${unique()}`, background: '#D4380D' }).returning();
    const labels = await create({ car_id: car.id, field: 'labels', value: [label!.id] });
    expect(labels.statusCode, labels.body).toBe(201);
    expect(await page('/cars')).toContain(label!.name);
    // Changing an edit re-checks the value by its field.
    const labelEdit = labels.json().data;
    const bad = await t.request('PATCH', `${API}/${labelEdit.id}`, { token: dealer, body: { data: { attributes: { value: 'x' } } } });
    expect(bad.statusCode).toBe(400);
    const cleared = await t.request('PATCH', `${API}/${labelEdit.id}`, { token: dealer, body: { data: { attributes: { value: [] } } } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await carByVin(VIN)).label_ids).toEqual([]);
  });

  it("keeps another client's edits out of reach", async () => {
    const [edit] = await db().select().from(importEdits).where(eq(importEdits.site_id, s.id)).limit(1);
    expect((await t.request('GET', `${API}/${edit!.id}`, { token: stranger })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${API}/${edit!.id}`, { token: stranger })).statusCode).toBe(404);
    expect((await t.request('PATCH', `${API}/${edit!.id}`, { token: stranger, body: { data: { attributes: { value: 1 } } } })).statusCode).toBe(404);
    const listed = await t.request('GET', `${API}?filter[site_id]=${s.id}`, { token: stranger });
    expect(listed.json().data).toEqual([]);
    expect((await t.request('GET', `${API}?filter[car]=${VIN.slice(-6)}`, { token: stranger })).json().data).toEqual([]);
    const found = await t.request('GET', `${API}?filter[car]=${VIN.slice(-6)}&filter[field]=photos`, { token: dealer });
    expect(found.json().data.map((row: { attributes: { field: string } }) => row.attributes.field)).toEqual(['photos']);
  });
});
