import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { bmp } from '../media.storage/media.fixtures.ts';
import { customMediaItems, customMediaProfiles, mediaFiles } from '../../schema.ts';
import { MEDIA_IMPORT_LIMITS, queueDueImports, runMediaImport } from './run-media-import.ts';
import { checkJsonBounds, readFeed } from './media-source.ts';

/**
 * Custom media (spec 002 §7): profiles of a site (defaults, rules, who may write), their import
 * from a local HTTP stand-in answering JSON and RSS/Atom, failing, timing out, redirecting and
 * answering too much, the media downloaded into the client's media library, the newest `actual
 * count` kept, items hidden and shown; and the schedule queueing the profiles whose time has come.
 */
let t: TestApp;
let server: http.Server;
let base: string;
let clientId: number;
let dealer: string;
let reader: string;
let counter = 0;
const answers = new Map<string, { type: string; body: Buffer | string; status?: number; slow?: boolean; location?: string }>();
const API = '/gateway/custom.media/api/v1';
const CODES = [...['custom_media_profiles', 'custom_media_items'].flatMap((e) => [`${e}.get_list`, `${e}.create`, `${e}.patch`, `${e}.delete`]), 'custom_media_profiles.import'];
const seen: { method: string; body: string }[] = [];

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', body });
      const answer = answers.get(req.url ?? '');
      if (!answer) return void res.writeHead(404).end();
      if (answer.location) return void res.writeHead(302, { location: answer.location }).end();
      res.writeHead(answer.status ?? 200, { 'content-type': answer.type });
      if (answer.slow) return void res.write('{"items": [');
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Each import is run by the test itself (importNow): no worker may take the queued job as well,
  // or a run it starts late is still running when the next import is asked for.
  t = await buildTestApp({ runJobs: false });
  clientId = await t.createClient();
  dealer = (await t.signIn((await t.createUser({ grants: { 'custom.media': CODES }, clientIds: [clientId] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { 'custom.media': ['custom_media_profiles.get_list', 'custom_media_items.get_list'] }, clientIds: [clientId] })).email)).access_token;
  answers.set('/a.bmp', { type: 'image/bmp', body: bmp(4, 4) });
  answers.set('/b.bmp', { type: 'image/bmp', body: bmp(5, 5) });
  answers.set('/c.bmp', { type: 'image/bmp', body: bmp(6, 6) });
  answers.set('/text.bmp', { type: 'image/bmp', body: 'not an image at all' });
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server?.closeAllConnections();
  server?.close();
  await t?.close();
});

/** A site with one profile reading `path`; the profile's id. */
async function profileFor(path: string, extra: Record<string, unknown> = {}, siteId?: number) {
  const site = siteId ?? (await t.createSite(clientId));
  const made = await t.request('POST', `${API}/profiles`, { token: dealer, body: { data: { attributes: { site_id: site, title: `Профиль ${counter++}`, request_url: `${base}${path}`, ...extra } } } });
  expect(made.statusCode, made.body).toBe(201);
  return { siteId: site, profileId: made.json().data.id as string, attributes: made.json().data.attributes };
}

/** Asks for an import by the API and runs the job here; the profile afterwards. */
async function importNow(profileId: string, lang = 'en') {
  const asked = await t.request('GET', `${API}/profiles/${profileId}/import`, { token: dealer, lang });
  expect(asked.statusCode, asked.body).toBe(202);
  await runMediaImport(t.ctx, { profile_id: Number(profileId), lang: lang as 'en' });
  await expect.poll(async () => (await t.database.db.select({ state: customMediaProfiles.import_state }).from(customMediaProfiles).where(eq(customMediaProfiles.id, Number(profileId))))[0]!.state, { timeout: 20_000 }).toMatch(/done|failed/);
  return (await t.request('GET', `${API}/profiles/${profileId}`, { token: dealer })).json().data.attributes as Record<string, any>;
}
const itemsOf = async (siteId: number) => (await t.request('GET', `${API}/items/for_site/${siteId}/all`, { token: reader })).json().data as { id: string; attributes: Record<string, any> }[];

