import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { floors, moduleInstallations, modules, pages, pageStates, redirects, seoConfigs, seoConstants, sites, virtualMachines } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { hashPassword } from '../auth.processing/password.ts';
import { addPage, publishedSite, unique, visit, type TestSite } from './site-renderer.fixtures.ts';
import { siteRendererOf } from './serve-site.ts';

/**
 * The public sites' renderer through HTTP with a Host header, as browsers reach it: host routing
 * (site host, technical host, unknown host, the admin's hosts), unpublished sites, redirects first,
 * robots.txt and sitemap.xml, page SEO and SEO constants, basic auth, 404s, hostile texts escaped,
 * forms checked, languages, and the cache dropped at once by every change.
 */
let t: TestApp;
let s: TestSite;

beforeAll(async () => {
  t = await buildTestApp();
  s = await publishedSite(t);
  await t.database.db.insert(seoConstants).values([
    { site_id: s.id, client_id: s.clientId, placeholder: 'CITY', value: 'Казань' },
    { site_id: s.id, client_id: s.clientId, placeholder: 'DEALER', value: 'Мотор Сити' },
  ]);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const API = '/gateway/sites.context/api/v1';

describe('host routing', () => {
  it('serves the site at its host and at its technical host, whatever the case and the port', async () => {
    for (const host of [s.host, s.technicalHost, `${s.technicalHost.toUpperCase()}:8080`, `${s.host}.`]) {
      const page = await visit(t, host, '/about');
      expect(page.statusCode, host).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>О компании</h1>');
    }
  });

  it('serves a site whose host was typed in Cyrillic at the punycode name browsers send', async () => {
    const x = await publishedSite(t);
    const manager = await t.createUser({ grants: { 'sites.context': ['sites.get_full_list', 'sites.patch'] }, clientIds: [x.clientId] });
    const token = (await t.signIn(manager.email)).access_token;
    const typed = `Дилер-${x.code}.РФ`;
    const saved = await t.request('PATCH', `${API}/sites/${x.id}`, { token, body: { data: { id: String(x.id), type: 'sites', attributes: { host: typed } } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const punycode = domainToASCII(typed);
    expect(saved.json().data.attributes.host).toBe(punycode);
    // The change of host reaches the site's machine through its task; here the machine takes it at once.
    await db().update(virtualMachines).set({ host: punycode }).where(eq(virtualMachines.site_id, x.id));
    const page = await visit(t, punycode, '/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>О компании</h1>');
  });

  it('an unknown host gets a neutral page, never the admin nor its API', async () => {
    for (const url of ['/', '/gateway/clients.storage/api/v1/clients', '/docs', '/healthz']) {
      const page = await visit(t, `nobody-${unique()}.localhost`, url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Сайт не найден');
      expect(page.body).not.toMatch(/csp-nonce|\/assets\/|swagger|"errors"/);
    }
    expect((await visit(t, 'nobody.example.com', '/', { headers: { 'accept-language': 'en-US,en;q=0.9' } })).body).toContain('Site not found');
  });

  it('a site host never reaches the admin: its API paths are the site\'s own 404 page', async () => {
    const api = await visit(t, s.host, '/gateway/clients.storage/api/v1/clients');
    expect(api.statusCode).toBe(404);
    expect(api.body).toContain('Страница не найдена');
    expect(api.body).toContain(`Дилер ${s.code}`);
  });

  it('the admin still answers at its own hosts: localhost and IP addresses', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host } });
      expect(health.statusCode, host).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers HEAD like GET without a body, and refuses other methods', async () => {
    const head = await visit(t, s.host, '/about', { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const put = await visit(t, s.host, '/about', { method: 'PUT', payload: '' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
  });

  it('a site that is not published answers a clean 404; a machine taken down makes the host unknown', async () => {
    const other = await publishedSite(t, { clientId: s.clientId });
    expect((await visit(t, other.host, '/')).statusCode).toBe(200);
    await db().update(sites).set({ status: 2 }).where(eq(sites.id, other.id));
    for (const url of ['/', '/about', '/robots.txt', '/sitemap.xml']) {
      const page = await visit(t, other.host, url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('Сайт не найден');
      expect(page.body).not.toContain('О компании');
    }
    await db().update(sites).set({ status: 1 }).where(eq(sites.id, other.id));
    expect((await visit(t, other.host, '/about')).statusCode).toBe(200);
    await db().update(virtualMachines).set({ status: 'DELETED' }).where(eq(virtualMachines.site_id, other.id));
    expect((await visit(t, other.host, '/about')).body).toContain('Сайт не найден');
  });
});

describe('pages', () => {
  it('shows the page inside the published layout, with the page tree as the menu', async () => {
    const home = await visit(t, s.technicalHost, '/');
    expect(home.statusCode).toBe(200);
    const body = home.body;
    expect(body).toMatch(/<html lang="ru" class="no-js">/);
    expect(body).toContain('<header class="site-header">');
    expect(body).toContain('<main id="content"');
    expect(body).toContain('<footer class="site-footer">');
    expect(body).toContain('<a class="skip-link" href="#content">');
    // hide_from_menu: the main page, the hidden page and the news item are not in the menu; drafts are not on the site.
    const menu = body.match(/<nav class="menu"[^]*?<\/nav>/)![0];
    expect(menu).toContain('<a href="/about">О компании</a>');
    expect(menu).toContain('<a href="/news">Новости</a>');
    expect(menu).not.toMatch(/Скрытая|Первая новость|Черновик|Главная/);
    expect((await visit(t, s.host, '/draft-only')).statusCode).toBe(404);
    // One h1 on the main page (its title), the stage's slides below it.
    expect(body.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it('marks the current page in the menu, shows breadcrumbs, and a menu header that is not clickable', async () => {
    await db().update(pageStates).set({ menu_header_not_clickable: true }).where(eq(pageStates.id, s.pages.news.stateId));
    await addPage(db(), s, '/news/archive', { caption: 'Архив' }, { parent_id: s.pages.news.id, position: 5 });
    const about = (await visit(t, s.host, '/about')).body;
    expect(about).toContain('<a href="/about" aria-current="page">О компании</a>');
    expect(about).toContain('<span class="menu__heading">Новости</span><ul class="submenu"><li><a href="/news/archive">Архив</a></li></ul>');
    expect(about).toMatch(/<nav class="breadcrumbs container" aria-label="Навигационная цепочка"><ol><li><a href="\/">Главная<\/a><\/li><li><span aria-current="page">О компании<\/span><\/li><\/ol><\/nav>/);
    await db().update(pageStates).set({ active_bread_crumbs: false }).where(eq(pageStates.id, s.pages.about.stateId));
    expect((await visit(t, s.host, '/about')).body).not.toContain('class="breadcrumbs');
  });

  it('shows the main page\'s stage as a responsive picture, webp first unless disabled', async () => {
    const body = (await visit(t, s.host, '/')).body;
    expect(body).toContain('<source media="(max-width: 767px)" srcset="/files/ffffffffffffffffffffffffffffffff.webp" type="image/webp"><source media="(max-width: 767px)" srcset="/files/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png">');
    expect(body).toContain('<source media="(max-width: 1279px)" srcset="/files/dddddddddddddddddddddddddddddddd.webp" type="image/webp">');
    expect(body).toMatch(/<img src="\/files\/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png" alt="Сервис" width="1920" height="1080" fetchpriority="high"/);
    expect(body).toContain('<h2 class="stage__title">Зимний сервис</h2>');
    expect(body).toContain('.stage-s'); // its colours as a rule of its own
    // Only the main page shows stages.
    expect((await visit(t, s.host, '/about')).body).not.toContain('class="stage__title"');
  });

  it('lists a collection and shows its detail page', async () => {
    const news = (await visit(t, s.host, '/news')).body;
    expect(news).toContain('<a href="/news/first">Первая новость</a>');
    expect(news).toContain('<time datetime="2026-11-02T09:00:00.000Z">2 ноября 2026 г.</time>');
    const item = (await visit(t, s.host, '/news/first')).body;
    expect(item).toContain('<h1>Первая новость</h1>');
    expect(item).toContain('<p class="lead">Коротко о главном</p>');
    expect(item).toContain('<meta property="og:type" content="article">');
  });

  it('pages a collection list with ?page= when there is nowhere else to see the rest', async () => {
    for (const n of [2, 3]) {
      await addPage(db(), s, `/news/item-${n}`, { caption: `Новость ${n}`, hide_from_menu: true, collection: { type: 'news', order: 0, title: `Новость ${n}`, description: null, publication_date: `2026-11-1${n}T09:00:00.000Z`, image: null, dealer_ids: [], tags: [] } }, { parent_id: s.pages.news.id });
    }
    const first = (await visit(t, s.host, '/news')).body;
    expect(first).toContain('Новость 3');
    expect(first).toContain('Новость 2');
    expect(first).not.toContain('<a href="/news/first">');
    expect(first).toContain('<a href="/news?page=2" aria-label="Страница 2">2</a>');
    const second = (await visit(t, s.host, '/news?page=2')).body;
    expect(second).toContain('<a href="/news/first">Первая новость</a>');
    expect(second).toContain('<span aria-current="page">2</span>');
  });

  it('draws floors with the site\'s colour scheme: a background code becomes the scheme\'s colour', async () => {
    const body = (await visit(t, s.host, '/')).body;
    expect(body).toMatch(/<section id="main-1" class="floor floor--form bg-primary/);
    // The site's sheet is a file of its own, with the kia scheme of the site, kept by browsers for good.
    const path = /<link rel="stylesheet" href="(\/_site\/style\.[0-9a-f]{12}\.css)">/.exec(body)?.[1];
    const sheet = await visit(t, s.host, path!);
    expect([sheet.statusCode, sheet.headers['content-type'], sheet.headers['cache-control']]).toEqual([200, 'text/css; charset=utf-8', 'public, max-age=31536000, immutable']);
    expect(sheet.body).toContain('--primary:#05141F');
    expect(sheet.body).toContain('.floor{');
    // Another scheme's sheet is at another address; an address of no sheet is the site's 404.
    await db().update(sites).set({ context: { brand_id: null, color_scheme: 'hyundai', extra_color_schemes: [] } }).where(eq(sites.id, s.id));
    const other = /<link rel="stylesheet" href="([^"]+)">/.exec((await visit(t, s.host, '/')).body)?.[1];
    expect(other).not.toBe(path);
    expect((await visit(t, s.host, other!)).body).not.toContain('--primary:#05141F');
    await db().update(sites).set({ context: { brand_id: null, color_scheme: 'kia', extra_color_schemes: [] } }).where(eq(sites.id, s.id));
    expect((await visit(t, s.host, '/_site/style.000000000000.css')).statusCode).toBe(404);
  });

  it('a missing page is the site\'s own 404 page, in its layout, noindex', async () => {
    const page = await visit(t, s.host, '/no-such-page');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>Страница не найдена</h1>');
    expect(page.body).toContain('<nav class="menu"');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('sends the trailing-slash address to the page\'s own', async () => {
    const page = await visit(t, s.host, '/about/?x=1');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/about?x=1');
  });
});

describe('SEO', () => {
  it('gives the page its title, description, canonical address and Open Graph, with constants filled in', async () => {
    const body = (await visit(t, s.technicalHost, '/')).body;
    expect(body).toContain('<title>Мотор Сити в Казань</title>');
    expect(body).toContain('<meta name="description" content="Официальный дилер в Казань">');
    expect(body).toContain(`<link rel="canonical" href="https://${s.host}/">`);
    expect(body).toContain('<meta property="og:title" content="Мотор Сити в Казань">');
    // In floors' texts too; an unknown placeholder stays as typed.
    expect(body).toContain('О нас в Казань');
    expect(body).toContain('Мы работаем в <strong>Казань</strong>');
    expect(body).toContain('Москва, {CITY_STREET}');
    expect(body).toContain('© Мотор Сити');
  });

  it('puts verification codes and counters in the head, and favicons', async () => {
    const other = await publishedSite(t, {
      clientId: s.clientId,
      site: { favicons: { icon: { file_id: 'a', url: '/files/11111111111111111111111111111111.png', width: 192, height: 192, mime: 'image/png' }, apple: { file_id: 'b', url: '/files/22222222222222222222222222222222.png', width: 180, height: 180, mime: 'image/png' } } },
    });
    await db().insert(seoConfigs).values({ site_id: other.id, client_id: other.clientId, verification_codes: [{ provider: 'yandex', code: 'abc123' }, { provider: 'google', code: 'g-42' }], counters: [{ type: 'yandex_metrika', id: '12345678' }] });
    const page = await visit(t, other.host, '/about');
    expect(page.body).toContain('<meta name="yandex-verification" content="abc123">');
    expect(page.body).toContain('<meta name="google-site-verification" content="g-42">');
    expect(page.body).toContain('<meta name="dp-counters" content="[{&quot;type&quot;:&quot;yandex_metrika&quot;,&quot;id&quot;:&quot;12345678&quot;}]">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://mc.yandex.ru");
    expect(page.body).toContain('<link rel="icon" href="/files/11111111111111111111111111111111.png" type="image/png" sizes="192x192">');
    expect(page.body).toContain('<link rel="apple-touch-icon" href="/files/22222222222222222222222222222222.png" sizes="180x180">');
    const favicon = await visit(t, other.host, '/favicon.ico');
    expect(favicon.statusCode).toBe(302);
    expect(favicon.headers.location).toBe('/files/11111111111111111111111111111111.png');
  });

  it('builds robots.txt and sitemap.xml from the published pages (auto)', async () => {
    const robots = await visit(t, s.host, '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: https://${s.host}/sitemap.xml`);
    const map = await visit(t, s.host, '/sitemap.xml');
    expect(map.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(map.body).toContain(`<loc>https://${s.host}/about</loc>`);
    expect(map.body).toContain(`<loc>https://${s.host}/news/first</loc>`);
    expect(map.body).not.toContain('/hidden</loc>'); // noindex
    expect(map.body).not.toContain('/draft-only');
  });

  it('serves the stored robots.txt and site map in the manual mode', async () => {
    const other = await publishedSite(t, { clientId: s.clientId });
    await db().insert(seoConfigs).values({ site_id: other.id, client_id: other.clientId, robots_mode: 1, robots: 'User-agent: *\nDisallow: /', site_map_mode: 1, site_map: '<?xml version="1.0"?><urlset><url><loc>https://x.ru/</loc></url></urlset>' });
    expect((await visit(t, other.host, '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await visit(t, other.host, '/sitemap.xml')).body).toBe('<?xml version="1.0"?><urlset><url><loc>https://x.ru/</loc></url></urlset>');
  });
});

describe('redirects', () => {
  it('redirect before anything else, with their code, keeping the query string', async () => {
    const moved = await addPage(db(), s, '/moved', { caption: 'Старая страница' }, { parent_id: s.pages.home.id });
    await db().insert(redirects).values([
      { site_id: s.id, client_id: s.clientId, from_uri: '/old', to_uri: '/about', code: 301 },
      { site_id: s.id, client_id: s.clientId, from_uri: '/promo', to_uri: 'https://example.com/promo', code: 302 },
      { site_id: s.id, client_id: s.clientId, from_uri: '/moved', to_uri: '/news', code: 301, from_page_id: moved.id },
      { site_id: s.id, client_id: s.clientId, from_uri: '/акции', to_uri: '/news', code: 301 },
      { site_id: s.id, client_id: s.clientId, from_uri: '/search?q=1', to_uri: '/about', code: 302 },
    ]);
    const cases: [string, number, string][] = [
      ['/old', 301, '/about'],
      ['/old/', 301, '/about'],
      ['/old?utm_source=x', 301, '/about?utm_source=x'],
      ['/promo', 302, 'https://example.com/promo'],
      ['/moved', 301, '/news'], // a page at the address does not win
      [`/${encodeURIComponent('акции')}`, 301, '/news'],
      ['/search?q=1', 302, '/about'],
    ];
    for (const [url, status, location] of cases) {
      const answer = await visit(t, s.host, url);
      expect([url, answer.statusCode, answer.headers.location]).toEqual([url, status, location]);
    }
    expect((await visit(t, s.host, '/search?q=2')).statusCode).toBe(404);
  });
});

describe('basic auth', () => {
  it('asks for the site\'s login and password, and lets the right ones in', async () => {
    const closed = await publishedSite(t, { clientId: s.clientId, site: { basic_auth_login: 'guest', basic_auth_password_hash: await hashPassword('Секрет-1') } });
    const asked = await visit(t, closed.host, '/about');
    expect(asked.statusCode).toBe(401);
    expect(asked.headers['www-authenticate']).toBe(`Basic realm="${closed.host}", charset="UTF-8"`);
    expect(asked.body).not.toContain('О компании');
    const basic = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` });
    expect((await visit(t, closed.host, '/about', { headers: basic('guest', 'wrong') })).statusCode).toBe(401);
    expect((await visit(t, closed.host, '/robots.txt', { headers: basic('other', 'Секрет-1') })).statusCode).toBe(401);
    const open = await visit(t, closed.host, '/about', { headers: basic('guest', 'Секрет-1') });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-cache');
    // Redirects come before the login, as before anything else; they show no content.
    await db().insert(redirects).values({ site_id: closed.id, client_id: closed.clientId, from_uri: '/old-about', to_uri: '/about', code: 301 });
    const redirected = await visit(t, closed.host, '/old-about');
    expect([redirected.statusCode, redirected.headers.location]).toEqual([301, '/about']);
    // Clearing the login opens the site at once.
    await db().update(sites).set({ basic_auth_login: null, basic_auth_password_hash: null }).where(eq(sites.id, closed.id));
    expect((await visit(t, closed.host, '/about')).statusCode).toBe(200);
  });
});

describe('basic auth guessing', () => {
  const basic = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` });
  const from = async (host: string, remoteAddress: string, headers: Record<string, string>, url = '/about') => {
    await siteRendererOf(t.app).cache.sync();
    return t.app.inject({ method: 'GET', url, remoteAddress, headers: { host, ...headers } });
  };
  const closedSite = async () => publishedSite(t, { clientId: s.clientId, site: { basic_auth_login: 'guest', basic_auth_password_hash: await hashPassword('Секрет-1') } });

  it('refuses an address past 10 attempts with 429 and Retry-After before the password is checked, in the visitor\'s language', async () => {
    const closed = await closedSite();
    const address = `10.28.${Math.floor(Math.random() * 250)}.1`;
    // Signed in before the guessing: that visitor stays in.
    const remembered = basic('guest', 'Секрет-1');
    expect((await from(closed.host, '10.28.255.9', remembered)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await from(closed.host, address, basic(`guess-${i}`, 'x'))).statusCode, `attempt ${i + 1}`).toBe(401);
    // The right password (in a header not seen before) is refused too: the limit comes before the check.
    const right = { authorization: basic('guest', 'Секрет-1').authorization.replace('Basic', 'basic') };
    const limited = await from(closed.host, address, right);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(limited.body).toContain('Слишком много попыток входа');
    expect(limited.body).not.toContain('О компании');
    const english = await from(closed.host, address, { ...basic('guest', 'x'), 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(429);
    expect(english.body).toContain('Too many sign-in attempts');
    expect(english.body).toMatch(/Please try to sign in again in \d+ min\./);
    // Another address is not held; a header that passed before still passes, from anywhere.
    expect((await from(closed.host, '10.28.255.10', right)).statusCode).toBe(200);
    expect((await from(closed.host, address, remembered)).statusCode).toBe(200);
  });

  it('counts guesses sent in parallel as well as in a row', async () => {
    const closed = await closedSite();
    const address = `10.29.${Math.floor(Math.random() * 250)}.1`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => from(closed.host, address, basic('guest', 'wrong'))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBe(10);
    expect(codes.filter((code) => code === 429).length).toBe(20);
  });

  it('refuses a site past 50 attempts from any addresses', async () => {
    const closed = await closedSite();
    for (let i = 0; i < 50; i++) expect((await from(closed.host, `10.30.${Math.floor(i / 5)}.${i % 5}`, basic(`guess-${i}`, 'x'))).statusCode, `attempt ${i + 1}`).toBe(401);
    expect((await from(closed.host, '10.30.200.1', basic('guest', 'Секрет-1'))).statusCode).toBe(429);
    // Another site is not held.
    const other = await closedSite();
    expect((await from(other.host, '10.30.200.1', basic('guest', 'Секрет-1'))).statusCode).toBe(200);
  });
});

describe('hostile texts', () => {
  const evil = `<script>alert(1)</script>"'><img src=x onerror=alert(2)>`;

  it('escapes every text editors typed, and drops links and colours that could run', async () => {
    const x = await publishedSite(t, { clientId: s.clientId, site: { name: `Сайт ${evil}` } });
    await db().insert(seoConstants).values({ site_id: x.id, client_id: x.clientId, placeholder: 'EVIL', value: evil });
    await db().update(pageStates).set({ caption: `О нас ${evil}`, seo_properties: { title: `{EVIL} ${evil}`, description: evil, canonical: `javascript:alert(3)`, og_image: 'javascript:alert(4)' } }).where(eq(pageStates.id, x.pages.about.stateId));
    await db()
      .update(floors)
      .set({ values: { title: `{EVIL}`, body: `${evil}\n\n[ссылка](javascript:alert(5)) [ok](/about)` } })
      .where(eq(floors.id, x.floors.text));
    await db()
      .update(floors)
      .set({ values: { show_logo: true, menu_from_pages: true, menu: [{ text: evil, link: 'javascript:alert(6)' }, { text: 'Можно', link: '/ok' }], button: { text: evil, link: '//evil.example' } } })
      .where(eq(floors.id, x.floors.header));
    await db()
      .update(pageStates)
      .set({ collection: { type: 'news', order: 0, title: evil, description: evil, publication_date: 'not a date', image: { url: 'javascript:alert(7)', file_id: 'x', title: evil, alt: evil }, dealer_ids: [], tags: [evil] } })
      .where(eq(pageStates.id, x.pages.first.stateId));
    for (const url of ['/about', '/news', '/news/first', '/no-such']) {
      const body = (await visit(t, x.host, url)).body;
      expect(body, url).not.toMatch(/<script>alert|<img src=x|javascript:|\/\/evil\.example/i);
      expect(body, url).not.toMatch(/"'>/);
    }
    const about = (await visit(t, x.host, '/about')).body;
    expect(about).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(about).toContain('<a href="/about">ok</a>');
    expect(about).toContain('<a href="/ok">Можно</a>');
    // A stage colour that is not a colour never reaches the stylesheet.
    await db().execute(sql`update stage_states set colors = ${JSON.stringify({ title: 'red;}</style><script>alert(8)</script>', background: '#123456' })}::jsonb where id = ${x.stageStateId}`);
    const home = (await visit(t, x.host, '/')).body;
    expect(home).not.toContain('alert(8)');
    expect(home).toContain('background:#123456');
  });

  it('escapes posted form values shown back, and checks them', async () => {
    const form = (fields: Record<string, string>) => visit(t, s.host, '/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const bad = await form({ _form: 'main-1', name: evil, phone: '12345', comment: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    expect(bad.body).not.toMatch(/<script>alert|<img src=x/);
    expect(bad.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=alert(2)&gt;"');
    expect(bad.body).toContain('Введите телефон в формате +7 (XXX) XXX-XX-XX');
    expect(bad.body).toMatch(/id="main-1-consent-error">Это поле обязательно для заполнения/);
    // A correct form goes to the request intake (request.storage), which asks for its captcha first (requests.test.ts).
    const good = await form({ _form: 'main-1', name: 'Анна', phone: '+7 (900) 123-45-67', consent: 'on' });
    expect(good.statusCode).toBe(400);
    expect(good.body).toContain('Для отправки формы включите JavaScript');
    // What a visitor posted is never kept for the next one.
    expect((await visit(t, s.host, '/')).body).not.toMatch(/включите JavaScript|&lt;script&gt;/);
  });
});

describe('languages', () => {
  it('serves extra languages under their prefix, with alternates, when multiple_locales is installed', async () => {
    const x = await publishedSite(t, { clientId: s.clientId, site: { locales: ['en'] } });
    expect((await visit(t, x.host, '/en/about')).statusCode).toBe(404); // no module: no extra language
    const [module] = await db().select().from(modules).where(eq(modules.code, 'multiple_locales'));
    await db().insert(moduleInstallations).values({ site_id: x.id, module_id: module!.id });
    const en = await visit(t, x.host, '/en/about');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en" class="no-js">');
    expect(en.body).toContain('Skip to content');
    expect(en.body).toContain('<a href="/en/about" aria-current="page">');
    expect(en.body).toContain(`<link rel="alternate" hreflang="ru" href="https://${x.host}/about"><link rel="alternate" hreflang="en" href="https://${x.host}/en/about">`);
    expect((await visit(t, x.host, '/en')).statusCode).toBe(200);
    expect((await visit(t, x.host, '/about')).body).toContain('<html lang="ru" class="no-js">');
  });
});

describe('the cache', () => {
  it('shows a publication made through the admin at once', async () => {
    const editor = await t.createUser({ grants: { 'sites.context': ['pages.get_list', 'pages.patch', 'pages.publish'] }, clientIds: [s.clientId] });
    const token = (await t.signIn(editor.email)).access_token;
    expect((await visit(t, s.host, '/about')).body).toContain('<h1>О компании</h1>');
    const draft = await t.request('POST', `${API}/page_states`, { token, body: { data: { attributes: { page_id: s.pages.about.id, caption: 'О компании — обновлено' } } } });
    expect(draft.statusCode, draft.body).toBe(201);
    // A draft changes nothing on the site.
    expect((await visit(t, s.host, '/about')).body).toContain('<h1>О компании</h1>');
    const publish = await t.request('POST', `${API}/page_states/${draft.json().data.id}/publish`, { token });
    expect(publish.statusCode, publish.body).toBe(200);
    // The write answers only once this process heard its change: the next visit shows it, nothing to wait for.
    expect((await visit(t, s.host, '/about', { settle: false })).body).toContain('<h1>О компании — обновлено</h1>');
    const unpublish = await t.request('POST', `${API}/page_states/${draft.json().data.id}/unpublish`, { token });
    expect(unpublish.statusCode).toBe(200);
    expect((await visit(t, s.host, '/about', { settle: false })).statusCode).toBe(404);
  });

  it('keeps what it rendered until a change is notified, whatever code made it', async () => {
    const x = await publishedSite(t, { clientId: s.clientId });
    expect((await visit(t, x.host, '/about')).body).toContain('<h1>О компании</h1>');
    // A change the renderer is not told of (triggers off in this transaction) is not seen: the page comes from the cache.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(pageStates).set({ caption: 'Тихо изменено' }).where(eq(pageStates.id, x.pages.about.stateId));
    });
    expect((await visit(t, x.host, '/about')).body).toContain('<h1>О компании</h1>');
    // Any change of the site's records notifies, at commit: an SEO constant.
    await db().insert(seoConstants).values({ site_id: x.id, client_id: x.clientId, placeholder: 'X', value: 'y' });
    expect((await visit(t, x.host, '/about')).body).toContain('<h1>Тихо изменено</h1>');
    // A floor of the library concerns every site that places it.
    await db().update(floors).set({ values: { title: 'Новый заголовок', body: 'Текст' } }).where(eq(floors.id, x.floors.text));
    expect((await visit(t, x.host, '/about')).body).toContain('Новый заголовок');
    // A rolled-back change notifies nothing and changes nothing.
    await db()
      .transaction(async (tx) => {
        await tx.update(pages).set({ uri: '/about-2' }).where(eq(pages.id, x.pages.about.id));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await visit(t, x.host, '/about')).statusCode).toBe(200);
    // The page's address changes: the old one is gone at once.
    await db().update(pages).set({ uri: '/company' }).where(eq(pages.id, x.pages.about.id));
    expect((await visit(t, x.host, '/about')).statusCode).toBe(404);
    expect((await visit(t, x.host, '/company')).statusCode).toBe(200);
  });

  it('a change of a site\'s hosts reaches the host routing at once', async () => {
    const x = await publishedSite(t, { clientId: s.clientId });
    const renamed = `${unique()}.localhost`;
    expect((await visit(t, x.technicalHost, '/')).statusCode).toBe(200);
    expect((await visit(t, renamed, '/')).statusCode).toBe(404);
    await db().update(virtualMachines).set({ technical_host: renamed }).where(and(eq(virtualMachines.site_id, x.id), eq(virtualMachines.status, 'CREATED')));
    expect((await visit(t, renamed, '/')).statusCode).toBe(200);
    expect((await visit(t, x.technicalHost, '/')).statusCode).toBe(404);
  });

  it('answers 304 to a browser that has the page, and a new page after a change', async () => {
    const first = await visit(t, s.host, '/news');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    const notModified = await visit(t, s.host, '/news', { headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    // The page's own CSP, which the browser keeps with the page it has (not the admin's, which refuses its stylesheet).
    expect(notModified.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    await db().update(pageStates).set({ caption: 'Все новости' }).where(eq(pageStates.id, s.pages.news.stateId));
    const changed = await visit(t, s.host, '/news', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<h1>Все новости</h1>');
  });
});

describe('https', () => {
  let proxied: TestApp;
  let site: TestSite;
  beforeAll(async () => {
    proxied = await buildTestApp({ trustProxy: true });
    site = await publishedSite(proxied);
  });
  afterAll(() => proxied?.close());

  it('sends http to https on the site\'s host unless the site uses http', async () => {
    const viaHttp = { 'x-forwarded-proto': 'http' };
    const redirected = await visit(proxied, site.host, '/about?a=1', { headers: viaHttp });
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers.location).toBe(`https://${site.host}/about?a=1`);
    expect((await visit(proxied, site.host, '/about', { headers: { 'x-forwarded-proto': 'https' } })).statusCode).toBe(200);
    // The technical host is served as it is reached.
    expect((await visit(proxied, site.technicalHost, '/about', { headers: viaHttp })).statusCode).toBe(200);
    await proxied.database.db.update(sites).set({ use_http: true }).where(eq(sites.id, site.id));
    const plain = await visit(proxied, site.host, '/about', { headers: viaHttp });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain(`<link rel="canonical" href="http://${site.host}/about">`);
  });
});
