import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { DEFAULT_API_ROUTES } from '@dp/contracts';
import { permissions, rateLimits } from '../schema.ts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { publishedSite, type TestSite } from '../services/site-renderer/site-renderer.fixtures.ts';

/**
 * The hostile-input pass (DESIGN.md §9): every route the app registered under /gateway/ is sent
 * NUL characters, lone surrogates, 10 KB strings, out-of-range and malformed ids, impossible
 * dates and offsets (in every field built on contracts' date builders), deep nesting,
 * thousands of unknown keys, invalid JSON and wrong content types, as staff holding every
 * permission and, on public routes, anonymously. Every answer must be a 4xx with errors[]; the
 * server must still answer /healthz promptly. A route is covered by being registered.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
});
afterAll(() => t?.close());

/** Internal staff (platform e-mail domain) whose role holds every permission code there is. */
async function staffToken(app: TestApp) {
  const grants: Record<string, string[]> = {};
  for (const p of await app.database.db.select({ service: permissions.service, code: permissions.code }).from(permissions)) {
    (grants[p.service] ??= []).push(p.code);
  }
  const user = await app.createUser({ email: `staff-${randomUUID()}@platform.test`, grants });
  return (await app.signIn(user.email)).access_token as string;
}

type Schema = z.ZodType | undefined;
type Leaf = { text: unknown; number: unknown; date?: unknown };

/** The definition of a zod schema (zod 4 keeps it on `_zod.def`). */
const defOf = (schema: unknown) => (schema as { _zod: { def: Record<string, any> } })._zod.def;

/** The string formats of contracts' date builders (kit/dates.ts). */
const DATE_FORMATS = new Set(['date', 'date-time', 'date-or-date-time']);

/**
 * A value of the schema's shape whose strings are `leaf.text`, dates `leaf.date` (else text) and
 * numbers `leaf.number`: the hostile value lands in every field, whatever the route.
 */
function fill(schema: unknown, leaf: Leaf): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, fill(field, leaf)]));
    case 'array':
      return [fill(def.element, leaf)];
    case 'record':
      return { [String(leaf.text)]: fill(def.valueType, leaf) };
    // A discriminated union takes its first branch; a plain one its last ('' or a phone: the phone).
    case 'union':
      return fill(def.discriminator ? def.options[0] : def.options.at(-1), leaf);
    case 'pipe':
      return fill(defOf(def.in).type === 'transform' ? def.out : def.in, leaf);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fill(def.innerType, leaf);
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries)[0];
    case 'boolean':
      return true;
    case 'number':
      return leaf.number;
    case 'string':
      return DATE_FORMATS.has(def.format) && leaf.date !== undefined ? leaf.date : leaf.text;
    default:
      return leaf.text;
  }
}

/** Whether the schema has a leaf of the kind (a string, a date or a number field somewhere). */
const hasLeaf = (schema: Schema, kind: 'text' | 'number' | 'date') =>
  schema !== undefined &&
  JSON.stringify(fill(schema, { text: '\u0001T', number: '\u0001N', date: '\u0001D' })).includes({ text: '\\u0001T', number: '\\u0001N', date: '\\u0001D' }[kind]);

const ME = '/gateway/clients.storage/api/v1/me';
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const LONG = 'x'.repeat(10 * 1024);
const BAD_IDS: unknown[] = [0, -1, 2147483648, 9007199254740992, 'abc', '0x1', '1e3'];
/**
 * Dates that are not: out of the calendar, offsets past ±14:00, hours past 23, years PostgreSQL
 * or JS Date cannot hold alike, moments that leave the years in UTC, and loose formats.
 */