describe('custom media profiles', () => {
  it('takes the defaults of the specification and refuses bad values in both languages', async () => {
    const { attributes } = await profileFor('/none.json');
    expect(attributes).toMatchObject({ request_method: 'GET', frequency: 'ONE_HOUR', actual_count: 1000, sharable: false, tags: [], import_state: 'never', items_count: 0 });
    const siteId = await t.createSite(clientId);
    const bad = await t.request('POST', `${API}/profiles`, { token: dealer, lang: 'en', body: { data: { attributes: { site_id: siteId, title: '', request_url: 'ftp:/broken', request_payload: '{not json', actual_count: 0, frequency: 'SOMETIMES' } } } });
    expect(bad.statusCode).toBe(400);
    const pointers = bad.json().errors.map((error: { source?: { pointer: string } }) => error.source?.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/data/attributes/title', '/data/attributes/request_url', '/data/attributes/request_payload', '/data/attributes/actual_count', '/data/attributes/frequency']));
    expect(bad.json().errors.find((error: { source?: { pointer: string } }) => error.source?.pointer === '/data/attributes/request_payload').title).toBe('The request body must be valid JSON');
    const ru = await t.request('POST', `${API}/profiles`, { token: dealer, lang: 'ru', body: { data: { attributes: { site_id: siteId, title: 'x', request_url: `${base}/a.json`, request_payload: '[' } } } });
    expect(ru.json().errors[0].title).toBe('Тело запроса должно быть корректным JSON');
    // An address inside the platform's network is refused when saved.
    const inner = await t.request('POST', `${API}/profiles`, { token: dealer, body: { data: { attributes: { site_id: siteId, title: 'x', request_url: 'http://169.254.169.254/latest' } } } });
    expect(inner.statusCode).toBe(400);
  });

  it('lists a site\'s profiles, refuses a reader\'s writes and another client\'s site', async () => {
    const { siteId } = await profileFor('/none.json');
    const list = await t.request('GET', `${API}/profiles/for_site/${siteId}`, { token: reader });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect((await t.request('POST', `${API}/profiles`, { token: reader, body: { data: { attributes: { site_id: siteId, title: 'x', request_url: `${base}/a.json` } } } })).statusCode).toBe(403);
    const otherSite = await t.createSite(await t.createClient());
    expect((await t.request('GET', `${API}/profiles/for_site/${otherSite}`, { token: reader })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/items/for_site/${otherSite}/all`, { token: reader })).statusCode).toBe(404);
  });
});

describe('the custom media import', () => {
  it('imports a JSON answer newest first, with media in the client\'s library, and keeps the newest actual count', async () => {
    const path = `/feed-${counter++}.json`;
    answers.set(path, {
      type: 'application/json',
      body: JSON.stringify({
        data: [
          { link: 'https://example.com/p/1', image: `${base}/a.bmp`, caption: 'Первый <b>пост</b>', tags: ['new', 'suv'], date: '2026-11-01T10:00:00Z' },
          { link: 'https://example.com/p/2', image: { url: `${base}/b.bmp` }, caption: 'Второй', timestamp: Date.parse('2026-11-03T10:00:00Z') / 1000 },
          { link: 'https://example.com/p/3', image: `${base}/c.bmp`, caption: 'Третий', date: '2026-11-02T10:00:00Z' },
          { link: 'https://example.com/p/4', caption: 'Без картинки' },
        ],
      }),
    });
    const { siteId, profileId } = await profileFor(path, { actual_count: 2, tags: ['dealer'] });
    const profile = await importNow(profileId);
    expect(profile).toMatchObject({ import_state: 'done', import_error: null, items_count: 2 });
    const items = await itemsOf(siteId);
    expect(items.map((item) => [item.attributes.description, item.attributes.url])).toEqual([
      ['Второй', 'https://example.com/p/2'],
      ['Третий', 'https://example.com/p/3'],
    ]);
    expect(items[0]!.attributes).toMatchObject({ hidden: false, kind: 'image', tags: ['dealer'] });
    const [file] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, items[0]!.attributes.media_id));
    expect(file).toMatchObject({ client_id: clientId, kind: 'image' });

    // Hidden stays hidden across imports; a newer entry pushes the oldest out.
    const switched = await t.request('GET', `${API}/items/${items[1]!.id}/switch_hidden`, { token: dealer });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.attributes.hidden).toBe(true);
    expect((await t.request('GET', `${API}/items/${items[1]!.id}/switch_hidden`, { token: reader })).statusCode).toBe(403);
    answers.set(path, { type: 'application/json', body: JSON.stringify([{ link: 'https://example.com/p/3', image: `${base}/c.bmp`, caption: 'Третий', date: '2026-11-02T10:00:00Z' }, { link: 'https://example.com/p/5', image: `${base}/a.bmp`, caption: 'Пятый', date: '2026-11-05T10:00:00Z' }]) });
    expect(await importNow(profileId)).toMatchObject({ import_state: 'done', items_count: 2 });
    const after = await itemsOf(siteId);
    expect(after.map((item) => [item.attributes.description, item.attributes.hidden])).toEqual([
      ['Пятый', false],
      ['Второй', false],
    ]);
  });

  it('imports RSS and Atom answers, and a POST with its payload', async () => {
    const rss = `/rss-${counter++}.xml`;
    answers.set(rss, {
      type: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>x</title>
        <item><title>Новинка</title><link>https://example.com/n/1</link><description><![CDATA[<p>Новая модель</p>]]></description><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate><category>news</category><enclosure url="${base}/a.bmp" type="image/bmp"/></item>
        <item><title>Без медиа</title><link>https://example.com/n/2</link></item>
        <item><title>Картинка в тексте</title><link>https://example.com/n/3</link><description>&lt;img src="${base}/b.bmp"&gt; текст</description></item>
      </channel></rss>`,
    });
    const { siteId, profileId } = await profileFor(rss);
    expect(await importNow(profileId)).toMatchObject({ import_state: 'done', items_count: 2 });
    expect((await itemsOf(siteId)).map((item) => [item.attributes.description, item.attributes.tags])).toEqual([
      ['Новая модель', ['news']],
      ['текст', []],
    ]);

    const atom = `/atom-${counter++}`;
    answers.set(atom, { type: 'application/atom+xml', body: `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Атом</title><link href="https://example.com/a/1"/><link rel="enclosure" href="${base}/c.bmp" type="image/bmp"/><updated>2026-11-04T00:00:00Z</updated><category term="promo"/></entry></feed>` });
    const posted = await profileFor(atom, { request_method: 'POST', request_payload: '{"account":"dealer"}' });
    seen.length = 0;
    expect(await importNow(posted.profileId)).toMatchObject({ import_state: 'done', items_count: 1 });
    expect(seen[0]).toEqual({ method: 'POST', body: '{"account":"dealer"}' });
    expect((await itemsOf(posted.siteId))[0]!.attributes).toMatchObject({ description: 'Атом', url: 'https://example.com/a/1', tags: ['promo'] });
  });

  it('fails a run on a failing, slow, redirecting, huge or unreadable source and changes no item', async () => {
    const path = `/ok-${counter++}.json`;
    answers.set(path, { type: 'application/json', body: JSON.stringify([{ link: 'https://example.com/x', image: `${base}/a.bmp`, caption: 'Есть' }]) });
    const { siteId, profileId } = await profileFor(path);
    await importNow(profileId);
    const before = await itemsOf(siteId);
    expect(before).toHaveLength(1);
    const limits = { ...MEDIA_IMPORT_LIMITS };
    try {
      MEDIA_IMPORT_LIMITS.answerTimeoutMs = 500;
      MEDIA_IMPORT_LIMITS.maxAnswerBytes = 2000;
      const cases: [Parameters<typeof answers.set>[1], RegExp][] = [
        [{ type: 'application/json', body: 'down', status: 503 }, /did not answer: http_status 503/],
        [{ type: 'application/json', body: '', slow: true }, /did not answer: timeout/],
        [{ type: 'application/json', body: JSON.stringify([{ image: `${base}/a.bmp`, caption: 'x'.repeat(3000) }]) }, /did not answer: too_large/],
        [{ type: 'text/plain', body: 'hello' }, /neither JSON nor RSS\/Atom/],
        [{ type: 'application/xml', body: '<!DOCTYPE x [<!ENTITY a "b">]><rss/>' }, /./],
        [{ type: 'application/json', body: '[' + '['.repeat(100) }, /./],
        [{ type: 'application/json', body: '[{"image": "' + base + '/text.bmp"}]' }, /did not answer/],
      ];
      for (const [answer, message] of cases) {
        answers.set(path, answer);
        const profile = await importNow(profileId);
        expect(profile.import_state, JSON.stringify(answer).slice(0, 80)).toBe('failed');
        expect(profile.import_error).toMatch(message);
        expect(await itemsOf(siteId)).toEqual(before);
      }
      // Redirects take their time on a busy machine: the usual time limit again.
      MEDIA_IMPORT_LIMITS.answerTimeoutMs = limits.answerTimeoutMs;
      // Redirects past the guard's limit.
      answers.set(path, { type: '', body: '', location: path });
      expect(await importNow(profileId)).toMatchObject({ import_state: 'failed', import_error: expect.stringMatching(/too_many_redirects/) });
      // A redirect inside the limit is followed.
      answers.set(path, { type: '', body: '', location: `/moved-${counter}` });
      answers.set(`/moved-${counter}`, { type: 'application/json', body: JSON.stringify([{ link: 'https://example.com/y', image: `${base}/b.bmp`, caption: 'Переехал' }]) });
      expect(await importNow(profileId)).toMatchObject({ import_state: 'done', items_count: 2 });
    } finally {
      Object.assign(MEDIA_IMPORT_LIMITS, limits);
    }
  });

  it('bounds every value while it reads', () => {
    expect(() => checkJsonBounds(`["${'a'.repeat(30_000)}"]`)).toThrow();
    expect(() => checkJsonBounds('['.repeat(40) + ']'.repeat(40))).toThrow();
    expect(() => checkJsonBounds(`[${'1,'.repeat(600_000)}1]`)).toThrow();
    expect(() => checkJsonBounds('{"a": ["b", {"c": "d\\"e"}]}')).not.toThrow();
    expect(() => readFeed(Buffer.from(`<rss><channel><item><title>${'a'.repeat(100_000)}</title></item></channel></rss>`))).toThrow();
  });

  it('queues the profiles whose time has come on sites with the module', async () => {
    const due = await profileFor('/none.json');
    const fresh = await profileFor('/none.json');
    await t.database.db.update(customMediaProfiles).set({ imported_at: new Date(), import_state: 'done' }).where(eq(customMediaProfiles.id, Number(fresh.profileId)));
    const unmoduled = await profileFor('/none.json', {}, await t.createSite(clientId));
    await t.database.db.execute(`delete from module_installations where site_id = ${unmoduled.siteId}` as never);
    const sent: number[] = [];
    const jobs = t.ctx.jobs;
    const ctx = { ...t.ctx, jobs: { ...jobs, send: async (_name: string, data: { profile_id: number }) => (sent.push(data.profile_id), 'id') } } as typeof t.ctx;
    await queueDueImports(ctx);
    expect(sent).toContain(Number(due.profileId));
    expect(sent).not.toContain(Number(fresh.profileId));
    expect(sent).not.toContain(Number(unmoduled.profileId));
  });

  it('drops an item with its profile', async () => {
    const path = `/gone-${counter++}.json`;
    answers.set(path, { type: 'application/json', body: JSON.stringify([{ image: `${base}/a.bmp`, caption: 'Удалим' }]) });
    const { siteId, profileId } = await profileFor(path);
    await importNow(profileId);
    expect(await itemsOf(siteId)).toHaveLength(1);
    expect((await t.request('DELETE', `${API}/profiles/${profileId}`, { token: dealer })).statusCode).toBe(204);
    expect(await t.database.db.select().from(customMediaItems).where(eq(customMediaItems.site_id, siteId))).toEqual([]);
  });
});
