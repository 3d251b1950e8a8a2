import { createHash } from 'node:crypto';
import type { Lang } from '@dp/contracts';
import { html, join, raw, safeSrc, type Html } from './html.ts';
import { collectionHeader } from './render-collections.ts';
import { absolute, ancestorsOf, homeOf, localHref, tx, type RenderContext } from './render-context.ts';
import { fallbackHeader, renderFloors } from './render-floors.ts';
import { VIDEO_FRAME_HOSTS } from './render-media.ts';
import { renderStages } from './render-stage.ts';
import { renderStockList } from './render-stock.ts';
import { renderShowroom, renderShowroomModels } from './render-showroom.ts';
import { renderVisitorCars } from './render-visitor.ts';
import { listsOf, stockMeta, stockToolsOf } from './stock-tools.ts';
import { carNameOf, renderCar } from './render-car.ts';
import { renderAccessory, renderShop, shopCaption } from './render-accessories.ts';
import { SHOP_URI } from './site-accessories.ts';

import { siteScriptPath } from './site-script.ts';
import { errorReporterPath } from '../error-collection-system/reporter-script.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { paletteOf, siteSheet } from './site-styles.ts';
import { formatMoney, say } from './texts.ts';

/**
 * Whole documents of public sites: the head (title, description, canonical address, Open Graph,
 * robots, verification codes, favicons, languages, the stylesheet), the layout's header and footer
 * floors around the page (landmarks: banner, navigation, main, contentinfo; a skip link; one h1),
 * and the Content-Security-Policy that goes with it (the inline stylesheet by its hash, the site
 * script, the counters' and video players' hosts).
 */
export interface RenderedDocument {
  html: string;
  csp: string;
}

