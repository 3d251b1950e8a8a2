import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';
import { stageStates } from './stage.table.ts';

/** The demo data's stages: what the public renderer will show on the demo sites' main pages. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());

describe('demo stages', () => {
  it('publish a banner with pictures of the three sizes on every demo site with a host, and keep a draft', async () => {
    const editor = (await t.signIn('editor@avtograd-sever.test', PASSWORD)).access_token;
    const stages = (await t.request('GET', '/gateway/content.storage/api/v1/stages', { token: editor })).json().data;
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const spring = stages.find((row: any) => row.attributes.name === 'Весенний сервис');
    expect(spring.attributes.published).not.toBeNull();
    const [state] = await t.database.db.select().from(stageStates).where(eq(stageStates.id, spring.attributes.published));
    expect([state!.images.pc?.width, state!.images.tablet?.width, state!.images.mobile?.height]).toEqual([1920, 1280, 896]);
    const picture = await t.request('GET', state!.images.pc!.url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(stages.find((row: any) => row.attributes.name === 'Летняя распродажа').attributes.drafts).toHaveLength(1);
    // The three pictures are in the client's library (other demo content may add files beside them).
    const library = (await t.request('GET', '/gateway/media.storage/api/v1/files?filter[search]=service-&page[size]=500', { token: editor })).json();
    expect(library.data.map((row: any) => row.attributes.name).sort()).toEqual(['service-mobile.png', 'service-pc.png', 'service-tablet.png']);
  });
});
