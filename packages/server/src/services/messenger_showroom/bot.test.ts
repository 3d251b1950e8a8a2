import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { carBrands, carModels, cars, dealerships, emailActions, pages, pageStates, requests, requestSettings, sites } from '../../schema.ts';
import { waitUntil } from '../../test/wait.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { startTelegramStandIn, type TelegramCall, type TelegramStandIn } from '../../test/telegram-stand-in.ts';
import { CARS_PAGE, offeredSlots } from './bot.ts';
import { showroomBots, showroomCallbacks, showroomCustomers, showroomFavorites, showroomWebHookDeliveries } from './showroom.table.ts';
import { deliverWebhook } from './webhooks.ts';

/**
 * A showroom bot end to end: a dealer saves a bot (its token checked by a local Telegram Bot API
 * stand-in that records every call), then updates are POSTed to the bot's webhook route as Telegram
 * does: /start asks for the phone, the shared contact registers the customer, the stock pages with
 * inline buttons, a service booking and a test drive each become a request of the site (the test
 * drive's e-mail template arrives in the test SMTP listener) and a row of the showroom's lists.
 * A wrong secret, a deleted bot and an update delivered twice change nothing. Then the cars the
 * bots show, favourites, special offers, news, contacts, the profile, English, the debug log, the
 * summary, and the webhooks' signed deliveries against a local receiver that answers, fails, times
 * out and redirects.
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
const CODES = {
  messenger_showroom: [
    'settings.get_list', 'settings.patch', 'bots.get_list', 'bots.create', 'bots.patch', 'bots.delete', 'service_works.get_list', 'service_works.create', 'callbacks.get_list',
    'collections.create', 'cars.get_list', 'cars.patch', 'summary.get_list', 'web_hooks.get_list', 'web_hooks.create', 'web_hooks.patch',
  ],
};
/** What the app logged (the debug mode's updates), one JSON line each. */
const logLines: string[] = [];
/** The webhooks' receiver: /ok answers 200, /fail 503, /flaky 503 then 200, /slow too late, /moved a redirect. */
let receiver: http.Server;
let hookBase: string;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let flaky = 0;

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  telegram.addBot(TOKEN, { id: 800001, username: 'kia_showroom_bot' });
  smtp = await startSmtpListener();
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/ok') return res.end('ok');
      if (req.url === '/flaky' && flaky++ > 0) return res.end('ok');
      if (req.url === '/fail' || req.url === '/flaky') return void res.writeHead(503).end('down');
      if (req.url === '/moved') return void res.writeHead(302, { location: '/ok' }).end();
      // /slow: no answer before the caller gives up.
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const logStream = new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) });
  t = await buildTestApp({ telegramApiUrl: telegram.url, telegramWebhookUrl: 'https://admin.example.test', logLevel: 'info', logStream, smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
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
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
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

const menuOf = (call: TelegramCall) => call.body.reply_markup.keyboard.flat().map((button: { text: string }) => button.text) as string[];
const settingsId = async () => (await t.request('GET', `${API}/settings/for_site_id/${siteA}`, { token: dealer })).json().data.id as string;

describe('the cars the bots show', () => {
  it('follow the cars view: a kind switched off leaves the menu, brands and a price range narrow the list', async () => {
    const id = await settingsId();
    const view = (await t.request('GET', `${API}/cars/${id}`, { token: dealer })).json().data.attributes;
    expect(view).toMatchObject({ cars_new: true, cars_used: true, cars_brand_ids: [], shown_new: 7, shown_used: 1 });
    expect(view.brands.map((brand: { name: string }) => brand.name)).toEqual([expect.stringMatching(/^Kia /)]);
    const bad = await t.request('PATCH', `${API}/cars/${id}`, { token: dealer, lang: 'en', body: { data: { attributes: { cars_price_min: 3_000_000, cars_price_max: 1_000_000 } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].title).toBe('The highest price cannot be below the lowest');
    const changed = await t.request('PATCH', `${API}/cars/${id}`, { token: dealer, body: { data: { attributes: { cars_used: false, cars_price_max: 2_920_000 } } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ cars_used: false, cars_price_max: 2_920_000, shown_new: 3, shown_used: 0 });
    const menu = menuOf((await deliver(text('/start'))).calls[0]!);
    expect(menu).toContain('Новые Kia');
    expect(menu).not.toContain('🚙 С пробегом');
    const list = await deliver(text('Новые Kia'));
    expect(list.calls.filter((call) => call.method === 'sendMessage')).toHaveLength(3 + 1);
    expect(list.calls.at(-1)!.body.text).toBe('Страница 1 из 1');
    // The used button pressed from an old keyboard: not a menu item any more.
    expect((await deliver(text('🚙 С пробегом'))).calls[0]!.body.text).toBe('Не понял вас. Выберите пункт меню.');
    // Another brand only: nothing of this stock is shown.
    const [other] = await t.database.db.insert(carBrands).values({ name: `Lada ${Date.now()}` }).returning();
    await t.request('PATCH', `${API}/cars/${id}`, { token: dealer, body: { data: { attributes: { cars_brand_ids: [other!.id] } } } });
    expect((await deliver(text('Новые Kia'))).calls[0]!.body.text).toBe('Сейчас в наличии нет таких автомобилей.');
    const restored = await t.request('PATCH', `${API}/cars/${id}`, { token: dealer, body: { data: { attributes: { cars_used: true, cars_brand_ids: [], cars_price_max: null } } } });
    expect(restored.json().data.attributes).toMatchObject({ shown_new: 7, shown_used: 1 });
  });
});

describe('more of the bot', () => {
  it('keeps favourites: added from the car list, listed, removed', async () => {
    const list = await deliver(text('Новые Kia'));
    const add = list.calls[0]!.body.reply_markup.inline_keyboard[0][0];
    expect(add.text).toBe('⭐ В избранное');
    const added = await deliver(press(add.callback_data));
    expect(added.calls[0]!.body.text).toMatch(/K5 2026 в избранном\./);
    await deliver(press(add.callback_data));
    expect(await t.database.db.select().from(showroomFavorites)).toHaveLength(1);
    // Another site's car is refused.
    expect((await deliver(press('fav:999999'))).calls[0]!.body.text).toBe('Этого автомобиля уже нет в наличии.');
    const shown = await deliver(text('⭐ Избранное'));
    expect(shown.calls[0]!.body.text).toBe('Избранное (1):');
    const remove = shown.calls[1]!.body.reply_markup.inline_keyboard[0][0];
    expect(remove.callback_data).toBe(add.callback_data.replace('fav:', 'unfav:'));
    expect((await deliver(press(remove.callback_data))).calls[0]!.body.text).toMatch(/больше не в избранном/);
    expect((await deliver(text('⭐ Избранное'))).calls[0]!.body.text).toMatch(/^В избранном пока ничего нет/);
  });

  it('shows the special offers, the news of the site and its dealerships', async () => {
    expect((await deliver(text('🎁 Спецпредложения'))).calls[0]!.body.text).toBe('Сейчас спецпредложений нет.');
    const made = await t.request('POST', `${API}/collections`, { token: dealer, body: { data: { attributes: { site_id: siteA, title: 'Зимние шины <в подарок>', description: 'До конца месяца', url: 'https://avtograd.test/offers/winter' } } } });
    expect(made.statusCode, made.body).toBe(201);
    const offers = await deliver(text('🎁 Спецпредложения'));
    expect(offers.calls[0]!.body).toMatchObject({ parse_mode: 'HTML' });
    expect(offers.calls[0]!.body.text).toContain('<b>Зимние шины &lt;в подарок&gt;</b>');
    expect(offers.calls[0]!.body.text).toContain('Подробнее: https://avtograd.test/offers/winter');

    expect((await deliver(text('📰 Новости'))).calls[0]!.body.text).toBe('Новостей пока нет.');
    const db = t.database.db;
    const news = async (uri: string, title: string, status: number, date: string) => {
      const [page] = await db.insert(pages).values({ site_id: siteA, client_id: clientA, uri } as never).returning();
      await db.insert(pageStates).values({ page_id: page!.id, site_id: siteA, client_id: clientA, caption: title, status, collection: { type: 'news', title, order: 0, description: `${title}: подробности`, publication_date: date, tags: [], dealer_ids: [] } } as never);
    };
    await news('/news/open', 'Открытие салона', 3, '2026-03-01');
    await news('/news/draft', 'Черновик', 1, '2026-04-01');
    const shown = (await deliver(text('📰 Новости'))).calls[0]!.body.text;
    expect(shown).toContain('<b>Открытие салона</b> (01.03.2026)');
    expect(shown).not.toContain('Черновик');

    expect((await deliver(text('📍 Контакты'))).calls[0]!.body.text).toBe('Контакты дилера пока не указаны.');
    const [dealer1] = await db.insert(dealerships).values({ client_id: clientA, title: 'Автоград Север', address: 'Казань, ул. Северная, 1', phone: { country: '7', city: '843', subscriber: '2000000', internal: '0' }, main_email: 'sever@avtograd.test' } as never).returning();
    await db.update(sites).set({ dealer_ids: [dealer1!.id] }).where(eq(sites.id, siteA));
    const contacts = (await deliver(text('📍 Контакты'))).calls[0]!.body.text;
    expect(contacts).toContain('<b>Автоград Север</b>');
    expect(contacts).toContain('Казань, ул. Северная, 1');
    expect(contacts).toContain('sever@avtograd.test');
  });

  it('shows the profile and changes the name', async () => {
    const profile = await deliver(text('👤 Профиль'));
    expect(profile.calls[0]!.body.text).toBe('Ваш профиль\nИмя: Анна Петрова\nТелефон: +79001234567');
    await deliver(press(profile.calls[0]!.body.reply_markup.inline_keyboard[0][0].callback_data));
    expect(telegram.of('sendMessage', TOKEN).at(-1)!.body.text).toBe('Напишите, как к вам обращаться.');
    expect((await deliver(text('x'.repeat(101)))).calls[0]!.body.text).toMatch(/^Имя должно быть/);
    const changed = await deliver(text('  Анна   Мария '));
    expect(changed.calls[0]!.body.text).toBe('Готово, Анна Мария! Имя изменено.');
    const [customer] = await t.database.db.select().from(showroomCustomers).where(eq(showroomCustomers.bot_id, botId));
    expect(customer).toMatchObject({ name: 'Анна Мария', last_name: null, awaiting: null });
    // A menu button while the name is awaited is the menu, not a name.
    await deliver(press('name'));
    expect((await deliver(text('👤 Профиль'))).calls[0]!.body.text).toContain('Имя: Анна Мария');
  });

  it('speaks English when the bot is English', async () => {
    const token = '800002:AAFenglishShowroomBotTokenForTests_01234';
    telegram.addBot(token, { id: 800002, username: 'kia_en_bot' });
    const created = await t.request('POST', `${API}/bots`, { token: dealer, body: { data: { attributes: { site_id: siteA, name: 'Kia EN', token, locale: 'en' } } } });
    const id = Number(created.json().data.id);
    const [bot] = await t.database.db.select().from(showroomBots).where(eq(showroomBots.id, id));
    const path = `/messenger_showroom/telegram/${id}/${bot!.webhook_secret}`;
    await t.request('POST', path, { body: { update_id: 1, message: { message_id: 1, chat: { id: 777 }, from: { id: 777, first_name: 'John' }, text: '/start' } } });
    await t.request('POST', path, { body: { update_id: 2, message: { message_id: 2, chat: { id: 777 }, from: { id: 777, first_name: 'John' }, contact: { phone_number: '79005550000', first_name: 'John', user_id: 777 } } } });
    const menu = menuOf(telegram.of('sendMessage', token).at(-1)!);
    expect(menu).toEqual(expect.arrayContaining(['🆕 New cars', '🎁 Special offers', '⭐ Favourites', '📰 News', '📍 Contacts', '👤 Profile', '📞 Call me back']));
    await t.request('POST', path, { body: { update_id: 3, message: { message_id: 3, chat: { id: 777 }, from: { id: 777, first_name: 'John' }, text: '👤 Profile' } } });
    expect(telegram.of('sendMessage', token).at(-1)!.body.text).toBe('Your profile\nName: John\nPhone: +79005550000');
    await t.request('DELETE', `${API}/bots/${id}`, { token: dealer });
  });

  it('logs the updates it handles in debug mode, with any token redacted', async () => {
    await t.request('PATCH', `${API}/bots/${botId}`, { token: dealer, body: { data: { attributes: { debug: true } } } });
    const before = logLines.length;
    await deliver(text(`my token is ${TOKEN} and another 900001:AAFsomeOtherBotTokenOfThirtyChars_xyz`));
    const lines = logLines.slice(before).filter((line) => line.includes('showroom bot update'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('my token is [token] and another [token]');
    expect(logLines.join('\n')).not.toContain(TOKEN);
    expect(logLines.join('\n')).not.toContain('AAFsomeOtherBotTokenOfThirtyChars_xyz');
    await t.request('PATCH', `${API}/bots/${botId}`, { token: dealer, body: { data: { attributes: { debug: false } } } });
    const quiet = logLines.length;
    await deliver(text('/start'));
    expect(logLines.slice(quiet).filter((line) => line.includes('showroom bot update'))).toHaveLength(0);
  });
});

describe('the summary', () => {
  it('counts customers by state, requests by type and day, messages handled, and shows each bot\'s health', async () => {
    const id = await settingsId();
    await t.database.db.insert(showroomCustomers).values({ site_id: siteA, client_id: clientA, bot_id: botId, external_id: '424242', state: 'registering' });
    const today = new Date().toISOString().slice(0, 10);
    const response = await t.request('GET', `${API}/summary/${id}?date[from]=${today}&date[to]=${today}`, { token: dealer });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().data.attributes;
    // Anna, and John of the English bot (deleted since: its customers stay the site's).
    expect(summary.customers).toEqual({ registering: 1, registered: 2 });
    expect(summary.requests).toEqual({ callback: 1, testdrive: 1, service: 1 });
    expect(summary.days).toEqual([{ day: today, callback: 1, testdrive: 1, service: 1 }]);
    expect(summary.messages).toBeGreaterThan(20);
    const bot = summary.bots.find((one: { id: number }) => one.id === botId);
    expect(bot).toMatchObject({ name: 'Бот Киа', meta_name: 'kia_showroom_bot', webhook_set: true, delivery: 'webhook', last_error: null });
    expect(Date.now() - Date.parse(bot.last_update_at)).toBeLessThan(60_000);
    // An earlier range holds none of it; a range past a year is refused.
    const old = (await t.request('GET', `${API}/summary/${id}?date[from]=2020-01-01&date[to]=2020-01-31`, { token: dealer })).json().data.attributes;
    expect(old).toMatchObject({ requests: { callback: 0, testdrive: 0, service: 0 }, messages: 0, new_customers: 0 });
    expect(old.days).toHaveLength(31);
    expect((await t.request('GET', `${API}/summary/${id}?date[from]=2020-01-01&date[to]=2022-01-01`, { token: dealer })).statusCode).toBe(400);
  });
});

describe('webhooks', () => {
  const hook = async (path: string, attributes: Record<string, unknown> = {}) => {
    const made = await t.request('POST', `${API}/web_hooks`, { token: dealer, body: { data: { attributes: { site_id: siteA, url: `${hookBase}${path}`, events: ['callback'], ...attributes } } } });
    expect(made.statusCode, made.body).toBe(201);
    return Number(made.json().data.id);
  };
  const deliveries = async (webHookId: number) => t.database.db.select().from(showroomWebHookDeliveries).where(eq(showroomWebHookDeliveries.web_hook_id, webHookId));

  it('POST the event, signed, through the queue; the log shows the delivery', async () => {
    const ok = await hook('/ok', { secret: 'hook-secret-1', events: ['callback', 'testdrive'] });
    const unrelated = await hook('/ok', { events: ['service'] });
    const created = (await t.request('GET', `${API}/webhooks/${await settingsId()}`, { token: dealer })).json();
    expect(JSON.stringify(created)).not.toContain('hook-secret-1');
    expect(created.data.find((row: { id: string }) => row.id === String(ok)).attributes).toMatchObject({ has_secret: true, events: ['callback', 'testdrive'], last_status: null });
    const before = received.length;
    await deliver(text('📞 Заказать звонок'));
    await waitUntil('the delivery sent', async () => (await deliveries(ok))[0]?.status === 'sent');
    const [row] = await deliveries(ok);
    expect(row).toMatchObject({ event: 'callback', status: 'sent', http_code: 200, attempt: 1, error: null });
    const call = received.slice(before).find((one) => one.path === '/ok')!;
    expect(call.headers['x-showroom-event']).toBe('callback');
    expect(call.headers['x-showroom-signature']).toBe(`sha256=${createHmac('sha256', 'hook-secret-1').update(call.body).digest('hex')}`);
    expect(JSON.parse(call.body)).toMatchObject({ event: 'callback', site_id: siteA, data: { bot: { name: 'Бот Киа' }, request: { type: 'callback', phone: '+79001234567' } } });
    expect(await deliveries(unrelated)).toHaveLength(0);
    const log = (await t.request('GET', `${API}/webhooks/${await settingsId()}/deliveries?web_hook_id=${ok}`, { token: dealer })).json();
    expect(log.meta.page.total).toBe(1);
    expect(log.data[0].attributes).toMatchObject({ url: `${hookBase}/ok`, event: 'callback', status: 'sent', http_code: 200, attempt: 1 });
    expect(log.data[0].attributes.duration_ms).toEqual(expect.any(Number));
    // Switched off: no more deliveries.
    await t.request('PATCH', `${API}/web_hooks/${ok}`, { token: dealer, body: { data: { attributes: { enabled: false } } } });
    await deliver(text('📞 Заказать звонок'));
    expect(await deliveries(ok)).toHaveLength(1);
  });

  it('retries a failing receiver, gives up on a redirect at once, and records a timeout', async () => {
    const ids = { flaky: await hook('/flaky', { enabled: false }), moved: await hook('/moved', { enabled: false }), slow: await hook('/slow', { enabled: false }), fail: await hook('/fail', { enabled: false }) };
    // Rows run by hand (their webhooks are switched on only now, no job queued): each run as the job runs it.
    const rows = await t.database.db
      .insert(showroomWebHookDeliveries)
      .values(Object.values(ids).map((id) => ({ site_id: siteA, client_id: clientA, web_hook_id: id, event: 'callback', payload: { event: 'callback', data: {} } })))
      .returning();
    for (const id of Object.values(ids)) await t.request('PATCH', `${API}/web_hooks/${id}`, { token: dealer, body: { data: { attributes: { enabled: true } } } });
    const run = (key: keyof typeof ids) => deliverWebhook(t.ctx, rows.find((row) => row.web_hook_id === ids[key])!.id, { timeoutMs: 500 });
    const state = async (key: keyof typeof ids) => (await deliveries(ids[key]))[0]!;

    await expect(run('flaky')).rejects.toThrow(/503/);
    expect(await state('flaky')).toMatchObject({ status: 'retrying', http_code: 503, attempt: 1 });
    await run('flaky');
    expect(await state('flaky')).toMatchObject({ status: 'sent', http_code: 200, attempt: 2, error: null });

    await run('moved');
    expect(await state('moved')).toMatchObject({ status: 'failed', attempt: 1 });
    expect((await state('moved')).error).toMatch(/redirect/);

    await expect(run('slow')).rejects.toThrow();
    expect(await state('slow')).toMatchObject({ status: 'retrying', http_code: null, attempt: 1 });
    expect((await state('slow')).error).toMatch(/too long/);

    for (let i = 0; i < 5; i++) await run('fail').catch(() => undefined);
    expect(await state('fail')).toMatchObject({ status: 'retrying', attempt: 5 });
    await run('fail');
    expect(await state('fail')).toMatchObject({ status: 'failed', http_code: 503, attempt: 6 });
    const listed = (await t.request('GET', `${API}/webhooks/${await settingsId()}`, { token: dealer })).json().data;
    expect(listed.find((row: { id: string }) => row.id === String(ids.fail)).attributes).toMatchObject({ last_status: 'failed', last_code: 503, failed: 1 });
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