/** Hosts each counter provider needs (scripts and beacons). */
const COUNTER_HOSTS: Record<string, { script: string[]; connect: string[]; frame?: string[] }> = {
  yandex_metrika: { script: ['https://mc.yandex.ru'], connect: ['https://mc.yandex.ru', 'https://mc.yandex.com'], frame: ['https://mc.yandex.ru'] },
  google_analytics: { script: ['https://www.googletagmanager.com'], connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'] },
  google_tag_manager: { script: ['https://www.googletagmanager.com'], connect: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'] },
  vk_pixel: { script: ['https://vk.com'], connect: ['https://vk.com'] },
  top_mail_ru: { script: ['https://top-fwz1.mail.ru'], connect: ['https://top-fwz1.mail.ru'] },
};

const VERIFICATION_META: Record<string, string> = { yandex: 'yandex-verification', google: 'google-site-verification', bing: 'msvalidate.01', mail_ru: 'pmail-verification' };

/** The counters a page starts (none in a preview): provider and id, both checked. */
function countersOf(snap: SiteSnapshot, preview: boolean) {
  if (preview) return [];
  return (snap.seo?.counters ?? []).filter((counter) => counter.type in COUNTER_HOSTS && /^[A-Za-z0-9-]{1,64}$/.test(counter.id));
}

/** An address's origin; null for one that is not http(s) (a misconfigured script address is left out). */
function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The hashes of the pages' own rules drawn lately: a site's pages of a kind share theirs. */
const sheetHashes = new Map<string, string>();
const SHEET_HASHES = 64;

function sheetHash(css: string): string {
  let hash = sheetHashes.get(css);
  if (hash === undefined) {
    if (sheetHashes.size >= SHEET_HASHES) sheetHashes.delete(sheetHashes.keys().next().value!);
    sheetHashes.set(css, (hash = createHash('sha256').update(css).digest('base64')));
  }
  return hash;
}

/** The page's policy; `css`: the page's own rules, allowed by their hash ('' for none). */
function contentSecurityPolicy(css: string, counters: { type: string }[], widgetOrigins: string[]): string {
  // The widgets (the smart captcha, the smart contract, the call tracking service): their scripts, frames and calls come from their origins.
  const hosts = (kind: 'script' | 'connect' | 'frame') => [...new Set([...counters.flatMap((counter) => COUNTER_HOSTS[counter.type]![kind] ?? []), ...widgetOrigins])];
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    ['script-src', "'self'", ...hosts('script')].join(' '),
    "script-src-attr 'none'",
    css ? `style-src 'self' 'sha256-${sheetHash(css)}'` : "style-src 'self'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    ['frame-src', ...VIDEO_FRAME_HOSTS, ...hosts('frame')].join(' '),
    ['connect-src', "'self'", ...hosts('connect')].join(' '),
  ].join('; ');
}


/** JSON safe inside a script element: `<`, `>`, `&` and the line separators escaped, so no text ends the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface Head {
  title: string;
  description: string | null;
  keywords: string | null;
  canonical: string | null;
  noindex: boolean;
  og: { title: string; description: string | null; image: string | null; type: 'website' | 'article' } | null;
}

function favicons(snap: SiteSnapshot): Html {
  const { icon, apple } = snap.site.favicons ?? { icon: null, apple: null };
  const iconUrl = safeSrc(icon?.url);
  const appleUrl = safeSrc(apple?.url);
  return html`${iconUrl ? html`<link rel="icon" href="${iconUrl}" type="${icon!.mime}" sizes="${icon!.width}x${icon!.height}">` : null}${appleUrl ? html`<link rel="apple-touch-icon" href="${appleUrl}" sizes="${apple!.width}x${apple!.height}">` : null}`;
}

function alternates(ctx: RenderContext): Html | null {
  const [main, ...extra] = ctx.snap.languages;
  // The 404 page (no page of its own) has no alternates.
  if (!extra.length || ctx.page.id === 0) return null;
  const uri = ctx.page.uri;
  return join(ctx.snap.languages.map((lang) => html`<link rel="alternate" hreflang="${lang}" href="${absolute(ctx.base, lang === main ? uri : uri === '/' ? `/${lang}` : `/${lang}${uri}`)}">`));
}

/** The document around `main`, with the layout's header and footer. */
function documentOf(ctx: RenderContext, head: Head, main: Html): RenderedDocument {
  const snap = ctx.snap;
  const counters = countersOf(snap, ctx.preview);
  const header = ctx.layout?.header_floors?.length ? renderFloors(ctx, ctx.layout.header_floors, 'header') : fallbackHeader(ctx);
  const footer = ctx.layout?.footer_floors?.length ? renderFloors(ctx, ctx.layout.footer_floors, 'footer') : null;
  const sheet = siteSheet(snap.site.context?.color_scheme);
  // The page's own rules (stage and label colours): floors, stages and cards add them while drawn, so they are joined last.
  const css = ctx.css.join('');
  const verification = ctx.preview ? [] : (snap.seo?.verification_codes ?? []).filter((entry) => VERIFICATION_META[entry.provider] && /^[^\s"'<>]{1,200}$/.test(entry.code));
  const og = head.og;
  // The smart captcha's script only on pages that draw its widget (a form of a site that uses it).
  const captcha = snap.smartCaptcha && !ctx.preview && [header, footer, main].some((part) => part?.value.includes('class="field smart-captcha"')) ? snap.smartCaptcha : null;
  // The smart contract widget on car pages and lists (unless switched off there) and where it took a form.
  const smart = snap.smartContracts && !ctx.preview && ((ctx.car && snap.smartContracts.onDetail) || (ctx.stock && snap.smartContracts.onList) || [header, footer, main].some((part) => part?.value.includes('data-smart-contract='))) ? snap.smartContracts : null;
  const smartOrigin = smart ? originOf(smart.scriptUrl) : null;
  const call = snap.callWidget && !ctx.preview ? snap.callWidget : null;
  const callOrigin = call ? originOf(call.scriptUrl) : null;
  const widgetOrigins = [captcha ? originOf(captcha.scriptUrl) : null, smartOrigin, callOrigin].filter((origin): origin is string => !!origin);
  const page = html`<!doctype html>
<html lang="${ctx.lang}" class="no-js">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
${head.description ? html`<meta name="description" content="${head.description}">` : null}
${head.keywords ? html`<meta name="keywords" content="${head.keywords}">` : null}
${head.noindex || ctx.preview ? html`<meta name="robots" content="noindex, nofollow">` : null}
${head.canonical ? html`<link rel="canonical" href="${head.canonical}">` : null}
${og ? html`<meta property="og:type" content="${og.type}"><meta property="og:title" content="${og.title}">${og.description ? html`<meta property="og:description" content="${og.description}">` : null}${head.canonical ? html`<meta property="og:url" content="${head.canonical}">` : null}${og.image ? html`<meta property="og:image" content="${og.image}">` : null}<meta property="og:site_name" content="${snap.site.name}"><meta property="og:locale" content="${ctx.lang === 'ru' ? 'ru_RU' : 'en_US'}"><meta name="twitter:card" content="${og.image ? 'summary_large_image' : 'summary'}">` : null}
${verification.map((entry) => html`<meta name="${VERIFICATION_META[entry.provider]!}" content="${entry.code}">`)}
${favicons(snap)}
${alternates(ctx)}
<meta name="theme-color" content="${paletteOf(snap.site.context?.color_scheme).primary}">
${snap.calltracking && !ctx.preview ? html`<meta name="dp-calltracking" content="${JSON.stringify(snap.calltracking)}">` : null}
${snap.stock && !ctx.preview ? stockMeta(ctx, stockToolsOf(ctx, listsOf(snap))) : null}
${counters.length ? html`<meta name="dp-counters" content="${JSON.stringify(counters.map((counter) => ({ type: counter.type, id: counter.id })))}">` : null}
<link rel="stylesheet" href="${sheet.path}">
${css ? html`<style>${raw(css)}</style>` : null}
<script src="${errorReporterPath}" data-sample="${snap.errorSamplePercent ?? 100}" async></script>
<script src="${siteScriptPath}" defer></script>
${captcha ? html`<script src="${captcha.scriptUrl}" defer></script>` : null}
${smart && smartOrigin ? html`<script id="dp-smart-contracts" type="application/json">${raw(scriptJson(smart.config))}</script><script src="${smart.scriptUrl}" data-config="dp-smart-contracts" defer></script>` : null}
${call && callOrigin ? html`<script src="${call.scriptUrl}" data-calltracking="${call.provider}" data-phones="${call.phones.join(',')}" async></script>` : null}
</head>
<body data-page="${ctx.page.id}">
<a class="skip-link" href="#content">${say(ctx.lang, 'skip_to_content')}</a>
${ctx.preview ? html`<div class="preview-banner" role="status">${say(ctx.lang, 'preview')}</div>` : null}
<header class="site-header">${header}</header>
<main id="content" tabindex="-1">${main}</main>
${footer ? html`<footer class="site-footer">${footer}</footer>` : null}
</body>
</html>
`;
  return { html: page.value, csp: contentSecurityPolicy(css, counters, widgetOrigins) };
}

function breadcrumbs(ctx: RenderContext): Html | null {
  if (!ctx.state.active_bread_crumbs || ctx.page.uri === '/') return null;
  const chain = ancestorsOf(ctx.snap, ctx.page);
  const home = homeOf(ctx.snap);
  if (home && !chain.some((page) => page.id === home.id)) chain.unshift(home);
  const crumb = (page: { uri: string; state: { caption: string } }) => html`<li><a href="${localHref(ctx, page.uri)}">${page.uri === '/' ? say(ctx.lang, 'home') : (tx(ctx, page.state.caption) ?? page.uri)}</a></li>`;
  return html`<nav class="breadcrumbs container" aria-label="${say(ctx.lang, 'breadcrumbs')}"><ol>${chain.map(crumb)}<li><span aria-current="page">${tx(ctx, ctx.state.caption) ?? ctx.page.uri}</span></li></ol></nav>`;
}

/** A page's title (its document's `<title>`): the SEO title, the collection's, or the caption and the site's name. */
export function pageTitleOf(ctx: RenderContext): string {
  const state = ctx.state;
  const caption = tx(ctx, state.caption) ?? ctx.page.uri;
  const siteName = ctx.snap.site.name;
  const isHome = ctx.page.uri === '/';
  return tx(ctx, state.seo_properties?.title) ?? (state.collection ? tx(ctx, state.collection.title) : null) ?? (isHome ? siteName : `${caption} — ${siteName}`);
}

/**
 * The canonical address of a stock list: the list itself (the kind when it is not the page's first,
 * the page number), never its filters or the visitor's order; a filtered list is also `noindex`.
 */
function stockCanonical(ctx: RenderContext): string {
  const { query, lists } = ctx.stock!;
  const search = new URLSearchParams();
  if (query.list !== lists[0]) search.append('type', query.list.kind);
  if (!query.filtered && query.page > 1) search.append('page', String(query.page));
  const text = search.toString();
  return `${localHref(ctx, ctx.page.uri)}${text ? `?${text}` : ''}`;
}

/** A page of the site: the main page with its stages, a collection page, or any other page. */
export function renderSitePage(ctx: RenderContext): RenderedDocument {
  const state = ctx.state;
  const seo = state.seo_properties ?? {};
  const collection = state.collection;
  const caption = tx(ctx, state.caption) ?? ctx.page.uri;
  const isHome = ctx.page.uri === '/';
  const title = pageTitleOf(ctx);
  const description = tx(ctx, seo.description) ?? (collection ? tx(ctx, collection.description) : null);
  const canonicalValue = tx(ctx, seo.canonical);
  const canonicalOwn = canonicalValue && (/^https?:\/\/[^\s"'<>]+$/i.test(canonicalValue) || /^\/[^\s"'<>]*$/.test(canonicalValue)) ? absolute(ctx.base, canonicalValue) : absolute(ctx.base, localHref(ctx, ctx.page.uri));
  const canonical = ctx.stock ? absolute(ctx.base, stockCanonical(ctx)) : canonicalOwn;
  const ogImage = safeSrc(tx(ctx, seo.og_image)) ?? safeSrc(collection?.image?.url);
  const head: Head = {
    title,
    description,
    keywords: tx(ctx, seo.keywords),
    canonical,
    noindex: seo.noindex === true || ctx.stock?.query.filtered === true,
    og: { title: tx(ctx, seo.og_title) ?? title, description: tx(ctx, seo.og_description) ?? description, image: ogImage ? absolute(ctx.base, ogImage) : null, type: collection ? 'article' : 'website' },
  };
  const floors = renderFloors(ctx, state.floors, 'main');
  let main: Html;
  if (isHome) main = html`<h1 class="visually-hidden">${title}</h1>${renderStages(ctx)}${floors}`;
  else if (collection) main = html`${breadcrumbs(ctx)}<div class="container page-title">${collectionHeader(ctx, collection)}</div>${floors}`;
  else if (ctx.stock) main = html`${breadcrumbs(ctx)}<div class="container page-title"><h1>${caption}</h1></div>${renderStockList(ctx, ctx.stock)}${floors}`;
  else if (ctx.visitor) main = html`${breadcrumbs(ctx)}<div class="container page-title"><h1>${caption}</h1></div>${renderVisitorCars(ctx, ctx.visitor)}`;
  else if (ctx.showroom || ctx.models)
    main = html`${breadcrumbs(ctx)}<div class="container page-title"><h1>${caption}</h1></div>${ctx.showroom ? renderShowroom(ctx, ctx.showroom) : null}${ctx.models ? renderShowroomModels(ctx, ctx.models) : null}${floors}`;
  else main = html`${breadcrumbs(ctx)}<div class="container page-title"><h1>${caption}</h1></div>${floors}`;
  return documentOf(ctx, head, main);
}

/** A car's page below its list's page: canonical at its own address, `noindex` once sold. */
export function renderCarPage(ctx: RenderContext): RenderedDocument {
  const view = ctx.car!;
  const name = carNameOf(view.car);
  const price = view.car.final_price ?? view.car.price;
  const title = `${name}${price !== null ? ` — ${formatMoney(price)}` : ''} — ${ctx.snap.site.name}`;
  const description = [name, view.car.engine, view.car.transmission, price !== null ? formatMoney(price) : null].filter(Boolean).join(', ');
  const canonical = absolute(ctx.base, localHref(ctx, view.uri));
  const image = view.car.images[0] ? absolute(ctx.base, view.car.images[0]) : null;
  const head: Head = { title, description, keywords: null, canonical, noindex: view.car.sold, og: { title, description, image, type: 'website' } };
  return documentOf(ctx, head, html`${breadcrumbs(ctx)}${renderCar(ctx, view)}`);
}

/**
 * The accessories catalogue: its canonical address is the catalogue (or its category) without the
 * filters and order, and a filtered catalogue is `noindex`; a site page at its address lends it
 * its SEO texts and floors.
 */
export function renderShopPage(ctx: RenderContext): RenderedDocument {
  const view = ctx.shop!;
  const seo = ctx.snap.pagesByUri.get(SHOP_URI)?.state.seo_properties ?? {};
  const caption = shopCaption(ctx);
  const category = view.query.category !== null ? view.config.categories.find((one) => one.id === view.query.category) : undefined;
  const title = category ? `${category.name} — ${caption} — ${ctx.snap.site.name}` : (tx(ctx, seo.title) ?? `${caption} — ${ctx.snap.site.name}`);
  const search = new URLSearchParams();
  if (category) search.append('category', String(category.id));
  if (!view.query.filtered && view.list.page > 1) search.append('page', String(view.list.page));
  const canonical = absolute(ctx.base, `${localHref(ctx, SHOP_URI)}${search.size ? `?${search}` : ''}`);
  const description = tx(ctx, seo.description);
  const head: Head = { title, description, keywords: tx(ctx, seo.keywords), canonical, noindex: seo.noindex === true || view.query.filtered, og: { title, description, image: null, type: 'website' } };
  return documentOf(ctx, head, renderShop(ctx, view));
}

/** An accessory's page: canonical at its own address, its main image for Open Graph. */
export function renderAccessoryPage(ctx: RenderContext): RenderedDocument {
  const view = ctx.accessory!;
  const { item } = view;
  const title = `${item.name} — ${formatMoney(item.final_price)} — ${ctx.snap.site.name}`;
  const description = [item.name, `${say(ctx.lang, 'shop_article')} ${item.article_code}`, formatMoney(item.final_price)].join(', ');
  const canonical = absolute(ctx.base, localHref(ctx, view.uri));
  const image = item.images[0] ? absolute(ctx.base, item.images[0]) : null;
  return documentOf(ctx, { title, description, keywords: null, canonical, noindex: false, og: { title, description, image, type: 'website' } }, renderAccessory(ctx, view));
}

/** "Page not found" inside the site's default layout, so the visitor can go on from its menu. */
export function renderNotFound(ctx: RenderContext): RenderedDocument {
  const title = say(ctx.lang, 'not_found_title');
  const main = html`<div class="notice-page"><h1>${title}</h1><p>${say(ctx.lang, 'not_found_text')}</p><p><a class="btn btn--primary" href="${localHref(ctx, '/')}">${say(ctx.lang, 'to_home')}</a></p></div>`;
  return documentOf(ctx, { title: `${title} — ${ctx.snap.site.name}`, description: null, keywords: null, canonical: null, noindex: true, og: null }, main);
}

const NEUTRAL_CSS = 'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1f2b;background:#f3f5f8}main{max-width:560px;margin:12vh auto;padding:32px;background:#fff;border-radius:12px;text-align:center}h1{font-size:1.6rem;margin:0 0 .5em}p{margin:0;color:#4b5563}';
const NEUTRAL_CSP = `default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; style-src 'sha256-${createHash('sha256').update(NEUTRAL_CSS).digest('base64')}'`;

/**
 * A page that shows nothing of any site nor of the admin: an unknown host, a site that is not
 * published, an expired preview link, the basic-auth prompt, an error.
 */
export function renderNeutralPage(lang: Lang, title: string, text: string): RenderedDocument {
  const page = html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${raw(NEUTRAL_CSS)}</style></head>
<body><main><h1>${title}</h1><p>${text}</p></main></body>
</html>
`;
  return { html: page.value, csp: NEUTRAL_CSP };
}
