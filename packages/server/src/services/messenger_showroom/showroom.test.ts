import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in.ts';
import { showroomBots, showroomCallbacks, showroomCustomers, showroomSettings } from './showroom.table.ts';

/**
 * The showroom's admin API (spec 002 §3 "Messenger showroom", §5, §7, §9): a site's settings made
 * on first read with write-only tokens; bots whose token Telegram (a local stand-in) must accept,
 * with its id and name kept; special offers needing a title; customers read and deleted; the
 * callbacks list with its paging, type and filter, and its XLSX export by date range. Another
 * dealer's site is out of reach; a site without the module refuses.
 */
let t: TestApp;
let telegram: TelegramStandIn;
let dealer: string;
let other: string;
let clientA: number;
let siteA: number;
let bare: number;
const API = '/gateway/messenger_showroom/api/v1';
const TOKEN = '700001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const CODES = {
  messenger_showroom: [
    'settings.get_list', 'settings.patch', 'bots.get_list', 'bots.create', 'bots.patch', 'bots.delete',
    'service_works.get_list', 'service_works.create', 'collections.get_list', 'collections.create',
    'customers.get_list', 'customers.delete', 'callbacks.get_list', 'web_hooks.create',
  ],
};

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  telegram.addBot(TOKEN, { id: 700001, username: 'avtograd_showroom_bot' });
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await buildTestApp({ telegramApiUrl: telegram.url, telegramWebhookUrl: 'https://admin.example.test' });
  clientA = await t.createClient('Автоград');
  siteA = await t.createSite(clientA);
  bare = await t.createSite(clientA, []);
  const clientB = await t.createClient('Чужой дилер');
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientA], internal: false })).email)).access_token;
  other = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientB], internal: false })).email)).access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await telegram?.close();
});

const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

describe('general settings', () => {
  it('are made with the defaults on first read; tokens are write-only and audited hidden', async () => {
    const first = await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: dealer });
    expect(first.statusCode).toBe(200);
    const settings = first.json().data;
    expect(settings.attributes).toMatchObject({ site_id: siteA, plan: 'PAID', locale: 'ru', has_credit_token: false, receivers: [] });
    const again = await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: dealer });
    expect(again.json().data.id).toBe(settings.id);
    const changed = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealer, body: body({ name: 'Шоурум Автоград', credit_token: 'credit-secret-1', receivers: ['sales@avtograd.test'] }) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ name: 'Шоурум Автоград', has_credit_token: true, receivers: ['sales@avtograd.test'] });
    expect(changed.body).not.toContain('credit-secret-1');
    const [stored] = await t.database.db.select().from(showroomSettings).where(eq(showroomSettings.id, Number(settings.id)));
    expect(stored!.credit_token_encrypted).not.toContain('credit-secret-1');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.service, 'messenger_showroom'));
    expect(JSON.stringify(audits)).not.toContain('credit-secret-1');
    expect(JSON.stringify(audits)).toContain('[hidden]');
  });

  it('refuse a bad receiver and a webhook into the platform, in the caller\'s language', async () => {
    const settings = (await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: dealer })).json().data;
    const bad = await t.request('PATCH', `${API}/settings/${settings.id}`, { token: dealer, lang: 'en', body: body({ receivers: ['not-an-address'] }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].title).toBe('Invalid email format');
    const inside = await t.request('POST', `${API}/web_hooks`, { token: dealer, body: body({ site_id: siteA, url: 'http://10.0.0.5/hook', events: ['callback'] }) });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().errors[0].source.pointer).toBe('/data/attributes/url');
  });

  it("are out of another dealer's reach, and refused where the module is not installed", async () => {
    expect((await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: other })).statusCode).toBe(404);
    const refused = await t.request('GET', `${API}/settings/for_site_id/${bare}`, { token: dealer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('module_not_installed');
  });
});

describe('bots', () => {
  let botId: string;
  it('keep the id and name Telegram gives for the token, never the token; the webhook is set', async () => {
    const created = await t.request('POST', `${API}/bots`, { token: dealer, body: body({ site_id: siteA, name: 'Бот продаж', token: TOKEN }) });
    expect(created.statusCode, created.body).toBe(201);
    const bot = created.json().data;
    botId = bot.id;
    expect(bot.attributes).toMatchObject({ name: 'Бот продаж', messenger: 'telegram', locale: 'ru', shard: 1, has_token: true, meta_id: '700001', meta_name: 'avtograd_showroom_bot', deleted: false });
    expect(created.body).not.toContain(TOKEN);
    const [row] = await t.database.db.select().from(showroomBots).where(eq(showroomBots.id, Number(botId)));
    const hook = await telegram.waitFor((call) => call.method === 'setWebhook' && call.token === TOKEN);
    expect(hook.body.url).toBe(`https://admin.example.test/messenger_showroom/telegram/${botId}/${row!.webhook_secret}`);
  });

  it('refuse a token Telegram does not accept, and one of the wrong shape, writing nothing', async () => {
    const before = (await t.database.db.select().from(showroomBots)).length;
    const wrong = await t.request('POST', `${API}/bots`, { token: dealer, lang: 'ru', body: body({ site_id: siteA, name: 'Бот', token: '700002:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsbb' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ code: 'showroom_bot_token_refused', title: 'Telegram не принял этот токен: проверьте его в BotFather', source: { pointer: '/data/attributes/token' } });
    const shape = await t.request('POST', `${API}/bots`, { token: dealer, lang: 'en', body: body({ site_id: siteA, name: 'Бот', token: 'not a token' }) });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors[0].title).toContain('BotFather');
    const twice = await t.request('POST', `${API}/bots`, { token: dealer, lang: 'en', body: body({ site_id: siteA, name: 'Второй', token: TOKEN }) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].title).toBe('This bot is already connected to another showroom');
    expect((await t.database.db.select().from(showroomBots)).length).toBe(before);
  });

  it("are not reached by another dealer, and deleting one removes its webhook", async () => {
    expect((await t.request('GET', `${API}/bots/${botId}`, { token: other })).statusCode).toBe(404);
    const foreign = await t.request('POST', `${API}/bots`, { token: other, body: body({ site_id: siteA, name: 'Чужой', token: TOKEN }) });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ code: 'invalid_reference', source: { pointer: '/data/attributes/site_id' } });
    const removed = await t.request('DELETE', `${API}/bots/${botId}`, { token: dealer });
    expect(removed.statusCode).toBe(204);
    expect(telegram.of('deleteWebhook', TOKEN)).toHaveLength(1);
  });
});

