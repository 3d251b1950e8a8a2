import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSitePath, normalizeRedirectUri, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { Database, Db } from '../../kit/db.ts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { sites } from '../sites.context/site.table.ts';
import { loadSecret, sha256 } from '../../kit/secrets.ts';
import { siteIdForHost } from '../sites.controller/registered-hosts.ts';
import { AppError } from '../../kit/errors.ts';
import { checkSiteBasicAuth, countSiteAuthAttempt } from '../sites.context/site-basic-auth.ts';
import { adminHostMatcher, normalizeHost } from './admin-hosts.ts';
import { renderPreview } from './render-preview.ts';
import { contextFor, syntheticPage } from './page-context.ts';
import { readPreviewToken } from './preview-token.ts';
import { pageTitleOf, renderAccessoryPage, renderCarPage, renderNeutralPage, renderNotFound, renderShopPage, renderSitePage, type RenderedDocument } from './render-page.ts';
import { accessoryOrderSpec } from './render-accessories.ts';
import { accessoryIdOf, accessoryTitleOf, loadAccessory, parseShopQuery, queryShop, shopAddresses, SHOP_URI } from './site-accessories.ts';
import { CAR_TEST_DRIVE_FORM, carNameOf, carRequestSpec, carTestDriveSpec } from './render-car.ts';
import { robotsTxt, sitemapXml } from './seo-files.ts';
import { SiteCache, type CachedResponse, type SiteEntry } from './site-cache.ts';
import { formSpecAt, newDrawnRegions } from './render-floors.ts';
import type { DrawnRegions } from './render-context.ts';
import { checkForm, FORM_MAX_BYTES, postedPlacement, type FormOutcome, type FormSpec } from './site-forms.ts';
import { siteScript, siteScriptPath } from './site-script.ts';
import { sheetAt } from './site-styles.ts';
import { errorReporterPath, errorReporterScript } from '../error-collection-system/reporter-script.ts';
import { loadSiteRow, loadSiteSnapshot, type CallWidgetView, type SitePage, type SiteRow, type SiteSnapshot, type SmartContractsView } from './site-snapshot.ts';
import { carAddresses, carIdOf, filtersOf, idsOf, loadCar, loadCarsByIds, loadShowroom, loadShowroomModels, parseListQuery, queryList, showroomPageOf, newCardMemo, type StockMemo, type StockList, type StockView } from './site-stock.ts';
import { loadStockIndex } from './stock-index.ts';
import { COMPARE_MAX, listsOf, stockToolsOf } from './stock-tools.ts';
import { carAddress } from '@dp/contracts';
import { say } from './texts.ts';
import { mayHaveWritten } from '../../kit/gateway.ts';
import type { PlacedFloor } from '../sites.context/content.table.ts';

/**
 * The public sites' renderer (docs/decisions/public-sites.md, "In which order is a site request
 * answered?"): a request whose Host is not the admin's is a site's. The host finds the site through
 * its running machine (sites.controller registered-hosts.ts); then, in order: a clean 404 unless
 * the site is published; https for sites not on plain http; redirects; basic auth when the site
 * sets it; robots.txt and sitemap.xml; the page at the address, in the layout, from the cache
 * (site-cache.ts) or rendered once. Nothing of the admin is ever served on a site's host, and
 * nothing of a site on the admin's.
 */
export interface SiteState {
  site: SiteRow;
  /** Null while the site is not published: it answers the clean 404. */
  snapshot: SiteSnapshot | null;
}

/** The status of a published site (sites.status); any other answers the clean 404. */
export const PUBLISHED = 1;
/** How many basic-auth headers that passed are remembered (the password check is slow on purpose). */
const MAX_AUTHORIZED = 2000;
/** Paged lists go up to this page; a larger number shows the last one. */
const MAX_LIST_PAGE = 1000;

const HTML = 'text/html; charset=utf-8';
/** The most cars a site map lists (with the pages, under the format's 50,000 addresses). */
const SITEMAP_CARS = 45_000;
/** The placement of a car page's request form. */
const CAR_FORM = 'car';
/** The placement of an accessory page's order form. */
const ACCESSORY_FORM = 'accessory';

function documentResponse(status: number, document: RenderedDocument, cacheControl: string, extra: Record<string, string> = {}): CachedResponse {
  const body = Buffer.from(document.html);
  return {
    status,
    body,
    headers: {
      'content-type': HTML,
      'content-security-policy': document.csp,
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': cacheControl,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      ...extra,
    },
  };
}

function textResponse(status: number, body: string, type: string, cacheControl = 'no-cache'): CachedResponse {
  return { status, body: Buffer.from(body), headers: { 'content-type': type, 'cache-control': cacheControl, etag: `"${createHash('sha1').update(body).digest('base64url')}"` } };
}

/** A car or accessory address that names none of the site (kept, so that such a request does not read the database again): the site's 404. */
const NOT_A_CAR: CachedResponse = { status: 404, body: Buffer.alloc(0), headers: {} };

const redirectResponse = (status: number, location: string): CachedResponse => ({ status, body: Buffer.alloc(0), headers: { location, 'cache-control': 'no-cache', 'content-type': HTML } });

/** A decoded path as a Location carries it: each segment percent-encoded (`?`, `#`, `%`, `\`, non-ASCII included). */
export const encodePath = (decoded: string) => decoded.split('/').map(encodeURIComponent).join('/');

/**
 * Where a redirect of the renderer may send, as the Location header carries it (characters
 * outside printable ASCII percent-encoded), or null when it may not: a path of this site
 * (isSitePath: one '/', then neither '/' nor '\', after decoding); an absolute http(s) address
 * only where the site's staff chose the target (SEO redirects, favicons). Never built from the
 * request's path other than the site's own page address.
 */
