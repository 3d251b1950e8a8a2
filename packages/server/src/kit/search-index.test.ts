import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { clients } from '../schema.ts';
import { selectPageQuery } from './crud-routes.ts';
import { searchCondition } from './search-index.ts';

const LIST = '/gateway/clients.storage/api/v1/clients';

/** The plan of the statement the clients list runs for a search: its page and its total. */
async function planOf(t: TestApp, text: string) {
  const query = selectPageQuery(t.database.db, clients, searchCondition([clients.name, clients.code], text), [asc(clients.name), asc(clients.id)], 100, 0).toSQL();
  const result = await t.database.executeSql(`explain ${query.sql}`, query.params);
  return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}

/** `count` more clients named like the benchmark's (every 30th in Казань). */
async function addClients(t: TestApp, count: number) {
  const cities = ['Казань', 'Москва', 'Тула'];
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, (_, i) => {
      const n = `${Date.now().toString(36)}-${from + i}`;
      return { name: `Автомир ${cities[(from + i) % 30 === 0 ? 0 : 1 + ((from + i) % 2)]} №${n}`, code: `search-${n}` };
    });
    await t.database.db.insert(clients).values(rows);
  }
  await t.database.executeSql('analyze clients');
}

describe('the substring search of the lists', () => {
  let t: TestApp;
  let admin: { access_token: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await t.createUser({ email: `search-${Date.now()}@platform.test`, grants: { 'clients.storage': ['clients.get_full_list'] } });
    admin = await t.signIn(user.email);
  });
  afterAll(() => t?.close());

  it('finds text in any case, a Cyrillic capital included, and treats % and _ as text', async () => {
    await t.createClient('Мотор Сити КАЗАНЬ');
    await t.createClient('Скидка 100%_плюс');
    const found = (search: string) =>
      t.request('GET', `${LIST}?filter[search]=${encodeURIComponent(search)}`, { token: admin.access_token }).then((r) => r.json());
    expect((await found('казань')).data.map((r: any) => r.attributes.name)).toContain('Мотор Сити КАЗАНЬ');
    expect((await found('0%_п')).data.map((r: any) => r.attributes.name)).toEqual(['Скидка 100%_плюс']);
    expect((await found('%')).data.map((r: any) => r.attributes.name)).toEqual(['Скидка 100%_плюс']);
  });

  // A table of a page or two (a few dozen rows) is read whole, rightly; from there on, the index.
  it('uses the trigram indexes for the rows and the total at every table size, and keeps the total exact', async () => {
    for (const size of [100, 1_000, 10_000]) {
      const have = Number((await t.database.executeSql('select count(*) as n from clients')).rows[0].n);
      if (size > have) await addClients(t, size - have);
      const plan = await planOf(t, 'Казань');
      // Both the page and its total come through the indexes: no scan folds every row.
      expect(plan, `${size} rows:\n${plan}`).not.toMatch(/Seq Scan on clients/);
      expect(plan.match(/Bitmap Index Scan on clients_name_fold/g)?.length, plan).toBe(2);

      const page = (await t.request('GET', `${LIST}?filter[search]=${encodeURIComponent('Казань')}&page[size]=20`, { token: admin.access_token })).json();
      const exact = await t.database.executeSql(`select count(*) as n from clients where lower(name) like '%казань%' or lower(code) like '%казань%'`);
      expect(page.meta.page.total).toBe(Number(exact.rows[0].n));
      expect(page.data.length).toBe(Math.min(20, page.meta.page.total));
    }
  }, 120_000);

  it('folds with PostgreSQL\'s own lower() where the database user may declare it (a superuser)', async () => {
    const [row] = (await t.database.executeSql(
      `select l.lanname as language, p.prosrc as source, (select rolsuper from pg_roles where rolname = current_user) as superuser
       from pg_proc p join pg_language l on l.oid = p.prolang where p.proname = 'search_fold'`,
    )).rows;
    expect(row.superuser ? [row.language, row.source] : [row.language]).toEqual(row.superuser ? ['internal', 'lower'] : ['plpgsql']);
    expect((await t.database.executeSql(`select search_fold('МОТОР Сити Ё') as folded`)).rows[0].folded).toBe('мотор сити ё');
  });

  it('answers the total of a page past the end', async () => {
    const page = (await t.request('GET', `${LIST}?filter[search]=${encodeURIComponent('Казань')}&page[size]=100&page[number]=500`, { token: admin.access_token })).json();
    expect(page.data).toEqual([]);
    const exact = await t.database.db.execute(sql`select count(*)::int as n from clients where lower(name) like '%казань%' or lower(code) like '%казань%'`);
    expect(page.meta.page.total).toBe((exact as unknown as { rows: { n: number }[] }).rows[0]!.n);
  });
});
