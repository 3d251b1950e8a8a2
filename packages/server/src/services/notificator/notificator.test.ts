import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { carBrands, carModels, sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { waitUntil } from '../../test/wait.ts';
import { notificationDeliveries, notifications } from './notification.table.ts';
import { recordNotification } from './raise.ts';

/**
 * The notificator (spec 000 §3, §7; spec 002 §3, §5, §7): notifications raised by the services,
 * listed by staff with paging and filters; mappings validated ('This field is required') and
 * delivering through a real SMTP listener, a local Telegram Bot API stand-in and a local webhook
 * that fails and recovers; a failing import's notification mailed through a mapping. Staff only.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let stand: http.Server;
let base: string;
let staff: string;
let dealer: string;
let clientA: number;
let siteA: number;
const telegram: { path: string; body: { chat_id: string; text: string } }[] = [];
const hooks: { body: any }[] = [];
/** The webhook answers 503 this many times before it recovers. */
let hookFailures = 0;
const TOKEN = '123456:TEST-token';
const API = '/gateway/notificator/api/v1';
const CODES = { notificator: ['notifications.get_list', 'mappings.get_list', 'mappings.patch'] };

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  smtp = await startSmtpListener();
  stand = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (req.url?.startsWith('/bot')) {
        telegram.push({ path: req.url, body });
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ ok: true, result: { message_id: telegram.length } }));
      }
      if (req.url === '/hook') {
        if (hookFailures > 0) {
          hookFailures--;
          res.statusCode = 503;
          return res.end('down');
        }
        hooks.push({ body });
        return res.end('ok');
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
  t = await buildTestApp({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null }, telegramApiUrl: base, telegramBotToken: TOKEN });
  clientA = await t.createClient('Автоград');
  siteA = (await t.database.db.insert(sites).values({ name: 'Автоград Киа', host: `kia-${Date.now()}.test`, client_id: clientA, type: 3 }).returning())[0]!.id;
  await t.installModules([siteA]);
  staff = (await t.signIn((await t.createUser({ email: `notif-${Date.now()}@platform.test`, grants: { ...CODES, 'cars.import': ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list'] } })).email)).access_token;
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientA], internal: false })).email)).access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  stand?.closeAllConnections();
  stand?.close();
  await smtp?.close();
  await t?.close();
});

