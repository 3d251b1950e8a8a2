import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { intakeLimits, REQUEST_TYPES, type RequestTypeId } from '@dp/contracts';
import { auditLog, sites } from '../../schema.ts';
import { sha256 } from '../../kit/secrets.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { publishedSite, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { leadingZeroBits, powDigest, solveChallenge } from './captcha.ts';
import { requestStorageOf } from './request.routes.ts';
import { requestIntake } from './intake.ts';
import { AppError } from '../../kit/errors.ts';
import { depersonalizeRequests } from './depersonalize-requests.ts';
import { agreementHashes, offensiveWords, requestActions, requestBlocks, requests } from './request.table.ts';
import { customForms } from '../form-constructor/form.table.ts';
import { emailActions, proxyActions } from '../sender/sender.table.ts';

/**
 * request.storage (spec 002 §3–§9): the sites' intake of every type with its validation, consent
 * against a known text, the proof-of-work captcha (valid, wrong, replayed), offensive words, sender
 * blocks with their count, rate limits, the request stored before its actions are queued, tenant
 * isolation of the lists, the XLSX export (formula-safe), depersonalization, request settings'
 * duplicates and archive, and the renderer's callback form.
 */
let t: TestApp;
let a: TestSite;
let b: TestSite;
let dealerA: string;
let dealerB: string;
let hashA: string;
let address = 0;
const API = '/gateway/request.storage/api/v1';
const READ = ['callback_requests.get_list', 'requests.delete', 'requests_settings.create', 'requests_settings.patch', 'request_blocks.create'];
const CONSENT = 'Я согласен на обработку персональных данных';
const nextIp = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  // Fewer zero bits than the sites' 16: the same check, less work for the many requests here.
  requestStorageOf(t.app).captchaBits = 8;
  a = await publishedSite(t);
  b = await publishedSite(t);
  dealerA = (await t.signIn((await t.createUser({ grants: { 'request.storage': READ }, clientIds: [a.clientId] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: { 'request.storage': READ }, clientIds: [b.clientId] })).email)).access_token;
  const created = await t.request('POST', `${API}/agreement_hash`, { token: dealerA, body: { data: { attributes: { site_id: a.id, text: CONSENT } } } });
  expect(created.statusCode, created.body).toBe(201);
  hashA = created.json().data.attributes.hash;
  // form-constructor: a custom form request names a form of its site, whose fields its content fills.
  const [form] = await db()
    .insert(customForms)
    .values({ site_id: a.id, client_id: a.clientId, title: 'Цвет', fields: [{ id: 'color', label: 'Цвет', type: 'select', options: ['Красный'] }, { id: 'agree', label: 'Согласен', type: 'checkbox' }], grid: [{ title: null, fields: ['color', 'agree'] }] })
    .returning();
  VALID[9].custom_form_id = form!.id;
});
afterAll(() => t?.close());

const db = () => t.database.db;
async function challenge(site: TestSite, ip = nextIp()) {
  const response = await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host }, remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  return response.json().data.challenge as string;
}
async function post(site: TestSite, path: string, data: unknown, options: { ip?: string; lang?: string } = {}) {
  return t.app.inject({ method: 'POST', url: `/_api/requests/${path}`, headers: { host: site.host, 'content-type': 'application/json', 'accept-language': options.lang ?? 'ru' }, remoteAddress: options.ip ?? nextIp(), payload: JSON.stringify({ data }) });
}
async function submit(site: TestSite, type: RequestTypeId, attributes: Record<string, unknown>, options: { ip?: string; lang?: string } = {}) {
  const c = await challenge(site);
  return post(site, REQUEST_TYPES[type].list, { attributes: { processing_of_personal_data: true, agreement_hash: hashA, ...attributes }, captcha: { challenge: c, nonce: solveChallenge(c) } }, options);
}
const person = { name: 'Анна', phone: '+7 (900) 123-45-67' };
const VALID: Record<RequestTypeId, Record<string, unknown>> = {
  1: { ...person, subject: 'Кредит', department_name: 'Продажи', email: 'anna@example.ru' },
  2: { ...person, vin: 'xw8ab000000000001', year: 2020, mileage: 45000, works: ['ТО-3'], replacement_car: true },
  3: { ...person, model_id: 12, time: '10:30' },
  4: { ...person, model_id: 12, city: 'Тула' },
  5: { ...person, car_id: 77, car: 'Kia Rio 2024' },
  6: { email: 'news@example.ru', tag: 'weekly', subscription: true },
  9: { custom_form_id: 5, content: { color: 'Красный', agree: true } },
  10: { ...person, car_id: 78 },
  11: { ...person, brand: 'Kia', model: 'Rio', year: 2019, mileage: 60000 },
};
/** The field each type requires, and the spec's message for it missing. */
const REQUIRED: Record<RequestTypeId, string> = { 1: 'phone', 2: 'name', 3: 'model_id', 4: 'model_id', 5: 'car_id', 6: 'email', 9: 'custom_form_id', 10: 'car_id', 11: 'brand' };

