import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../kit/config.ts';
import { sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { createPreviewToken, readPreviewToken } from './preview-token.ts';
import { publishedSite, visit, type TestSite } from './site-renderer.fixtures.ts';

/**
 * Preview links of drafts (docs/decisions/public-sites.md, "How do editors preview a draft?"): made
 * in the admin for a state the caller may read, short-lived and signed, opened on the site's own
 * host, showing the draft exactly as it would be published and marked as a preview; and publication
 * reaching another process's cache (PostgreSQL).
 */
let t: TestApp;
let s: TestSite;
let editor: string;
let stranger: string;

const SITES = '/gateway/sites.context/api/v1';
const CONTENT = '/gateway/content.storage/api/v1';

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'http://localhost:3415' });
  s = await publishedSite(t);
  const grants = { 'sites.context': ['pages.get_list', 'pages.patch', 'pages.publish', 'layouts.patch'], 'content.storage': ['stages.get_list', 'stages.patch'] };
  editor = (await t.signIn((await t.createUser({ grants, clientIds: [s.clientId] })).email)).access_token;
  stranger = (await t.signIn((await t.createUser({ grants, clientIds: [await t.createClient()] })).email)).access_token;
});
afterAll(() => t?.close());

/** Opens a preview link as a browser would: its host and path. */
const open = (link: string, target: Pick<TestApp, 'app'> = t) => {
  const url = new URL(link);
  return visit(target, url.host, url.pathname + url.search);
};

async function draftOfAbout(caption: string) {
  const draft = await t.request('POST', `${SITES}/page_states`, { token: editor, body: { data: { attributes: { page_id: s.pages.about.id, caption } } } });
  expect(draft.statusCode, draft.body).toBe(201);
  return draft.json().data.id as string;
}