const IMPOSSIBLE_DATES = [
  '9999-99-99',
  '2026-02-31',
  '2025-02-29',
  '2026-13-01',
  '2020-01-01T00:00:00+99:99',
  '2020-01-01T00:00:00+14:30',
  '2020-01-01T00:00:00-15:00',
  '2020-01-01T24:00:00Z',
  '2020-01-01T23:60:00Z',
  '0000-01-01',
  '0999-12-31',
  '+010000-01-01T00:00:00Z',
  '9999-12-31T23:00:00-14:00',
  '1000-01-01T00:00:00+01:00',
  '2020-1-1',
  '01.01.2020',
  '2020-01-01 10:00',
  '1e3',
];
/** 0 is no id, but may be a fine count or order: in bodies and queries it must only not fail. */
const mustRefuse = (number: unknown) => number !== 0;
const DEEP = '{"data":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
const UNKNOWN_KEYS = JSON.stringify({ data: { attributes: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`unknown_${i}`, i])) } });
const WRONG_BODIES: [string, string][] = [
  ['text/plain', 'hello'],
  ['application/xml', '<data><name>x</name></data>'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n'],
  ['application/json', '{"data": {"name": "x",'],
  ['application/json', DEEP],
  ['application/json', UNKNOWN_KEYS],
];

interface Route {
  method: string;
  url: string;
  schema: { body?: Schema; querystring?: Schema; params?: Schema };
}

interface Call {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** Whether the call must be refused (4xx); otherwise it must only not fail (no 5xx). */
  refuse: boolean;
  /** A query parameter the refusal must name (an impossible date sent to it). */
  parameter?: string;
}

/** The route's URL with every path parameter set to `value`. */
const withParams = (url: string, value: unknown) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(String(value)));

/** The hostile calls of one route. */
function callsOf(route: Route): Call[] {
  const { method, url, schema } = route;
  const calls: Call[] = [];
  const base = withParams(url, 2147483647);
  const json = (label: string, body: unknown): Call => ({ label, method, url: base, payload: JSON.stringify(body), contentType: 'application/json', refuse: true });
  if (schema.body) {
    if (hasLeaf(schema.body, 'text')) {
      for (const [name, text] of [['NUL', NUL], ['lone surrogate', LONE_SURROGATE], ['10 KB string', LONG]] as const) {
        calls.push(json(`body strings = ${name}`, fill(schema.body, { text, number: 1 })));
      }
    }
    if (hasLeaf(schema.body, 'date')) {
      for (const date of IMPOSSIBLE_DATES) calls.push(json(`body dates = ${date}`, fill(schema.body, { text: 'x', number: 1, date })));
    }
    if (hasLeaf(schema.body, 'number')) {
      for (const number of BAD_IDS) {
        calls.push({ ...json(`body numbers = ${JSON.stringify(number)}`, fill(schema.body, { text: 'x', number })), refuse: mustRefuse(number) });
      }
    }
  }
  if (method !== 'GET') {
    for (const [contentType, payload] of WRONG_BODIES) {
      calls.push({ label: `body ${contentType} ${payload.slice(0, 20)}…`, method, url: base, payload, contentType, refuse: true });
    }
  }
  for (const [name, field] of Object.entries(schema.querystring ? defOf(schema.querystring).shape : {})) {
    if (hasLeaf(field as Schema, 'date')) {
      for (const date of IMPOSSIBLE_DATES) {
        calls.push({ label: `query ${name} = ${date}`, method, url: `${base}?${encodeURIComponent(name)}=${encodeURIComponent(date)}`, refuse: true, parameter: name });
      }
    }
    const numeric = hasLeaf(field as Schema, 'number');
    const values: [unknown, boolean][] = numeric
      ? BAD_IDS.map((value) => [value, mustRefuse(value)])
      : [[NUL, true], [LONG, true], ['abc', false], ['1e3', false]];
    for (const [value, refuse] of values) {
      calls.push({ label: `query ${name} = ${String(value).slice(0, 20)}`, method, url: `${base}?${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`, refuse });
    }
    // Not valid UTF-8: whatever the query parser makes of it, never a 500.
    calls.push({ label: `query ${name} = %ED%A0%80`, method, url: `${base}?${encodeURIComponent(name)}=%ED%A0%80`, refuse: false });
  }
  // A parameter no schema declares: the gateway still refuses NUL in it.
  calls.push({ label: 'undeclared query parameter = NUL', method, url: `${base}?undeclared=%00`, refuse: true });
  if (url.includes('/:')) {
    for (const value of [...BAD_IDS, NUL, LONG, 2147483647]) {
      calls.push({ label: `path = ${String(value).slice(0, 20)}`, method, url: withParams(url, value), refuse: true });
    }
  }
  return calls;
}