describe('the intake of every type', () => {
  it('stores a valid request of each type and refuses one without its required field, with the spec message in ru and en', async () => {
    for (const type of Object.keys(VALID).map(Number) as RequestTypeId[]) {
      const ok = await submit(a, type, { ...VALID[type], analytics: { ya_client_id: '123', utm: { source: 'yandex', campaign: 'winter' }, page: { page_url: 'https://x.ru/', page_title: 'Главная' } } });
      expect(ok.statusCode, `${type}: ${ok.body}`).toBe(201);
      const [row] = await db().select().from(requests).where(eq(requests.id, Number(ok.json().data.id)));
      expect(row).toMatchObject({ site_id: a.id, client_id: a.clientId, type, agreement_hash: hashA, processing_of_personal_data: true });
      expect(row!.analytics).toMatchObject({ utm: { source: 'yandex' } });
      const { [REQUIRED[type]]: _, ...without } = VALID[type];
      for (const lang of ['ru', 'en']) {
        const bad = await submit(a, type, without, { lang });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors[0]).toMatchObject({ source: { pointer: `/data/attributes/${REQUIRED[type]}` }, title: lang === 'ru' ? 'Это поле обязательно для заполнения' : 'This field is required' });
      }
    }
    const [service] = await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.type, 2)));
    expect(service!.fields).toMatchObject({ vin: 'XW8AB000000000001', mileage: 45000, works: ['ТО-3'] });
  });

  it('refuses bad formats, unknown fields and server-owned fields; nothing is stored', async () => {
    const before = (await db().select().from(requests)).length;
    const cases: [RequestTypeId, Record<string, unknown>, string, string][] = [
      [1, { ...person, phone: '12345' }, '/data/attributes/phone', 'Неправильный формат телефона: +7, 7 или 8 и 10 цифр'],
      [6, { email: 'not-an-email' }, '/data/attributes/email', 'Неправильный формат email'],
      [2, { ...person, vin: 'SHORT' }, '/data/attributes/vin', 'VIN должен состоять из 17 латинских букв (кроме I, O, Q) и цифр'],
      [1, { ...person, name: 'x'.repeat(101) }, '/data/attributes/name', 'Поле должно состоять из 100 знаков или меньше'],
      [1, { ...person, client_id: b.clientId }, '/data/attributes/client_id', 'Поле «client_id» не поддерживается'],
      [1, { ...person, gender: 3 }, '/data/attributes/gender', 'Недопустимое значение'],
    ];
    for (const [type, attributes, pointer, title] of cases) {
      const response = await submit(a, type, attributes);
      expect(response.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ source: { pointer }, title });
    }
    expect((await post(a, 'unknown_requests', {})).statusCode).toBe(404);
    const notJson = await t.app.inject({ method: 'POST', url: '/_api/requests/callback_requests', headers: { host: a.host, 'content-type': 'text/plain' }, payload: 'x' });
    expect(notJson.statusCode).toBe(415);
    expect((await db().select().from(requests)).length).toBe(before);
  });

  it('records consent only against a consent text of the site', async () => {
    const refused = await submit(a, 1, { ...person, processing_of_personal_data: false });
    expect(refused.json().errors[0]).toMatchObject({ source: { pointer: '/data/attributes/processing_of_personal_data' }, title: 'Необходимо согласие на обработку персональных данных' });
    const unknown = await submit(a, 1, { ...person, agreement_hash: sha256('другой текст') }, { lang: 'en' });
    expect(unknown.json().errors[0]).toMatchObject({ code: 'request_agreement_unknown', title: 'The consent text is not known for this site' });
    // Another site's text is not this site's.
    const [other] = await db().insert(agreementHashes).values({ site_id: b.id, client_id: b.clientId, hash: sha256('чужой'), text: 'чужой' }).returning();
    expect((await submit(a, 1, { ...person, agreement_hash: other!.hash })).statusCode).toBe(400);
    const byHash = await t.request('GET', `${API}/agreement_hash/by/${a.id}/${hashA}`, { token: dealerA });
    expect(byHash.json().data.attributes.text).toBe(CONSENT);
  });
});

