import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { bmp } from '../media.storage/media.fixtures.ts';
import { accessories, accessoryCategories, accessoryImports, mediaFiles, users } from '../../schema.ts';
import { ACCESSORY_IMPORT_LIMITS, endDeadAccessoryImports, runAccessoryImport } from './run-accessory-import.ts';

/**
 * The import of a site's accessories (spec 002 §7) against a local HTTP server serving good,
 * broken, huge and slow files: matched by article code (created, updated, missing ones out of
 * stock), images downloaded into the client's media library, a per-row report, and nothing
 * changed when a file fails.
 */
let t: TestApp;
let server: http.Server;
let base: string;
let clientId: number;
let dealer: string;
let counter = 0;
const files = new Map<string, { type: string; body: Buffer | string; slow?: boolean; held?: Promise<void> }>();
const API = '/gateway/accessories.showroom/api/v1';
const CODES = [...['accessories', 'accessory_categories', 'accessory_attributes', 'accessory_settings'].flatMap((e) => [`${e}.get_list`, `${e}.create`, `${e}.patch`, `${e}.delete`]), 'accessories.import'];

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  server = http.createServer(async (req, res) => {
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    // A file served once the test lets it go: a run that is going on.
    await file.held;
    res.writeHead(200, { 'content-type': file.type });
    if (file.slow) {
      // A file that starts and never ends: the run's time limit ends it.
      res.write(String(file.body).slice(0, 20));
      return;
    }
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp();
  clientId = await t.createClient();
  dealer = (await t.signIn((await t.createUser({ grants: { 'accessories.showroom': CODES }, clientIds: [clientId] })).email)).access_token;
  await t.database.db.insert(accessoryCategories).values([{ client_id: clientId, name: 'Коврики', code: 'mats' }, { client_id: null, name: 'Багажники', code: `roof` }]);
  files.set('/mats.bmp', { type: 'image/bmp', body: bmp(4, 4) });
  files.set('/box.bmp', { type: 'image/bmp', body: bmp(6, 6) });
  files.set('/not-image.bmp', { type: 'image/bmp', body: 'plain text, not an image' });
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server?.closeAllConnections();
  server?.close();
  await t?.close();
});

/** A site with its settings naming these files; the settings' id. */
async function siteWith(list: { path: string; profile: 'csv' | 'yml' | 'xlsx' }[]) {
  const siteId = await t.createSite(clientId);
  const settings = (await t.request('GET', `${API}/settings/by_site_id/${siteId}`, { token: dealer })).json().data;
  const saved = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealer, body: { data: { attributes: { import_files: list.map((file, index) => ({ name: `Файл ${index + 1}`, url: `${base}${file.path}`, profile: file.profile })) } } } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { siteId, settingsId: settings.id as string };
}

/** Starts the import by the API and runs its job here; the run's record. */
async function importNow(settingsId: string, lang = 'en') {
  const started = await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: dealer, lang, body: {} });
  expect(started.statusCode, started.body).toBe(202);
  const runId = Number(started.json().data.id);
  // The job may have been taken by the app's own worker already; either way the run ends.
  await runAccessoryImport(t.ctx, { import_id: runId, lang: lang as 'en' });
  await expect.poll(async () => (await t.database.db.select({ status: accessoryImports.status }).from(accessoryImports).where(eq(accessoryImports.id, runId)))[0]!.status, { timeout: 20_000 }).toMatch(/done|failed/);
  return (await t.request('GET', `${API}/accessories/imports/${runId}`, { token: dealer })).json().data as { id: string; attributes: Record<string, any> };
}
const rowsOf = async (runId: string) => (await t.request('GET', `${API}/accessories/imports/${runId}/rows?page[size]=1000`, { token: dealer })).json().data.map((row: { attributes: Record<string, unknown> }) => row.attributes);
const stored = (siteId: number) => t.database.db.select().from(accessories).where(eq(accessories.site_id, siteId)).orderBy(accessories.article_code);

