import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { closeNotices, callApi, signInAgain, useLanguage, visit, fitsWidth } from './kit.ts';
import { PORT, SMTP_TEST_HOST, TELEGRAM_TEST_PORT } from './playwright.config.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../packages/server/src/test/telegram-stand-in.ts';

/**
 * The messenger showroom: a dealer's manager adds a bot on the screen (its token checked by a local
 * Telegram Bot API stand-in, which also receives the bot's webhook address), a customer writes to
 * the bot (updates POSTed to that webhook as Telegram does): registers with their phone, asks for a
 * call and books a service; the manager sees both in the showroom's lists and exports them. The
 * manager then narrows the cars the bot shows, adds a webhook (a local receiver gets the next
 * callback, signed) and reads its delivery log and the summary. In Russian at 1440 px, in English
 * at 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const RUN = Date.now().toString(36);
const BOT_NUMBER = 900_000 + (Date.now() % 99_999);
const TOKEN = `${BOT_NUMBER}:AAE2eShowroomToken${RUN}abcdefghij`;
const CHAT = 700_000 + (Date.now() % 99_999);
const CUSTOMER = `Анна ${RUN}`;
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let telegram: TelegramStandIn;
/** The webhook's receiver (on the stand-ins' address, which the app may call): the bodies it got. */
let receiver: http.Server;
const hooked: { headers: http.IncomingHttpHeaders; body: string }[] = [];
/** The webhook receiver's address, on a port of its own (set when it listens). */
let HOOK_URL = '';
let webhook = '';
let siteId = 0;
let updateId = 1;