/** Whether the route table opens the route to anonymous callers. */
function isPublic(route: Route) {
  const [, service, path] = /^\/gateway\/([^/]+)(\/.*)$/.exec(route.url)!;
  return t.routeTable.match(service!, route.method, withParams(path!, 1))?.public === true;
}

/** What is wrong with an answer: a 5xx, a refused call answered 2xx/3xx, or a body without errors[]. */
function problemOf(call: Call, status: number, body: string): string | null {
  if (status >= 500) return `${status}`;
  if (status < 400) return call.refuse ? `${status}, expected a 4xx` : null;
  let errors: { status?: string; title?: string; source?: { parameter?: string } }[] | undefined;
  try {
    errors = JSON.parse(body).errors;
  } catch {
    return `${status} without a JSON body`;
  }
  if (!Array.isArray(errors) || errors.length === 0 || errors.length > 20) return `${status} with ${errors?.length ?? 'no'} errors`;
  if (errors.some((error) => error.status !== String(status) || !error.title)) return `${status} with malformed errors ${body.slice(0, 200)}`;
  if (call.parameter && !errors.some((error) => error.source?.parameter === call.parameter)) return `${status} not naming ${call.parameter}: ${body.slice(0, 200)}`;
  return null;
}

describe('the hostile-input pass over every registered route', () => {
  const routes = () =>
    (t.routes as Route[])
      .flatMap((route) => [route.method].flat().map((method) => ({ ...route, method: String(method) })))
      .filter((route) => route.method !== 'HEAD');

  it('covers every route of the gateway table, the known ones among them', () => {
    const covered = routes().map((route) => `${route.method} ${route.url}`);
    expect(covered).toContain('POST /gateway/clients.storage/api/v1/users');
    expect(covered).toContain('POST /gateway/auth.processing/api/v1/auth');
    for (const route of DEFAULT_API_ROUTES) {
      expect(covered).toContain(`${route.method} /gateway/${route.service}${route.path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
  });

  it('finds the date-typed fields of the routes that take dates, in queries and bodies', () => {
    const dated = (route: Route) =>
      hasLeaf(route.schema.body, 'date') || Object.values(route.schema.querystring ? defOf(route.schema.querystring).shape : {}).some((field) => hasLeaf(field as Schema, 'date'));
    const found = routes().filter(dated).map((route) => `${route.method} ${route.url}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /gateway/request.storage/api/v1/callback_requests/where_site/:siteId',
        'GET /gateway/request.storage/api/v1/callback_requests/where_site/:siteId/format_xlsx',
        'GET /gateway/request.storage/api/v1/requests/where_site/:siteId/format_csv',
        'GET /gateway/request.storage/api/v1/lost_requests/where_site/:siteId/archive',
        'POST /gateway/request.storage/api/v1/request_block',
        'PATCH /gateway/request.storage/api/v1/request_block/:id',
        'POST /gateway/request.storage/api/v1/request_block/from_request',
        'POST /gateway/content.storage/api/v1/stage_states/:id/schedule',
        'POST /gateway/sites.context/api/v1/page_states/:id/schedule',
        'POST /gateway/sites.context/api/v1/sites/:siteId/collections/:type',
        'PATCH /gateway/sites.context/api/v1/page_states/:id',
      ]),
    );
  });

  // The pass in parts (every PARTS-th route each), each with its own time: the routes grow with the services.
  const PARTS = 4;
  let count = 0;
  for (let part = 0; part < PARTS; part++) {
    it(`answers every hostile call with a 4xx and errors[], never a 5xx (part ${part + 1} of ${PARTS})`, { timeout: 120_000 }, async () => {
      const failures: string[] = [];
      for (const route of routes().filter((_route, i) => i % PARTS === part)) {
        const callers = isPublic(route) ? [staff, undefined] : [staff];
        for (const token of callers) {
          for (const call of callsOf(route)) {
            const response = await t.app.inject({
              method: call.method as never,
              url: call.url,
              headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(call.contentType ? { 'content-type': call.contentType } : {}) },
              ...(call.payload !== undefined ? { payload: call.payload } : {}),
            });
            count++;
            const problem = problemOf(call, response.statusCode, response.body);
            if (problem) failures.push(`${route.method} ${route.url} ${token ? 'staff' : 'anonymous'} ${call.label}: ${problem}`);
          }
        }
        // A hostile call that got through and ended the session (a logout, a switch) would turn
        // every later call into a 401 and hide what follows: that is a failure too.
        if ((await t.request('GET', ME, { token: staff })).statusCode !== 200) {
          failures.push(`${route.method} ${route.url}: a hostile call ended the staff session`);
          staff = await staffToken(t);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('made every call, and no hostile id deleted or moved a route of the gateway table', async () => {
    expect(count).toBeGreaterThan(500);
    // `/routes/0x1` once did.
    await t.routeTable.reload();
    const failures: string[] = [];
    for (const route of DEFAULT_API_ROUTES) {
      if (!t.routeTable.match(route.service, route.method, route.path.replace(/\{[^}]+\}/g, '1'))) failures.push(`${route.method} ${route.path}: gone from the route table`);
    }
    expect(failures).toEqual([]);
    expect((await t.request('GET', '/healthz')).statusCode).toBe(200);
  });
});

describe('impossible dates and offsets', () => {
  const STORAGE = '/gateway/request.storage/api/v1';
  let site: TestSite;
  let staff: string;
  beforeAll(async () => {
    staff = await staffToken(t);
    site = await publishedSite(t);
  });
  const get = (url: string, lang: 'ru' | 'en' = 'en') => t.request('GET', url, { token: staff, lang });
  const list = (query: string) => `${STORAGE}/callback_requests/where_site/${site.id}?${query}`;

  it('the request lists refuse each with a 400 naming the parameter, in Russian and English', async () => {
    const cases: [string, string, string, string][] = [
      ['date[from]=9999-99-99', 'date[from]', 'There is no such date in the calendar', 'Такой даты нет в календаре'],
      ['date[from]=2026-02-31', 'date[from]', 'There is no such date in the calendar', 'Такой даты нет в календаре'],
      ['date[to]=2020-01-01T00:00:00%2B99:99', 'date[to]', 'The time zone offset must be between −14:00 and +14:00', 'Часовой пояс должен быть в пределах от −14:00 до +14:00'],
      ['date[from]=2020-01-01T25:00', 'date[from]', 'Invalid time: hours 00 to 23, minutes and seconds 00 to 59', 'Неправильное время: часы от 00 до 23, минуты и секунды от 00 до 59'],
      ['date[from]=0000-01-01', 'date[from]', 'The year must be between 1000 and 9999', 'Год должен быть от 1000 до 9999'],
      ['date[from]=yesterday', 'date[from]', 'Invalid date: use the format YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS', 'Неправильная дата: нужен формат ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTЧЧ:ММ:СС'],
    ];
    for (const [query, parameter, en, ru] of cases) {
      const answer = await get(list(query));
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errors, query).toEqual([expect.objectContaining({ status: '400', title: en, source: { parameter } })]);
      expect((await get(list(query), 'ru')).json().errors[0].title, query).toBe(ru);
    }
    // The real ones still list: a leap day, a moment at the widest offset, the last day there is.
    for (const query of ['date[from]=2024-02-29', 'date[from]=2020-01-01T00:00:00%2B14:00', 'date[to]=9999-12-31', 'date[from]=1000-01-01T10:00']) {
      expect((await get(list(query))).statusCode, query).toBe(200);
    }
  });

  it('the XLSX and CSV exports answer a 400 with errors[] instead of cutting the connection', async () => {
    for (const format of ['format_xlsx', 'format_csv']) {
      for (const url of [`${STORAGE}/callback_requests/where_site/${site.id}/${format}`, `${STORAGE}/requests/where_site/${site.id}/${format}`]) {
        const answer = await get(`${url}?date[from]=9999-99-99`);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.headers['content-type'], url).toMatch(/application\/json/);
        expect(answer.json().errors[0], url).toMatchObject({ title: 'There is no such date in the calendar', source: { parameter: 'date[from]' } });
      }
    }
    // A day at the end of the years read at the reader's offset stays within what the database holds.
    const last = await get(`${STORAGE}/callback_requests/where_site/${site.id}/format_xlsx?date[from]=1000-01-01&date[to]=9999-12-31&utc_offset=-840`);
    expect(last.statusCode).toBe(200);
  });

  it("the lost requests' archive refuses them with a 400", async () => {
    const archive = (query: string) => `${STORAGE}/lost_requests/where_site/${site.id}/archive?${query}`;
    const impossible = await get(archive('date[from]=9999-99-99&date[to]=2026-01-01'));
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors[0]).toMatchObject({ title: 'There is no such date in the calendar', source: { parameter: 'date[from]' } });
    const rolled = await get(archive('date[from]=2026-02-01&date[to]=2026-02-31'));
    expect(rolled.statusCode).toBe(400);
    expect(rolled.json().errors[0].source).toEqual({ parameter: 'date[to]' });
    const moment = await get(archive('date[from]=2026-02-01T00:00:00Z&date[to]=2026-02-02'));
    expect(moment.json().errors[0].title).toBe('Invalid date: use the format YYYY-MM-DD');
    expect((await get(archive('date[from]=2024-02-29&date[to]=2024-03-01'))).statusCode).toBe(200);
  });

  it('bodies refuse them on the field: a block until February 31st is not stored in March', async () => {
    const create = (until: string) => t.request('POST', `${STORAGE}/request_block`, { token: staff, lang: 'en', body: { data: { attributes: { site_id: site.id, source_type: 'email', source: `x-${randomUUID()}@dealer.test`, until } } } });
    for (const [until, title] of [
      ['2026-02-31T10:00:00Z', 'There is no such date in the calendar'],
      ['2026-03-01T10:00:00+99:99', 'The time zone offset must be between −14:00 and +14:00'],
      ['2026-03-01', 'Invalid date and time: use the format YYYY-MM-DDTHH:MM:SS with a time zone (Z or +03:00)'],
    ] as const) {
      const refused = await create(until);
      expect(refused.statusCode, until).toBe(400);
      expect(refused.json().errors, until).toEqual([expect.objectContaining({ title, source: { pointer: '/data/attributes/until' } })]);
    }
    const kept = await create('2026-03-01T10:00:00+03:00');
    expect(kept.statusCode).toBe(201);
    expect(new Date(kept.json().data.attributes.until).toISOString()).toBe('2026-03-01T07:00:00.000Z');
  });
});