describe('the accessories import', () => {
  it('creates, updates and marks missing accessories by article code from a CSV, with images in the media library and a report', async () => {
    const path = `/price-${counter++}.csv`;
    files.set(path, { type: 'text/csv', body: `article_code;name;price;discount;category;images\nM-1;Коврики Solaris;4990;490;mats;${base}/mats.bmp\nR-1;Бокс;25000;;roof;${base}/box.bmp\n` });
    const { siteId, settingsId } = await siteWith([{ path, profile: 'csv' }]);
    const first = await importNow(settingsId);
    expect(first.attributes).toMatchObject({ status: 'done', total_count: 2, created_count: 2, updated_count: 0, error_count: 0 });
    const made = await stored(siteId);
    expect(made.map((row) => [row.article_code, row.price, row.discount, row.status])).toEqual([['M-1', 4990, 490, 'in_stock'], ['R-1', 25000, 0, 'in_stock']]);
    const [image] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, made[0]!.image_ids[0]!));
    expect(image).toMatchObject({ client_id: clientId, kind: 'image' });

    // The next file changes one, drops the other, and has a bad row: the dropped one goes out of stock, the bad row is reported.
    files.set(path, { type: 'text/csv', body: `article_code;name;price;category;images\nM-1;Коврики Solaris 2;5200;mats;${base}/mats.bmp\nX-1;Без цены;;mats;${base}/mats.bmp\nZ-1;Чужая категория;100;nope;${base}/mats.bmp\n` });
    const second = await importNow(settingsId);
    expect(second.attributes).toMatchObject({ status: 'done', created_count: 0, updated_count: 1, missing_count: 1, error_count: 2 });
    const after = await stored(siteId);
    expect(after.map((row) => [row.article_code, row.name, row.price, row.status])).toEqual([['M-1', 'Коврики Solaris 2', 5200, 'in_stock'], ['R-1', 'Бокс', 25000, 'out_of_stock']]);
    // The same picture address keeps the image: nothing downloaded twice.
    expect(after[0]!.image_ids).toEqual(made[0]!.image_ids);
    const report = await rowsOf(second.id);
    expect(report).toEqual([
      { file_index: 0, row: 2, article_code: 'M-1', status: 'updated', message: null },
      { file_index: 0, row: 3, article_code: 'X-1', status: 'error', message: 'The price must be greater than zero' },
      { file_index: 0, row: 4, article_code: 'Z-1', status: 'error', message: 'The category "nope" does not exist' },
    ]);
  });

  it('reads a YML file with its pictures and params, and refuses a picture that is not an image on its row', async () => {
    const code = `color_${counter++}`;
    await t.request('POST', `${API}/accessory_attributes`, { token: dealer, body: { data: { attributes: { client_id: clientId, code, name: 'Цвет', type: 'string', is_filterable: true } } } });
    const path = `/feed-${counter++}.yml`;
    files.set(path, {
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><yml_catalog><shop><offers>
        <offer id="Y-1" available="true"><name>Фаркоп</name><price>15000</price><categoryId>roof</categoryId><picture>${base}/box.bmp</picture><param name="${code}">чёрный</param></offer>
        <offer id="Y-2" available="false"><name>Сетка</name><price>900</price><categoryId>mats</categoryId><picture>${base}/not-image.bmp</picture></offer>
      </offers></shop></yml_catalog>`,
    });
    const { siteId, settingsId } = await siteWith([{ path, profile: 'yml' }]);
    const run = await importNow(settingsId, 'ru');
    expect(run.attributes).toMatchObject({ status: 'done', created_count: 1, error_count: 1 });
    const [made] = await stored(siteId);
    expect(made).toMatchObject({ article_code: 'Y-1', name: 'Фаркоп', attributes: { [code]: 'чёрный' } });
    const [, bad] = await rowsOf(run.id);
    expect(bad).toMatchObject({ article_code: 'Y-2', status: 'error' });
    expect(bad.message).toContain('не загружено');
  });

  it('changes nothing when a file is broken, too large or too slow, and says why', async () => {
    const good = `/good-${counter++}.csv`;
    files.set(good, { type: 'text/csv', body: `article_code;name;price;category;images\nG-1;Коврики;1000;mats;${base}/mats.bmp\n` });
    const broken = `/broken-${counter++}.yml`;
    files.set(broken, { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><yml_catalog><offer id="1"><name>&a;</name></offer>' });
    const { siteId, settingsId } = await siteWith([{ path: good, profile: 'csv' }]);
    expect((await importNow(settingsId)).attributes.status).toBe('done');
    const before = await stored(siteId);

    const { settingsId: brokenSettings } = await siteWith([{ path: good, profile: 'csv' }, { path: broken, profile: 'yml' }]);
    const failed = await importNow(brokenSettings);
    expect(failed.attributes).toMatchObject({ status: 'failed', error: 'XML with a DOCTYPE or entities is not accepted', created_count: 0 });

    const huge = `/huge-${counter++}.csv`;
    files.set(huge, { type: 'text/csv', body: `article_code;name;price;category\n${Array.from({ length: 30 }, (_, i) => `H-${i};Коврик;100;mats`).join('\n')}\n` });
    const slow = `/slow-${counter++}.csv`;
    files.set(slow, { type: 'text/csv', body: 'article_code;name;price;category\n', slow: true });
    const limits = { ...ACCESSORY_IMPORT_LIMITS };
    Object.assign(ACCESSORY_IMPORT_LIMITS, { maxRows: 10, fileTimeoutMs: 500 });
    try {
      const settingsOf = async (path: string) => {
        return (await t.request('PATCH', `${API}/settings/${settingsId}`, { token: dealer, body: { data: { attributes: { import_files: [{ name: 'Файл', url: `${base}${path}`, profile: 'csv' }] } } } })).statusCode;
      };
      expect(await settingsOf(huge)).toBe(200);
      const tooMany = await importNow(settingsId);
      expect(tooMany.attributes.status).toBe('failed');
      expect(tooMany.attributes.error).toContain('10');
      expect(await settingsOf(slow)).toBe(200);
      const timedOut = await importNow(settingsId);
      expect(timedOut.attributes.status).toBe('failed');
    } finally {
      Object.assign(ACCESSORY_IMPORT_LIMITS, limits);
    }
    expect(await stored(siteId)).toEqual(before);
  });

  it('refuses a second start while one runs, settings without files, and another client', async () => {
    const path = `/once-${counter++}.csv`;
    files.set(path, { type: 'text/csv', body: 'article_code;name;price;category\n' });
    const { settingsId } = await siteWith([{ path, profile: 'csv' }]);
    expect((await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: dealer, body: {} })).statusCode).toBe(202);
    const twice = await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: dealer, lang: 'en', body: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].title).toBe('An import of this site is already running');
    await t.database.db.update(accessoryImports).set({ status: 'done' }).where(eq(accessoryImports.settings_id, Number(settingsId)));
    const { settingsId: empty } = await siteWith([]);
    expect((await t.request('POST', `${API}/accessories/import/by_settings_id/${empty}`, { token: dealer, body: {} })).statusCode).toBe(400);
    const other = await t.createClient();
    const stranger = (await t.signIn((await t.createUser({ grants: { 'accessories.showroom': CODES }, clientIds: [other] })).email)).access_token;
    expect((await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: stranger, body: {} })).statusCode).toBe(404);
  });

  it("ends a run left running by a process that died, in its starter's language, leaves a live one alone, and lets the site import again", async () => {
    const path = `/held-${counter++}.csv`;
    let letGo = () => {};
    files.set(path, { type: 'text/csv', body: `article_code;name;price;category;images\nL-1;Коврик;100;mats;${base}/mats.bmp\n`, held: new Promise<void>((resolve) => (letGo = resolve)) });
    const { siteId, settingsId } = await siteWith([{ path, profile: 'csv' }]);
    const started = await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: dealer, body: {} });
    expect(started.statusCode, started.body).toBe(202);
    const liveId = Number(started.json().data.id);
    // Run here as well: whichever of this and the app's worker takes it, one run holds its lock.
    const live = runAccessoryImport(t.ctx, { import_id: liveId, lang: 'en' });
    const statusOf = async (id: number) => (await t.database.db.select().from(accessoryImports).where(eq(accessoryImports.id, id)))[0]!;
    await expect.poll(async () => (await statusOf(liveId)).status, { timeout: 20_000 }).toBe('running');
    expect(await endDeadAccessoryImports(t.ctx)).not.toContain(liveId);
    letGo();
    await live;
    await expect.poll(async () => (await statusOf(liveId)).status, { timeout: 20_000 }).toBe('done');

    // A run whose process died: "running", and no live run holds its lock.
    const starter = await t.createUser({ grants: { 'accessories.showroom': CODES }, clientIds: [clientId] });
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, starter.id));
    const [dead] = await t.database.db.insert(accessoryImports).values({ site_id: siteId, client_id: clientId, settings_id: Number(settingsId), user_id: starter.id, status: 'running' }).returning();
    const refused = await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: dealer, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(await endDeadAccessoryImports(t.ctx)).toEqual([dead!.id]);
    expect(await statusOf(dead!.id)).toMatchObject({ status: 'failed', error: 'The import was interrupted: its process stopped while it ran, no accessories were changed. Run the import again' });
    expect((await statusOf(dead!.id)).finished_at).not.toBeNull();
    expect(await endDeadAccessoryImports(t.ctx)).toEqual([]);
    const again = await t.request('POST', `${API}/accessories/import/by_settings_id/${settingsId}`, { token: dealer, body: {} });
    expect(again.statusCode, again.body).toBe(202);
  });
});
