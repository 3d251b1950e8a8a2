import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, type TestApp } from '../../test/test-app.ts';

/** The demo data gives a site editor and a manager real sites: settings, users, dealers, official sites. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
afterAll(() => t?.close());
const API = '/gateway/sites.context/api/v1';

describe('demo sites', () => {
  it('a site editor reads the settings and users of the client\'s sites, but cannot change them', async () => {
    const { access_token: token } = await t.signIn('editor@avtograd-sever.test', PASSWORD);
    const list = (await t.request('GET', `${API}/sites`, { token })).json();
    expect(list.data.map((site: any) => site.attributes.name).sort()).toEqual(['АвтоГрад Север — Hyundai', 'АвтоГрад Север — Kia']);
    const kia = list.data.find((site: any) => site.attributes.name.endsWith('Kia'));
    expect(kia.attributes).toMatchObject({ host: 'kia-avtograd.ru', technical_host: 'kia-avtograd.localhost', status: 1, context: { color_scheme: 'kia' } });
    expect(kia.attributes.dealer_ids).toHaveLength(2);
    const users = (await t.request('GET', `${API}/sites/${kia.id}/users`, { token })).json().data;
    expect(users.map((user: any) => user.attributes.email)).toEqual(expect.arrayContaining(['editor@avtograd-sever.test', 'manager@avtograd-sever.test']));
    // The dealers the site shows are the client's dealerships, which the editor reads.
    const dealers = (await t.request('GET', '/gateway/dealerships/api/v1/dealerships', { token })).json().data;
    expect(dealers.map((dealer: any) => dealer.attributes.city).sort()).toEqual(['Москва', 'Химки']);
    expect(kia.attributes.dealer_ids.sort()).toEqual(dealers.map((dealer: any) => Number(dealer.id)).sort());
    expect((await t.request('PATCH', `${API}/sites/${kia.id}`, { token, body: { data: { attributes: { name: 'x' } } } })).statusCode).toBe(403);
  });

  it('a manager changes settings and copies from the platform\'s official sites', async () => {
    const { access_token: token } = await t.signIn('manager@ladoga-auto.test', PASSWORD);
    const official = (await t.request('GET', `${API}/sites/official`, { token })).json().data;
    expect(official.map((site: any) => site.attributes.type).sort()).toEqual([1, 2]);
    const demo = official.find((site: any) => site.attributes.type === 1);
    const clientId = (await t.request('GET', `${API}/sites`, { token })).json().data[0].attributes.client_id;
    const copy = await t.request('POST', `${API}/sites/${demo.id}/copy`, { token, body: { data: { name: 'Ладога — из демо', client_id: clientId, auto_technical_host: true } } });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.attributes.technical_host).toBe('ladoga-iz-demo.localhost');
    const renamed = await t.request('PATCH', `${API}/sites/${copy.json().data.id}`, { token, body: { data: { attributes: { strict_publishing: true } } } });
    expect(renamed.json().data.attributes.strict_publishing).toBe(true);
  });

  it('a site editor prepares pages and stages but does not publish them; the manager does', async () => {
    const editor = (await t.signIn('editor@avtograd-sever.test', PASSWORD)).access_token;
    const manager = (await t.signIn('manager@avtograd-sever.test', PASSWORD)).access_token;
    const kia = (await t.request('GET', `${API}/sites`, { token: editor })).json().data.find((site: any) => site.attributes.name.endsWith('Kia'));
    const page = await t.request('POST', `${API}/pages`, { token: editor, body: { data: { attributes: { site_id: Number(kia.id), uri: '/demo-rule', caption: 'Правило' } } } });
    expect(page.statusCode, page.body).toBe(201);
    const draft = page.json().data.attributes.drafts[0];
    expect((await t.request('POST', `${API}/page_states/${draft}/publish`, { token: editor })).statusCode).toBe(403);
    expect((await t.request('POST', `${API}/page_states/${draft}/publish`, { token: manager })).statusCode).toBe(200);
    const STAGES = '/gateway/content.storage/api/v1';
    const stage = await t.request('POST', `${STAGES}/stages`, { token: editor, body: { data: { attributes: { site_id: Number(kia.id), name: 'Правило' } } } });
    expect(stage.statusCode, stage.body).toBe(201);
    const stageDraft = stage.json().data.attributes.drafts[0];
    expect((await t.request('POST', `${STAGES}/stage_states/${stageDraft}/publish`, { token: editor })).statusCode).toBe(403);
    expect((await t.request('POST', `${STAGES}/stage_states/${stageDraft}/publish`, { token: manager })).statusCode).toBe(200);
  });
});