test.beforeAll(async () => {
  telegram = await startTelegramStandIn(SMTP_TEST_HOST, { anyBot: true, port: TELEGRAM_TEST_PORT });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hooked.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, SMTP_TEST_HOST, resolve));
  HOOK_URL = `http://${SMTP_TEST_HOST}:${(receiver.address() as AddressInfo).port}/showroom-events`;
});
test.afterAll(async () => {
  await telegram?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/messenger-showroom-${name}.png`, fullPage: true });
}

/** An update to the bot's webhook, as Telegram posts it. */
async function deliver(update: Record<string, unknown>) {
  const response = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ update_id: updateId++, ...update }) });
  expect(response.status).toBe(200);
}
const from = { id: CHAT, first_name: CUSTOMER };
const say = (text: string) => deliver({ message: { message_id: updateId, chat: { id: CHAT }, from, text } });
const press = (data: string) => deliver({ callback_query: { id: `q${updateId}`, from, message: { chat: { id: CHAT } }, data } });

test('a bot configured on the screen takes a callback and a service booking, listed and exported, in Russian at 1440 px', async ({ page }) => {
  await signInAgain(page, MANAGER);
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1');
  siteId = Number(sites.body.data[0].id);
  const work = await callApi(page, 'POST', '/gateway/messenger_showroom/api/v1/account_service_works', { data: { attributes: { site_id: siteId, name: `Замена масла ${RUN}` } } });
  expect(work.status).toBe(201);

  await visit(page, `/messenger_showroom/botsSettings/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Боты шоурума', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить бота' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Название', { exact: true }).fill(`Бот ${RUN}`);
  // A token Telegram refuses is said so under the field.
  await form.getByLabel('Токен бота', { exact: true }).fill('123:not-a-token');
  await form.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(form.getByText(/BotFather/)).toBeVisible();
  await form.getByLabel('Токен бота', { exact: true }).fill(TOKEN);
  await form.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Бот ${RUN}` });
  await expect(row).toContainText(`bot${BOT_NUMBER}`);
  await shot(page, 'bots-ru');
  webhook = (await telegram.waitFor((call) => call.method === 'setWebhook' && call.token === TOKEN)).body.url;
  expect(webhook).toContain('/messenger_showroom/telegram/');

  await say('/start');
  await deliver({ message: { message_id: updateId, chat: { id: CHAT }, from, contact: { phone_number: '79001234567', first_name: CUSTOMER, user_id: CHAT } } });
  await say('📞 Заказать звонок');
  await say('🔧 Запись на сервис');
  const works = await telegram.waitFor((call) => call.token === TOKEN && call.body.text === 'Выберите сервисную работу:');
  const choice = works.body.reply_markup.inline_keyboard.flat().find((button: { text: string }) => button.text === `Замена масла ${RUN}`);
  await press(choice.callback_data);
  const times = await telegram.waitFor((call) => call.token === TOKEN && call.body.text === 'Выберите удобное время:');
  await press(times.body.reply_markup.inline_keyboard[0][0].callback_data);
  await telegram.waitFor((call) => call.token === TOKEN && String(call.body.text).startsWith('Вы записаны'));

  await visit(page, `/messenger_showroom/callback/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Обратные звонки', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: CUSTOMER })).toContainText('Передана');
  await visit(page, `/messenger_showroom/service/${siteId}`);
  const booking = page.getByRole('row').filter({ hasText: CUSTOMER });
  await expect(booking).toContainText(`Замена масла ${RUN}`);
  await shot(page, 'service-ru');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Выгрузить в XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(/^showroom-service-.*\.xlsx$/);
  await closeNotices(page);

  // The cars the bot shows: used cars switched off, the menu follows.
  await visit(page, `/messenger_showroom/cars/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Автомобили в боте', exact: true })).toBeVisible();
  await expect(page.getByText(/Сейчас боты показывают новых автомобилей/)).toBeVisible();
  await page.getByRole('switch', { name: 'Показывать с пробегом' }).click();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText(/с пробегом: 0\./)).toBeVisible();
  await shot(page, 'cars-ru');
  await closeNotices(page);
  await say('/start');
  const menu = await telegram.waitFor((call) => call.token === TOKEN && call.body.text === 'Главное меню');
  const buttons = menu.body.reply_markup.keyboard.flat().map((button: { text: string }) => button.text);
  expect(buttons).not.toContain('🚙 С пробегом');
  expect(buttons).toContain('🎁 Спецпредложения');

  // A webhook with a secret gets the next callback; the log shows the delivery.
  await visit(page, `/messenger_showroom/webHooks/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Вебхуки шоурума', exact: true })).toBeVisible();
  await expect(page.getByText('Пока ничего не отправлялось')).toBeVisible();
  await page.getByRole('button', { name: 'Добавить вебхук' }).first().click();
  const hookForm = page.getByRole('dialog');
  await hookForm.getByLabel('Адрес', { exact: true }).fill(HOOK_URL);
  await hookForm.getByLabel('Секрет подписи', { exact: true }).fill(`secret-${RUN}`);
  await hookForm.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(hookForm).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: HOOK_URL }).first()).toContainText('Регистрация клиента');
  await say('📞 Заказать звонок');
  await expect.poll(() => hooked.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(hooked[0]!.headers['x-showroom-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(JSON.parse(hooked[0]!.body)).toMatchObject({ event: 'callback', site_id: siteId });
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: 'Обновить' }).first().click();
      return page.getByRole('row').filter({ hasText: 'Доставлено' }).count();
    }, { timeout: 30_000 })
    .toBeGreaterThan(0);
  // The delivery log's row (the subscription's row also names the event, and its address may hold "200").
  await expect(page.getByRole('row').filter({ hasText: 'Доставлено' }).filter({ hasText: 'Обратный звонок' }).filter({ hasText: '200' })).toBeVisible();
  await shot(page, 'webhooks-ru');

  // The summary: the customer, the requests and the bot's health.
  await visit(page, `/messenger_showroom/summary/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Сводка шоурума', exact: true })).toBeVisible();
  const bot = page.getByRole('row').filter({ hasText: `Бот ${RUN}` });
  await expect(bot).toContainText('Работает');
  await expect(bot).toContainText('Вебхук');
  await expect(page.getByText('Заявки по дням')).toBeVisible();
  await shot(page, 'summary-ru');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bookings read in English at 390 px', async ({ page }) => {
    await signInAgain(page, MANAGER);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'EN');
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `/messenger_showroom/service/${siteId}`);
    await expect(page.getByRole('heading', { name: 'Service bookings', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: CUSTOMER })).toBeVisible();
    await fitsWidth(page, 390);
    await shot(page, 'service-en-390');
    await visit(page, `/messenger_showroom/botsSettings/${siteId}`);
    await expect(page.getByRole('heading', { name: 'Showroom bots', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Бот ${RUN}` })).toBeVisible();
    const fits = () => fitsWidth(page, 390);
    await visit(page, `/messenger_showroom/summary/${siteId}`);
    await expect(page.getByRole('heading', { name: 'Showroom summary', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Бот ${RUN}` })).toContainText('Working');
    await fits();
    await shot(page, 'summary-en-390');
    await visit(page, `/messenger_showroom/cars/${siteId}`);
    await expect(page.getByRole('heading', { name: 'Cars in the bot', exact: true })).toBeVisible();
    await expect(page.getByText(/and 0 used cars now/)).toBeVisible();
    await fits();
    await shot(page, 'cars-en-390');
    await visit(page, `/messenger_showroom/webHooks/${siteId}`);
    await expect(page.getByRole('heading', { name: 'Showroom webhooks', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Delivered' }).first()).toBeVisible();
    await fits();
    await shot(page, 'webhooks-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'RU');
  });
});

/** Every screen of the showroom with its title in each language. */
const SCREENS = [
  ['generalSettings', 'Шоурум в мессенджере: настройки', 'Messenger showroom settings'],
  ['botsSettings', 'Боты шоурума', 'Showroom bots'],
  ['service_works', 'Сервисные работы', 'Service works'],
  ['showroomSpecials', 'Спецпредложения', 'Special offers'],
  ['customers', 'Клиенты шоурума', 'Showroom customers'],
  ['callback', 'Обратные звонки', 'Callbacks'],
  ['testdrive', 'Тест-драйвы', 'Test drives'],
  ['service', 'Записи на сервис', 'Service bookings'],
  ['summary', 'Сводка шоурума', 'Showroom summary'],
  ['cars', 'Автомобили в боте', 'Cars in the bot'],
  ['webHooks', 'Вебхуки шоурума', 'Showroom webhooks'],
] as const;

test('every screen reads in English at 1440 px and in Russian at 390 px, with its data and nothing wider than the screen', async ({ page }) => {
  await signInAgain(page, MANAGER);
  for (const [lang, width, height] of [['EN', 1440, 900], ['RU', 390, 844]] as const) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, lang);
    await page.setViewportSize({ width, height });
    for (const [path, ru, en] of SCREENS) {
      await visit(page, `/messenger_showroom/${path}/${siteId}`);
      await expect(page.getByRole('heading', { name: lang === 'RU' ? ru : en, exact: true })).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await expect(page.getByText(lang === 'RU' ? 'Не удалось загрузить данные' : 'Could not load the data')).toHaveCount(0);
      await fitsWidth(page, width, path);
      await shot(page, `${path}-${lang.toLowerCase()}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU');
});