describe('the captcha', () => {
  const body = (captcha: unknown) => ({ attributes: { ...person, processing_of_personal_data: true, agreement_hash: hashA }, captcha });
  it('takes a solved challenge once, on its own site, and refuses a missing, wrong or replayed answer', async () => {
    expect((await post(a, 'callback_requests', body(undefined))).json().errors[0]).toMatchObject({ code: 'captcha_required', title: 'Подтвердите, что вы не робот' });
    const c = await challenge(a);
    const nonce = solveChallenge(c);
    // A forged signature, or another site's challenge, is refused.
    expect((await post(a, 'callback_requests', body({ challenge: c.replace(/.$/, c.endsWith('0') ? '1' : '0'), nonce }))).json().errors[0].code).toBe('captcha_invalid');
    expect((await post(b, 'callback_requests', body({ challenge: c, nonce }))).json().errors[0].code).toBe('captcha_invalid');
    const first = await post(a, 'callback_requests', body({ challenge: c, nonce }));
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post(a, 'callback_requests', body({ challenge: c, nonce }), { lang: 'en' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0]).toMatchObject({ code: 'captcha_used', title: 'The robot check was already used, please try again' });
    const other = await challenge(a);
    const unsolved = ['0', '1', '2', '3', '4', '5'].find((n) => leadingZeroBits(powDigest(other, n)) < 8)!;
    const bad = await post(a, 'callback_requests', body({ challenge: other, nonce: unsolved }));
    expect(bad.json().errors[0].code).toBe('captcha_invalid');
  });
});

