import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { carBrands, carModels, cars, emailActions, requests, requestSettings } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { startTelegramStandIn, type TelegramCall, type TelegramStandIn } from '../../test/telegram-stand-in.ts';
import { CARS_PAGE, offeredSlots } from './bot.ts';
import { showroomBots, showroomCallbacks, showroomCustomers } from './showroom.table.ts';

/**
 * A showroom bot end to end: a dealer saves a bot (its token checked by a local Telegram Bot API
 * stand-in that records every call), then updates are POSTed to the bot's webhook route as Telegram
 * does: /start asks for the phone, the shared contact registers the customer, the stock pages with
 * inline buttons, a service booking and a test drive each become a request of the site (the test
 * drive's e-mail template arrives in the test SMTP listener) and a row of the showroom's lists.
 * A wrong secret, a deleted bot and an update delivered twice change nothing.
 */
let t: TestApp;
let telegram: TelegramStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let dealer: string;
let clientA: number;
let siteA: number;
let botId: number;
let secret: string;
let modelId: number;
let updateId = 1000;
const TOKEN = '800001:AAFshowroomBotTokenForTests_0123456789';
const CHAT = 555001;
const API = '/gateway/messenger_showroom/api/v1';
const CODES = { messenger_showroom: ['settings.get_list', 'settings.patch', 'bots.get_list', 'bots.create', 'bots.patch', 'bots.delete', 'service_works.get_list', 'service_works.create', 'callbacks.get_list'] };

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  telegram.addBot(TOKEN, { id: 800001, username: 'kia_showroom_bot' });
  smtp = await startSmtpListener();
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await buildTestApp({ telegramApiUrl: telegram.url, smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
  clientA = await t.createClient('Автоград');
  siteA = await t.createSite(clientA);
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientA], internal: false })).email)).access_token;
  const db = t.database.db;
  const [brand] = await db.insert(carBrands).values({ name: `Kia ${Date.now()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: 'K5', brand_id: brand!.id }).returning();
  modelId = model!.id;
  // Seven new cars (two pages of five) and one used.
  await db.insert(cars).values([
    ...Array.from({ length: 7 }, (_, i) => ({ site_id: siteA, client_id: clientA, brand_id: brand!.id, model_id: model!.id, is_new: true, year: 2026, price: 3_000_000 + i * 10_000, final_price: 2_900_000 + i * 10_000 })),
    { site_id: siteA, client_id: clientA, brand_id: brand!.id, model_id: model!.id, is_new: false, year: 2020, price: 1_500_000, final_price: 1_500_000 },
  ]);
  // The site mails every test drive request through its e-mail template.
  const [template] = await db.insert(emailActions).values({ site_id: siteA, client_id: clientA, title: 'Тест-драйв', from: 'robot@avtograd.test', to: ['sales@avtograd.test'], subject: 'Тест-драйв: {{name}}', body: 'Телефон: {{phone}}' }).returning();
  await db.insert(requestSettings).values({ site_id: siteA, client_id: clientA, request_type: 3, tag: null, actions: [{ kind: 'email_action', id: template!.id }] });
  const made = await t.request('POST', `${API}/account_service_works`, { token: dealer, body: { data: { attributes: { site_id: siteA, name: 'Замена масла' } } } });
  expect(made.statusCode).toBe(201);
  const created = await t.request('POST', `${API}/bots`, { token: dealer, body: { data: { attributes: { site_id: siteA, name: 'Бот Киа', token: TOKEN, button_new: 'Новые Kia' } } } });
  expect(created.statusCode, created.body).toBe(201);
  botId = Number(created.json().data.id);
  secret = (await db.select().from(showroomBots).where(eq(showroomBots.id, botId)))[0]!.webhook_secret;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await telegram?.close();
  await smtp?.close();
});

const from = { id: CHAT, first_name: 'Анна' };
/** Posts an update to the bot's webhook as Telegram does; the calls the bot made for it. */
async function deliver(update: Record<string, unknown>, path = `/messenger_showroom/telegram/${botId}/${secret}`) {
  const before = telegram.calls.length;
  const response = await t.request('POST', path, { body: { update_id: ++updateId, ...update } });
  return { response, calls: telegram.calls.slice(before).filter((call: TelegramCall) => call.token === TOKEN && call.method !== 'answerCallbackQuery') };
}
const text = (value: string) => ({ message: { message_id: 1, chat: { id: CHAT }, from, text: value } });
const press = (data: string) => ({ callback_query: { id: `q${updateId}`, from, message: { chat: { id: CHAT } }, data } });

describe('a customer of the bot', () => {
  it('is asked for the phone at /start and registered by the contact they share', async () => {
    const start = await deliver(text('/start'));
    expect(start.response.statusCode).toBe(200);
    expect(start.calls).toHaveLength(1);
    expect(start.calls[0]!.body.reply_markup.keyboard[0][0]).toMatchObject({ request_contact: true });
    const [customer] = await t.database.db.select().from(showroomCustomers).where(eq(showroomCustomers.bot_id, botId));
    expect(customer).toMatchObject({ state: 'registering', external_id: String(CHAT), site_id: siteA });
    // Before the phone, the menu is not open.
    expect((await deliver(text('Новые Kia'))).calls[0]!.body.reply_markup.keyboard[0][0].request_contact).toBe(true);
    const shared = await deliver({ message: { message_id: 2, chat: { id: CHAT }, from, contact: { phone_number: '79001234567', first_name: 'Анна', last_name: 'Петрова', user_id: CHAT } } });
    const menu = shared.calls[0]!.body.reply_markup.keyboard.flat().map((button: { text: string }) => button.text);
    expect(menu).toContain('Новые Kia');
    expect(menu).toContain('🚗 Тест-драйв');
    const [registered] = await t.database.db.select().from(showroomCustomers).where(eq(showroomCustomers.bot_id, botId));
    expect(registered).toMatchObject({ state: 'registered', phone: '+79001234567', name: 'Анна', last_name: 'Петрова' });
  });

  it('browses the new cars page by page', async () => {
    const first = await deliver(text('Новые Kia'));
    expect(first.calls.filter((call) => call.method === 'sendMessage')).toHaveLength(CARS_PAGE + 1);
    expect(first.calls[0]!.body.text).toContain('K5 2026');
    expect(first.calls[0]!.body.text).toContain('2 900 000');
    const nav = first.calls.at(-1)!.body;
    expect(nav.text).toBe('Страница 1 из 2');
    expect(nav.reply_markup.inline_keyboard[0]).toEqual([{ text: 'Ещё ▶', callback_data: 'cars:new:1' }]);
    const second = await deliver(press('cars:new:1'));
    expect(second.calls).toHaveLength(3);
    expect(second.calls.at(-1)!.body.text).toBe('Страница 2 из 2');
    expect(second.calls.at(-1)!.body.reply_markup.inline_keyboard[0]).toEqual([{ text: '◀ Назад', callback_data: 'cars:new:0' }]);
  });

  it('books a service: a work, then a time; the booking is a service request of the site', async () => {
    const works = await deliver(text('🔧 Запись на сервис'));
    const work = works.calls[0]!.body.reply_markup.inline_keyboard[0][0];
    expect(work.text).toBe('Замена масла');
    const times = await deliver(press(work.callback_data));
    const slot = times.calls[0]!.body.reply_markup.inline_keyboard[0][0];
    expect(slot.callback_data).toBe(`${work.callback_data.replace('sv:', 'svt:')}:${offeredSlots()[0]}`);
    const done = await deliver(press(slot.callback_data));
    expect(done.calls[0]!.body.text).toContain('Замена масла');
    const [booking] = await t.database.db.select().from(showroomCallbacks).where(and(eq(showroomCallbacks.bot_id, botId), eq(showroomCallbacks.callback_type, 'service')));
    expect(booking).toMatchObject({ service_work: 'Замена масла', phone: '+79001234567', source: 'telegram' });
    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, booking!.request_id!));
    expect(request).toMatchObject({ site_id: siteA, type: 2, name: 'Анна' });
    expect(request!.phone!.replace(/\D/g, '')).toBe('79001234567');
    expect(request!.analytics).toMatchObject({ utm: { source: 'telegram' } });
  });

  it('books a test drive: it arrives as a request, mailed by the site\'s template, and shows in the list', async () => {
    const before = smtp.received.length;
    const models = await deliver(text('🚗 Тест-драйв'));
    const model = models.calls[0]!.body.reply_markup.inline_keyboard[0][0];
    expect(model.callback_data).toBe(`td:${modelId}`);
    const times = await deliver(press(model.callback_data));
    const slot = times.calls[0]!.body.reply_markup.inline_keyboard[1][2];
    await deliver(press(slot.callback_data));
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['sales@avtograd.test']);
    expect(mail!.subject).toBe('Тест-драйв: Анна');
    expect(mail!.text).toContain('+7 (900) 123-45-67');
    const settings = (await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: dealer })).json().data;
    const list = (await t.request('GET', `${API}/callbacks/${settings.id}?callback_type=testdrive`, { token: dealer })).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].attributes).toMatchObject({ callback_type: 'testdrive', customer: 'Анна Петрова', bot_name: 'Бот Киа', source: 'telegram' });
    expect(list.data[0].attributes.car).toContain('K5');
    expect(list.data[0].attributes.request_id).toEqual(expect.any(Number));
  });

  it('asks for a callback once even when Telegram delivers the update twice', async () => {
    const update = { update_id: ++updateId, ...text('📞 Заказать звонок') };
    const first = await t.request('POST', `/messenger_showroom/telegram/${botId}/${secret}`, { body: update });
    const again = await t.request('POST', `/messenger_showroom/telegram/${botId}/${secret}`, { body: update });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const rows = await t.database.db.select().from(showroomCallbacks).where(and(eq(showroomCallbacks.bot_id, botId), eq(showroomCallbacks.callback_type, 'callback')));
    expect(rows).toHaveLength(1);
    expect(telegram.of('sendMessage', TOKEN).filter((call) => call.body.text === 'Спасибо! Мы перезвоним вам в ближайшее время.')).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('refuses a wrong secret and an unknown bot, saying nothing', async () => {
    const wrong = await deliver(text('/start'), `/messenger_showroom/telegram/${botId}/${'0'.repeat(secret.length)}`);
    expect(wrong.response.statusCode).toBe(404);
    expect(wrong.calls).toHaveLength(0);
    expect((await deliver(text('/start'), `/messenger_showroom/telegram/999999/${secret}`)).response.statusCode).toBe(404);
  });

  it('stops answering at once when the bot is deleted mid-conversation, its webhook removed', async () => {
    const removed = await t.request('DELETE', `${API}/bots/${botId}`, { token: dealer });
    expect(removed.statusCode).toBe(204);
    expect(telegram.of('deleteWebhook', TOKEN)).toHaveLength(1);
    const after = await deliver(text('Новые Kia'));
    expect(after.response.statusCode).toBe(404);
    expect(after.calls).toHaveLength(0);
  });
});
