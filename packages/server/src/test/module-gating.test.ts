import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { CLIENT, DEFAULT_API_ROUTES, findResource, SITE, type ApiRoute, type ModuleTarget } from '@dp/contracts';
import { accessories, accessoryCategories, accessoryImports, accessorySettings } from '../services/accessories.showroom/accessory.table.ts';
import { customMediaItems, customMediaProfiles } from '../services/custom.media/custom-media.table.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { startTelegramStandIn, TELEGRAM_HOST, type TelegramStandIn } from './telegram-stand-in.ts';
import { sampleFor } from './resource-samples.ts';
import { moduleInstallations, sites } from '../schema.ts';
import { requestActions, requests } from '../services/request.storage/request.table.ts';
import { customFormFiles } from '../services/form-constructor/form.table.ts';
import { notifierReports, notifierReportSettings } from '../services/importer.notifier/notifier.table.ts';
import { exportSettings } from '../services/cars.export/export.table.ts';
import { showroomCustomers } from '../services/messenger_showroom/showroom.table.ts';
import { calltrackingCalls } from '../services/calltracking/calltracking.table.ts';
import { reviewerRatings } from '../services/reviewer/reviewer.table.ts';
import { carReports, importReports, importSettings } from '../services/cars.import/import.table.ts';
import { publishedSite, visit } from '../services/site-renderer/site-renderer.fixtures.ts';
import { requestStorageOf } from '../services/request.storage/request.routes.ts';
import { solveChallenge } from '../services/request.storage/captcha.ts';

/**
 * Every route contracts tie to a site module (a service's module, or a resource's or route's own),
 * walked from the declarations, so a service declared later is walked too: a dealer calling it on a
 * site (or for a client) whose module is not installed is refused with module_not_installed, with it
 * suspended with module_paused; staff read what was stored, and are refused writes; a list that
 * names no site shows only the sites with the module. The public intake of such a site takes no
 * request and tells the visitor nothing of modules or payment.
 */
const TIED = DEFAULT_API_ROUTES.filter((route) => route.module && !route.public);
/** A reading call: a GET, unless declared a write. */
const READS = (route: ApiRoute) => route.method === 'GET' && !route.writes;
const nameOf = (route: ApiRoute) => `${route.service} ${route.method} ${route.path}`;

/** The resource a route lists (GET /api/v1/<name>), if it is a resource's list. */
const listedResource = (route: ApiRoute) => {
  const name = /^\/api\/v1\/([^/]+)$/.exec(route.path)?.[1];
  return route.method === 'GET' && name ? findResource(route.service, name) : undefined;
};

/**
 * Whether the gateway looks up where records of a kind belong: kinds behind a module, and a
 * client's records a tied route names though their own routes are free (a dealership, which every
 * site names, under a department); the kinds of module-free dictionaries are not looked for.
 */
const tiedKind = (kind: string) => {
  const [service, name] = kind.split('/');
  const resource = findResource(service!, name!);
  return !resource || resource.tenant === 'client_id' || TIED.some((route) => route.service === service && route.path === `/api/v1/${name}/{id}`);
};

/** The record kinds the tied routes name, whose site or client the gateway looks up. */
const KINDS = [...new Set(TIED.flatMap((route) => (route.targets ?? []).map((target) => target.of ?? SITE)))].filter((kind) => kind !== SITE && kind !== CLIENT && tiedKind(kind));

interface Owner {
  clientId: number;
  siteId: number;
}

/**
 * Records of kinds no resource makes through the API (request.storage's requests, read-only
 * reports...): inserted for the owner. A kind a later route names needs its line here (or a
 * writable resource with a sample in resource-samples.ts).
 */