describe('preview links', () => {
  it('shows a draft page state on the site\'s technical host, marked, never cached nor indexed', async () => {
    const id = await draftOfAbout('О компании — черновик');
    const made = await t.request('POST', `${SITES}/page_states/${id}/preview`, { token: editor });
    expect(made.statusCode, made.body).toBe(200);
    const { url, expires_at } = made.json().data;
    expect(url).toMatch(new RegExp(`^http://${s.technicalHost.replace(/\./g, '\\.')}:3415/_preview/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<div class="preview-banner" role="status">Предпросмотр: черновик, посетители сайта его не видят</div>');
    expect(page.body).toContain('<h1>О компании — черновик</h1>');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    // The site itself still shows the published state.
    expect((await visit(t, s.host, '/about')).body).toContain('<h1>О компании</h1>');
    // The draft as it changes: the link shows it as it is now.
    expect((await t.request('PATCH', `${SITES}/page_states/${id}`, { token: editor, body: { data: { attributes: { caption: 'Ещё правка' } } } })).statusCode).toBe(200);
    expect((await open(url)).body).toContain('<h1>Ещё правка</h1>');
  });

  it('previews a layout state around a page of the layout, and a stage state on the main page', async () => {
    const layout = await t.request('POST', `${SITES}/layout_states`, {
      token: editor,
      body: { data: { attributes: { layout_id: s.layoutId, caption: 'Новый макет', header_floors: [{ floor_id: s.floors.header, values: { phone: '+7 (999) 000-00-00' } }], footer_floors: [] } } },
    });
    expect(layout.statusCode, layout.body).toBe(201);
    const layoutLink = (await t.request('POST', `${SITES}/layout_states/${layout.json().data.id}/preview`, { token: editor })).json().data.url;
    const withLayout = (await open(layoutLink)).body;
    expect(withLayout).toContain('+7 (999) 000-00-00');
    expect(withLayout).not.toContain('<footer');

    const stage = await t.request('POST', `${CONTENT}/stage_states/${s.stageStateId}/copy`, { token: editor });
    expect(stage.statusCode, stage.body).toBe(200);
    const copy = stage.json().data.id;
    expect((await t.request('PATCH', `${CONTENT}/stage_states/${copy}`, { token: editor, body: { data: { attributes: { title: 'Летний сервис' } } } })).statusCode).toBe(200);
    const stageLink = (await t.request('POST', `${CONTENT}/stage_states/${copy}/preview`, { token: editor })).json().data.url;
    const home = (await open(stageLink)).body;
    expect(home).toContain('<h2 class="stage__title">Летний сервис</h2>');
    expect(home).not.toContain('Зимний сервис'); // in its stage's place
  });

  it('refuses a state of another client like a missing one, and a site without any host', async () => {
    const id = await draftOfAbout('Чужой черновик');
    const refused = await t.request('POST', `${SITES}/page_states/${id}/preview`, { token: stranger, lang: 'en' });
    expect(refused.statusCode).toBe(404);
    const missing = await t.request('POST', `${SITES}/page_states/2147483647/preview`, { token: editor });
    expect(missing.statusCode).toBe(404);
    await t.database.db.update(sites).set({ host: null, technical_host: null }).where(eq(sites.id, s.id));
    const hostless = await t.request('POST', `${SITES}/page_states/${id}/preview`, { token: editor, lang: 'en' });
    expect(hostless.statusCode).toBe(409);
    expect(hostless.json().errors[0].title).toBe('The site has neither a host nor a technical host yet: there is nowhere to open the preview');
    await t.database.db.update(sites).set({ host: s.host, technical_host: s.technicalHost }).where(eq(sites.id, s.id));
  });

  it('opens only on the site\'s own hosts, and not with a changed or expired token', async () => {
    const id = await draftOfAbout('Секретный черновик');
    const url = new URL((await t.request('POST', `${SITES}/page_states/${id}/preview`, { token: editor })).json().data.url);
    expect((await visit(t, s.host, url.pathname)).statusCode).toBe(200);
    const other = await publishedSite(t);
    const elsewhere = await visit(t, other.host, url.pathname);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Секретный черновик');
    const [payload, signature] = url.pathname.slice('/_preview/'.length).split('.') as [string, string];
    const forged = `${Buffer.from(Buffer.from(payload, 'base64url').toString().replace(/\.\d+\.(\d+)\.(\d+)$/, '.1.$1.$2')).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${signature.slice(0, -2)}xx`, 'nonsense', '']) {
      const answer = await visit(t, s.host, `/_preview/${bad}`);
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.body).toContain('Ссылка предпросмотра устарела');
    }
  });

  it('tokens: signed, bound to kind, state, site and time', () => {
    const key = new TextEncoder().encode('k'.repeat(48));
    const claim = { kind: 'stage_states' as const, stateId: 7, siteId: 3, expires: Math.floor(Date.now() / 1000) + 60 };
    const token = createPreviewToken(key, claim);
    expect(readPreviewToken(key, token)).toEqual(claim);
    expect(readPreviewToken(new TextEncoder().encode('x'.repeat(48)), token)).toBeNull();
    expect(readPreviewToken(key, token, Date.now() + 61_000)).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('another process', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp(loadConfig({}, { ...t.config, runJobs: false }));
  });
  afterAll(() => second?.close());

  it('drops its cache for a site published through this one at once (LISTEN/NOTIFY)', async () => {
    const target = { app: second.app };
    expect((await visit(target, s.host, '/news')).body).toContain('<h1>Новости</h1>');
    const draft = await t.request('POST', `${SITES}/page_states`, { token: editor, body: { data: { attributes: { page_id: s.pages.news.id, caption: 'Новости компании' } } } });
    const publish = await t.request('POST', `${SITES}/page_states/${draft.json().data.id}/publish`, { token: editor });
    expect(publish.statusCode, publish.body).toBe(200);
    // The other process hears it on its own LISTEN connection, a moment after the commit.
    await waitUntil('the other process to show the publication', async () => (await visit(target, s.host, '/news', { settle: false })).body.includes('<h1>Новости компании</h1>'), 5_000);
  });
});
