import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { visit } from './site-renderer.fixtures.ts';

/**
 * The demo's sites on their technical hosts (README: how to open them): a main page with a stage,
 * news, special offers and contacts; every link between their pages leads somewhere (a page or a
 * redirect), and every picture they show is stored.
 */
let t: TestApp;
let hosts: string[];

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  hosts = (await t.database.db.select({ host: sites.technical_host }).from(sites).where(and(eq(sites.status, 1), eq(sites.type, 3), isNotNull(sites.technical_host)))).map((row) => row.host!);
});
afterAll(() => t?.close());

describe('the demo sites', () => {
  it('are served at their technical hosts with a stage, news, special offers and contacts', async () => {
    expect(hosts).toContain('kia-avtograd.localhost');
    for (const host of hosts) {
      const home = (await visit(t, host, '/')).body;
      expect(home, host).toContain('<section class="stage"');
      expect(home).toMatch(/<source srcset="\/files\/[a-f0-9]{32}\.webp" type="image\/webp">/);
      expect(home).toContain('<link rel="icon"');
      for (const url of ['/news', '/specials', '/contacts', '/news/salon-opening', '/specials/winter-tyres']) expect((await visit(t, host, url)).statusCode, `${host}${url}`).toBe(200);
      // SEO constants filled in: no placeholder is left on the page.
      expect(home).not.toMatch(/\{[A-Z_]+\}/);
    }
  });

  it('link only to pages that exist, and show only stored pictures', async () => {
    const host = 'kia-avtograd.localhost';
    const seen = new Set<string>();
    const queue = ['/'];
    const files = new Set<string>();
    while (queue.length && seen.size < 60) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const page = await visit(t, host, url);
      expect([url, page.statusCode]).toEqual([url, page.statusCode === 301 ? 301 : 200]);
      if (page.statusCode === 301) {
        queue.push(String(page.headers.location));
        continue;
      }
      for (const [, href] of page.body.matchAll(/href="(\/[^"#]*)"/g)) {
        if (href!.startsWith('/files/')) files.add(href!);
        else if (!href!.startsWith('/_site/') && !href!.startsWith('/en')) queue.push(href!.replace(/&amp;/g, '&'));
      }
      for (const [, src] of page.body.matchAll(/(?:src|srcset)="(\/files\/[^"]+)"/g)) files.add(src!);
    }
    expect(seen.size).toBeGreaterThan(10);
    for (const file of files) expect((await t.app.inject({ method: 'GET', url: file, headers: { host } })).statusCode, file).toBe(200);
  });

  it('show their model range: each model page with its complectations from the stock and its cars', async () => {
    for (const host of hosts) {
      const catalogue = await visit(t, host, '/models');
      if (catalogue.statusCode === 404) continue;
      expect(catalogue.statusCode, host).toBe(200);
      const models = [...catalogue.body.matchAll(/<a class="car-card__link" href="(\/models\/[a-z0-9-]+)">/g)].map((match) => match[1]!);
      expect(models.length, host).toBeGreaterThan(0);
      const page = await visit(t, host, models[0]!);
      expect(page.statusCode, `${host}${models[0]}`).toBe(200);
      expect(page.body).toMatch(/class="showroom-trim__price">от [\d\s\u00a0\u202f]+ ₽</);
      expect(page.body).toContain('class="car-card');
    }
    expect((await visit(t, 'kia-avtograd.localhost', '/models')).statusCode).toBe(200);
  });
});