const mapping = (attributes: Record<string, unknown>) => ({
  data: {
    attributes: {
      service: ['*'],
      product: ['*'],
      brand: ['*'],
      type: ['*'],
      level: ['*'],
      prefix: '[test]',
      sender: 'Platform',
      ...attributes,
    },
  },
});
async function createMapping(attributes: Record<string, unknown>) {
  const response = await t.request('POST', `${API}/mappings`, { token: staff, body: mapping(attributes) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const deliveriesOf = (notificationId: number) => t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, notificationId));

describe('who may', () => {
  it('lets staff read notifications and refuses a dealer holding the codes', async () => {
    expect((await t.request('GET', `${API}/notifications`, { token: staff })).statusCode).toBe(200);
    expect((await t.request('GET', `${API}/notifications`, { token: dealer })).statusCode).toBe(403);
    expect((await t.request('GET', `${API}/mappings`, { token: dealer })).statusCode).toBe(403);
    const refused = await t.request('POST', `${API}/mappings`, { token: dealer, body: mapping({ messenger: 'email', receivers: ['a@b.test'] }) });
    expect(refused.statusCode).toBe(403);
    expect((await t.request('GET', `${API}/notifications`)).statusCode).toBe(401);
  });
});

describe('mappings', () => {
  it("says 'This field is required' of every missing field, in both languages, and saves nothing", async () => {
    const before = (await t.request('GET', `${API}/mappings`, { token: staff })).json().meta.page.total;
    for (const [lang, text] of [['en', 'This field is required'], ['ru', 'Это поле обязательно для заполнения']] as const) {
      const response = await t.request('POST', `${API}/mappings`, { token: staff, lang, body: { data: { attributes: { service: [], product: [] } } } });
      expect(response.statusCode).toBe(400);
      const errors = response.json().errors as { title: string; source: { pointer: string } }[];
      for (const field of ['service', 'product', 'brand', 'type', 'level', 'messenger', 'receivers', 'prefix', 'sender']) {
        expect(errors.find((error) => error.source.pointer === `/data/attributes/${field}`)?.title, field).toBe(text);
      }
    }
    expect((await t.request('GET', `${API}/mappings`, { token: staff })).json().meta.page.total).toBe(before);
  });

  it('checks receivers against the messenger, on create and on change', async () => {
    const bad = await t.request('POST', `${API}/mappings`, { token: staff, lang: 'en', body: mapping({ messenger: 'email', receivers: ['ok@mail.test', 'not-an-address'] }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source.pointer).toBe('/data/attributes/receivers/1');
    const chat = await t.request('POST', `${API}/mappings`, { token: staff, lang: 'en', body: mapping({ messenger: 'telegram', receivers: ['hello world'] }) });
    expect(chat.json().errors[0].title).toMatch(/Telegram chat id/);
    const level = await t.request('POST', `${API}/mappings`, { token: staff, body: mapping({ messenger: 'email', receivers: ['a@b.test'], level: ['fatal'] }) });
    expect(level.statusCode).toBe(400);
    // A webhook inside the platform's network is refused when saved (127.0.0.1 is allowed in this file only).
    const internal = await t.request('POST', `${API}/mappings`, { token: staff, body: mapping({ messenger: 'webhook', receivers: ['http://10.0.0.1/hook'] }) });
    expect(internal.statusCode).toBe(400);
    // Changing the messenger alone re-checks the stored receivers.
    const id = await createMapping({ messenger: 'email', receivers: ['a@b.test'], service: ['queues'], type: ['queue_backlog'] });
    const changed = await t.request('PATCH', `${API}/mappings/${id}`, { token: staff, body: { data: { attributes: { messenger: 'telegram' } } } });
    expect(changed.statusCode).toBe(400);
    const ok = await t.request('PATCH', `${API}/mappings/${id}`, { token: staff, body: { data: { attributes: { messenger: 'telegram', receivers: ['-100200300'] } } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.request('DELETE', `${API}/mappings/${id}`, { token: staff })).statusCode).toBe(204);
  });
});

describe('the list', () => {
  it('pages by 25 newest first, and filters by each field and by a period', async () => {
    const db = t.database.db;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      service: i % 2 ? 'marketplace' : 'sites.controller',
      product: i < 5 ? 'list-product-a' : 'list-product-b',
      brand: i % 3 ? 'KIA' : 'Skoda',
      level: i % 5 ? 'info' : 'critical',
      type: i % 2 ? 'module_suspended' : 'task_failed',
      text: `list row ${i}`,
      details: {},
      created: new Date(Date.UTC(2031, 0, 1 + i, 12)),
    }));
    await db.insert(notifications).values(rows);
    const list = async (query: string) => {
      const response = await t.request('GET', `${API}/notifications?filter[search]=list%20row${query}`, { token: staff });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { attributes: { text: string; created: string } }[]; meta: { page: { total: number; size: number } } };
    };
    const first = await list('');
    expect(first.meta.page).toMatchObject({ total: 30, size: 25 });
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.attributes.text).toBe('list row 29');
    expect((await list('&page[number]=2')).data.map((row) => row.attributes.text)).toEqual(['list row 4', 'list row 3', 'list row 2', 'list row 1', 'list row 0']);
    expect((await list('&filter[service]=marketplace')).meta.page.total).toBe(15);
    expect((await list('&filter[level]=critical')).meta.page.total).toBe(6);
    expect((await list('&filter[level]=critical,info')).meta.page.total).toBe(30);
    expect((await list('&filter[type]=task_failed')).meta.page.total).toBe(15);
    expect((await list('&filter[product]=list-product-a')).meta.page.total).toBe(5);
    expect((await list('&filter[brand]=Skoda')).meta.page.total).toBe(10);
    // 2031-01-10 to 2031-01-12, both days included.
    const period = await list('&filter[created_from]=2031-01-10&filter[created_to]=2031-01-12');
    expect(period.data.map((row) => row.attributes.text)).toEqual(['list row 11', 'list row 10', 'list row 9']);
    expect((await t.request('GET', `${API}/notifications?filter[created_from]=yesterday`, { token: staff })).statusCode).toBe(400);
    expect((await t.request('GET', `${API}/notifications?page[size]=100000`, { token: staff })).statusCode).toBe(400);
  });

  it('gives a large list an estimated total past 10,000 rows, and the pager still reaches the last page', async () => {
    await t.database.db.execute(sql`
      insert into notifications (service, product, level, type, text, created)
      select 'queues', 'estimate-product', 'info', 'queue_backlog', 'estimate row ' || i, timestamptz '2029-01-01' + i * interval '1 minute'
      from generate_series(1, 10010) as i`);
    await t.database.db.execute(sql`analyze notifications`);
    const page = async (query: string) => {
      const response = await t.request('GET', `${API}/notifications?${query}`, { token: staff });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { attributes: { text: string } }[]; meta: { page: { total: number; estimated?: boolean } } };
    };
    const filtered = await page('filter[product]=estimate-product');
    expect(filtered.meta.page.estimated).toBe(true);
    expect(filtered.meta.page.total).toBeGreaterThan(10_000);
    expect(filtered.data[0]!.attributes.text).toBe('estimate row 10010');
    // The last page is short: its end is the exact total.
    const last = await page('filter[product]=estimate-product&page[number]=401');
    expect(last.data.map((row) => row.attributes.text)).toEqual(Array.from({ length: 10 }, (_, i) => `estimate row ${10 - i}`));
    expect(last.meta.page).toMatchObject({ total: 10_010 });
    expect(last.meta.page.estimated).toBeUndefined();
    // The whole list: the table's size as the planner knows it.
    const all = await page('');
    expect(all.meta.page.estimated).toBe(true);
    expect(all.meta.page.total).toBeGreaterThan(10_000);
    // A smaller filter is counted exactly.
    const exact = await page('filter[product]=estimate-product&filter[created_to]=2029-01-01');
    expect(exact.meta.page).toMatchObject({ total: 1439 });
    expect(exact.meta.page.estimated).toBeUndefined();
    await t.database.db.execute(sql`delete from notifications where product = 'estimate-product'`);
  });

  it("reads each notification in the reader's language on the list and the details, and finds it by either text", async () => {
    const id = await recordNotification(t.ctx, { service: 'captcha', level: 'critical', type: 'captcha_unreachable', text: { ru: 'Капча недоступна (языки)', en: 'Captcha unreachable (languages)' } });
    const read = async (path: string, lang: string) => (await t.request('GET', `${API}/notifications${path}`, { token: staff, lang })).json();
    expect((await read(`/${id}`, 'en')).data.attributes.text).toBe('Captcha unreachable (languages)');
    expect((await read(`/${id}`, 'ru')).data.attributes.text).toBe('Капча недоступна (языки)');
    expect((await read('?filter[search]=unreachable%20(languages', 'en')).data.map((row: { id: string }) => row.id)).toEqual([String(id)]);
    expect((await read('?filter[search]=недоступна%20(языки', 'en')).data.map((row: { attributes: { text: string } }) => row.attributes.text)).toEqual(['Captcha unreachable (languages)']);
    expect((await read('?filter[search]=unreachable%20(languages', 'ru')).data.map((row: { attributes: { text: string } }) => row.attributes.text)).toEqual(['Капча недоступна (языки)']);
  });

  it('keeps the rows raised in Russian only readable: the migration puts the platform\'s phrases into English, the rest reads in Russian', async () => {
    const db = t.database.db;
    const [known, unknown] = await db
      .insert(notifications)
      .values([
        { service: 'sites.controller', product: 'p', level: 'error', type: 'task_failed', text: 'Задача publish не выполнена (код 20): диск заполнен' },
        { service: 'marketplace', product: 'p', level: 'warning', type: 'module_suspended', text: 'Старый текст без перевода' },
      ])
      .returning({ id: notifications.id });
    // The data step of the migration 0052, run again over these rows.
    const migration = readFileSync(new URL('../../../drizzle/0052_notification_languages.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    const text = async (id: number, lang: string) => (await t.request('GET', `${API}/notifications/${id}`, { token: staff, lang })).json().data.attributes.text;
    expect(await text(known!.id, 'en')).toBe('Task publish failed (code 20): диск заполнен');
    expect(await text(known!.id, 'ru')).toBe('Задача publish не выполнена (код 20): диск заполнен');
    expect(await text(unknown!.id, 'en')).toBe('Старый текст без перевода');
  });
});