describe('hostile text, numbers and bodies, one case each', () => {
  let staff: string;
  beforeAll(async () => {
    staff = await staffToken(t);
  });
  const USERS = '/gateway/clients.storage/api/v1/users';
  const SIGN_IN = '/gateway/auth.processing/api/v1/auth';
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json', ...headers } });

  it('a NUL in a user name is a 400 on the field, in Russian and English', async () => {
    const clientId = await t.createClient();
    const attributes = { email: `nul-${randomUUID()}@dealer.test`, name: 'Иван\u0000', client_ids: [clientId] };
    const ru = await t.request('POST', USERS, { token: staff, body: { data: { attributes } } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().errors).toEqual([
      expect.objectContaining({ title: 'Поле содержит недопустимые символы: управляющие (например, нулевой) или повреждённые', source: { pointer: '/data/attributes/name' } }),
    ]);
    const en = await t.request('POST', USERS, { token: staff, lang: 'en', body: { data: { attributes } } });
    expect(en.json().errors[0]).toMatchObject({
      title: 'The field contains characters that are not allowed: control characters (such as NUL) or broken ones',
      source: { pointer: '/data/attributes/name' },
    });
    // A lone surrogate, as JSON sends it, is refused the same way.
    const lone = await post(USERS, JSON.stringify({ data: { attributes: { ...attributes, name: 'Иван\ud800' } } }));
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors[0].source).toEqual({ pointer: '/data/attributes/name' });
  });

  it('a NUL in the sign-in identity is a 400 that leaves the rate limits working', async () => {
    const countRows = async () => (await t.database.db.select().from(rateLimits)).length;
    const before = await countRows();
    for (const identity of ['victim\u0000@dealer.test', 'victim\ud800@dealer.test']) {
      const refused = await t.request('POST', SIGN_IN, { lang: 'en', body: { data: { method: 'password', identity, secret: 'x' } } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].source).toEqual({ pointer: '/data/identity' });
    }
    const restore = await t.request('POST', '/gateway/auth.processing/api/v1/restore/code', { body: { data: { identity: 'victim\u0000@dealer.test' } } });
    expect(restore.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
    // The next real attempt is counted as before.
    const user = await t.createUser({});
    const wrong = await t.request('POST', SIGN_IN, { body: { data: { method: 'password', identity: user.email, secret: 'Wrong-pass1!' } } });
    expect(wrong.statusCode).toBe(401);
    const [counter] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, `sign-in:account:${user.email}`));
    expect(counter?.count).toBe(1);
  });

  it('ids past int4 are a 400 or 404, never a 500, in paths, queries and bodies', async () => {
    for (const id of ['2147483648', '9007199254740992', '99999999999999999999']) {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const response = await t.request(method, `${USERS}/${id}`, { token: staff, ...(method === 'PATCH' ? { body: { data: { attributes: {} } } } : {}) });
        expect([400, 404], `${method} ${id}`).toContain(response.statusCode);
      }
      const filtered = await t.request('GET', `${USERS}?filter[client_id]=${id}`, { token: staff });
      expect(filtered.statusCode).toBe(400);
    }
    const body = await t.request('POST', USERS, { token: staff, lang: 'en', body: { data: { attributes: { email: 'a@dealer.test', name: 'A', client_ids: [2147483648] } } } });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toContainEqual(expect.objectContaining({ title: 'The value must be at most 2147483647', source: { pointer: '/data/attributes/client_ids/0' } }));
  });

  it('page numbers and ids are parsed strictly', async () => {
    for (const url of [
      `${USERS}?page[number]=0x1`,
      `${USERS}?page[size]=1e3`,
      `${USERS}?page[number]=%201`,
      `${USERS}?page[number]=1.0`,
      `${USERS}/0x1`,
      `${USERS}/1e0`,
      '/gateway/auth.processing/api/v1/me/auth_history?page[number]=0x1',
      '/gateway/auth.processing/api/v1/custom_tokens?page[size]=0x10',
    ]) {
      const response = await t.request('GET', url, { token: staff, lang: 'en' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0].title, url).toBe('The value must be a whole number');
    }
    expect((await t.request('GET', `${USERS}?page[number]=1&page[size]=10`, { token: staff })).statusCode).toBe(200);
  });

  it('thousands of unknown keys get a small reply of at most 20 errors', async () => {
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    const huge = await post(USERS, JSON.stringify({ data: { attributes: keys(60_000) } }), { 'accept-language': 'en' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual([expect.objectContaining({ code: 'body_too_complex' })]);
    expect(huge.body.length).toBeLessThan(1000);
    // Under the key limit the validation answers, still with 20 errors at most.
    const many = await post(USERS, JSON.stringify({ data: { attributes: keys(1500) } }));
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toHaveLength(20);
    expect(many.body.length).toBeLessThan(5000);
    const deep = await post(USERS, '{"data":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].code).toBe('body_too_complex');
  });

  it('invalid JSON is a 400 saying so, in the caller\'s language', async () => {
    const ru = await post(USERS, '{"data": {');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().errors).toEqual([{ status: '400', code: 'invalid_json', title: 'Тело запроса не является корректным JSON' }]);
    const en = await post(USERS, '{"data": {', { 'accept-language': 'en' });
    expect(en.json().errors[0].title).toBe('The request body is not valid JSON');
    const poisoned = await post(USERS, '{"data": {"__proto__": {"admin": true}}}', { 'accept-language': 'en' });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().errors[0].code).toBe('invalid_json');
  });

  it('a malformed URL escape is a 400 with errors[]', async () => {
    for (const url of [`${USERS}/%E0%A4%A`, '/gateway/clients.storage/api/v1/%zz']) {
      const response = await t.request('GET', url, { token: staff, lang: 'en' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors, url).toEqual([{ status: '400', code: 'bad_url', title: 'The request address is malformed' }]);
    }
  });

  it('a content type other than JSON is a 415 with errors[]', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      const response = await post(USERS, 'name=x', { 'content-type': contentType, 'accept-language': 'en' });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().errors, contentType).toEqual([{ status: '415', code: 'unsupported_media_type', title: 'Unsupported content type: send application/json' }]);
    }
  });

  it('a Content-Length that does not match the body is a 400 with errors[]', async () => {
    const response = await post(USERS, '{"data":{}}', { 'content-length': '3' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ status: '400', code: 'bad_request' });
  });

  describe('requests Node itself refuses, over a socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    /** Sends raw bytes and reads the whole answer: status, headers, body. */
    const raw = (request: string) =>
      new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head = '', body = ''] = text.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), headers: head, body });
        });
      });

    it('20 bodies of 60,000 keys at once are each refused with a small answer while /healthz keeps answering', async () => {
      const payload = JSON.stringify({ data: { attributes: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i])) } });
      const headers = { authorization: `Bearer ${staff}`, 'content-type': 'application/json' };
      let settled = false;
      const flood = Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await fetch(`http://127.0.0.1:${port}${USERS}`, { method: 'POST', body: payload, headers });
          return { status: response.status, length: (await response.text()).length };
        }),
      ).finally(() => (settled = true));
      // /healthz is asked again and again while the flood is handled (how fast is bench/'s business).
      do {
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        await new Promise((resolve) => setImmediate(resolve));
      } while (!settled);
      const answers = await flood;
      expect(answers.every((answer) => answer.status === 400 && answer.length < 1000)).toBe(true);
    });

    it('headers over 16 KB are a 431 with errors[] in the caller\'s language', async () => {
      const answer = await raw(`GET ${USERS} HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(answer.status).toBe(431);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.body).errors).toEqual([{ status: '431', code: 'headers_too_large', title: 'The request headers are too large' }]);
      const ru = await raw(`GET ${USERS} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(JSON.parse(ru.body).errors[0].title).toBe('Заголовки запроса слишком велики');
    });

    it('a malformed Content-Length is a 400 with errors[]', async () => {
      const answer = await raw(`POST ${USERS} HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).errors).toEqual([{ status: '400', code: 'bad_request', title: 'The request is malformed' }]);
    });
  });
});