const FIXTURES: Record<string, (t: TestApp, owner: Owner, recordOf: (kind: string) => Promise<number>) => Promise<number>> = {
  'request.storage/requests': async (t, { siteId, clientId }) =>
    (await t.database.db.insert(requests).values({ site_id: siteId, client_id: clientId, type: 1, name: 'Анна', phone: '+7 (900) 123-45-67' }).returning())[0]!.id,
  'request.storage/request_actions': async (t, { siteId, clientId }, recordOf) =>
    (await t.database.db.insert(requestActions).values({ request_id: await recordOf('request.storage/requests'), site_id: siteId, client_id: clientId, kind: 'email', action_id: 1, status: 'failed' }).returning())[0]!.id,
  'form-constructor/custom_form_files': async (t, { siteId, clientId }) =>
    (await t.database.db
      .insert(customFormFiles)
      .values({ site_id: siteId, client_id: clientId, field_id: 'file', token: randomBytes(8).toString('hex'), name: 'a.pdf', mime: 'application/pdf', ext: 'pdf', size: 1, driver: 'local', key: randomBytes(8).toString('hex') })
      .returning())[0]!.id,
  'importer.notifier/report_settings': async (t, { siteId, clientId }) => (await t.database.db.insert(notifierReportSettings).values({ site_id: siteId, client_id: clientId }).returning())[0]!.id,
  'importer.notifier/reports': async (t, { siteId, clientId }) =>
    (await t.database.db.insert(notifierReports).values({ site_id: siteId, client_id: clientId, kind: 'importer', subject: 'Отчёт', period_from: new Date(), period_to: new Date(), status: 'sent' }).returning())[0]!.id,
  'messenger_showroom/customers': async (t, { siteId, clientId }) =>
    (await t.database.db.insert(showroomCustomers).values({ site_id: siteId, client_id: clientId, external_id: randomBytes(4).toString('hex'), name: 'Анна' }).returning())[0]!.id,
  'calltracking/calls': async (t, { siteId, clientId }) =>
    (await t.database.db.insert(calltrackingCalls).values({ site_id: siteId, client_id: clientId, provider: 'calltouch', external_id: randomBytes(4).toString('hex'), started_at: new Date() }).returning())[0]!.id,
  // reviewer: a customer's rating (made only through an invitation's page).
  'reviewer/ratings': async (t, { siteId, clientId }) =>
    (await t.database.db.insert(reviewerRatings).values({ site_id: siteId, client_id: clientId, rating: 5, outcome: 'public' }).returning())[0]!.id,
  'cars.export/settings': async (t, { clientId }) => (await t.database.db.insert(exportSettings).values({ client_id: clientId, unique_key: randomBytes(8).toString('hex') }).returning())[0]!.id,
  'cars.import/reports': async (t, _owner, recordOf) => {
    const [settings] = await t.database.db.select().from(importSettings).where(inArray(importSettings.id, [await recordOf('cars.import/settings')]));
    return (await t.database.db.insert(importReports).values({ site_id: settings!.site_id, client_id: settings!.client_id, settings_id: settings!.id }).returning())[0]!.id;
  },
  'accessories.showroom/imports': async (t, _owner, recordOf) => {
    const [settings] = await t.database.db.select().from(accessorySettings).where(inArray(accessorySettings.id, [await recordOf('accessories.showroom/settings')]));
    return (await t.database.db.insert(accessoryImports).values({ site_id: settings!.site_id, client_id: settings!.client_id, settings_id: settings!.id, status: 'done' }).returning())[0]!.id;
  },
  'custom.media/items': async (t, _owner, recordOf) => {
    const [profile] = await t.database.db.select().from(customMediaProfiles).where(inArray(customMediaProfiles.id, [await recordOf('custom.media/profiles')]));
    return (await t.database.db.insert(customMediaItems).values({ site_id: profile!.site_id, client_id: profile!.client_id, profile_id: profile!.id, source_key: randomBytes(6).toString('hex'), source_media_url: 'https://media.dealer.test/a.jpg' }).returning())[0]!.id;
  },
  'cars.import/car_reports': async (t, { siteId, clientId }, recordOf) =>
    (await t.database.db.insert(carReports).values({ report_id: await recordOf('cars.import/reports'), site_id: siteId, client_id: clientId, row: 1 }).returning())[0]!.id,
};

/** Path parameters that name nothing the module check reads. */
const OTHER_PARAMS: Record<string, string> = { hash: '0'.repeat(64), type: 'callback_requests' };

