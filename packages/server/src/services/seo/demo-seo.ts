import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { sites } from '../sites.context/site.table.ts';
import { redirects, seoConfigs, seoConstants } from './seo.table.ts';

const CITIES: Record<string, string> = { 'kia-avtograd.ru': 'Москва', 'hyundai-avtograd.ru': 'Москва', 'toyota-motorcity.ru': 'Казань', 'skoda-ladoga.ru': 'Санкт-Петербург' };

/**
 * Demo SEO of the demo client sites that have a host: a few redirects of an old site's addresses
 * (one imported, one temporary), SEO settings (automatic site map, a typed robots.txt, a Yandex
 * verification code and a Metrika counter) and the constants their SEO texts use.
 */
export async function seedDemoSeo(db: DbOrTx) {
  const list = await db.select().from(sites).where(and(eq(sites.type, 3), isNotNull(sites.host)));
  for (const [index, site] of list.entries()) {
    const owner = { site_id: site.id, client_id: site.client_id };
    await db.insert(redirects).values([
      { ...owner, from_uri: '/auto-v-nalichii', to_uri: '/cars', code: 301, created_type: 'manual' },
      { ...owner, from_uri: '/akcii', to_uri: '/specials', code: 301, created_type: 'import' },
      { ...owner, from_uri: '/novosti', to_uri: '/news', code: 301, created_type: 'import' },
      { ...owner, from_uri: '/service-zapis', to_uri: '/service', code: 302, created_type: 'manual' },
    ]);
    await db.insert(seoConfigs).values({
      ...owner,
      site_map_mode: 2,
      robots_mode: 1,
      robots: `User-agent: *\nDisallow: /search\nDisallow: /*?utm_\n\nSitemap: https://${site.host}/sitemap.xml`,
      verification_codes: [{ provider: 'yandex', code: `7f3c9a1b2e4d5${index}a0` }],
      counters: [{ type: 'yandex_metrika', id: String(90_000_000 + site.id) }],
    });
    await db.insert(seoConstants).values([
      { ...owner, placeholder: 'CITY', value: CITIES[site.host!] ?? 'Москва' },
      { ...owner, placeholder: 'DEALER_NAME', value: site.name },
      { ...owner, placeholder: 'PHONE', value: '+7 (800) 555-35-35' },
    ]);
  }
}
