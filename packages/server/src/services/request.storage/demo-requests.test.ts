import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../../schema.ts';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo's requests: the manager of a demo client sees them in the site's lists. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());

it("shows the demo manager the requests of the client's demo site", async () => {
  const [site] = await t.database.db.select().from(sites).where(eq(sites.technical_host, 'kia-avtograd.localhost'));
  const token = (await t.signIn('manager@avtograd-sever.test', PASSWORD)).access_token;
  const list = await t.request('GET', `/gateway/request.storage/api/v1/callback_requests/where_site/${site!.id}`, { token });
  expect(list.statusCode, list.body).toBe(200);
  expect(list.json().meta.page.total).toBeGreaterThanOrEqual(3);
  const subscriptions = await t.request('GET', `/gateway/request.storage/api/v1/subscription_requests/where_site/${site!.id}`, { token });
  expect(subscriptions.json().data[0].attributes).toMatchObject({ type: 6, tag: 'news' });
});
