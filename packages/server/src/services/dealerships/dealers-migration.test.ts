import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The migration that made the sites' dealer centres dealerships, run over an installation that
 * had both: every centre becomes (or joins) a dealership, everything that named a centre names
 * it, in order, and the centres' grants become the dealerships' grants.
 */
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const MIGRATION = '0040_dealers_are_dealerships';
let client: PGlite;
let before: string;

/** The migrations up to the one before `tag`, in a folder of their own. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(folder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const rows = async <T,>(sql: string) => (await client.query<T>(sql)).rows;

beforeAll(async () => {
  client = new PGlite({ extensions: { pg_trgm } });
  before = migrationsBefore(MIGRATION);
  await migrate(drizzle({ client }), { migrationsFolder: before });
  await client.exec(`
    insert into clients (id, name, code) values (901, 'A', 'mig-a'), (902, 'B', 'mig-b');
    insert into dealers (id, client_id, name, code, city, address, phone) values
      (11, 901, 'ДЦ Москва', 'a-1', 'Москва', 'Москва, ул. 1', '+7 (495) 200-00-00'),
      (12, 901, 'ДЦ Химки', 'a-2', 'Химки', null, '8 800 555 35 35'),
      (13, 902, 'ДЦ Казань', 'b-1', 'Казань', null, null);
    insert into dealerships (id, client_id, dealer_id, title, working_time) values
      (21, 901, 11, 'АвтоГрад Север Kia', '{}'), (22, 901, null, 'Без центра', '{}');
    insert into sites (id, name, client_id, dealer_id, dealer_ids) values (31, 'Сайт A', 901, 12, '{12,11}'), (32, 'Сайт B', 902, 13, '{13}');
    insert into pages (id, site_id, client_id, uri) values (41, 31, 901, '/specials/x');
    insert into page_states (id, page_id, site_id, client_id, status, caption, collection) values
      (51, 41, 31, 901, 1, 'Акция', '{"type":"specials","dealer_ids":[12,11]}');
    insert into permissions (id, service, code, name) values (61, 'sites.context', 'dealers.get_list', 'Дилерские центры: чтение');
    insert into roles (id, code, name) values (71, 'mig-editor', 'Редактор');
    insert into role_permissions (role_id, permission_id) values (71, 61);
  `);
  await migrate(drizzle({ client }), { migrationsFolder: folder });
});
afterAll(async () => {
  await client?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('dealer centres become dealerships', () => {
  it('keeps a linked dealership and makes the other centres dealerships of their clients', async () => {
    const dealers = await rows<{ id: number; client_id: number; title: string; code: string | null; city: string | null; address: string | null; phone: unknown }>(
      "select id, client_id, title, code, city, address, phone from dealerships order by id in (21, 22) desc, id",
    );
    expect(dealers).toHaveLength(4);
    expect(dealers.slice(0, 2)).toEqual([
      { id: 21, client_id: 901, title: 'АвтоГрад Север Kia', code: 'a-1', city: 'Москва', address: 'Москва, ул. 1', phone: { country: '0', city: '0', subscriber: '0', internal: '0' } },
      { id: 22, client_id: 901, title: 'Без центра', code: null, city: null, address: null, phone: { country: '0', city: '0', subscriber: '0', internal: '0' } },
    ]);
    const made = dealers.slice(2);
    expect(made).toEqual([
      expect.objectContaining({ client_id: 901, title: 'ДЦ Химки', code: 'a-2', city: 'Химки', phone: { country: '7', city: '800', subscriber: '5553535', internal: '0' } }),
      expect.objectContaining({ client_id: 902, title: 'ДЦ Казань', code: 'b-1', city: 'Казань' }),
    ]);
    expect((await rows<{ t: string | null }>("select to_regclass('dealers')::text as t"))[0]!.t).toBeNull();
  });

  it('points the sites, their collection pages and the grants at the dealerships, in order', async () => {
    const [khimki, kazan] = (await rows<{ id: number }>("select id from dealerships where code in ('a-2', 'b-1') order by code")).map((row) => row.id);
    const sites = await rows<{ id: number; dealer_id: number; dealer_ids: number[] }>('select id, dealer_id, dealer_ids from sites where id in (31, 32) order by id');
    expect(sites).toEqual([
      { id: 31, dealer_id: khimki, dealer_ids: [khimki, 21] },
      { id: 32, dealer_id: kazan, dealer_ids: [kazan] },
    ]);
    const [state] = await rows<{ collection: { dealer_ids: number[] } }>('select collection from page_states where id = 51');
    expect(state!.collection.dealer_ids).toEqual([khimki, 21]);
    const grants = await rows<{ service: string; code: string }>('select p.service, p.code from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = 71');
    expect(grants).toEqual([{ service: 'dealerships', code: 'dealers.get_list' }]);
  });
});