describe('raising and delivery', () => {
  it('never fails the event: a bad notification is only logged', async () => {
    expect(() => t.ctx.notifier!.raise({ service: 'x', level: 'nonsense' as never, type: 't', text: { ru: 'bad\u0000text', en: 'bad' } })).not.toThrow();
  });

  it('delivers a matching notification by e-mail, Telegram and webhook, and records each receiver', async () => {
    await createMapping({ messenger: 'email', receivers: ['ops@platform.test', 'night@platform.test'], service: ['marketplace'], level: ['warning', 'error'], prefix: '[ops]' });
    await createMapping({ messenger: 'telegram', receivers: ['-1001234'], service: ['marketplace'], type: ['module_suspended'], prefix: '[tg]', language: 'en' });
    await createMapping({ messenger: 'webhook', receivers: [`${base}/hook`], service: ['marketplace'], brand: ['KIA'], prefix: '[hook]' });
    // Not matching: another service.
    await createMapping({ messenger: 'email', receivers: ['never@platform.test'], service: ['cars.import'] });
    hookFailures = 3;
    const mailsBefore = smtp.received.length;
    const id = await recordNotification(t.ctx, { service: 'marketplace', siteId: siteA, brand: 'KIA', level: 'warning', type: 'module_suspended', text: { ru: 'Модуль credit_calc приостановлен', en: 'Module credit_calc suspended' }, details: { module: 'credit_calc' } });
    const mails = (await smtp.waitFor(mailsBefore + 2)).slice(mailsBefore);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['night@platform.test', 'ops@platform.test']);
    expect(mails[0]!.subject).toBe('[ops] [предупреждение] Модуль credit_calc приостановлен');
    expect(mails[0]!.text).toContain('уровень: предупреждение');
    expect(mails[0]!.text).toContain('module: credit_calc');
    await waitUntil('the Telegram message', () => telegram.length === 1);
    expect(telegram[0]!.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(telegram[0]!.body.chat_id).toBe('-1001234');
    // The Telegram mapping is in English: its message too.
    expect(telegram[0]!.body.text).toContain('[tg] Module credit_calc suspended');
    expect(telegram[0]!.body.text).toContain('level: warning');
    // The webhook failed its first run (three calls), the job's retry got through.
    const failing = await waitUntil('the webhook delivery retrying', async () => (await deliveriesOf(id)).find((d) => d.messenger === 'webhook' && d.status === 'retrying'));
    expect(failing.error).toMatch(/503/);
    await waitUntil('the webhook delivered', () => hooks.length === 1, 60_000);
    expect(hooks[0]!.body).toMatchObject({ sender: 'Platform', prefix: '[hook]', notification: { id, service: 'marketplace', level: 'warning', brand: 'KIA' } });
    const done = await waitUntil('every delivery recorded', async () => {
      const list = await deliveriesOf(id);
      return list.every((d) => d.status === 'sent') && list;
    });
    expect(done).toHaveLength(4);
    expect(done.find((d) => d.messenger === 'webhook')!.attempts).toBe(2);
    // The details view: the notification with its deliveries, the product named after the site.
    const one = await t.request('GET', `${API}/notifications/${id}`, { token: staff });
    const attributes = one.json().data.attributes;
    expect(attributes.product).toMatch(/^kia-/);
    expect(attributes.details).toMatchObject({ module: 'credit_calc', site_id: siteA, client_id: clientA });
    expect(attributes.deliveries.map((d: { receiver: string; status: string }) => `${d.receiver} ${d.status}`).sort()).toEqual([
      '-1001234 sent',
      `${base}/hook sent`,
      'night@platform.test sent',
      'ops@platform.test sent',
    ]);
  }, 90_000);

  it('mails the notification of a failing import through a mapping', async () => {
    await createMapping({ messenger: 'email', receivers: ['imports@platform.test'], service: ['cars.import'], type: ['import_failed', 'import_finished_with_errors'], prefix: '[import]' });
    const db = t.database.db;
    const brand = `Brand${Date.now().toString(36)}`;
    const brandId = (await db.insert(carBrands).values({ name: brand }).returning())[0]!.id;
    await db.insert(carModels).values({ name: 'Rio', brand_id: brandId });
    const IMPORT = '/gateway/cars.import/api/v1';
    const settings = (await t.request('GET', `${IMPORT}/settings/where_site/${siteA}`, { token: staff })).json().data.id as string;
    const boundary = '----notifboundary';
    const content = `vin;brand;model;price;year\nXW8AB000000000001;${brand};Rio;1500000;2024\nXW8AB000000000002;${brand};NoSuchModel;1500000;2024\n`;
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feed.csv"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const uploaded = await t.request('POST', `${IMPORT}/import/${settings}/manual`, { token: staff, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const mailsBefore = smtp.received.length;
    const started = await t.request('POST', `${IMPORT}/import/${settings}/manual/start`, { token: staff, body: { data: {} } });
    expect(started.statusCode, started.body).toBe(202);
    const mail = await waitUntil('the import notice mail', () => smtp.received.slice(mailsBefore).find((m) => m.to.includes('imports@platform.test')), 60_000);
    expect(mail.subject).toMatch(/^\[import\] \[предупреждение\] Импорт автомобилей завершён с ошибками/);
    const [row] = await db.select().from(notifications).where(sql`${notifications.service} = 'cars.import' and ${notifications.type} = 'import_finished_with_errors'`);
    expect(row).toMatchObject({ level: 'warning', details: expect.objectContaining({ errored_count: 1, total_count: 2, site_id: siteA }) });
  }, 90_000);
});