let t: TestApp;
let dealer: string;
let staff: string;
const owners = {} as Record<'missing' | 'paused' | 'installed', Owner>;
const made = new Map<string, Promise<number>>();

/** One record of the kind for the owner, made once (by staff through the API, or by its fixture). */
function recordOf(owner: Owner, kind: string): Promise<number> {
  const key = `${owner.clientId}:${kind}`;
  if (!made.has(key)) made.set(key, makeRecord(owner, kind));
  return made.get(key)!;
}

async function makeRecord(owner: Owner, kind: string): Promise<number> {
  const fixture = FIXTURES[kind];
  if (fixture) return fixture(t, owner, (other) => recordOf(owner, other));
  const [service, name] = kind.split('/');
  const resource = findResource(service!, name!);
  if (!resource || resource.readOnly) throw new Error(`no way to make a record of ${kind}: add a fixture to test/module-gating.test.ts`);
  const attributes = await sampleFor(resource)(t, owner.clientId);
  const created = await t.request('POST', `/gateway/${service}/api/v1/${name}`, { token: staff, body: { data: { type: name, attributes } } });
  if (created.statusCode !== 201) throw new Error(`${kind}: ${created.statusCode} ${created.body}`);
  return Number(created.json().data.id);
}

/** The id a target names for the owner. */
function idFor(target: ModuleTarget, owner: Owner): Promise<number> | number {
  const kind = target.of ?? SITE;
  return kind === SITE ? owner.siteId : kind === CLIENT ? owner.clientId : recordOf(owner, kind);
}

function setAt(body: Record<string, unknown>, pointer: string, value: unknown) {
  const keys = pointer.split('/').slice(1);
  let at = body;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}

/** The route called on what the owner has: its targets filled with the owner's site, client or records. */
async function call(route: ApiRoute, token: string, owner: Owner) {
  let path = route.path;
  const query: string[] = [];
  const body: Record<string, unknown> = {};
  for (const target of (route.targets ?? []).filter((one) => tiedKind(one.of ?? SITE))) {
    const id = await idFor(target, owner);
    if (target.from === 'path') path = path.replace(`{${target.at}}`, String(id));
    else if (target.from === 'query') query.push(`${encodeURIComponent(target.at)}=${id}`);
    else setAt(body, target.at, id);
  }
  path = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in OTHER_PARAMS)) throw new Error(`${nameOf(route)}: no value for {${name}}: add it to OTHER_PARAMS`);
    return OTHER_PARAMS[name]!;
  });
  const url = `/gateway/${route.service}${path}${query.length ? `?${query.join('&')}` : ''}`;
  return t.request(route.method, url, { token, ...(Object.keys(body).length ? { body } : {}) });
}

const moduleCode = (response: { statusCode: number; json: () => { errors?: { code: string }[] } }) =>
  response.statusCode === 403 ? (response.json().errors?.[0]?.code ?? null) : null;

/** The owner's sites lose their modules, or have them suspended; this process has heard of it before the next call. */
async function takeModules(owner: Pick<Owner, 'clientId'>, how: 'missing' | 'paused') {
  const db = t.database.db;
  const siteIds = (await db.select({ id: sites.id }).from(sites).where(inArray(sites.client_id, [owner.clientId]))).map((row) => row.id);
  if (how === 'missing') await db.delete(moduleInstallations).where(inArray(moduleInstallations.site_id, siteIds));
  else await db.update(moduleInstallations).set({ active: false, suspended_reason: 'Отрицательный баланс', suspended_at: new Date() }).where(inArray(moduleInstallations.site_id, siteIds));
  await t.ctx.modules!.sync();
}

