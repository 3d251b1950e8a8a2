import { escapeXml } from './html.ts';
import type { SiteSnapshot } from './site-snapshot.ts';

/**
 * robots.txt and sitemap.xml of a site by its SEO settings (spec 000 §9: 1 manual, 2 auto): manual
 * serves the contents typed in the admin; auto builds them from the published pages. A site
 * without SEO settings is automatic.
 */
const MANUAL = 1;

export function robotsTxt(snap: SiteSnapshot, base: string): string {
  const seo = snap.seo;
  if (seo?.robots_mode === MANUAL && seo.robots != null) return seo.robots.endsWith('\n') ? seo.robots : `${seo.robots}\n`;
  return ['User-agent: *', 'Disallow: /_preview/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/** Pages of the automatic site map: published, not noindex; each language's address with its alternates. */
export function sitemapXml(snap: SiteSnapshot, base: string, extra: { uri: string; lastmod: string | null }[] = []): string {
  const seo = snap.seo;
  if (seo?.site_map_mode === MANUAL && seo.site_map != null) return seo.site_map;
  const [main, ...others] = snap.languages;
  const pages = [...snap.pagesById.values()].filter((page) => page.state.seo_properties?.noindex !== true).sort((a, b) => a.uri.localeCompare(b.uri));
  const address = (lang: string, uri: string) => `${base}${lang === main ? uri : uri === '/' ? `/${lang}` : `/${lang}${uri}`}`;
  const urls = pages.flatMap((page) =>
    snap.languages.map((lang) => {
      const lastmod = page.state.published_at ? `<lastmod>${new Date(page.state.published_at).toISOString()}</lastmod>` : '';
      const links = others.length ? snap.languages.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(address(other, page.uri))}"/>`).join('') : '';
      return `<url><loc>${escapeXml(address(lang, page.uri))}</loc>${lastmod}${links}</url>`;
    }),
  );
  // Addresses beside the pages (the stock's cars), in the site's main language.
  for (const one of extra) urls.push(`<url><loc>${escapeXml(address(main!, one.uri))}</loc>${one.lastmod ? `<lastmod>${one.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${others.length ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}>\n${urls.join('\n')}\n</urlset>\n`;
}
