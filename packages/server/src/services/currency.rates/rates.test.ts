import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RaisedNotification } from '../../kit/context.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { dailyJson, startRatesStandIn, type RatesMode, type RatesStandIn } from '../../test/rates-stand-in.ts';
import { waitForJobs, waitUntil } from '../../test/wait.ts';
import { notifications } from '../notificator/notification.table.ts';
import { seedDemoRate } from './demo-rate.ts';
import { exchangeRates } from './exchange-rate.table.ts';
import { rateNeeded, refreshRate, REFRESH_RATE_JOB } from './exchange-rate.ts';
import { rateOfDaily } from './read-rate.ts';

/**
 * The exchange rate (spec 000 §1 "RUB for ru and USD for en"; docs/decisions/currency.md): read from
 * the Bank of Russia's daily JSON (a local stand-in that answers, fails, times out, redirects, answers
 * what is not JSON or no end of bytes) through the outgoing-call guard, at start while none is known
 * and then daily; kept per day; a failed read keeps the last known rate, is logged and told to staff;
 * the demo rate stands in until a rate is read; GET /rates/current answers any signed-in user.
 */
let t: TestApp;
let source: RatesStandIn;
let staff: string;
let dealer: string;
const CURRENT = '/gateway/currency.rates/api/v1/rates/current';
const db = () => t.database.db;
const quiet = { info: () => undefined, warn: () => undefined } as never;

/** refreshRate with a notifier that keeps what it is told. */
async function refresh(mode: RatesMode = 'answer') {
  source.mode = mode;
  const raised: RaisedNotification[] = [];
  const row = await refreshRate({ db: db(), config: t.config, log: quiet, notifier: { raise: (notification) => raised.push(notification) } });
  return { row, raised };
}

beforeAll(async () => {
  source = await startRatesStandIn();
  // The first read, at start, meets a failing source.
  source.mode = 'fail';
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  t = await buildTestApp({ exchangeRateUrl: source.url, exchangeRateTimeoutMs: 800 });
  const client = await t.createClient('Дилер курса');
  staff = (await t.signIn((await t.createUser({ email: `rates-${Date.now()}@platform.test`, internal: true })).email)).access_token;
  dealer = (await t.signIn((await t.createUser({ clientIds: [client], internal: false })).email)).access_token;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await source?.close();
});

describe('while no rate is known', () => {
  it('a start reads it, and a failed read is told to staff in both languages', async () => {
    await waitForJobs(db(), REFRESH_RATE_JOB);
    expect(source.requests).toBeGreaterThan(0);
    const [told] = await waitUntil('the failure to be told', async () => {
      const rows = await db().select().from(notifications).where(eq(notifications.type, 'exchange_rate_failed'));
      return rows.length ? rows : undefined;
    });
    expect(told).toMatchObject({ service: 'currency.rates', level: 'warning', text: 'Не удалось получить курс USD: источник ответил ошибкой HTTP 500. Суммы показываются в рублях', text_en: 'The USD rate could not be read: the source answered HTTP 500. Amounts are shown in roubles' });
    expect(await rateNeeded(db())).toBe(true);
  });

  it('GET /rates/current answers 404 in the caller\'s language, and 401 without a token', async () => {
    const none = await t.request('GET', CURRENT, { token: dealer, lang: 'en' });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors[0]).toMatchObject({ code: 'rate_unknown', title: 'No exchange rate is known yet' });
    expect((await t.request('GET', CURRENT, { token: staff })).json().errors[0].title).toBe('Курс валюты пока неизвестен');
    expect((await t.request('GET', CURRENT, {})).statusCode).toBe(401);
  });
});

describe('the demo rate', () => {
  it('stands in, marked as the demo\'s, until a rate is read, which ends it', async () => {
    await seedDemoRate(db());
    const demo = await t.request('GET', CURRENT, { token: dealer });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().data.attributes).toMatchObject({ currency: 'USD', rate: 92, source: 'demo rate', source_url: null });
    const { row, raised } = await refresh();
    expect(raised).toEqual([]);
    expect(row).toMatchObject({ date: '2026-11-28', currency: 'USD', rate: 92.1, source: 'Bank of Russia', source_url: source.url });
    const rows = await db().select().from(exchangeRates);
    expect(rows.map((one) => one.source)).toEqual(['Bank of Russia']);
  });
});