// The showroom's bots check their token with Telegram: a stand-in answers every sample token.
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn(TELEGRAM_HOST, { anyBot: true });
  process.env.OUTBOUND_ALLOW_HOSTS = TELEGRAM_HOST;
  t = await buildTestApp({ runJobs: false, telegramApiUrl: telegram.url });
  const grants: Record<string, string[]> = {};
  for (const route of TIED) grants[route.service] = [...new Set([...(grants[route.service] ?? []), ...route.permissions])];
  // Staff also make the records the routes name whose own routes are free.
  for (const kind of KINDS) {
    const [service, name] = kind.split('/');
    grants[service!] = [...new Set([...(grants[service!] ?? []), ...(findResource(service!, name!)?.permissions.create ?? [])])];
  }
  for (const state of ['missing', 'paused', 'installed'] as const) {
    const clientId = await t.createClient();
    owners[state] = { clientId, siteId: await t.createSite(clientId) };
  }
  const clientIds = Object.values(owners).map((owner) => owner.clientId);
  dealer = (await t.signIn((await t.createUser({ grants, clientIds, internal: false })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `staff-${randomBytes(4).toString('hex')}@platform.test`, grants })).email)).access_token;
  // Every kind of record the routes name, and one of every listed resource, exists for each owner while it has its modules.
  const listed = TIED.map(listedResource).filter((resource) => resource !== undefined).map((resource) => `${resource.service}/${resource.name}`);
  for (const owner of Object.values(owners)) for (const kind of [...KINDS, ...listed]) await recordOf(owner, kind);
  await takeModules(owners.missing, 'missing');
  await takeModules(owners.paused, 'paused');
}, 600_000);
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await telegram?.close();
});

describe('the declarations', () => {
  it('say where every module-tied route works (a list naming no site is narrowed instead)', () => {
    expect(TIED.filter((route) => !route.targets?.length && !listedResource(route)).map(nameOf)).toEqual([]);
  });

  it('tie the services of the site modules of spec 000 §2', () => {
    const moduleOf = (service: string, method: string, path: string) => DEFAULT_API_ROUTES.find((route) => route.service === service && route.method === method && route.path === path)?.module;
    expect(moduleOf('request.storage', 'GET', '/api/v1/callback_requests/where_site/{siteId}/format_xlsx')).toBe('requests');
    expect(moduleOf('sender', 'POST', '/api/v1/proxy_actions')).toBe('requests');
    expect(moduleOf('form-constructor', 'PATCH', '/api/v1/captcha_settings/{id}')).toBe('captcha');
    expect(moduleOf('cars.stock', 'GET', '/api/v1/cars')).toBe('available_cars|used_cars');
    expect(moduleOf('importer.notifier', 'POST', '/api/v1/manager_settings')).toBe('manager-notifier');
    expect(moduleOf('dealerships', 'POST', '/api/v1/employees')).toBe('dealerships');
    // Platform dictionaries inside a module's service are not tied.
    expect(moduleOf('request.storage', 'POST', '/api/v1/offensive_words')).toBeUndefined();
    expect(moduleOf('sender', 'GET', '/api/v1/central_proxy_actions')).toBeUndefined();
  });
});

