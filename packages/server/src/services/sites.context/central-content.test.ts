import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sites } from '../../schema.ts';
import { AppError } from '../../kit/errors.ts';
import { assertCentralContentEditable, centralContentSiteIds, isCentralContentLocked } from './central-content.ts';

/** The check the content services call: an official master's central content is for staff only. */
let t: TestApp;
let master: number;
let fork: number;
let own: number;
beforeAll(async () => {
  t = await buildTestApp();
  const clientId = await t.createClient();
  const insert = async (values: Partial<typeof sites.$inferInsert>) => (await t.database.db.insert(sites).values({ name: 'S', client_id: clientId, ...values }).returning())[0]!.id;
  master = await insert({ type: 2 });
  fork = await insert({ type: 3, origin_site_id: master });
  own = await insert({ type: 3 });
});
afterAll(() => t?.close());

const staff = { scope: 'all' as const };
const dealer = { scope: [1, 2] };

describe('central content of official master sites', () => {
  it('is read-only for everybody but platform staff', async () => {
    expect(isCentralContentLocked(dealer, { type: 2 })).toBe(true);
    expect(isCentralContentLocked(staff, { type: 2 })).toBe(false);
    expect(isCentralContentLocked(dealer, { type: 3 })).toBe(false);
    expect(isCentralContentLocked(dealer, { type: 1 })).toBe(false);
    await expect(assertCentralContentEditable(t.database.db, dealer, master)).rejects.toMatchObject({ status: 403, key: 'central_content_read_only' });
    await expect(assertCentralContentEditable(t.database.db, dealer, master)).rejects.toBeInstanceOf(AppError);
    await expect(assertCentralContentEditable(t.database.db, staff, master)).resolves.toBeUndefined();
    await expect(assertCentralContentEditable(t.database.db, dealer, fork)).resolves.toBeUndefined();
  });

  it('is shown by a fork of the master beside its own content', async () => {
    expect(await centralContentSiteIds(t.database.db, fork)).toEqual([fork, master]);
    expect(await centralContentSiteIds(t.database.db, own)).toEqual([own]);
    expect(await centralContentSiteIds(t.database.db, 987654)).toEqual([]);
  });
});
