import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_CODES } from '@dp/contracts';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { sites } from '../../schema.ts';

/** The demo installation reaches every site screen: every spec module on every demo site. */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());

describe('the demo data', () => {
  it('installs every module of the spec on every demo site, and its editor and manager see them', async () => {
    const all = await t.database.db.select().from(sites);
    expect(all.length).toBeGreaterThan(0);
    const editor = (await t.signIn('editor@avtograd-sever.test', PASSWORD)).access_token;
    const manager = (await t.signIn('manager@avtograd-sever.test', PASSWORD)).access_token;
    const admin = (await t.signIn('admin@platform.test', PASSWORD)).access_token;
    for (const site of all) {
      const codes = (await t.request('GET', `/gateway/marketplace/api/v1/sites/${site.id}/installed_modules`, { token: admin })).json().data;
      expect(codes.modules.sort()).toEqual([...MODULE_CODES].sort());
      expect(codes.paused).toEqual([]);
      expect(site.locales).toEqual(site.locale === 'ru' ? ['en'] : ['ru']);
    }
    const own = all.find((site) => site.name.includes('Kia'))!;
    const listed = await t.request('GET', `/gateway/marketplace/api/v1/sites/${own.id}/modules`, { token: editor });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().included).toHaveLength(MODULE_CODES.length);
    // The manager may change the client's modules; the editor only looks.
    expect((await t.request('POST', `/gateway/marketplace/api/v1/sites/${own.id}/modules/captcha/uninstall`, { token: editor, body: { data: { reason: 'x' } } })).statusCode).toBe(403);
    expect((await t.request('POST', `/gateway/marketplace/api/v1/sites/${own.id}/modules/captcha/uninstall`, { token: manager, body: { data: { reason: 'Не нужна' } } })).statusCode).toBe(200);
  });
});