describe.each([
  ['missing', 'module_not_installed'],
  ['paused', 'module_paused'],
] as const)('on a site whose module is %s', (state, code) => {
  it(`refuses a dealer every module-tied route with ${code}`, async () => {
    const wrong: string[] = [];
    for (const route of TIED.filter((one) => one.targets?.length)) {
      const response = await call(route, dealer, owners[state]);
      if (moduleCode(response) !== code) wrong.push(`${nameOf(route)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets staff read what was stored, and refuses them writes', async () => {
    const wrong: string[] = [];
    for (const route of TIED.filter((one) => one.targets?.length)) {
      const response = await call(route, staff, owners[state]);
      const refused = moduleCode(response) === code;
      if (refused === READS(route)) wrong.push(`${nameOf(route)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('leaves its records out of a dealer\'s lists that name no site', async () => {
    const wrong: string[] = [];
    for (const route of TIED.filter(listedResource)) {
      const resource = listedResource(route)!;
      const kind = `${resource.service}/${resource.name}`;
      const response = await t.request('GET', `/gateway/${route.service}${route.path}?page[size]=1000`, { token: dealer });
      const ids = response.statusCode === 200 ? response.json().data.map((record: { id: string }) => Number(record.id)) : [];
      if (response.statusCode !== 200 || ids.includes(await recordOf(owners[state], kind)) || !ids.includes(await recordOf(owners.installed, kind))) {
        wrong.push(`${nameOf(route)}: ${response.statusCode} ${JSON.stringify(ids).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('on a site with its modules', () => {
  it('lets a dealer read through every module-tied route', async () => {
    const wrong: string[] = [];
    for (const route of TIED.filter((one) => one.targets?.length && READS(one))) {
      const response = await call(route, dealer, owners.installed);
      if (moduleCode(response)?.startsWith('module_')) wrong.push(`${nameOf(route)}: ${response.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the public intake', () => {
  it('takes no request on a site without its requests module, or with it suspended, and tells the visitor nothing of modules or payment', async () => {
    requestStorageOf(t.app).captchaBits = 8;
    const site = await publishedSite(t);
    const challenge = async () => (await t.app.inject({ method: 'GET', url: '/_api/requests/captcha', headers: { host: site.host } })).json().data.challenge as string;
    const post = async (lang: string) => {
      const data = { attributes: { name: 'Анна', phone: '+7 (900) 123-45-67', processing_of_personal_data: true }, captcha: { challenge: await challenge() } };
      return t.app.inject({ method: 'POST', url: '/_api/requests/callback_requests', headers: { host: site.host, 'content-type': 'application/json', 'accept-language': lang }, payload: JSON.stringify({ data }) });
    };
    // The renderer's callback form, its captcha solved.
    const form = async () => {
      const c = await challenge();
      const fields = { _form: 'main-1', name: 'Пётр', phone: '+7 (900) 765-43-21', consent: 'on', captcha_challenge: c, captcha_nonce: solveChallenge(c) };
      return visit(t, site.host, '/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    };
    expect((await form()).body).toContain('Заявка отправлена');

    for (const how of ['paused', 'missing'] as const) {
      await takeModules(site, how);
      const before = (await t.database.db.select({ id: requests.id }).from(requests).where(inArray(requests.site_id, [site.id]))).length;
      for (const [lang, title] of [
        ['ru', 'Сейчас отправить заявку с сайта нельзя. Пожалуйста, свяжитесь с нами по телефону'],
        ['en', 'Requests cannot be sent from this site right now. Please contact us by phone'],
      ] as const) {
        const refused = await post(lang);
        expect(refused.statusCode, how).toBe(403);
        expect(refused.json().errors[0]).toMatchObject({ code: 'requests_not_accepted', title });
        expect(refused.body).not.toMatch(/модул|оплат|module|payment/i);
      }
      const page = await form();
      expect(page.body).toContain('Сейчас отправить заявку с сайта нельзя');
      expect(page.body).not.toMatch(/модул|оплат/i);
      expect((await t.database.db.select({ id: requests.id }).from(requests).where(inArray(requests.site_id, [site.id]))).length).toBe(before);
    }
  });
});

describe('the public accessories shop', () => {
  it('is the site’s 404 at every shop address without accessories_stock, or with it suspended', async () => {
    const site = await publishedSite(t);
    const [category] = await t.database.db.insert(accessoryCategories).values({ client_id: site.clientId, name: 'Коврики', code: `mats-${randomBytes(3).toString('hex')}` }).returning();
    const [item] = await t.database.db.insert(accessories).values({ site_id: site.id, client_id: site.clientId, category_id: category!.id, article_code: 'GATE-1', name: 'Коврики', price: 1000 }).returning();
    const urls = ['/accessories', `/accessories?category=${category!.id}`, `/accessories/${item!.id}`];
    for (const url of urls) expect((await visit(t, site.host, url)).statusCode, url).toBe(200);
    for (const how of ['paused', 'missing'] as const) {
      await takeModules(site, how);
      for (const url of urls) {
        const page = await visit(t, site.host, url);
        expect(page.statusCode, `${how} ${url}`).toBe(404);
        expect(page.body).not.toContain('Коврики');
      }
      const posted = await visit(t, site.host, `/accessories/${item!.id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '_form=accessory&name=a&phone=1' });
      expect(posted.statusCode, how).toBe(404);
    }
  });
});