describe('a rate read', () => {
  it('is answered to staff and dealers alike with its day and source', async () => {
    for (const token of [staff, dealer]) {
      const answer = await t.request('GET', CURRENT, { token });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data).toMatchObject({ type: 'rates', attributes: { currency: 'USD', rate: 92.1, date: '2026-11-28', source: 'Bank of Russia', source_url: source.url } });
    }
    expect(await rateNeeded(db())).toBe(false);
    expect(await rateNeeded(db(), new Date(Date.now() + 25 * 3600_000))).toBe(true);
  });

  it('is kept per day: the same day read again is replaced, the next day added and current', async () => {
    source.body = dailyJson('2026-11-28', { Nominal: 1, Value: 92.25 });
    await refresh();
    source.body = dailyJson('2026-11-29', { Nominal: 10, Value: 931.5 });
    await refresh();
    const rows = await db().select({ date: exchangeRates.date, rate: exchangeRates.rate }).from(exchangeRates).orderBy(exchangeRates.date);
    expect(rows).toEqual([
      { date: '2026-11-28', rate: 92.25 },
      { date: '2026-11-29', rate: 93.15 },
    ]);
    expect((await t.request('GET', CURRENT, { token: dealer })).json().data.attributes).toMatchObject({ date: '2026-11-29', rate: 93.15 });
  });

  it('follows a redirect the guard allows', async () => {
    source.body = dailyJson('2026-11-30', { Nominal: 1, Value: 92 });
    const { row, raised } = await refresh('redirect');
    expect(raised).toEqual([]);
    expect(row).toMatchObject({ date: '2026-11-30', rate: 92 });
  });
});

describe('a failed read', () => {
  const failures: [RatesMode, string][] = [
    ['fail', 'the source answered HTTP 500'],
    ['hang', 'the source did not answer in time'],
    ['redirect_away', "the source's address is closed to outgoing calls"],
    ['redirect_loop', 'the source redirects too many times'],
    ['malformed', "the source's answer holds no USD rate"],
    ['huge', "the source's answer is too large"],
  ];

  it.each(failures)('(%s) keeps the last known rate, and is told', async (mode, reason) => {
    const before = await db().select().from(exchangeRates).orderBy(exchangeRates.id);
    const { row, raised } = await refresh(mode);
    expect(row).toBeNull();
    expect(await db().select().from(exchangeRates).orderBy(exchangeRates.id)).toEqual(before);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ service: 'currency.rates', type: 'exchange_rate_failed', level: 'warning', details: { url: source.url, kept_date: '2026-11-30' } });
    expect(raised[0]!.text.en).toBe(`The USD rate could not be read: ${reason}. Amounts are converted at the rate of 2026-11-30`);
    expect((await t.request('GET', CURRENT, { token: dealer })).json().data.attributes).toMatchObject({ date: '2026-11-30', rate: 92 });
  });

  it('refuses an answer without a usable USD rate', () => {
    const read = (body: unknown) => {
      try {
        return rateOfDaily(body, 'USD');
      } catch (error) {
        return (error as Error).message;
      }
    };
    const holdsNone = "the source's answer holds no USD rate";
    expect(read(dailyJson('2026-11-28', { Nominal: 100, Value: 9210 }))).toEqual({ date: '2026-11-28', rate: 92.1 });
    expect(read(null)).toBe(holdsNone);
    expect(read({ Date: '2026-11-28T11:30:00+03:00', Valute: {} })).toBe(holdsNone);
    expect(read(dailyJson('2026-02-30', { Nominal: 1, Value: 92 }))).toBe(holdsNone);
    expect(read(dailyJson('2026-11-28', { Nominal: 0, Value: 92 }))).toBe(holdsNone);
    expect(read(dailyJson('2026-11-28', { Nominal: 1, Value: -1 }))).toBe(holdsNone);
    expect(read(dailyJson('2026-11-28', { Nominal: 1, Value: '92' as never }))).toBe(holdsNone);
    expect(read(dailyJson('2026-11-28', { Nominal: 1, Value: 1e12 }))).toBe(holdsNone);
  });
});
