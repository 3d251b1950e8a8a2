import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite } from './pglite-client.ts';
import { analyzeStaleTables } from './pglite-statistics.ts';

/** The embedded database's statistics: what the planner believes a table holds. */
let client: PGlite;
beforeAll(async () => {
  client = newPglite();
  await client.waitReady;
  await client.exec(`create table stock_cars (id serial primary key, client_id int not null, is_new boolean not null, note text);
    create index stock_cars_client on stock_cars (client_id, is_new); create table empty_things (id int);`);
}, 60_000);
afterAll(() => client?.close());

const add = (from: number, to: number) =>
  client.exec(`insert into stock_cars (client_id, is_new, note) select 1 + g % 3, g % 2 = 0, repeat('x', 200) from generate_series(${from}, ${to}) g`);
/** The planner's estimate of the rows of a client's new cars. */
async function estimate(): Promise<number> {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(`explain (format json) select * from stock_cars where client_id = 1 and is_new`);
  return rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
}

describe('the statistics of the embedded database', () => {
  it('analyses a table that holds rows and was never analysed, not an empty one, and not twice', async () => {
    await add(1, 3000);
    const analysed = await analyzeStaleTables(client);
    expect(analysed).toContain('stock_cars');
    expect(analysed).not.toContain('empty_things');
    // 3,000 rows over 3 clients, half new: the planner now expects about 500.
    expect(await estimate()).toBeGreaterThan(300);
    expect(await analyzeStaleTables(client)).not.toContain('stock_cars');
  });

  it('analyses it again once it has grown by more than a fifth', async () => {
    await add(3001, 3300);
    expect(await analyzeStaleTables(client)).not.toContain('stock_cars');
    await add(3301, 9000);
    expect(await analyzeStaleTables(client)).toContain('stock_cars');
    expect(await estimate()).toBeGreaterThan(1000);
  });
});
