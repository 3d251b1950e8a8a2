import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { satisfactionVotes } from './personalization.table.ts';

const VOTE = '/gateway/clients.storage/api/v1/satisfaction';
const REPORT = '/gateway/clients.storage/api/v1/satisfaction/report/csv';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const vote = (token: string, rate: unknown, lang = 'en') => t.request('POST', VOTE, { token, lang, body: { data: { rate } } });

async function voter(clientName?: string, email?: string) {
  const clientId = await t.createClient(clientName);
  const user = await t.createUser({ clientIds: [clientId], ...(email ? { email } : {}) });
  const { access_token } = await t.signIn(user.email);
  return { clientId, user, token: access_token };
}

async function reporter(clientIds: number[] = [], internal = true) {
  const user = await t.createUser({
    email: internal ? `report-${Date.now()}-${Math.random().toString(36).slice(2)}@platform.test` : undefined,
    clientIds,
    grants: { 'clients.storage': ['satisfaction.report'] },
  });
  return (await t.signIn(user.email)).access_token;
}

describe('satisfaction vote', () => {
  it('stores the rate with the user and the client the user acts as', async () => {
    const { token, user, clientId } = await voter();
    const response = await vote(token, 4);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ type: 'satisfaction', attributes: { rate: 4, client_id: clientId } });
    const rows = await t.database.db.select().from(satisfactionVotes).where(eq(satisfactionVotes.user_id, user.id));
    expect(rows).toMatchObject([{ rate: 4, client_id: clientId }]);
  });

  it('refuses a rate outside 1..5, a fraction, a text and a missing rate with messages', async () => {
    const { token, user } = await voter();
    for (const rate of [0, 6, 2.5, '5', -1]) {
      const response = await vote(token, rate);
      expect(response.statusCode, String(rate)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ title: 'The rating must be a whole number from 1 to 5', source: { pointer: '/data/rate' } });
    }
    expect((await vote(token, 0, 'ru')).json().errors[0].title).toBe('Оценка должна быть целым числом от 1 до 5');
    const missing = await t.request('POST', VOTE, { token, lang: 'en', body: { data: {} } });
    expect(missing.json().errors[0]).toMatchObject({ title: 'This field is required', source: { pointer: '/data/rate' } });
    expect(await t.database.db.select().from(satisfactionVotes).where(eq(satisfactionVotes.user_id, user.id))).toEqual([]);
  });

  it('exempts internal users and needs a signed-in user', async () => {
    const staff = await t.createUser({ email: `survey-${Date.now()}@platform.test` });
    const { access_token } = await t.signIn(staff.email);
    const response = await vote(access_token, 5);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].title).toBe('Platform staff do not take part in the satisfaction survey');
    expect((await t.request('POST', VOTE, { body: { data: { rate: 5 } } })).statusCode).toBe(401);
  });
});

describe('satisfaction report', () => {
  it('needs the satisfaction.report permission', async () => {
    const { token } = await voter();
    const response = await t.request('GET', `${REPORT}?month=1&year=2026`, { token });
    expect(response.statusCode).toBe(403);
  });

  it("downloads the month's votes as CSV with a BOM, a header, and formula-like cells neutralised", async () => {
    const evil = await voter('=HYPERLINK("http://x","y")', `+evil${Date.now()}@dealer.test`);
    const plain = await voter('Ладога; Авто');
    await vote(evil.token, 1);
    await vote(plain.token, 5);
    // A vote of another month stays out.
    const old = await vote(plain.token, 3);
    await t.database.db.update(satisfactionVotes).set({ created_at: new Date('2025-02-28T23:59:59Z') }).where(eq(satisfactionVotes.id, Number(old.json().data.id)));
    await t.database.db.update(satisfactionVotes).set({ created_at: new Date('2025-03-01T00:00:00Z') }).where(eq(satisfactionVotes.user_id, evil.user.id));
    await t.database.db.update(satisfactionVotes).set({ created_at: new Date('2025-03-31T23:59:59Z') }).where(eq(satisfactionVotes.rate, 5));

    const token = await reporter();
    const response = await t.request('GET', `${REPORT}?month=3&year=2025`, { token, lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="satisfaction-2025-03.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Date (UTC),User e-mail,Client,Rating',
      `2025-03-01 00:00:00,'${evil.user.email},"'=HYPERLINK(""http://x"",""y"")",1`,
      `2025-03-31 23:59:59,${plain.user.email},Ладога; Авто,5`,
      '',
    ]);

    // Russian: the header in Russian and ';' between cells, as Excel expects there.
    const ru = await t.request('GET', `${REPORT}?month=3&year=2025`, { token, lang: 'ru' });
    const ruLines = ru.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(ruLines[0]).toBe('Дата (UTC);E-mail пользователя;Клиент;Оценка');
    expect(ruLines[2]).toBe(`2025-03-31 23:59:59;${plain.user.email};"Ладога; Авто";5`);

    const empty = await t.request('GET', `${REPORT}?month=4&year=2025`, { token, lang: 'en' });
    expect(empty.body.replace(/^\uFEFF/, '')).toBe('Date (UTC),User e-mail,Client,Rating\r\n');
  });

  it("gives a dealer reporter only the votes of the dealer's clients", async () => {
    const mine = await voter('Мой клиент');
    const theirs = await voter('Чужой клиент');
    await vote(mine.token, 2);
    await vote(theirs.token, 3);
    const token = await reporter([mine.clientId], false);
    const now = new Date();
    const response = await t.request('GET', `${REPORT}?month=${now.getUTCMonth() + 1}&year=${now.getUTCFullYear()}`, { token, lang: 'en' });
    expect(response.statusCode).toBe(200);
    const rows = response.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/,Мой клиент,2$/);
  });

  it('validates month and year with clear messages', async () => {
    const token = await reporter();
    const cases: [string, string, string][] = [
      ['month=13&year=2026', 'month', 'The month must be a whole number from 1 to 12'],
      ['month=0&year=2026', 'month', 'The month must be a whole number from 1 to 12'],
      ['month=1.5&year=2026', 'month', 'The month must be a whole number from 1 to 12'],
      ['year=2026', 'month', 'The month must be a whole number from 1 to 12'],
      ['month=11&year=abc', 'year', 'The year must be a whole number from 2000 to 2100'],
      ['month=11&year=1999', 'year', 'The year must be a whole number from 2000 to 2100'],
      ['month=11', 'year', 'The year must be a whole number from 2000 to 2100'],
    ];
    for (const [query, parameter, title] of cases) {
      const response = await t.request('GET', `${REPORT}?${query}`, { token, lang: 'en' });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0], query).toMatchObject({ title, source: { parameter } });
    }
    const ru = await t.request('GET', `${REPORT}?month=13&year=2026`, { token });
    expect(ru.json().errors[0].title).toBe('Месяц должен быть целым числом от 1 до 12');
    expect((await t.request('GET', `${REPORT}?month=1&year=2026&x=1`, { token, lang: 'en' })).statusCode).toBe(400);
  });
});
