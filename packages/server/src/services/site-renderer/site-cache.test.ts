import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../kit/db.ts';
import { SITE_RENDER_CHANNEL, SiteCache, type CachedResponse } from './site-cache.ts';

/**
 * The renderer's cache on a real (embedded) database's LISTEN: what a notification drops — a site
 * and the sites showing its content, everything, or only the host names — and the memory budget
 * of the kept answers.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: '', memoryDb: true });
});
afterAll(() => database?.close());

const answer = (size: number): CachedResponse => ({ status: 200, headers: {}, body: Buffer.alloc(size, 'x') });
const notify = async (cache: SiteCache<string>, payload: string) => {
  await database.executeSql(`select pg_notify('${SITE_RENDER_CHANNEL}', $1)`, [payload]);
  await cache.sync();
};

describe('the site cache', () => {
  it('keeps a site until it, or a site whose content it shows, is notified', async () => {
    const cache = new SiteCache<string>();
    await cache.start(database);
    let loads = 0;
    const load = (id: number, dependsOn = [id]) => () => Promise.resolve({ value: `site ${id} #${++loads}`, dependsOn });
    expect((await cache.site(1, load(1)))!.value).toBe('site 1 #1');
    expect((await cache.site(1, load(1)))!.value).toBe('site 1 #1');
    // Site 3 is a fork showing the content of master 2.
    await cache.site(2, load(2));
    await cache.site(3, load(3, [3, 2]));
    await notify(cache, '2');
    expect((await cache.site(1, load(1)))!.value).toBe('site 1 #1');
    expect((await cache.site(3, load(3, [3, 2])))!.value).toBe('site 3 #4');
    await notify(cache, '*');
    expect((await cache.site(1, load(1)))!.value).toBe('site 1 #5');
    await cache.stop();
  });

  it('shares one load between requests arriving together, and keeps nothing a notification overtook', async () => {
    const cache = new SiteCache<string>();
    await cache.start(database);
    let loads = 0;
    let release: () => void = () => undefined;
    const slow = () => new Promise<{ value: string; dependsOn: number[] }>((resolve) => (release = () => resolve({ value: `#${++loads}`, dependsOn: [7] })));
    const first = cache.site(7, slow);
    const second = cache.site(7, slow);
    await notify(cache, '7'); // heard while the load runs: its reads may predate the change
    release();
    expect([(await first)!.value, (await second)!.value]).toEqual(['#1', '#1']);
    expect((await cache.site(7, () => Promise.resolve({ value: 'fresh', dependsOn: [7] })))!.value).toBe('fresh');
    await cache.stop();
  });

  it('forgets host names on "hosts" only', async () => {
    const cache = new SiteCache<string>();
    await cache.start(database);
    let lookups = 0;
    const lookup = () => Promise.resolve(++lookups);
    expect(await cache.siteOfHost('a.localhost', lookup)).toBe(1);
    expect(await cache.siteOfHost('a.localhost', lookup)).toBe(1);
    const entry = (await cache.site(1, () => Promise.resolve({ value: 'kept', dependsOn: [1] })))!;
    await notify(cache, 'hosts');
    expect(await cache.siteOfHost('a.localhost', lookup)).toBe(2);
    expect(await cache.site(1, () => Promise.resolve({ value: 'reloaded', dependsOn: [1] }))).toBe(entry);
    await cache.stop();
  });

  it('keeps the answers within its memory budget, the sites kept longest going first', async () => {
    const cache = new SiteCache<string>({ maxBytes: 2500, maxHeapBytes: 1000 });
    await cache.start(database);
    const entries = [];
    for (const id of [1, 2, 3]) {
      const entry = (await cache.site(id, () => Promise.resolve({ value: `site ${id}`, dependsOn: [id] })))!;
      cache.response(entry, 'page', () => answer(1000));
      entries.push(entry);
    }
    expect(cache.size).toMatchObject({ sites: 2, bytes: 2000 });
    expect(await cache.site(1, () => Promise.resolve({ value: 'again', dependsOn: [1] }))).not.toBe(entries[0]);
    // A derived value that grows in the heap counts against both budgets: site 3, kept longest now, goes first.
    const again = (await cache.site(1, () => Promise.resolve({ value: 'unused', dependsOn: [1] })))!;
    cache.grew(entries[1]!, 600);
    expect(cache.size).toMatchObject({ sites: 2, bytes: 1600, heapBytes: 600 });
    expect(await cache.site(3, () => Promise.resolve({ value: 'again', dependsOn: [3] }))).not.toBe(entries[2]);
    cache.grew(again, 500);
    expect(cache.size).toMatchObject({ sites: 2, bytes: 500, heapBytes: 500 });
    // Without LISTEN nothing is kept.
    await cache.stop();
    expect(cache.size).toMatchObject({ sites: 0, bytes: 0 });
    const loose = (await cache.site(9, () => Promise.resolve({ value: 'x', dependsOn: [9] })))!;
    cache.response(loose, 'page', () => answer(10));
    expect(cache.size).toMatchObject({ sites: 0, bytes: 0 });
  });

  it('keeps an answer that reads the database from its second request on, one rendering for requests arriving together', async () => {
    const cache = new SiteCache<string>();
    await cache.start(database);
    const entry = (await cache.site(1, () => Promise.resolve({ value: 'site', dependsOn: [1] })))!;
    let renders = 0;
    const render = () => Promise.resolve(((renders += 1), answer(100)));
    // Asked once: rendered, not kept.
    await cache.responseOf(entry, 'car|1', render);
    expect([renders, cache.size.bytes]).toEqual([1, 0]);
    await cache.responseOf(entry, 'car|2', render);
    expect([renders, cache.size.bytes]).toEqual([2, 0]);
    // Asked again: rendered and kept, then answered as kept.
    await cache.responseOf(entry, 'car|1', render);
    expect([renders, cache.size.bytes]).toEqual([3, 100]);
    const kept = await cache.responseOf(entry, 'car|1', render);
    expect(await cache.responseOf(entry, 'car|1', render)).toBe(kept);
    expect(renders).toBe(3);
    // Requests arriving together share one rendering.
    const together = await Promise.all([cache.responseOf(entry, 'car|3', render), cache.responseOf(entry, 'car|3', render)]);
    expect(together[0]).toBe(together[1]);
    expect(renders).toBe(4);
    await cache.stop();
  });
});