export function redirectLocation(target: string, allowAbsolute: boolean): string | null {
  let location: string;
  try {
    location = target.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  } catch {
    return null;
  }
  if (isSitePath(location)) return location;
  if (!allowAbsolute || !/^https?:\/\//i.test(location) || !URL.canParse(location)) return null;
  return location;
}

/** A redirect to a target that passes redirectLocation; null when it does not. */
const redirectTo = (status: number, target: string, allowAbsolute: boolean): CachedResponse | null => {
  const location = redirectLocation(target, allowAbsolute);
  return location === null ? null : redirectResponse(status, location);
};

/** The language a neutral page speaks: the site's, else the browser's first choice of ru and en. */
const browserLang = (request: FastifyRequest): Lang => (/^\s*en\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'en' : 'ru');

const neutral = (status: number, lang: Lang, title: Parameters<typeof say>[1], text: Parameters<typeof say>[1], extra: Record<string, string> = {}, params: Record<string, number> = {}) =>
  documentResponse(status, renderNeutralPage(lang, say(lang, title), say(lang, text, params)), 'no-store', { 'x-robots-tag': 'noindex', ...extra });

/** The body of a posted form, or null when it is too large. */
async function readBody(raw: IncomingMessage, limit: number): Promise<string | null> {
  return (await readBytes(raw, limit))?.toString('utf8') ?? null;
}

/** The bytes of a request's body, or null when there are more than `limit`. */
async function readBytes(raw: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(raw.headers['content-length'] ?? 0);
  if (declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The request's path, decoded; null when it cannot be (bad percent-encoding). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * An API a service serves on the sites' own hosts (the request intake, the forms): the site is the
 * host's, published; the answer is JSON, or a script or page as it is (`raw`), and `no-store` unless
 * the service sets its own headers (the embed script is `no-cache` with an ETag).
 */
export interface SiteApiCall {
  site: SiteRow;
  method: string;
  /** The path below the API's prefix. */
  path: string;
  /** The raw body (at most `maxBytes`), null when it was larger. */
  body: string | null;
  /** The same body as bytes (file uploads of the form constructor). */
  bytes: Buffer | null;
  /** The request's headers (form-constructor: a file's name). */
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  ip: string;
  lang: Lang;
}
export interface SiteApi {
  prefix: string;
  maxBytes: number;
  /** `raw`: the answer as it is (a script, a page), its content type among the headers; else `body` as JSON. */
  handle(call: SiteApiCall): Promise<{ status: number; body: unknown; headers?: Record<string, string>; raw?: string }>;
}

/**
 * CORS of the sites' APIs (form-constructor's embeddable forms post from other pages): any origin,
 * never credentials. The APIs are public and take no cookie or header that carries authority, so an
 * origin list would stop nobody who can send the same request without a browser; other pages may
 * load their scripts (CORP cross-origin) (docs/decisions/forms.md, "Why do site APIs answer any
 * origin?").
 */
const SITE_API_CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after', 'cross-origin-resource-policy': 'cross-origin' };
const SITE_API_PREFLIGHT = {
  ...SITE_API_CORS,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept-language, x-file-name',
  'access-control-max-age': '600',
};
/** What a posted site form becomes when a service takes it (request intake: `outcome.request`, its type and attributes): an error to show, or nothing. */
export type FormSink = (call: { site: SiteRow; outcome: FormOutcome; ip: string; lang: Lang; consentText: string; page: PostedPage }) => Promise<{ error: string | null }>;
/** The page a form was posted on, as the server knows it (the request's analytics page when the script sent none). */
export interface PostedPage {
  id: number;
  url: string;
  title: string;
}

export class SiteRenderer {
  readonly cache = new SiteCache<SiteState>();
  readonly siteApis: SiteApi[] = [];
  formSink: FormSink | null = null;
  /** The client key of a site's smart captcha when its forms use one (form-constructor sets it); null: the proof of work. */
  smartCaptchaOf: ((siteId: number) => Promise<string | null>) | null = null;
  /** A site's smart contract widget when its module is active and it has widgets (smart_contracts sets it). */
  smartContractsOf: ((siteId: number) => Promise<SmartContractsView | null>) | null = null;
  /** A site's call tracking widget when its module is active and one is on (calltracking sets it). */
  callWidgetOf: ((siteId: number) => Promise<CallWidgetView | null>) | null = null;
  /** The optional fields a site's trade-in form adds (tradein.calculator sets it). */
  tradeInFieldsOf: ((siteId: number) => Promise<readonly string[]>) | null = null;
  /** The share of page views whose errors a site reports, in percent (the error collection sets it); null: all. */
  errorSampleOf: ((siteId: number) => Promise<number>) | null = null;
  private readonly isAdminHost: (host: string) => boolean;
  /** Basic-auth headers that passed, by site, login and password hash (a changed password forgets them), oldest first. */
  private readonly authorizedHeaders = new Map<string, true>();

  constructor(
    private readonly ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>,
    readonly previewKey: Uint8Array,
  ) {
    this.isAdminHost = adminHostMatcher(ctx.config);
  }

  /** Whether the request is for the admin (it goes on to the admin's routes). */
  isAdmin(request: FastifyRequest): boolean {
    return this.isAdminHost(normalizeHost(request.host ?? ''));
  }

  /** The site of a published, known host; the whole answer for a site request. */
  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let response: CachedResponse;
    try {
      response = await this.respond(request);
    } catch (error) {
      this.ctx.log.error({ err: error, host: request.host, url: request.url }, 'site rendering failed');
      response = neutral(500, browserLang(request), 'error_title', 'error_text');
    }
    this.send(request, reply, response);
  }

  private send(request: FastifyRequest, reply: FastifyReply, response: CachedResponse) {
    const etag = response.headers.etag;
    if (etag && response.status === 200 && (request.method === 'GET' || request.method === 'HEAD') && request.headers['if-none-match'] === etag) {
      // The page's own policy too: a browser takes a 304's headers over those it kept, and the admin's CSP (set on every
      // reply before this) would refuse the page's inline stylesheet.
      const policy = response.headers['content-security-policy'];
      reply.code(304).headers({ etag, 'cache-control': response.headers['cache-control']!, ...(policy ? { 'content-security-policy': policy } : {}) }).send();
      return;
    }
    reply.code(response.status).headers(response.headers).send(request.method === 'HEAD' ? '' : response.body);
  }

  private async respond(request: FastifyRequest): Promise<CachedResponse> {
    const host = normalizeHost(request.host ?? '');
    const [rawPath, query = ''] = request.url.split(/\?(.*)/s, 2) as [string, string?];
    const preflight = request.method === 'OPTIONS' && this.siteApis.some((one) => rawPath.startsWith(one.prefix));
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST' && !preflight) {
      return neutral(405, browserLang(request), 'method_not_allowed', 'site_not_found_text', { allow: 'GET, HEAD, POST' });
    }
    if (rawPath === siteScriptPath) return textResponse(200, siteScript, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable');
    if (rawPath === errorReporterPath) return textResponse(200, errorReporterScript, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable');
    const sheet = sheetAt(rawPath);
    if (sheet) return textResponse(200, sheet.css, 'text/css; charset=utf-8', 'public, max-age=31536000, immutable');
    if (rawPath.startsWith('/_preview/')) return this.preview(request, host, rawPath.slice('/_preview/'.length), query);

    const siteId = await this.cache.siteOfHost(host, () => siteIdForHost(this.ctx.db, host));
    const entry = siteId === null ? null : await this.cache.site(siteId, () => this.loadSite(siteId));
    if (!entry) return neutral(404, browserLang(request), 'site_not_found_title', 'site_not_found_text');
    const { site, snapshot } = entry.value;
    const lang: Lang = site.locale === 'en' ? 'en' : 'ru';
    if (site.status !== PUBLISHED || !snapshot) return neutral(404, lang, 'site_not_found_title', 'site_not_found_text');
    const siteApi = this.siteApis.find((one) => rawPath.startsWith(one.prefix));
    if (siteApi) return this.siteApi(siteApi, request, site, rawPath.slice(siteApi.prefix.length), lang);

    // A path that is not one of the site's (`//x`, `/\x`, `/%2F%2Fx`, a tab; or bad
    // percent-encoding) is never redirected, since browsers would take it for another host: it is a 404.
    const path = isSitePath(rawPath) ? decodedPath(rawPath) : null;
    // A site not on plain http is https only: a request that came over http (known behind a
    // proxy, TRUST_PROXY) goes to https on the site's own host.
    if (path !== null && !site.use_http && this.ctx.config.trustProxy && request.protocol === 'http' && host === site.host) return redirectResponse(301, `https://${site.host}${redirectLocation(request.url, false) ?? '/'}`);
    // Redirects before anything else, basic auth included: a redirect shows only where
    // an address leads, and a moved site keeps sending visitors on while it is closed.
    const redirect = path === null ? null : this.redirectOf(snapshot, rawPath, path, query);
    if (redirect) return redirect;
    if (site.basic_auth_login) {
      const access = await this.authorized(request, site);
      // The realm is the host (headers are Latin-1: a site's name may not be).
      if (access === 'refused') return neutral(401, lang, 'auth_title', 'auth_text', { 'www-authenticate': `Basic realm="${host}", charset="UTF-8"` });
      if (access instanceof AppError) {
        const seconds = Number(access.headers?.['retry-after'] ?? 60);
        const visitorLang = request.headers['accept-language'] ? browserLang(request) : lang;
        return neutral(429, visitorLang, 'auth_limited_title', 'auth_limited_text', { 'retry-after': String(seconds) }, { minutes: Math.ceil(seconds / 60) });
      }
    }
    if (path === null) return this.notFound(entry, lang, '', host, request);

    const base = site.host ? `${site.use_http ? 'http' : 'https'}://${site.host}` : `${request.protocol}://${request.host}`;
    if (path === '/robots.txt') return this.cache.response(entry, `robots|${host}`, () => textResponse(200, robotsTxt(snapshot, base), 'text/plain; charset=utf-8'));
    if (path === '/sitemap.xml') {
      const stock = snapshot.stock;
      return this.cache.responseOf(entry, `sitemap|${host}`, async () => {
        // The offered cars of the site's lists, at their own addresses (a site map holds at most 50,000 addresses).
        const cars = stock ? await carAddresses(this.ctx.db, site.id, stock, SITEMAP_CARS) : [];
        const rootOf = new Map([...(stock?.byRootPage ?? new Map<number, StockList[]>())].flatMap(([pageId, lists]) => lists.map((list) => [list.kind, { uri: snapshot.pagesById.get(pageId)?.uri, list }] as const)));
        const extra = cars.flatMap((car) => {
          const root = rootOf.get(car.kind);
          return root?.uri ? [{ uri: carAddress(root.uri, car, car, root.list.settings.friendly_url), lastmod: car.updated_at }] : [];
        });
        // The accessories shop: the catalogue and the offered accessories' pages.
        if (snapshot.shop) {
          const items = await shopAddresses(this.ctx.db, site.id, SITEMAP_CARS - cars.length);
          if (!snapshot.pagesByUri.has(SHOP_URI)) extra.push({ uri: SHOP_URI, lastmod: null });
          extra.push(...items.map((item) => ({ uri: `${SHOP_URI}/${item.id}`, lastmod: item.updated_at })));
        }
        return textResponse(200, sitemapXml(snapshot, base, extra), 'application/xml; charset=utf-8');
      });
    }
    if (path === '/favicon.ico') return (site.favicons?.icon?.url && redirectTo(302, site.favicons.icon.url, true)) || textResponse(404, '', 'text/plain; charset=utf-8');

    // An extra language's prefix (/en/…): the same pages, the renderer's own words in that language.
    const [, first = '', rest = ''] = /^\/([a-z]{2})(\/.*)?$/.exec(path) ?? [];
    const extraLang = snapshot.languages.slice(1).find((code) => code === first);
    const pageLang: Lang = extraLang ?? snapshot.languages[0]!;
    const prefix = extraLang ? `/${extraLang}` : '';
    const uri = extraLang ? rest || '/' : path;
    if (uri.length > 1 && uri.endsWith('/')) {
      const trailing = redirectTo(301, `${encodePath(`${prefix}${uri.replace(/\/+$/, '') || '/'}`)}${query ? `?${query}` : ''}`, false);
      return trailing ?? this.notFound(entry, pageLang, prefix, host, request);
    }

    // The accessories shop while its module is active: the catalogue at its address (a site page there dresses it),
    // an accessory below it (a site page at such an address stays the page).
    if (snapshot.shop && (uri === SHOP_URI || (uri.startsWith(`${SHOP_URI}/`) && !snapshot.pagesByUri.has(uri)))) {
      return this.shopPage(request, entry, { uri, lang: pageLang, prefix, base, host, query });
    }
    const page = snapshot.pagesByUri.get(uri);
    if (!page) {
      // A car's page: below a root page of the stock settings, its address ending with the car's id.
      const slash = uri.lastIndexOf('/');
      const root = snapshot.stock ? snapshot.pagesByUri.get(slash > 0 ? uri.slice(0, slash) : '/') : undefined;
      const lists = root ? snapshot.stock!.byRootPage.get(root.id) : undefined;
      // The visitor's favourites and comparison, below the first list's page.
      const tools = snapshot.stock ? stockToolsOf({ snap: snapshot }, listsOf(snapshot)) : null;
      if (tools && (uri === tools.compareUri || uri === tools.favoritesUri) && request.method !== 'POST') {
        return this.visitorPage(entry, { kind: uri === tools.compareUri ? 'compare' : 'favorites', uri, lang: pageLang, prefix, base, query });
      }
      const carId = lists ? carIdOf(uri.slice(slash + 1)) : null;
      if (root && lists && carId !== null) return this.carPage(request, entry, { root, lists, carId, uri, lang: pageLang, prefix, base, host, query });
      return this.notFound(entry, pageLang, prefix, host, request);
    }
    const listPage = Math.min(Math.max(Number(/^(?:.*&)?page=(\d{1,4})(?:&|$)/.exec(query)?.[1] ?? 1), 1), MAX_LIST_PAGE);
    const cacheControl = site.basic_auth_login ? 'private, no-cache' : 'no-cache';

    if (request.method === 'POST') {
      const layout = contextFor(snapshot, page, page.state, { lang: pageLang, prefix, base, listPage }).layout;
      const form = await this.postedForm(request, pageLang, (placement) => formSpecAt(snapshot, page, layout, placement));
      if (!form) return neutral(413, pageLang, 'form_errors', 'form_too_long');
      if (form.ok && this.formSink) {
        const depersonalization = site.depersonalization;
        const days = depersonalization?.enabled && depersonalization.period ? depersonalization.period : null;
        const consentText = days ? say(pageLang, 'form_consent_period', { days }) : say(pageLang, 'form_consent');
        const posted = { id: page.id, url: `${base}${encodePath(`${prefix}${uri}`)}`, title: pageTitleOf(contextFor(snapshot, page, page.state, { lang: pageLang, prefix, base, listPage })) };
        const { error } = await this.formSink({ site, outcome: form, ip: request.ip, lang: pageLang, consentText, page: posted });
        form.sent = !error;
        if (error) Object.assign(form, { ok: false, submitError: error });
      }
      // A list page answering a posted form still shows its list.
      const stockLists = snapshot.stock?.byRootPage.get(page.id);
      const stock = stockLists ? await this.stockView(entry, stockLists, query, pageLang) : null;
      const document = renderSitePage(contextFor(snapshot, page, page.state, { lang: pageLang, prefix, base, listPage, form, stock }));
      return documentResponse(form.ok ? 200 : 400, document, 'no-store');
    }
    // A root page of the stock settings shows its list: the state of its filters is the query string, written back in a
    // fixed order (unknown parameters dropped) so that one list is one cached answer.
    const lists = snapshot.stock?.byRootPage.get(page.id);
    if (lists) {
      const search = parseListQuery(snapshot.stock!, lists, query).search;
      return this.cache.responseOf(entry, `stock|${host}|${pageLang}|${uri}|${search}`, async () => {
        const [view, drawn] = await Promise.all([this.stockView(entry, lists, query, pageLang), this.drawnRegions(entry)]);
        return documentResponse(200, renderSitePage(contextFor(snapshot, page, page.state, { lang: pageLang, prefix, base, listPage, stock: view, drawn })), cacheControl);
      });
    }
    // A model page (a showroom page of the stock settings) and the root catalogue page read the stock when first rendered.
    const stock = snapshot.stock;
    const showroom = stock?.showroom.get(page.id);
    if (stock && (showroom || stock.catalogPageId === page.id)) {
      return this.cache.responseOf(entry, `showroom|${host}|${pageLang}|${uri}|${listPage}`, async () => {
        const [view, models] = await Promise.all([
          showroom ? loadShowroom(this.ctx.db, site.id, site.client_id, stock, showroom, new Map([...listsOf(snapshot)].map(([kind, own]) => [kind, own.uri])), pageLang, this.stockMemo(entry)) : null,
          stock.catalogPageId === page.id ? loadShowroomModels(this.ctx.db, site.id, site.client_id, stock, (id) => snapshot.pagesById.get(id)?.uri, pageLang) : null,
        ]);
        return documentResponse(200, renderSitePage(contextFor(snapshot, page, page.state, { lang: pageLang, prefix, base, listPage, showroom: view, models })), cacheControl);
      });
    }
    return this.cache.response(entry, `page|${host}|${pageLang}|${uri}|${listPage}`, () =>
      documentResponse(200, renderSitePage(contextFor(snapshot, page, page.state, { lang: pageLang, prefix, base, listPage })), cacheControl),
    );
  }

  /** A list page's state and the cars it shows (site-stock.ts). */
  private async stockView(entry: SiteEntry<SiteState>, lists: StockList[], query: string, lang: Lang): Promise<StockView> {
    const { site, snapshot } = entry.value;
    const config = snapshot!.stock!;
    const listQuery = parseListQuery(config, lists, query);
    return { config, lists, query: listQuery, result: await queryList(this.ctx.db, site.id, site.client_id, config, listQuery, lang, this.stockMemo(entry)) };
  }

  /** The regions of floors the site's list and car pages drew (render-floors.ts), while the site's entry lives. */
  private drawnRegions(entry: SiteEntry<SiteState>): Promise<DrawnRegions> {
    return this.cache.derivedOf(entry, 'drawn-regions', async () => newDrawnRegions((bytes) => this.cache.grew(entry, bytes)));
  }

  /** What the site's list pages keep for the next ones (site-stock.ts), while the site's entry lives. */
  private stockMemo(entry: SiteEntry<SiteState>): StockMemo {
    return {
      index: (kind) =>
        this.cache.derivedOf(entry, `stock-index|${kind}`, () => loadStockIndex(this.ctx.db, entry.value.site.id, kind === 'new', filtersOf(entry.value.snapshot!.stock!).map((filter) => filter.field))),
      cards: () => this.cache.derivedOf(entry, 'stock-cards', async () => newCardMemo((bytes) => this.cache.grew(entry, bytes))),
    };
  }

  /**
   * A car's page (GET cached like the site's pages; a posted request form is checked and sent to the
   * intake as a cars-in-stock request with the car's id). An address that names the car but is not
   * its own (another slug, the id alone with friendly addresses) is a 301 to its own.
   */
  private async carPage(
    request: FastifyRequest,
    entry: SiteEntry<SiteState>,
    at: { root: SitePage; lists: StockList[]; carId: number; uri: string; lang: Lang; prefix: string; base: string; host: string; query: string },
  ): Promise<CachedResponse> {
    const { site, snapshot } = entry.value as { site: SiteRow; snapshot: SiteSnapshot };
    const stock = snapshot.stock!;
    const render = async (form: FormOutcome | null) => {
      const [cards, drawn] = await Promise.all([this.stockMemo(entry).cards(), this.drawnRegions(entry)]);
      const found = await loadCar(this.ctx.db, site.id, site.client_id, stock, at.lists, at.carId, at.lang, cards);
      if (!found) return { found: null, document: null };
      const own = carAddress(at.root.uri, found.car, found.car.slug, found.list.settings.friendly_url);
      if (own !== at.uri) return { found, document: null, own };
      // The car's page lives below the list's page: its breadcrumbs lead there.
      const page: SitePage = { ...at.root, id: 0, uri: own, parent_id: at.root.id, state: { ...at.root.state, caption: carNameOf(found.car), floors: [], collection: null, seo_properties: {} } };
      const model = showroomPageOf(stock, found.car);
      const view = { car: found.car, list: found.list, listUri: at.root.uri, uri: own, placement: CAR_FORM, modelUri: model ? (snapshot.pagesById.get(model.page_id)?.uri ?? null) : null };
      return { found, document: renderCarPage(contextFor(snapshot, page, page.state, { lang: at.lang, prefix: at.prefix, base: at.base, listPage: 1, car: view, form, drawn })) };
    };
    if (request.method === 'POST') {
      const found = await loadCar(this.ctx.db, site.id, site.client_id, stock, at.lists, at.carId, at.lang);
      // A sold car takes only the forms of its sold template's floors (`main-N`); without one, none.
      const template = found?.car.sold ? stock.soldTemplates.get(found.list.kind) : undefined;
      if (!found || (found.car.sold && !template)) return this.notFound(entry, at.lang, at.prefix, at.host, request);
      const testDrive = carTestDriveSpec(found.car);
      const templatePage = template ? { ...at.root, state: { ...at.root.state, floors: template } } : null;
      const form = await this.postedForm(request, at.lang, (placement) =>
        templatePage ? formSpecAt(snapshot, templatePage, null, placement) : placement === CAR_TEST_DRIVE_FORM && testDrive ? testDrive : carRequestSpec(found.car),
      );
      if (!form) return neutral(413, at.lang, 'form_errors', 'form_too_long');
      if (templatePage && !templateForm(snapshot, template!, form.placement)) return this.notFound(entry, at.lang, at.prefix, at.host, request);
      if (form.ok && this.formSink) {
        const depersonalization = site.depersonalization;
        const days = depersonalization?.enabled && depersonalization.period ? depersonalization.period : null;
        const consentText = days ? say(at.lang, 'form_consent_period', { days }) : say(at.lang, 'form_consent');
        const posted = { id: at.root.id, url: `${at.base}${encodePath(`${at.prefix}${at.uri}`)}`, title: `${carNameOf(found.car)} — ${site.name}` };
        const { error } = await this.formSink({ site, outcome: form, ip: request.ip, lang: at.lang, consentText, page: posted });
        form.sent = !error;
        if (error) Object.assign(form, { ok: false, submitError: error });
      }
      const { document } = await render(form);
      if (!document) return this.notFound(entry, at.lang, at.prefix, at.host, request);
      return documentResponse(form.ok ? 200 : 400, document, 'no-store');
    }
    const cacheControl = site.basic_auth_login ? 'private, no-cache' : 'no-cache';
    const answer = await this.cache.responseOf(entry, `car|${at.host}|${at.lang}|${at.uri}`, async () => {
      const { document, own } = await render(null);
      if (own) return redirectTo(301, encodePath(`${at.prefix}${own}`), false) ?? NOT_A_CAR;
      return document ? documentResponse(200, document, cacheControl) : NOT_A_CAR;
    });
    return answer === NOT_A_CAR ? this.notFound(entry, at.lang, at.prefix, at.host, request) : answer;
  }

  /**
   * The accessories shop (site-accessories.ts): the catalogue, its state the query string written
   * back in a fixed order (one cached answer per state), and an accessory's page, cached like a
   * car's; its posted order form is checked and sent to the intake as an accessories request
   * (type 10) naming the accessory. Another site's, a sold or an unknown accessory is the 404.
   */
  private async shopPage(request: FastifyRequest, entry: SiteEntry<SiteState>, at: { uri: string; lang: Lang; prefix: string; base: string; host: string; query: string }): Promise<CachedResponse> {
    const { site, snapshot } = entry.value as { site: SiteRow; snapshot: SiteSnapshot };
    const config = snapshot.shop!;
    const cacheControl = site.basic_auth_login ? 'private, no-cache' : 'no-cache';
    // The shop is drawn in the layout of the site's page at its address, else in the default layout.
    const model = snapshot.pagesByUri.get(SHOP_URI) ?? syntheticPage(snapshot);
    const pageAt = (uri: string): SitePage => ({ ...model, uri });
    if (at.uri === SHOP_URI) {
      if (request.method === 'POST') return neutral(405, at.lang, 'method_not_allowed', 'site_not_found_text', { allow: 'GET, HEAD' });
      const shopQuery = parseShopQuery(config, at.query);
      return this.cache.responseOf(entry, `shop|${at.host}|${at.lang}|${shopQuery.key}`, async () => {
        const list = await queryShop(this.ctx.db, site.id, site.client_id, config, shopQuery, at.lang);
        const page = pageAt(SHOP_URI);
        return documentResponse(200, renderShopPage(contextFor(snapshot, page, page.state, { lang: at.lang, prefix: at.prefix, base: at.base, listPage: list.page, shop: { config, query: shopQuery, list } })), cacheControl);
      });
    }
    const id = accessoryIdOf(at.uri.slice(SHOP_URI.length + 1));
    if (id === null) return this.notFound(entry, at.lang, at.prefix, at.host, request);
    const page = pageAt(at.uri);
    const render = async (form: FormOutcome | null) => {
      const item = await loadAccessory(this.ctx.db, site.id, site.client_id, config, id, at.lang);
      if (!item) return null;
      return renderAccessoryPage(contextFor(snapshot, page, page.state, { lang: at.lang, prefix: at.prefix, base: at.base, listPage: 1, accessory: { item, uri: at.uri, placement: ACCESSORY_FORM }, form }));
    };
    if (request.method === 'POST') {
      const item = await loadAccessory(this.ctx.db, site.id, site.client_id, config, id, at.lang);
      if (!item) return this.notFound(entry, at.lang, at.prefix, at.host, request);
      const form = await this.postedForm(request, at.lang, () => accessoryOrderSpec(item));
      if (!form) return neutral(413, at.lang, 'form_errors', 'form_too_long');
      if (form.ok && this.formSink) {
        const depersonalization = site.depersonalization;
        const days = depersonalization?.enabled && depersonalization.period ? depersonalization.period : null;
        const consentText = days ? say(at.lang, 'form_consent_period', { days }) : say(at.lang, 'form_consent');
        const posted = { id: model.id, url: `${at.base}${encodePath(`${at.prefix}${at.uri}`)}`, title: `${accessoryTitleOf(item)} — ${site.name}` };
        const { error } = await this.formSink({ site, outcome: form, ip: request.ip, lang: at.lang, consentText, page: posted });
        form.sent = !error;
        if (error) Object.assign(form, { ok: false, submitError: error });
      }
      const document = await render(form);
      if (!document) return this.notFound(entry, at.lang, at.prefix, at.host, request);
      return documentResponse(form.ok ? 200 : 400, document, 'no-store');
    }
    const answer = await this.cache.responseOf(entry, `accessory|${at.host}|${at.lang}|${id}`, async () => {
      const document = await render(null);
      return document ? documentResponse(200, document, cacheControl) : NOT_A_CAR;
    });
    return answer === NOT_A_CAR ? this.notFound(entry, at.lang, at.prefix, at.host, request) : answer;
  }

  /**
   * The visitor's favourites or comparison (the ids the site script keeps, in the address): the
   * site's offered cars among them, drawn fresh (never kept: any ids may be asked), `noindex`.
   */
  private async visitorPage(entry: SiteEntry<SiteState>, at: { kind: 'favorites' | 'compare'; uri: string; lang: Lang; prefix: string; base: string; query: string }): Promise<CachedResponse> {
    const { site, snapshot } = entry.value as { site: SiteRow; snapshot: SiteSnapshot };
    const stock = snapshot.stock!;
    const lists = listsOf(snapshot);
    const tools = stockToolsOf({ snap: snapshot }, lists)!;
    const max = at.kind === 'compare' ? COMPARE_MAX : (tools.favorites?.max ?? 0);
    const asked = idsOf(at.query, 200);
    const cars = await loadCarsByIds(this.ctx.db, site.id, site.client_id, stock, asked.slice(0, max), at.lang);
    const root = lists.get('new')?.uri ?? lists.get('used')!.uri;
    const parent = snapshot.pagesByUri.get(root)!;
    const caption = say(at.lang, at.kind === 'compare' ? 'compare_title' : 'favorites_title');
    const page: SitePage = { ...parent, id: 0, uri: at.uri, parent_id: parent.id, state: { ...parent.state, caption, floors: [], collection: null, seo_properties: { noindex: true } } };
    const visitor = { kind: at.kind, cars, asked: asked.length, lists, tools };
    const document = renderSitePage(contextFor(snapshot, page, page.state, { lang: at.lang, prefix: at.prefix, base: at.base, listPage: 1, visitor }));
    return documentResponse(200, document, site.basic_auth_login ? 'private, no-cache' : 'no-cache', { 'x-robots-tag': 'noindex' });
  }

  private async siteApi(api: SiteApi, request: FastifyRequest, site: SiteRow, path: string, lang: Lang): Promise<CachedResponse> {
    if (request.method === 'OPTIONS') return { status: 204, body: Buffer.alloc(0), headers: { ...SITE_API_PREFLIGHT, 'cache-control': 'no-store' } };
    const bytes = request.method === 'POST' ? await readBytes(request.raw, api.maxBytes) : Buffer.alloc(0);
    const body = bytes?.toString('utf8') ?? null;
    const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const answer = await api.handle({ site, method: request.method, path, body, bytes, headers: request.headers, contentType, ip: request.ip, lang: request.headers['accept-language'] ? browserLang(request) : lang });
    const text = answer.raw ?? JSON.stringify(answer.body);
    return { status: answer.status, body: Buffer.from(text), headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...SITE_API_CORS, ...answer.headers } };
  }

  private notFound(entry: SiteEntry<SiteState>, lang: Lang, prefix: string, host: string, request: FastifyRequest): CachedResponse {
    const snapshot = entry.value.snapshot!;
    const base = `${request.protocol}://${request.host}`;
    return this.cache.response(entry, `404|${host}|${lang}`, () => documentResponse(404, renderNotFound(contextFor(snapshot, syntheticPage(snapshot), null, { lang, prefix, base, listPage: 1 })), 'no-cache'));
  }

  /**
   * The redirect of an address: with its query string first, then the path alone (query kept).
   * A stored target that is neither a path of the site nor an http(s) address is not followed.
   */
  private redirectOf(snapshot: SiteSnapshot, rawPath: string, path: string, query: string): CachedResponse | null {
    if (!snapshot.redirects.size) return null;
    const candidates = [...new Set([rawPath, path].map((value) => normalizeRedirectUri(value)))];
    for (const candidate of candidates) {
      const withQuery = query ? snapshot.redirects.get(`${candidate}?${query}`) : undefined;
      if (withQuery) return redirectTo(withQuery.code === 302 ? 302 : 301, locationOf(withQuery.to, ''), true);
      const plain = snapshot.redirects.get(candidate);
      if (plain) return redirectTo(plain.code === 302 ? 302 : 301, locationOf(plain.to, query), true);
    }
    return null;
  }

  /**
   * Basic auth (site setting): 'ok', 'refused', or the 429 of too many attempts. A header that
   * passed once is remembered (until the login or password changes); any other one is counted
   * against the limits (sites.context SITE_AUTH_LIMITS) before its password is checked.
   */
  private async authorized(request: FastifyRequest, site: SiteRow): Promise<'ok' | 'refused' | AppError> {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || !/^basic /i.test(header) || header.length > 1000) return 'refused';
    const key = sha256(`${site.id}|${site.basic_auth_login}|${site.basic_auth_password_hash}|${header}`);
    if (this.authorizedHeaders.has(key)) return 'ok';
    try {
      await countSiteAuthAttempt(this.ctx.db, site.id, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.status === 429) return error;
      throw error;
    }
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return 'refused';
    if (!(await checkSiteBasicAuth(this.ctx.db, site.id, decoded.slice(0, colon), decoded.slice(colon + 1)))) return 'refused';
    this.authorizedHeaders.set(key, true);
    if (this.authorizedHeaders.size > MAX_AUTHORIZED) this.authorizedHeaders.delete(this.authorizedHeaders.keys().next().value!);
    return 'ok';
  }

  /** The posted form, checked as the form it names on the page (`specOf`); null when it is too large. */
  private async postedForm(request: FastifyRequest, lang: Lang, specOf: (placement: string) => FormSpec): Promise<FormOutcome | null> {
    const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const raw = await readBody(request.raw, FORM_MAX_BYTES);
    if (raw === null) return null;
    const body = type === 'application/x-www-form-urlencoded' ? raw : '';
    return checkForm(body, lang, specOf(postedPlacement(body)));
  }

  private async loadSite(siteId: number): Promise<{ value: SiteState; dependsOn: number[] } | null> {
    const site = await loadSiteRow(this.ctx.db, siteId);
    if (!site) return null;
    if (site.status !== PUBLISHED) return { value: { site, snapshot: null }, dependsOn: [site.id] };
    // Captcha settings and keys notify like the site's content (migration 0030): the cached forms follow them.
    // The error projects' sampling notifies too (migration 0054).
    // The widgets' settings notify too (migrations 0062, 0064).
    const [snapshot, sitekey, sample, smartContracts, callWidget, tradeInFields] = await Promise.all([
      loadSiteSnapshot(this.ctx.db, site),
      this.smartCaptchaOf ? this.smartCaptchaOf(site.id) : null,
      this.errorSampleOf ? this.errorSampleOf(site.id) : 100,
      this.smartContractsOf ? this.smartContractsOf(site.id) : null,
      this.callWidgetOf ? this.callWidgetOf(site.id) : null,
      this.tradeInFieldsOf ? this.tradeInFieldsOf(site.id) : null,
    ]);
    snapshot.errorSamplePercent = sample;
    snapshot.smartCaptcha = sitekey ? { sitekey, scriptUrl: this.ctx.config.smartCaptchaScriptUrl } : null;
    const calltracking = this.ctx.config.calltracking;
    snapshot.calltracking = calltracking && (calltracking.cookie || calltracking.global) ? calltracking : null;
    // A site module switched off keeps its settings, and its widget leaves the pages.
    snapshot.smartContracts = smartContracts && snapshot.modules.has('smart_contracts') ? smartContracts : null;
    snapshot.callWidget = callWidget && snapshot.modules.has('calltracking') ? callWidget : null;
    snapshot.tradeInFields = snapshot.modules.has('tradein') ? tradeInFields : null;
    // The call tracking service's own cookie carries the session id the requests' analytics take.
    if (snapshot.callWidget) snapshot.calltracking = { cookie: snapshot.callWidget.cookie, global: '' };
    return { value: { site, snapshot }, dependsOn: snapshot.dependsOn };
  }

  private async preview(request: FastifyRequest, host: string, token: string, query: string): Promise<CachedResponse> {
    const lang = browserLang(request);
    const claim = readPreviewToken(this.previewKey, decodeURIComponent(token.split('/')[0] ?? ''));
    if (!claim) return neutral(404, lang, 'preview_expired_title', 'preview_expired_text');
    const site = await loadSiteRow(this.ctx.db, claim.siteId);
    // Only on the site's own host names: a draft never shows under another site's address.
    if (!site || (host !== site.host && host !== site.technical_host)) return neutral(404, lang, 'preview_expired_title', 'preview_expired_text');
    const base = `${request.protocol}://${request.host}`;
    const listPage = Math.min(Math.max(Number(/^(?:.*&)?page=(\d{1,4})(?:&|$)/.exec(query)?.[1] ?? 1), 1), MAX_LIST_PAGE);
    const document = await renderPreview(this.ctx.db, site, claim, { base, listPage });
    if (!document) return neutral(404, lang, 'preview_expired_title', 'preview_expired_text');
    return documentResponse(200, document, 'no-store', { 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
  }
}

/** Whether a placement (`main-2`) names a form floor of a sold template. */
function templateForm(snapshot: SiteSnapshot, floors: PlacedFloor[], placement: string): boolean {
  const [, index] = /^main-(\d{1,4})$/.exec(placement) ?? [];
  const placed = index === undefined ? undefined : floors[Number(index)];
  return !!placed && snapshot.floors.get(placed.floor_id)?.component === 'form';
}

/** Where a redirect sends: its target, with the request's query string when the target has none. */
function locationOf(to: string, query: string): string {
  if (!query || to.includes('?') || to.includes('#')) return to;
  return `${to}?${query}`;
}

const renderers = new WeakMap<FastifyInstance, SiteRenderer>();

/** The renderer of an app (tests wait on its cache: `siteRendererOf(app).cache.sync()`). */
export function siteRendererOf(app: FastifyInstance): SiteRenderer {
  const renderer = renderers.get(app);
  if (!renderer) throw new Error('no site renderer is registered on this app');
  return renderer;
}

/**
 * Registers the renderer before the admin's hooks: a request for a site is answered here and
 * goes no further; an admin request passes on untouched. Every successful write through the
 * gateway answers only after this process heard what it changed (SiteCache.sync), so an
 * editor's next look at the site shows it.
 */
export async function registerSiteRenderer(app: FastifyInstance, ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>, database: Pick<Database, 'listen' | 'executeSql'>): Promise<SiteRenderer> {
  const renderer = new SiteRenderer(ctx, await loadSecret(ctx.db, 'site-preview', null));
  await renderer.cache.start(database);
  renderers.set(app, renderer);
  app.addHook('onRequest', async (request, reply) => {
    if (renderer.isAdmin(request)) return;
    // Stored files (site images, the media library's public files) are part of sites.
    if (request.url.startsWith('/files/') && (request.method === 'GET' || request.method === 'HEAD')) return;
    await renderer.handle(request, reply);
    return reply;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const write = mayHaveWritten(request);
    if (write && reply.statusCode < 400 && request.url.startsWith('/gateway/')) await renderer.cache.sync();
    return payload;
  });
  app.addHook('onClose', () => renderer.cache.stop());
  return renderer;
}

/** The public sites whose pages the warm-up draws: the first published ones. */
const WARM_UP_SITES = 3;

/**
 * The main page and the car list of the first published sites, drawn once before the server
 * listens (kit/service.ts `warmUp`): the renderer's code is compiled, and those pages are cached
 * for their first visitors.
 */
export async function warmUpSites(app: FastifyInstance, db: Db): Promise<void> {
  const published = await db.select({ host: sites.technical_host }).from(sites).where(and(eq(sites.status, 1), isNotNull(sites.technical_host))).orderBy(asc(sites.id)).limit(WARM_UP_SITES);
  for (const { host } of published) {
    for (const url of ['/', '/cars']) await app.inject({ method: 'GET', url, headers: { host: host! } });
  }
}