describe('service works, special offers, customers', () => {
  it('special offers need a title', async () => {
    const empty = await t.request('POST', `${API}/collections`, { token: dealer, lang: 'en', body: body({ site_id: siteA, title: ' ' }) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ title: 'This field is required', source: { pointer: '/data/attributes/title' } });
    const made = await t.request('POST', `${API}/collections`, { token: dealer, body: body({ site_id: siteA, title: 'Зимние шины в подарок', url: 'https://avtograd.test/offer' }) });
    expect(made.statusCode).toBe(201);
    const work = await t.request('POST', `${API}/account_service_works`, { token: dealer, body: body({ site_id: siteA, name: 'Замена масла' }) });
    expect(work.statusCode).toBe(201);
  });

  it('customers are listed by site and state, and deleted; never made through the API', async () => {
    const [customer] = await t.database.db.insert(showroomCustomers).values({ site_id: siteA, client_id: clientA, external_id: '5001', name: 'Анна', phone: '+79001234567', state: 'registered' }).returning();
    const list = await t.request('GET', `${API}/customers?filter[site_id]=${siteA}&filter[state]=registered`, { token: dealer });
    expect(list.json().data.map((row: { id: string }) => row.id)).toEqual([String(customer!.id)]);
    expect((await t.request('POST', `${API}/customers`, { token: dealer, body: body({ site_id: siteA }) })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${API}/customers/${customer!.id}`, { token: other })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${API}/customers/${customer!.id}`, { token: dealer })).statusCode).toBe(204);
    expect((await t.request('GET', `${API}/customers/${customer!.id}`, { token: dealer })).statusCode).toBe(404);
  });
});

describe('callbacks', () => {
  it('are paged (100 by default), by type and text, and exported by date range', async () => {
    const settings = (await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: dealer })).json().data;
    const day = new Date('2026-03-10T10:00:00Z');
    await t.database.db.insert(showroomCallbacks).values([
      ...Array.from({ length: 102 }, (_, i) => ({ site_id: siteA, client_id: clientA, callback_type: 'callback', customer: `Клиент ${i}`, phone: '+79000000000', created_at: new Date(+day + i * 1000) })),
      { site_id: siteA, client_id: clientA, callback_type: 'testdrive', customer: 'Борис', car: 'Kia K5', created_at: day },
      { site_id: siteA, client_id: clientA, callback_type: 'testdrive', customer: 'Вера', car: '=HYPERLINK("x")', created_at: new Date('2026-04-01T10:00:00Z') },
    ]);
    const page = await t.request('GET', `${API}/callbacks/${settings.id}?callback_type=callback`, { token: dealer });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(100);
    expect(page.json().meta.page).toEqual({ number: 1, size: 100, total: 102 });
    const second = await t.request('GET', `${API}/callbacks/${settings.id}?callback_type=callback&page=2`, { token: dealer });
    expect(second.json().data).toHaveLength(2);
    const found = await t.request('GET', `${API}/callbacks/${settings.id}?callback_type=testdrive&filter=k5`, { token: dealer });
    expect(found.json().data.map((row: { attributes: { customer: string } }) => row.attributes.customer)).toEqual(['Борис']);
    expect((await t.request('GET', `${API}/callbacks/${settings.id}`, { token: other })).statusCode).toBe(404);

    const file = await t.request('GET', `${API}/callbacks/${settings.id}/format_xlsx?callback_type=testdrive&date[from]=2026-03-01&date[to]=2026-03-31`, { token: dealer, lang: 'en' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Test drive'.replace('Test drive', 'Type'));
    expect(rows[1]).toContain('Test drive');
    expect(rows[1]).toContain('Kia K5');
    const backwards = await t.request('GET', `${API}/callbacks/${settings.id}/format_xlsx?date[from]=2026-03-31&date[to]=2026-03-01`, { token: dealer, lang: 'en' });
    expect(backwards.statusCode).toBe(400);
    expect((await t.request('GET', `${API}/callbacks/${settings.id}/format_xlsx?date[from]=2026-03-01&date[to]=2026-03-31`, { token: other })).statusCode).toBe(404);
  });
});

// A site row the tests make directly has no modules unless given; keep the import used.
void sites;
