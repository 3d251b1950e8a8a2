import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { carBrands, carModels, cars, dealerships, sites } from '../../schema.ts';
import { fieldAliases } from '../cars.import.alias/field-alias.table.ts';
import { readFeed } from '../cars.import/feed-parsers.ts';
import { exportSettings } from './export.table.ts';
import { yandexParts } from './export-feed.ts';
import { eq } from 'drizzle-orm';

/**
 * Export feeds and commercial offers (spec 001 §3 "Export settings", §7 "Export"): the settings per
 * client and their isolation, the public token addresses, each channel's feed parsed and checked
 * for its required fields, aliases in the export direction only, the Auto.ru feed read back by the
 * importer's parser, the Yandex split, the PDF and DOCX offers.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let dealerA: string;
let dealerB: string;
let brandName: string;
const VINS_A = ['XWEXP000000000001', 'XWEXP000000000002', 'XWEXP000000000003'];
const SOLD_VIN = 'XWEXP000000000009';
const VIN_B = 'XWEXP000000000077';
const carIds: number[] = [];
let otherCar: number;

const API = '/gateway/cars.export/api/v1';
const CODES = { 'cars.export': ['export_settings.get_list', 'export_settings.patch', 'offers.create'] };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['item', 'listing', 'car', 'Ad', 'offer', 'feed', 'image', 'Image', 'param'].includes(name) });

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false, publicUrl: 'https://admin.example.test' });
  const db = t.database.db;
  clientA = await t.createClient();
  clientB = await t.createClient();
  const stamp = Date.now().toString(36);
  siteA = (await db.insert(sites).values({ name: 'Автоград', client_id: clientA, type: 3, host: `avtograd-${stamp}.example.test` }).returning())[0]!.id;
  siteB = (await db.insert(sites).values({ name: 'Чужой', client_id: clientB, type: 3, host: `other-${stamp}.example.test` }).returning())[0]!.id;
  // The sites have their modules, as the demo's (test/module-gating.test.ts walks the sites without them).
  await t.installModules([siteA, siteB]);
  const centre = (await db.insert(dealerships).values({ client_id: clientA, title: 'Автоград Север', code: `ag-north-${stamp}`, city: 'Казань', address: 'ул. Мира, 1', phone: { country: '7', city: '843', subscriber: '2000000', internal: '0' } }).returning())[0]!.id;
  brandName = `Kia${stamp}`;
  const brand = (await db.insert(carBrands).values({ name: brandName }).returning())[0]!.id;
  const model = (await db.insert(carModels).values({ name: 'Rio', brand_id: brand }).returning())[0]!.id;
  const car = (vin: string, extra: Record<string, unknown> = {}) => ({
    site_id: siteA, client_id: clientA, vin, brand_id: brand, model_id: model, year: 2024, price: 1_500_000, final_price: 1_400_000, tradein_discount: 100_000,
    is_new: true, dealers_id: centre, dealer_code: `ag-north-${stamp}`, transmission: 'АКПП', body: 'Седан', engine: '1.6 MPI 123 л.с.', ...extra,
  });
  const inserted = await db
    .insert(cars)
    .values([car(VINS_A[0]!), car(VINS_A[1]!, { is_new: false, mileage: 42_000, owners: 1, price: 900_000, final_price: 900_000, tradein_discount: 0 }), car(VINS_A[2]!, { external_id: 'EXT-3' }), car(SOLD_VIN, { status: 'sold' })])
    .returning({ id: cars.id });
  carIds.push(...inserted.map((row) => row.id));
  otherCar = (await db.insert(cars).values({ ...car(VIN_B), site_id: siteB, client_id: clientB, dealers_id: null }).returning())[0]!.id;
  // An alias of the export direction renames the brand in the feeds; one of the import direction must not.
  await db.insert(fieldAliases).values([
    { entity: 'brand', search: 'KIA MOTORS', replace: brandName, direction: 'export' },
    { entity: 'model', search: 'RIO-IMPORT-ONLY', replace: 'Rio', direction: 'import' },
  ]);
  dealerA = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientA], internal: false })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientB], internal: false })).email)).access_token;
});
afterAll(async () => {
  await t?.close();
});

type Settings = { id: string; attributes: { client_id: number; links: Record<string, { is_needed: boolean; url: string | null }>; use_dealer_images: boolean } };
async function settingsOf(token: string, clientId: number): Promise<Settings> {
  const response = await t.request('GET', `${API}/settings/where_client_id/${clientId}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
async function enable(token: string, settingsId: string, channels: string[], needed = true): Promise<Settings> {
  const links = Object.fromEntries(channels.map((channel) => [channel, { is_needed: needed }]));
  const response = await t.request('PATCH', `${API}/settings/${settingsId}`, { token, body: { data: { attributes: { links } } } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
/** A feed fetched as a channel does: no token, by its public address. */
async function fetchFeed(url: string) {
  const response = await t.request('GET', url.replace('https://admin.example.test', ''));
  return response;
}
function parsed(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

describe('export settings', () => {
  it('are made per client with every channel off, and another client cannot read or change them', async () => {
    const settings = await settingsOf(dealerA, clientA);
    expect(settings.attributes.client_id).toBe(clientA);
    expect(Object.keys(settings.attributes.links).sort()).toEqual(['autoru', 'avito', 'facebook', 'google', 'yandex_search']);
    expect(Object.values(settings.attributes.links).every((link) => !link.is_needed && link.url === null)).toBe(true);
    expect((await t.request('GET', `${API}/settings/where_client_id/${clientA}`, { token: dealerB })).statusCode).toBe(404);
    const foreign = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerB, body: { data: { attributes: { links: { google: { is_needed: true } } } } } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.request('POST', `${API}/settings/${settings.id}/regenerate`, { token: dealerB, body: { data: { channel: 'google' } } })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(exportSettings).where(eq(exportSettings.client_id, clientA));
    expect(row!.links.google!.is_needed).toBe(false);
  });

  it('refuses an unknown channel with a clear 400 in the caller language', async () => {
    const settings = await settingsOf(dealerA, clientA);
    const response = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealerA, lang: 'en', body: { data: { attributes: { links: { myspace: { is_needed: true } } } } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].title).toMatch(/[A-Za-z]/);
  });
});