describe('filters and blocks', () => {
  it('refuses a text with an offensive word, in any case', async () => {
    await db().insert(offensiveWords).values({ raw: 'дурак' }).onConflictDoNothing();
    const before = (await db().select().from(requests)).length;
    const response = await submit(a, 1, { ...person, text: 'Вы ДУРАК!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'request_offensive', title: 'Текст содержит недопустимые слова' });
    expect((await submit(a, 1, { ...person, text: 'Дураковатый вопрос' })).statusCode).toBe(201);
    expect((await db().select().from(requests)).length).toBe(before + 1);
  });

  it('refuses a blocked sender and counts the attempts; a silent block stores nothing; an ended block lets through', async () => {
    const block = await t.request('POST', `${API}/request_block`, { token: dealerA, body: { data: { attributes: { site_id: a.id, source_type: 'phone', source: '8 900 111-22-33' } } } });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.json().data.attributes.source).toBe('79001112233');
    const again = await t.request('POST', `${API}/request_block`, { token: dealerA, body: { data: { attributes: { site_id: a.id, source_type: 'phone', source: '+7 900 111 22 33' } } } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].title).toBe('Этот источник уже есть в списке блокировок');
    for (let i = 0; i < 2; i++) {
      const refused = await submit(a, 1, { ...person, phone: '+7 (900) 111-22-33' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].title).toBe('Отправка заявок с этого адреса заблокирована');
    }
    const [row] = await db().select().from(requestBlocks).where(eq(requestBlocks.id, Number(block.json().data.id)));
    expect(row!.count).toBe(2);
    // Another site does not share the block.
    await db().insert(agreementHashes).values({ site_id: b.id, client_id: b.clientId, hash: hashA, text: CONSENT }).onConflictDoNothing();
    const c = await challenge(b);
    expect((await post(b, 'callback_requests', { attributes: { name: 'Анна', phone: '+7 (900) 111-22-33', processing_of_personal_data: true, agreement_hash: hashA }, captcha: { challenge: c, nonce: solveChallenge(c) } })).statusCode).toBe(201);

    await db().insert(requestBlocks).values({ site_id: a.id, client_id: a.clientId, source_type: 'email', source: 'spam@example.ru', block_type: 'silent' });
    const before = (await db().select().from(requests)).length;
    const silent = await submit(a, 6, { email: 'Spam@example.ru' });
    expect(silent.statusCode).toBe(201);
    expect(silent.json().data.id).toBeNull();
    expect((await db().select().from(requests)).length).toBe(before);
    await db().update(requestBlocks).set({ until: new Date(Date.now() - 1000) }).where(eq(requestBlocks.id, row!.id));
    expect((await submit(a, 1, { ...person, phone: '+7 (900) 111-22-33' })).statusCode).toBe(201);
  });

  it("blocks a request's sender from the request, within the caller's clients", async () => {
    const id = (await submit(a, 1, { ...person, email: 'Pest@Example.ru' })).json().data.id;
    const block = (token: string) => t.request('POST', `${API}/request_block/from_request`, { token, body: { data: { request_id: Number(id), source_type: 'email' } } });
    expect((await block(dealerB)).statusCode).toBe(404);
    const created = await block(dealerA);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ site_id: a.id, source_type: 'email', source: 'pest@example.ru', count: 0 });
    expect((await block(dealerA)).statusCode).toBe(409);
    expect((await submit(a, 6, { email: 'pest@example.ru' })).statusCode).toBe(403);
  });

  it('limits requests per address (429 with Retry-After)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post(a, 'callback_requests', {}, { ip })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    const limited = await post(a, 'callback_requests', {}, { ip, lang: 'en' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits requests per site, whatever the address (a site at its limit refuses the next)', async () => {
    await db().execute(sql`insert into rate_limits (key, window_start, count) values (${`requests:site:${b.id}`}, now(), ${intakeLimits.perSite.max})
      on conflict (key) do update set window_start = now(), count = ${intakeLimits.perSite.max}`);
    const response = await post(b, 'callback_requests', {});
    expect(response.statusCode).toBe(429);
    expect(response.json().errors[0].code).toBe('too_many_requests');
    // Another site is not held by it.
    expect((await post(a, 'callback_requests', {})).statusCode).toBe(400);
    await db().execute(sql`delete from rate_limits where key = ${`requests:site:${b.id}`}`);
  });
});

