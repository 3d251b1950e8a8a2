import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in.ts';
import { waitUntil } from '../../test/wait.ts';
import { pollerOf } from './poller-registry.ts';
import { showroomBots, showroomCustomers } from './showroom.table.ts';

/**
 * Long polling: without a webhook address (TELEGRAM_WEBHOOK_URL) each live bot's updates are
 * fetched with getUpdates (the offset moving past each update, the timeout the setting's) from a
 * local Telegram stand-in that holds the call until an update is queued; an update fetched twice
 * is handled once; a deleted bot stops at once, its call aborted.
 */
let t: TestApp;
let telegram: TelegramStandIn;
let dealer: string;
let siteId: number;
const API = '/gateway/messenger_showroom/api/v1';
const TOKEN = '810001:AAFpollingShowroomBotTokenForTests_0123';
const SECOND_TOKEN = '810002:AAFpollingShowroomBotTokenForTests_4567';
/** Two app processes share one database only on PostgreSQL (the embedded one belongs to one process). */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);
const CODES = { messenger_showroom: ['bots.get_list', 'bots.create', 'bots.patch', 'bots.delete'] };

beforeAll(async () => {
  telegram = await startTelegramStandIn();
  telegram.addBot(TOKEN, { id: 810001, username: 'polling_bot' });
  telegram.addBot(SECOND_TOKEN, { id: 810002, username: 'second_polling_bot' });
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await buildTestApp({ telegramApiUrl: telegram.url, telegramWebhookUrl: null, telegramPollTimeout: 7 });
  const clientId = await t.createClient('Автоград');
  siteId = await t.createSite(clientId);
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [clientId], internal: false })).email)).access_token;
}, 300_000);
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await telegram?.close();
});

describe('long polling', () => {
  it('fetches a live bot\'s updates with getUpdates, handles each once, and stops at once when the bot is deleted', async () => {
    const created = await t.request('POST', `${API}/bots`, { token: dealer, body: { data: { attributes: { site_id: siteId, name: 'Бот опроса', token: TOKEN } } } });
    expect(created.statusCode, created.body).toBe(201);
    const botId = Number(created.json().data.id);
    // No webhook is set; the bot is polled with the setting's timeout.
    expect(telegram.of('setWebhook', TOKEN)).toHaveLength(0);
    const first = await telegram.waitFor((call) => call.token === TOKEN && call.method === 'getUpdates');
    expect(first.body).toMatchObject({ timeout: 7, allowed_updates: ['message', 'callback_query'] });
    expect(first.body.offset).toBeUndefined();
    telegram.pushUpdate(TOKEN, { update_id: 500, message: { message_id: 1, chat: { id: 42 }, from: { id: 42, first_name: 'Олег' }, text: '/start' } });
    const asked = await telegram.waitFor((call) => call.token === TOKEN && call.method === 'sendMessage');
    expect(asked.body.chat_id).toBe(42);
    // The next call asks past the update; the update, queued again, is not handled twice.
    const next = await telegram.waitFor((call) => call.token === TOKEN && call.method === 'getUpdates' && call.body.offset === 501);
    expect(next).toBeTruthy();
    const [customer] = await t.database.db.select().from(showroomCustomers).where(eq(showroomCustomers.bot_id, botId));
    expect(customer).toMatchObject({ state: 'registering', external_id: '42' });
    expect((await t.database.db.select().from(showroomBots).where(eq(showroomBots.id, botId)))[0]).toMatchObject({ poll_offset: 501, webhook_set: false });
    expect(pollerOf(t.config)!.polling.has(botId)).toBe(true);
    // Deleted while its call waits: the loop ends at once, no update after it is handled.
    const removed = await t.request('DELETE', `${API}/bots/${botId}`, { token: dealer });
    expect(removed.statusCode).toBe(204);
    await waitUntil('the poller stopped', () => !pollerOf(t.config)!.polling.has(botId), 2_000);
    const sentBefore = telegram.of('sendMessage', TOKEN).length;
    const pollsBefore = telegram.of('getUpdates', TOKEN).length;
    telegram.pushUpdate(TOKEN, { update_id: 501, message: { message_id: 2, chat: { id: 42 }, from: { id: 42 }, text: '/start' } });
    pollerOf(t.config)!.kick();
    await waitUntil('the supervisor looked again', async () => (await t.database.db.select().from(showroomBots)).length === 0);
    expect(telegram.of('sendMessage', TOKEN)).toHaveLength(sentBefore);
    expect(telegram.of('getUpdates', TOKEN)).toHaveLength(pollsBefore);
  }, 120_000);
});

describe.runIf(onPostgres)('long polling from two app processes', () => {
  it('polls a bot from one process only, and from the other once the first lets it go', async () => {
    const created = await t.request('POST', `${API}/bots`, { token: dealer, body: { data: { attributes: { site_id: siteId, name: 'Бот двух процессов', token: SECOND_TOKEN } } } });
    expect(created.statusCode, created.body).toBe(201);
    const botId = Number(created.json().data.id);
    await telegram.waitFor((call) => call.token === SECOND_TOKEN && call.method === 'getUpdates');
    // A second process on the same database: its own connections, so its own advisory locks.
    const config = { ...t.config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'dp-second-process-')) };
    const second = await buildApp(config);
    try {
      await pollerOf(config)!.kick();
      expect(pollerOf(config)!.polling.has(botId)).toBe(false);
      expect(pollerOf(t.config)!.polling.has(botId)).toBe(true);
      // The first process stops polling (as when it ends): the second takes the bot over at its next look.
      await pollerOf(t.config)!.close();
      const before = telegram.calls.length;
      await pollerOf(config)!.kick();
      expect(pollerOf(config)!.polling.has(botId)).toBe(true);
      const taken = await telegram.waitFor((call) => call.token === SECOND_TOKEN && call.method === 'getUpdates' && telegram.calls.indexOf(call) >= before);
      expect(taken.body.timeout).toBe(7);
    } finally {
      await second.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