describe('feeds', () => {
  it('google: a public RSS 2.0 feed of the client cars for sale with the required fields; aliases of the export direction only', async () => {
    const settings = await enable(dealerA, (await settingsOf(dealerA, clientA)).id, ['google']);
    const url = settings.attributes.links.google!.url!;
    expect(url).toMatch(/^https:\/\/admin\.example\.test\/gateway\/cars\.export\/api\/v1\/feeds\/[A-Za-z0-9_-]{32}$/);
    const response = await fetchFeed(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('xml');
    const feed = parsed(response.body);
    expect(feed.rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
    const items = feed.rss.channel.item as Record<string, unknown>[];
    expect(items.map((item) => item['g:vin']).sort()).toEqual(VINS_A);
    for (const item of items) {
      for (const field of ['g:id', 'g:title', 'g:link', 'g:price', 'g:condition', 'g:vin', 'g:store_code', 'g:dealership_name', 'g:dealership_address', 'g:make', 'g:model', 'g:year', 'g:mileage']) expect(item[field], field).toBeTruthy();
      expect(item['g:make']).toBe('KIA MOTORS');
      expect(item['g:model']).toBe('Rio');
      expect(item['g:price']).toMatch(/^\d+ RUB$/);
    }
    expect(response.body).not.toContain(VIN_B);
    expect(response.body).not.toContain(SOLD_VIN);
  });

  it('a wrong token, a channel switched off and a regenerated address answer 404', async () => {
    const settings = await settingsOf(dealerA, clientA);
    const url = settings.attributes.links.google!.url!;
    expect((await fetchFeed(`${url.slice(0, -4)}AAAA`)).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/feeds/not-a-token`)).statusCode).toBe(404);
    const regenerated = await t.request('POST', `${API}/settings/${settings.id}/regenerate`, { token: dealerA, body: { data: { channel: 'google' } } });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().data.attributes.links.google.url as string;
    expect(fresh).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    await enable(dealerA, settings.id, ['google'], false);
    expect((await fetchFeed(fresh)).statusCode).toBe(404);
    // Switched on again, the address is the same (stable for the channel).
    const again = await enable(dealerA, settings.id, ['google']);
    expect(again.attributes.links.google!.url).toBe(fresh);
  });

  it('facebook and avito: their XML with the required fields', async () => {
    const settings = await enable(dealerA, (await settingsOf(dealerA, clientA)).id, ['facebook', 'avito']);
    const facebook = parsed((await fetchFeed(settings.attributes.links.facebook!.url!)).body);
    const listings = facebook.listings.listing as Record<string, any>[];
    expect(listings).toHaveLength(3);
    for (const listing of listings) {
      for (const field of ['vehicle_id', 'title', 'description', 'url', 'make', 'model', 'year', 'body_style', 'price', 'state_of_vehicle', 'address', 'image' in listing ? 'image' : 'vin']) expect(listing[field], field).toBeTruthy();
      expect(listing.mileage.unit).toBe('KM');
    }
    expect(listings.find((listing) => listing.vin === VINS_A[1])!.state_of_vehicle).toBe('USED');
    const avito = parsed((await fetchFeed(settings.attributes.links.avito!.url!)).body);
    expect(avito.Ads['@formatVersion']).toBe('3');
    expect(avito.Ads['@target']).toBe('Avito.ru');
    const ads = avito.Ads.Ad as Record<string, unknown>[];
    expect(ads.map((ad) => ad.VIN).sort()).toEqual(VINS_A);
    for (const ad of ads) for (const field of ['Id', 'Category', 'CarType', 'Make', 'Model', 'Year', 'Price', 'Kilometrage', 'Condition', 'Description']) expect(ad[field], field).not.toBeUndefined();
  });

  it('autoru: the feed reads back through the importer parser as the same cars', async () => {
    const settings = await enable(dealerA, (await settingsOf(dealerA, clientA)).id, ['autoru']);
    const body = (await fetchFeed(settings.attributes.links.autoru!.url!)).body;
    parsed(body);
    const rows = [];
    for await (const row of readFeed('autoru_xml', Readable.from([Buffer.from(body)]))) rows.push(row.values);
    expect(rows.map((row) => row.vin).sort()).toEqual(VINS_A);
    const used = rows.find((row) => row.vin === VINS_A[1])!;
    expect(used).toMatchObject({ brand: 'KIA MOTORS', model: 'Rio', year: '2024', price: '900000', mileage: '42000', is_new: 'used', owners: '1', transmission: 'АКПП' });
    expect(rows.find((row) => row.vin === VINS_A[2])!.external_id).toBe('EXT-3');
    expect(rows.find((row) => row.vin === VINS_A[0])!).toMatchObject({ tradein_discount: '100000', logistic_status: 'в наличии', is_new: 'new' });
  });

  it('yandex_search: an index of parts, each a YML catalogue; split at the offer and byte limits', async () => {
    const settings = await enable(dealerA, (await settingsOf(dealerA, clientA)).id, ['yandex_search']);
    const url = settings.attributes.links.yandex_search!.url!;
    const index = parsed((await fetchFeed(url)).body);
    expect(index.feeds.feed).toHaveLength(1);
    expect(index.feeds.feed[0].url).toBe(`${url}/1`);
    const part = parsed((await fetchFeed(`${url}/1`)).body);
    const offers = part.yml_catalog.shop.offers.offer as Record<string, any>[];
    expect(offers).toHaveLength(3);
    for (const offer of offers) for (const field of ['url', 'price', 'currencyId', 'categoryId', 'name', 'vendor', 'model']) expect(offer[field], field).toBeTruthy();
    expect((await fetchFeed(`${url}/2`)).statusCode).toBe(404);

    const [row] = await t.database.db.select().from(exportSettings).where(eq(exportSettings.client_id, clientA));
    const byOffers = await yandexParts(t.database.db, row!, 'https://admin.example.test', { maxOffers: 2, maxBytes: 10_000_000 });
    expect(byOffers.map((p) => p.offers)).toEqual([2, 1]);
    expect(byOffers[1]!.fromId).toBe(byOffers[0]!.toId + 1);
    const one = await yandexParts(t.database.db, row!, 'https://admin.example.test', { maxOffers: 30_000, maxBytes: 10_000_000 });
    const tight = await yandexParts(t.database.db, row!, 'https://admin.example.test', { maxOffers: 30_000, maxBytes: one[0]!.bytes - 10 });
    expect(tight.length).toBe(2);
    for (const p of tight) expect(p.bytes).toBeLessThanOrEqual(one[0]!.bytes - 10);
  });
});

describe('commercial offers', () => {
  const body = (extra: Record<string, unknown> = {}) => ({ data: { type: 'new', orientation: 'landscape', cars: carIds.slice(0, 2), site_id: siteA, ...extra } });

  it('PDF: starts with %PDF and carries the cars VINs and prices', async () => {
    const response = await t.request('POST', `${API}/pdf_offer`, { token: dealerA, body: body() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
    let text = '';
    for (let page = 1; page <= pdf.numPages; page++) text += (await (await pdf.getPage(page)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain(VINS_A[0]);
    expect(text).toContain(VINS_A[1]);
    expect(text).toContain('Коммерческое предложение');
    expect(text.replace(/\s/g, '')).toContain('1400000₽');
  });

  it('DOCX: a zip whose document.xml carries the VINs', async () => {
    const response = await t.request('POST', `${API}/docx_offer`, { token: dealerA, lang: 'en', body: body({ orientation: 'portrait', type: 'used' }) });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const documentXml = await zip.file('word/document.xml')!.async('string');
    expect(documentXml).toContain(VINS_A[0]);
    expect(documentXml).toContain(VINS_A[1]);
    expect(documentXml).toContain('Commercial offer');
  });

  it('refuses cars of another site and sites of another client; an empty choice is a 400', async () => {
    const foreignCar = await t.request('POST', `${API}/pdf_offer`, { token: dealerA, lang: 'en', body: body({ cars: [carIds[0], otherCar] }) });
    expect(foreignCar.statusCode).toBe(404);
    expect(foreignCar.json().errors[0].title).toContain(String(otherCar));
    expect((await t.request('POST', `${API}/docx_offer`, { token: dealerB, body: body() })).statusCode).toBe(404);
    const empty = await t.request('POST', `${API}/pdf_offer`, { token: dealerA, lang: 'ru', body: body({ cars: [] }) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].title).toBe('Выберите автомобили для коммерческого предложения');
  });
});
