import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { redirects, sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { siteRendererOf } from './serve-site.ts';
import { publishedSite, type TestSite } from './site-renderer.fixtures.ts';

/**
 * Every redirect of the public sites stays on the site: through the real server (raw request
 * lines, as a browser or an attacker sends them, which an injected request would parse away),
 * paths that browsers read as another host (`//x`, `/\x`, their encodings, a tab) are a 404 and
 * never a Location; the trailing slash, the SEO redirects (sold cars' among them), https and the
 * favicon still redirect where they should.
 */
let t: TestApp;
let site: TestSite;
let base: { host: string; port: number };

beforeAll(async () => {
  // Behind a proxy, so that https redirects can be asked for with X-Forwarded-Proto.
  t = await buildTestApp({ trustProxy: true });
  site = await publishedSite(t, { site: { use_http: true } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
});
afterAll(() => t?.close());

/** A GET with the path exactly as given on the request line, to a site by its host. */
async function get(host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; location: string | undefined; body: string }> {
  await siteRendererOf(t.app).cache.sync();
  return new Promise((resolve, reject) => {
    const request = http.request({ ...base, method: 'GET', path, headers: { host, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const OFF_SITE = ['//evil.example/', '///evil.example/x/', '/%2F%2Fevil.example/', '/%5C%5Cevil.example/', '/%09/evil.example/', '/%2f%5cevil.example/', '/%0A/evil.example/', '/\\evil.example/', '//evil.example'];

describe('redirects of the public sites', () => {
  it('answers a path that browsers would read as another host with the 404 page, never a redirect', async () => {
    for (const path of OFF_SITE) {
      const answer = await get(site.host, path);
      expect([path, answer.status, answer.location]).toEqual([path, 404, undefined]);
      expect(answer.body).toContain('Страница не найдена');
    }
  });

  it('does the same behind https and on a site closed by basic auth', async () => {
    const closed = await publishedSite(t, { clientId: site.clientId, site: { use_http: false, basic_auth_login: 'guest' } });
    for (const path of OFF_SITE) {
      const answer = await get(closed.host, path, { 'x-forwarded-proto': 'http' });
      expect([path, answer.status, answer.location]).toEqual([path, 401, undefined]);
    }
    // The https redirect of a site's own path keeps it as it came.
    const https = await get(closed.host, '/about/?x=1', { 'x-forwarded-proto': 'http' });
    expect([https.status, https.location]).toEqual([301, `https://${closed.host}/about/?x=1`]);
  });

  it('still sends the trailing-slash address to the page, encoded, with its query', async () => {
    const about = await get(site.host, '/about/?x=1');
    expect([about.status, about.location]).toEqual([301, '/about?x=1']);
    const many = await get(site.host, '/about///');
    expect([many.status, many.location]).toEqual([301, '/about']);
    const cyrillic = await get(site.host, `/${encodeURIComponent('новости')}/`);
    expect([cyrillic.status, cyrillic.location]).toEqual([301, `/${encodeURIComponent('новости')}`]);
    // Doubled slashes after the first segment stay on the site.
    const inner = await get(site.host, '/a%2F%2Fb/');
    expect([inner.status, inner.location]).toEqual([301, '/a//b']);
  });

  it("follows SEO redirects (a sold car's too) to the site's paths and http(s) addresses, and not a stored target that leaves the site", async () => {
    await t.database.db.insert(redirects).values([
      { site_id: site.id, client_id: site.clientId, from_uri: '/cars/sold-1', to_uri: '/cars', code: 301, created_type: 'auto' },
      { site_id: site.id, client_id: site.clientId, from_uri: '/moved-away', to_uri: 'https://new-dealer.example/cars', code: 302 },
      { site_id: site.id, client_id: site.clientId, from_uri: '/kirill', to_uri: '/новости', code: 301 },
      // Stored before the rule (the contract refuses these now): never sent.
      { site_id: site.id, client_id: site.clientId, from_uri: '/legacy-1', to_uri: '//evil.example/x', code: 301 },
      { site_id: site.id, client_id: site.clientId, from_uri: '/legacy-2', to_uri: '/%5Cevil.example', code: 301 },
      { site_id: site.id, client_id: site.clientId, from_uri: '/legacy-3', to_uri: 'javascript:alert(1)', code: 301 },
    ]);
    const cases: [string, number, string | undefined][] = [
      ['/cars/sold-1?utm=x', 301, '/cars?utm=x'],
      ['/moved-away', 302, 'https://new-dealer.example/cars'],
      ['/kirill', 301, `/${encodeURIComponent('новости')}`],
      ['/legacy-1', 404, undefined],
      ['/legacy-2', 404, undefined],
      ['/legacy-3', 404, undefined],
    ];
    for (const [path, status, location] of cases) {
      const answer = await get(site.host, path);
      expect([path, answer.status, answer.location]).toEqual([path, status, location]);
    }
  });

  it('sends the favicon only to a stored file of the site or an http(s) address', async () => {
    const icon = (url: string) => ({ icon: { file_id: 'a', url, width: 192, height: 192, mime: 'image/png' }, apple: null });
    await t.database.db.update(sites).set({ favicons: icon('/files/11111111111111111111111111111111.png') }).where(eq(sites.id, site.id));
    const stored = await get(site.host, '/favicon.ico');
    expect([stored.status, stored.location]).toEqual([302, '/files/11111111111111111111111111111111.png']);
    await t.database.db.update(sites).set({ favicons: icon('//evil.example/x.png') }).where(eq(sites.id, site.id));
    const off = await get(site.host, '/favicon.ico');
    expect([off.status, off.location]).toEqual([404, undefined]);
  });
});