describe('requests arriving together', () => {
  it('are checked and stored in one batch, each with its own answer; a row the database refuses fails alone', async () => {
    await db().insert(offensiveWords).values({ raw: 'дурак' }).onConflictDoNothing();
    const [block] = await db().insert(requestBlocks).values({ site_id: a.id, client_id: a.clientId, source_type: 'phone', source: '79005550000' }).returning();
    // A row the database itself refuses (a trigger): only its request fails.
    await db().execute(sql`create function refuse_test_row() returns trigger language plpgsql as $$ begin if new.name = 'Сбой' then raise exception 'refused'; end if; return new; end $$`);
    await db().execute(sql`create trigger refuse_test_row before insert on requests for each row execute function refuse_test_row()`);
    try {
      const site = { id: a.id, client_id: a.clientId };
      const call = async (name: string, attributes: Record<string, unknown>, options: { ip?: string; challenge?: string; body?: unknown } = {}) => {
        const c = options.challenge ?? (await challenge(a));
        const body = options.body ?? { data: { attributes: { ...person, processing_of_personal_data: true, agreement_hash: hashA, ...attributes }, captcha: { challenge: c, nonce: solveChallenge(c) } } };
        return { name, call: { site, type: 1 as const, ip: options.ip ?? nextIp(), body } };
      };
      const shared = await challenge(a);
      const cases = [
        ...(await Promise.all([0, 1, 2, 3, 4].map((i) => call(`valid ${i}`, { name: `Вместе ${i}` })))),
        await call('offensive', { text: 'Вы дурак' }),
        await call('unknown consent', { agreement_hash: sha256('другой текст') }),
        await call('replay 1', { name: 'Повтор' }, { challenge: shared }),
        await call('replay 2', { name: 'Повтор' }, { challenge: shared }),
        await call('blocked 1', { phone: '+7 900 555-00-00' }),
        await call('blocked 2', { phone: '8 900 555-00-00' }),
        // One address over its limit: its 21st request is refused, whatever its body.
        ...(await Promise.all(Array.from({ length: 21 }, (_, i) => call(`same address ${i}`, {}, { ip: '10.9.9.9', body: {} })))),
      ];
      const before = (await db().select().from(requests)).length;
      // A fresh intake of this app, called by all at once as the site API does.
      const intake = requestIntake(t.ctx, requestStorageOf(t.app).captcha);
      const settled = await Promise.allSettled(cases.map((one) => intake.accept(one.call)));
      const outcome = (name: string) => settled[cases.findIndex((one) => one.name === name)]!;
      const code = (name: string) => {
        const result = outcome(name);
        return result.status === 'fulfilled' ? 201 : result.reason instanceof AppError ? `${result.reason.status} ${result.reason.key}` : 'database';
      };
      for (let i = 0; i < 5; i++) expect(code(`valid ${i}`)).toBe(201);
      expect(code('offensive')).toBe('400 request_offensive');
      expect(code('unknown consent')).toBe('400 request_agreement_unknown');
      expect([code('replay 1'), code('replay 2')]).toEqual([201, '400 captcha_used']);
      expect([code('blocked 1'), code('blocked 2')]).toEqual(['403 request_blocked', '403 request_blocked']);
      const sameAddress = cases.flatMap((one) => (one.name.startsWith('same address') ? [code(one.name)] : []));
      expect(sameAddress.filter((one) => one === '429 too_many_requests')).toHaveLength(1);
      expect(sameAddress.filter((one) => one === '400 invalid_type' || String(one).startsWith('400'))).toHaveLength(20);
      // Stored: the five valid ones and the replay that took the challenge, each under the id it was answered.
      const stored = await db().select().from(requests).where(sql`${requests.name} like 'Вместе %' or ${requests.name} = 'Повтор'`);
      expect(stored.map((row) => row.name).sort()).toEqual(['Вместе 0', 'Вместе 1', 'Вместе 2', 'Вместе 3', 'Вместе 4', 'Повтор']);
      for (let i = 0; i < 5; i++) {
        const answered = outcome(`valid ${i}`);
        expect(answered.status === 'fulfilled' && stored.find((row) => row.name === `Вместе ${i}`)!.id === answered.value.id).toBe(true);
      }
      // Stored together: one transaction, one moment (the first ones, alone, go before the others arrive).
      expect(new Set(stored.map((row) => row.created_at.getTime())).size).toBeLessThan(stored.length);
      expect((await db().select().from(requests)).length).toBe(before + 6);
      const [counted] = await db().select().from(requestBlocks).where(eq(requestBlocks.id, block!.id));
      expect(counted!.count).toBe(2);

      // A batch with a row the database refuses: each goes again alone, and only that one fails.
      const again = await Promise.all([call('refused row', { name: 'Сбой' }), call('after 1', { name: 'После 1' }), call('after 2', { name: 'После 2' })]);
      const results = await Promise.allSettled(again.map((one) => intake.accept(one.call)));
      expect(results.map((one) => one.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect((results[0] as PromiseRejectedResult).reason).not.toBeInstanceOf(AppError);
      expect((await db().select().from(requests).where(sql`${requests.name} in ('Сбой', 'После 1', 'После 2')`)).map((row) => row.name).sort()).toEqual(['После 1', 'После 2']);
    } finally {
      await db().execute(sql`drop trigger refuse_test_row on requests`);
      await db().execute(sql`drop function refuse_test_row()`);
      await db().delete(requestBlocks).where(eq(requestBlocks.id, block!.id));
    }
  });
});

describe('actions to run', () => {
  it('stores the request and its pending actions first; the jobs are sent afterwards, and a queue that fails loses nothing', async () => {
    const owned = (site: TestSite) => ({ site_id: site.id, client_id: site.clientId, title: `Action ${site.id}` });
    const [mail] = await db().insert(emailActions).values({ ...owned(a), from: 'sales@a.test', subject: 'New request', body: '{{name}}' }).returning();
    const [proxy] = await db().insert(proxyActions).values({ ...owned(a), url: 'https://crm.example/requests' }).returning();
    const [foreign] = await db().insert(proxyActions).values({ ...owned(b), url: 'https://crm.example/other' }).returning();
    // Another site's action is refused by name of the field, in the caller's language.
    const refused = await t.request('POST', `${API}/requests_settings`, {
      token: dealerA,
      lang: 'en',
      body: { data: { attributes: { site_id: a.id, request_type: 3, actions: [{ kind: 'email_action', id: mail!.id }, { kind: 'proxy_action', id: foreign!.id }] } } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'requests_settings_action', source: { pointer: '/data/attributes/actions/1' } });
    expect(refused.json().errors[0].title).toMatch(/no such action/);
    const setting = await t.request('POST', `${API}/requests_settings`, {
      token: dealerA,
      body: { data: { attributes: { site_id: a.id, request_type: 3, actions: [{ kind: 'email_action', id: mail!.id }, { kind: 'proxy_action', id: proxy!.id }] } } },
    });
    expect(setting.statusCode, setting.body).toBe(201);
    const ok = await submit(a, 3, VALID[3]);
    const id = Number(ok.json().data.id);
    let actions = await db().select().from(requestActions).where(eq(requestActions.request_id, id));
    expect(actions.map((action) => [action.kind, action.action_id, action.status, action.attempts])).toEqual([
      ['email_action', mail!.id, 'pending', 0],
      ['proxy_action', proxy!.id, 'pending', 0],
    ]);
    // Each row names its job, which is sent right after the answer.
    const jobsOf = async (rows: { job_id: string | null }[]) =>
      ((await db().execute(sql`select count(*)::int as count from pgboss.job where id::text in (${sql.join(rows.map((row) => sql`${row.job_id}`), sql`, `)})`)) as unknown as { rows: { count: number }[] }).rows[0]!.count;
    expect(actions.every((action) => action.job_id)).toBe(true);
    await waitUntil('the jobs to be sent', async () => (await jobsOf(actions)) === 2);

    const sendMany = t.ctx.jobs.sendMany;
    let queueFailures = 0;
    t.ctx.jobs.sendMany = async () => {
      queueFailures++;
      throw new Error('queue down');
    };
    try {
      const stored = await submit(a, 3, VALID[3]);
      expect(stored.statusCode).toBe(201);
      await waitUntil('the intake to give up queueing', () => queueFailures === 1);
      // The request and its actions are kept, pending; their jobs never arrived (the sender's sweep sends them).
      const rows = await db().select().from(requestActions).where(eq(requestActions.request_id, Number(stored.json().data.id)));
      expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
      expect(await jobsOf(rows)).toBe(0);
    } finally {
      t.ctx.jobs.sendMany = sendMany;
    }
    const detail = await t.request('GET', `${API}/requests/${id}/actions`, { token: dealerA });
    expect(detail.json().data).toHaveLength(2);
  });

  it('refuses a duplicate active setting, reports one in the archive, archives and unarchives', async () => {
    const create = (attributes: Record<string, unknown>) => t.request('POST', `${API}/requests_settings`, { token: dealerA, body: { data: { attributes: { site_id: a.id, ...attributes } } } });
    const first = await create({ request_type: 6, tag: 'weekly' });
    expect(first.statusCode).toBe(201);
    const duplicate = await create({ request_type: 6, tag: 'weekly' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].title).toBe('Активная настройка с таким тегом и типом заявки уже есть у этого сайта');
    const settingId = first.json().data.id;
    expect((await t.request('POST', `${API}/requests_settings/${settingId}/archive`, { token: dealerA })).json().data.attributes.archived).toBe(true);
    const inArchive = await create({ request_type: 6, tag: 'weekly' });
    expect(inArchive.statusCode).toBe(409);
    expect(inArchive.json().errors[0].code).toBe('requests_settings_duplicate_archive');
    const archive = await t.request('GET', `${API}/requests_settings/archive/where_site/${a.id}`, { token: dealerA });
    expect(archive.json().data.map((row: { id: string }) => row.id)).toContain(settingId);
    expect((await t.request('POST', `${API}/requests_settings/${settingId}/unarchive`, { token: dealerA })).statusCode).toBe(200);
    expect((await t.request('POST', `${API}/requests_settings/${settingId}/archive`, { token: dealerB })).statusCode).toBe(404);
  });
});

describe('lists, export, depersonalization', () => {
  it('lists a site\'s requests per type with a date range and search, only to the site\'s client', async () => {
    const list = await t.request('GET', `${API}/callback_requests/where_site/${a.id}?filter[search]=анна&date[from]=2020-01-01`, { token: dealerA });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(list.json().data.every((row: { attributes: { type: number; site_id: number } }) => row.attributes.type === 1 && row.attributes.site_id === a.id)).toBe(true);
    const future = await t.request('GET', `${API}/callback_requests/where_site/${a.id}?date[from]=2999-01-01`, { token: dealerA });
    expect(future.json().meta.page.total).toBe(0);
    expect((await t.request('GET', `${API}/callback_requests/where_site/${a.id}?date[from]=yesterday`, { token: dealerA })).statusCode).toBe(400);
    // Another client's dealer reaches neither the list, nor a request, nor its delete.
    const someId = list.json().data[0].id;
    expect((await t.request('GET', `${API}/callback_requests/where_site/${a.id}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/requests/${someId}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${API}/callback_requests/${someId}`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/callback_requests/where_site/${b.id}`, { token: dealerB })).json().data.every((row: { attributes: { site_id: number } }) => row.attributes.site_id === b.id)).toBe(true);
    // Delete: the type of the path must be the request's; then it is gone, with an audit entry.
    expect((await t.request('DELETE', `${API}/service_requests/${someId}`, { token: dealerA })).statusCode).toBe(400);
    expect((await t.request('DELETE', `${API}/callback_requests/${someId}`, { token: dealerA })).statusCode).toBe(204);
    expect((await t.request('GET', `${API}/requests/${someId}`, { token: dealerA })).statusCode).toBe(404);
  });

  it('exports a list and all requests to XLSX with typed cells and to CSV with formula-like text neutralised', async () => {
    expect((await submit(a, 1, { ...person, name: '=HYPERLINK("http://evil")', text: '+SUM(A1)' })).statusCode).toBe(201);
    const read = async (url: string) => {
      const response = await t.request('GET', url, { token: dealerA, lang: 'en' });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as never);
      const rows: ExcelJS.Cell[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push(Array.from({ length: 17 }, (_, i) => row.getCell(i + 1))));
      return rows;
    };
    const values = (row: ExcelJS.Cell[]) => row.map((cell) => cell.value);
    const rows = await read(`${API}/callback_requests/where_site/${a.id}/format_xlsx?date[from]=2020-01-01&utc_offset=180`);
    expect(values(rows[0]!).slice(0, 4)).toEqual(['ID', 'Date', 'Type', 'Name']);
    // A text cell is the text as written: no apostrophe, never a formula (a string cell cannot be one).
    const evil = rows.find((row) => String(row[3]!.value).includes('HYPERLINK'))!;
    expect(evil[3]!.value).toBe('=HYPERLINK("http://evil")');
    expect(evil[3]!.type).toBe(ExcelJS.ValueType.String);
    expect(evil[7]!.value).toBe('+SUM(A1)');
    // The phone is text as stored; the id a number; the date a real date in the reader's time (UTC+3).
    const [stored] = await db().select().from(requests).where(eq(requests.id, Number(evil[0]!.value)));
    expect(evil[5]!.value).toBe(stored!.phone);
    expect(stored!.phone!.startsWith('+7')).toBe(true);
    expect(evil[5]!.type).toBe(ExcelJS.ValueType.String);
    expect(evil[0]!.type).toBe(ExcelJS.ValueType.Number);
    expect(evil[1]!.type).toBe(ExcelJS.ValueType.Date);
    expect(evil[1]!.numFmt).toBe('dd.mm.yyyy hh:mm');
    const shown = (evil[1]!.value as Date).getTime();
    const expected = Math.floor(stored!.created_at.getTime() / 60_000) * 60_000 + 180 * 60_000;
    expect(shown).toBe(expected);
    expect(rows.slice(1).every((row) => row[2]!.value === 'Callback')).toBe(true);
    const all = await read(`${API}/requests/where_site/${a.id}/format_xlsx`);
    expect(new Set(all.slice(1).map((row) => row[2]!.value)).size).toBeGreaterThan(5);
    expect((await t.request('GET', `${API}/requests/where_site/${a.id}/format_xlsx`, { token: dealerB })).statusCode).toBe(404);
    // The same as CSV: a BOM, the language's separator, formula-like text neutralised.
    const csv = await t.request('GET', `${API}/callback_requests/where_site/${a.id}/format_csv`, { token: dealerA, lang: 'ru' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFID;Дата;Тип;Имя')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).toContain(`;'${stored!.phone};`);
    expect((await t.request('GET', `${API}/requests/where_site/${a.id}/format_csv`, { token: dealerB })).statusCode).toBe(404);
  });

  it('erases personal fields of requests older than the site\'s period, and records it', async () => {
    await db().update(sites).set({ depersonalization: { enabled: true, period: 30 } }).where(eq(sites.id, a.id));
    const old = Number((await submit(a, 2, VALID[2])).json().data.id);
    const fresh = Number((await submit(a, 2, VALID[2])).json().data.id);
    await db().update(requests).set({ created_at: new Date(Date.now() - 31 * 86_400_000) }).where(eq(requests.id, old));
    const erased = await depersonalizeRequests(db());
    expect(erased[a.id]).toBeGreaterThanOrEqual(1);
    const [gone] = await db().select().from(requests).where(eq(requests.id, old));
    expect(gone).toMatchObject({ name: null, phone: null, email: null, ip: null, type: 2 });
    expect(gone!.depersonalized_at).not.toBeNull();
    expect(gone!.fields).not.toHaveProperty('vin');
    expect(gone!.fields).toHaveProperty('mileage', 45000);
    const [kept] = await db().select().from(requests).where(eq(requests.id, fresh));
    expect(kept).toMatchObject({ name: 'Анна', phone: '+79001234567' });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'depersonalize'), eq(auditLog.client_id, a.clientId)));
    expect(entry!.changes).toMatchObject({ site_id: a.id, period_days: 30 });
    expect(await depersonalizeRequests(db())).not.toHaveProperty(String(a.id));
  });
});

describe("the renderer's callback form", () => {
  it('becomes a callback request under the consent text it showed, once the captcha is solved', async () => {
    const form = (fields: Record<string, string>) => visit(t, a.host, '/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const fields = { _form: 'main-1', name: 'Пётр', phone: '+7 (900) 765-43-21', comment: 'Перезвоните', consent: 'on' };
    const noScript = await form(fields);
    expect(noScript.statusCode).toBe(400);
    expect(noScript.body).toContain('включите JavaScript');
    const c = await challenge(a);
    const sent = await form({ ...fields, captcha_challenge: c, captcha_nonce: solveChallenge(c) });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Заявка отправлена');
    const [row] = await db().select().from(requests).where(and(eq(requests.site_id, a.id), eq(requests.name, 'Пётр')));
    expect(row).toMatchObject({ type: 1, phone: '+79007654321', text: 'Перезвоните' });
    const [consent] = await db().select().from(agreementHashes).where(and(eq(agreementHashes.site_id, a.id), eq(agreementHashes.hash, row!.agreement_hash!)));
    expect(consent!.text).toContain('персональных данных');
  });
});
