import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog, dealerships, moduleInstallations, modules, pages, redirects, sites, siteTasks, virtualMachines } from '../../schema.ts';
import { checkSiteBasicAuth } from './site-basic-auth.ts';

/**
 * The sites of spec 000 §3–§5 through the API: host rules, settings, dealers, transitions,
 * copy, fork, generate, republish and rerender, with_modules, the site's users; each write in
 * the audit trail and the site tasks it creates.
 */
let t: TestApp;
let staff: string;
let manager: string;
let clientA: number;
let clientB: number;
const API = '/gateway/sites.context/api/v1';
const SITE_CODES = ['sites.create', 'sites.patch', 'sites.delete', 'sites.get_full_list', 'sites.republish'];

beforeAll(async () => {
  t = await buildTestApp({ technicalDomain: 'sites.test' });
  clientA = await t.createClient('Клиент А');
  clientB = await t.createClient('Клиент Б');
  const admin = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: { 'sites.context': SITE_CODES } });
  staff = (await t.signIn(admin.email)).access_token;
  const dealer = await t.createUser({ grants: { 'sites.context': SITE_CODES }, clientIds: [clientA] });
  manager = (await t.signIn(dealer.email)).access_token;
});
afterAll(() => t?.close());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const attrs = (extra: Record<string, unknown> = {}) => ({ name: `Сайт ${unique()}`, client_id: clientA, ...extra });
const create = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/sites`, { token, lang, body: { data: { attributes } } });
const patch = (token: string, id: string | number, attributes: Record<string, unknown>, lang = 'en') =>
  t.request('PATCH', `${API}/sites/${id}`, { token, lang, body: { data: { attributes } } });
const action = (method: string, path: string, token: string, data?: unknown, lang = 'en') => t.request(method, `${API}/${path}`, { token, lang, ...(data !== undefined ? { body: { data } } : {}) });
async function newSite(extra: Record<string, unknown> = {}, token = staff) {
  const response = await create(token, attrs(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const tasksOf = (siteId: string) => t.database.db.select().from(siteTasks).where(eq(siteTasks.site_id, Number(siteId)));
const auditOf = (siteId: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'sites'), eq(auditLog.record_id, siteId), eq(auditLog.action, action)));
const firstError = (response: { json(): any }) => response.json().errors[0];

describe('host rules', () => {
  it('normalises hosts: lowercase, no scheme, path or port; an internationalised domain in punycode, as browsers send it', async () => {
    const site = await newSite({ host: ' https://Haval-Тест.РФ/path ', technical_host: 'KIA_Sever.sites.test' });
    expect(site.attributes.host).toBe(domainToASCII('haval-тест.рф'));
    expect(site.attributes.technical_host).toBe('kia-sever.sites.test');
    const refused = await create(staff, attrs({ host: '!!!' }));
    expect(refused.statusCode).toBe(400);
    expect(firstError(refused)).toMatchObject({
      title: 'The host must be a domain name: letters, digits, dots and hyphens, with at least one dot',
      source: { pointer: '/data/attributes/host' },
    });
  });

  it('refuses an IP address or a port as a host wherever a host is saved, in the caller\'s language', async () => {
    const site = await newSite({ host: `kept-${unique()}.ru` });
    const master = await newSite({ type: 2, context: { color_scheme: `ip-${unique()}` } });
    const scheme = `ip-${unique()}`;
    await newSite({ type: 1, context: { color_scheme: scheme, brand_id: null } });
    const texts = {
      host_ip_address: { ru: 'Домен не может быть IP-адресом: укажите доменное имя сайта', en: "The host cannot be an IP address: give the site's domain name" },
      host_port: { ru: 'Домен указывается без порта: сайты открываются на стандартных портах 80 и 443', en: 'The host is given without a port: sites are served on the standard ports 80 and 443' },
    };
    const cases = [
      ['127.0.0.1', 'host_ip_address'],
      ['[::1]', 'host_ip_address'],
      ['kia-port.ru:8080', 'host_port'],
    ] as const;
    for (const [value, code] of cases) {
      for (const lang of ['ru', 'en'] as const) {
        const calls = [
          ['create host', () => create(staff, attrs({ host: value }), lang), '/data/attributes/host'],
          ['create technical host', () => create(staff, attrs({ technical_host: value }), lang), '/data/attributes/technical_host'],
          ['patch', () => patch(staff, site.id, { host: value }, lang), '/data/attributes/host'],
          ['copy', () => action('POST', `sites/${site.id}/copy`, staff, { name: 'Копия', client_id: clientA, host: value }, lang), '/data/host'],
          ['fork', () => action('POST', `sites/${master.id}/fork`, staff, { name: 'Форк', client_id: clientA, host: value }, lang), '/data/host'],
          ['generate', () => action('POST', 'sites/generate', staff, { client_id: clientA, color_scheme: scheme, host: value }, lang), '/data/host'],
        ] as const;
        for (const [name, call, pointer] of calls) {
          const response = await call();
          expect(response.statusCode, `${name} ${value}`).toBe(400);
          expect(firstError(response), `${name} ${value}`).toMatchObject({ title: texts[code][lang], source: { pointer } });
        }
      }
    }
    // Nothing was saved: the site keeps its host, and no site holds the refused ones.
    expect((await t.request('GET', `${API}/sites/${site.id}`, { token: staff })).json().data.attributes.host).toBe(site.attributes.host);
    const [ipSite] = await t.database.db.select().from(sites).where(eq(sites.host, '127.0.0.1'));
    expect(ipSite).toBeUndefined();
    const [portless] = await t.database.db.select().from(sites).where(eq(sites.host, 'kia-port.ru'));
    expect(portless).toBeUndefined();
  });

  it('keeps the host apart from the technical domain and the technical host inside it', async () => {
    for (const host of ['sites.test', 'shop.sites.test']) {
      const response = await create(staff, attrs({ host }));
      expect(response.statusCode, host).toBe(400);
      expect(firstError(response)).toMatchObject({ title: 'The host must differ from the technical domain sites.test', source: { pointer: '/data/attributes/host' } });
    }
    for (const technical of ['kia.other.test', 'a.b.sites.test']) {
      const response = await create(staff, attrs({ technical_host: technical }), 'ru');
      expect(response.statusCode, technical).toBe(400);
      expect(firstError(response)).toMatchObject({ title: 'Технический домен должен быть поддоменом sites.test', source: { pointer: '/data/attributes/technical_host' } });
    }
  });

  it('refuses a host or technical host another site uses as either (409 on the field)', async () => {
    const taken = await newSite({ host: `taken-${unique()}.ru`, technical_host: `taken-${unique()}.sites.test` });
    const { host, technical_host: technical } = taken.attributes;
    for (const [field, value] of [['host', host], ['technical_host', technical]] as const) {
      const sameField = await create(staff, attrs({ [field]: value }));
      expect(sameField.statusCode).toBe(409);
      expect(firstError(sameField)).toMatchObject({ title: `Host or technical domain already in use: ${value}`, source: { pointer: `/data/attributes/${field}` } });
    }
    // A technical host cannot be someone's host and the other way round (across both columns).
    const other = await newSite({ technical_host: `free-${unique()}.sites.test` });
    const crossed = await patch(staff, other.id, { technical_host: technical });
    expect(crossed.statusCode).toBe(409);
    const [row] = await t.database.db.insert(sites).values({ name: 'host = a technical host', client_id: clientA, host: `x-${unique()}.sites-other.test` }).returning();
    const asTechnical = await create(staff, attrs({ host: row!.host }));
    expect(asTechnical.statusCode).toBe(409);
    // Its own values are no conflict.
    expect((await patch(staff, taken.id, { host, technical_host: technical })).statusCode).toBe(200);
  });

  it('normalises a stored site with POST /sites/{id}/normalize, refusing a result another site has', async () => {
    const [raw] = await t.database.db.insert(sites).values({ name: 'Старый', client_id: clientA, host: `Старый-${unique()}.RU`, status: 2 }).returning();
    const normalized = await action('POST', `sites/${raw!.id}/normalize`, staff);
    expect(normalized.statusCode).toBe(200);
    expect(normalized.json().data.attributes.host).toBe(domainToASCII(raw!.host!.toLowerCase()));
    const [entry] = await auditOf(String(raw!.id), 'normalize');
    expect(entry!.changes).toMatchObject({ host: [raw!.host, normalized.json().data.attributes.host] });
    expect((await tasksOf(String(raw!.id))).map((task) => task.action)).toEqual(['change_host']);

    const suffix = unique();
    await newSite({ host: `dup-${suffix}.ru` });
    const [clash] = await t.database.db.insert(sites).values({ name: 'Дубль', client_id: clientA, host: `DUP-${suffix}.ru` }).returning();
    const refused = await action('POST', `sites/${clash!.id}/normalize`, staff);
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).source).toEqual({ pointer: '/data/attributes/host' });
  });
});

describe('settings', () => {
  it('creates a draft with a create_site task and keeps every setting of spec 000 §3', async () => {
    const site = await newSite({
      host: `full-${unique()}.ru`,
      technical_host: `full-${unique()}.sites.test`,
      use_http: true,
      context: { brand_id: 7, color_scheme: 'kia', extra_color_schemes: ['kia-dark'] },
      admin_email: 'Admin@Dealer.test',
      country: 'kz',
      strict_publishing: true,
      content_version: 2,
      phone_format: '+7 (XXX) XXX-XX-XX',
      locale: 'en',
      default_mailer: 'smtp',
      depersonalization: { enabled: true, period: 30 },
      logo_position: 'right',
    });
    expect(site.attributes).toMatchObject({
      status: 2,
      version: 1,
      type: 3,
      core: 'core',
      use_http: true,
      context: { brand_id: 7, color_scheme: 'kia', extra_color_schemes: ['kia-dark'] },
      admin_email: 'admin@dealer.test',
      country: 'kz',
      strict_publishing: true,
      content_version: 2,
      phone_format: '+7 (XXX) XXX-XX-XX',
      locale: 'en',
      default_mailer: 'smtp',
      depersonalization: { enabled: true, period: 30 },
      favicons: { icon: null, apple: null },
      logos: { pc: null, mobile: null },
      logo_position: 'right',
    });
    const [task] = await tasksOf(site.id);
    expect(task).toMatchObject({ action: 'create_site', status: 'NEW', host: site.attributes.host, domain_code: site.attributes.technical_host.split('.')[0] });
    expect(await auditOf(site.id, 'create')).toHaveLength(1);
    // A change of the context changes only the keys it names.
    const changed = await patch(staff, site.id, { context: { color_scheme: 'kia-new' } });
    expect(changed.json().data.attributes.context).toEqual({ brand_id: 7, color_scheme: 'kia-new', extra_color_schemes: ['kia-dark'] });
  });

  it('refuses bad settings with the field and the message in the caller\'s language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ country: 'us' }, '/data/attributes/country', 'Недопустимое значение'],
      [{ locale: 'de' }, '/data/attributes/locale', 'Язык должен быть ru или en'],
      [{ admin_email: 'not-an-email' }, '/data/attributes/admin_email', 'Неправильный формат email'],
      [{ depersonalization: { enabled: true } }, '/data/attributes/depersonalization/period', 'Это поле обязательно для заполнения'],
      [{ logo_position: 'center' }, '/data/attributes/logo_position', 'Недопустимое значение'],
      [{ phone_format: 'call me' }, '/data/attributes/phone_format', 'Формат телефона: цифры, X, пробелы и знаки + ( ) -'],
      [{ status: 1 }, '/data/attributes/status', 'Поле «status» не поддерживается'],
    ];
    for (const [extra, pointer, title] of cases) {
      const response = await create(staff, attrs(extra), 'ru');
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().errors, JSON.stringify(extra)).toContainEqual(expect.objectContaining({ title, source: { pointer } }));
    }
  });

  it('keeps the basic-auth password as a hash only: never returned, hidden in the trail, checkable', async () => {
    const noLogin = await create(staff, attrs({ basic_auth_password: 'secret-1' }));
    expect(noLogin.statusCode).toBe(400);
    expect(firstError(noLogin).source.pointer).toBe('/data/attributes/basic_auth_login');
    const site = await newSite({ basic_auth_login: 'preview', basic_auth_password: 'Sneak-Peek-1' });
    expect(JSON.stringify(site)).not.toMatch(/Sneak-Peek|password/);
    const [stored] = await t.database.db.select().from(sites).where(eq(sites.id, Number(site.id)));
    expect(stored!.basic_auth_password_hash).toMatch(/^\$argon2id\$/);
    expect(await checkSiteBasicAuth(t.database.db, stored!.id, 'preview', 'Sneak-Peek-1')).toBe(true);
    expect(await checkSiteBasicAuth(t.database.db, stored!.id, 'preview', 'wrong')).toBe(false);
    const [created] = await auditOf(site.id, 'create');
    expect(created!.changes).toMatchObject({ basic_auth_password: '[hidden]' });
    expect(JSON.stringify(created!.changes)).not.toContain('Sneak-Peek');
    // Without a login the site is open and no password is kept.
    await patch(staff, site.id, { basic_auth_login: null });
    const [cleared] = await t.database.db.select().from(sites).where(eq(sites.id, Number(site.id)));
    expect(cleared!.basic_auth_password_hash).toBeNull();
    expect(await checkSiteBasicAuth(t.database.db, stored!.id, null, null)).toBe(true);
  });

  it('leaves official sites to platform staff', async () => {
    const refused = await create(manager, attrs({ type: 2 }));
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused).title).toBe('Only platform staff can create or change official sites');
    const own = await newSite({}, manager);
    expect((await patch(manager, own.id, { type: 1 })).statusCode).toBe(403);
    expect((await create(staff, attrs({ type: 2 }))).statusCode).toBe(201);
  });

  it('a host change makes a change_host task with the old host', async () => {
    const old = `old-${unique()}.ru`;
    const site = await newSite({ host: old });
    const changed = await patch(staff, site.id, { host: `new-${unique()}.ru` });
    expect(changed.statusCode).toBe(200);
    const tasks = await tasksOf(site.id);
    expect(tasks.map((task) => task.action)).toEqual(['create_site', 'change_host']);
    expect(tasks[1]).toMatchObject({ host: changed.json().data.attributes.host, old_host: old });
    // Other changes make no task.
    await patch(staff, site.id, { name: 'Другое имя' });
    expect(await tasksOf(site.id)).toHaveLength(2);
  });

  it('filters by colour scheme (search by color_scheme) and by origin', async () => {
    const scheme = `scheme-${unique()}`;
    const site = await newSite({ context: { color_scheme: scheme } });
    await newSite({ context: { color_scheme: `${scheme}-other` } });
    const found = await t.request('GET', `${API}/sites?filter[color_scheme]=${scheme}`, { token: staff });
    expect(found.json().data.map((row: any) => row.id)).toEqual([site.id]);
  });
});

describe('dealers of a site', () => {
  let own: number[];
  let foreign: number;
  beforeAll(async () => {
    const rows = await t.database.db
      .insert(dealerships)
      .values([1, 2, 3].map((n) => ({ client_id: clientA, title: `ДЦ ${n}`, code: `dc-${unique()}` })))
      .returning();
    own = rows.map((row) => row.id);
    const [other] = await t.database.db.insert(dealerships).values({ client_id: clientB, title: 'Чужой ДЦ', code: `dc-${unique()}` }).returning();
    foreign = other!.id;
  });

  it('takes only the client\'s dealers, appends, removes and reorders them', async () => {
    const refused = await create(manager, attrs({ dealer_id: foreign }));
    expect(refused.statusCode).toBe(400);
    expect(firstError(refused)).toMatchObject({ code: 'invalid_reference', source: { pointer: '/data/attributes/dealer_id' } });
    const site = await newSite({ dealer_id: own[0] }, manager);
    expect(site.attributes).toMatchObject({ dealer_id: own[0], dealer_ids: [own[0]] });
    const appended = await action('POST', `sites/${site.id}/dealers/append`, manager, { dealer_ids: [own[1], own[2], own[1]] });
    expect(appended.json().data.attributes.dealer_ids).toEqual(own);
    expect((await action('POST', `sites/${site.id}/dealers/append`, manager, { dealer_ids: [foreign] })).statusCode).toBe(400);
    const reordered = await action('PATCH', `sites/${site.id}/display_priority`, manager, { dealer_ids: [own[2], own[0], own[1]] });
    expect(reordered.json().data.attributes.dealer_ids).toEqual([own[2], own[0], own[1]]);
    const notPermutation = await action('PATCH', `sites/${site.id}/display_priority`, manager, { dealer_ids: [own[2], own[0]] });
    expect(notPermutation.statusCode).toBe(400);
    expect(firstError(notPermutation).title).toBe('The order must list exactly the dealers the site shows');
    const removed = await action('POST', `sites/${site.id}/dealers/remove`, manager, { dealer_ids: [own[0]] });
    expect(removed.json().data.attributes.dealer_ids).toEqual([own[2], own[1]]);
    expect((await auditOf(site.id, 'display_priority'))[0]!.changes).toEqual({ dealer_ids: [own, [own[2], own[0], own[1]]] });
  });

  it('sets the site\'s languages when it has the multiple_locales module', async () => {
    const site = await newSite({}, manager);
    const [module] = await t.database.db.insert(modules).values({ code: 'multiple_locales', name: 'Мультиязычность' }).onConflictDoNothing().returning();
    const moduleId = module?.id ?? (await t.database.db.select().from(modules).where(eq(modules.code, 'multiple_locales')))[0]!.id;
    await t.database.db.insert(moduleInstallations).values({ site_id: Number(site.id), module_id: moduleId });
    const changed = await action('PATCH', `sites/${site.id}/locales`, manager, { locales: ['ru', 'en', 'en'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes.locales).toEqual(['ru', 'en']);
    expect((await action('PATCH', `sites/${site.id}/locales`, manager, { locales: ['de'] })).statusCode).toBe(400);
  });
});

describe('transitions', () => {
  it('publishes only a draft: pending without a running VM, published with one', async () => {
    const site = await newSite({ host: `pub-${unique()}.ru` });
    const pending = await action('POST', `sites/${site.id}/publish`, staff);
    expect(pending.json().data.attributes.status).toBe(3);
    expect((await action('POST', `sites/${site.id}/publish`, staff)).statusCode).toBe(409);

    const withVm = await newSite({ host: `vm-${unique()}.ru` });
    await t.database.db.insert(virtualMachines).values({ site_id: Number(withVm.id), client_id: clientA, status: 'CREATED' });
    const published = await action('POST', `sites/${withVm.id}/publish`, staff);
    expect(published.json().data.attributes.status).toBe(1);
    const again = await action('POST', `sites/${withVm.id}/publish`, staff, undefined, 'en');
    expect(again.statusCode).toBe(409);
    expect(firstError(again).title).toBe('Only a draft site can be published');
    expect((await auditOf(withVm.id, 'publish'))[0]!.changes).toEqual({ status: [2, 1] });

    const hostless = await newSite();
    expect(firstError(await action('POST', `sites/${hostless.id}/publish`, staff)).code).toBe('site_needs_host');
  });

  async function publishedSite(token = staff) {
    const site = await newSite({ host: `live-${unique()}.ru` }, token);
    await t.database.db.update(sites).set({ status: 1 }).where(eq(sites.id, Number(site.id)));
    return { ...site, attributes: { ...site.attributes, status: 1 } as Record<string, any> };
  }

  it('renders and unpublishes only a published site; unpublishing needs the host typed exactly', async () => {
    const draft = await newSite({ host: `draft-${unique()}.ru` });
    expect((await action('POST', `sites/${draft.id}/render`, staff)).statusCode).toBe(409);
    expect((await action('POST', `sites/${draft.id}/unpublish`, staff, { host: draft.attributes.host })).statusCode).toBe(409);

    const site = await publishedSite();
    const rendered = await action('POST', `sites/${site.id}/render`, staff);
    expect(rendered.json().data.attributes.rendered_at).toEqual(expect.any(String));
    for (const typed of ['', site.attributes.host.toUpperCase(), `${site.attributes.host} `]) {
      const wrong = await action('POST', `sites/${site.id}/unpublish`, staff, { host: typed });
      expect(wrong.statusCode).toBe(400);
      expect(firstError(wrong)).toMatchObject({ title: "You don't want to unpublish site", source: { pointer: '/data/host' } });
    }
    const ru = await action('POST', `sites/${site.id}/unpublish`, staff, { host: 'nope' }, 'ru');
    expect(firstError(ru).title).toBe('Вы не хотите снимать сайт с публикации: домен введён неверно');
    const done = await action('POST', `sites/${site.id}/unpublish`, staff, { host: site.attributes.host });
    expect(done.json().data.attributes.status).toBe(2);
    expect((await tasksOf(site.id)).map((task) => task.action)).toEqual(['create_site', 'unpublish']);
    expect(await auditOf(site.id, 'unpublish')).toHaveLength(1);
    expect(await auditOf(site.id, 'render')).toHaveLength(1);
  });

  it('deletes only an unpublished site, with the host typed exactly, audited with a snapshot', async () => {
    const site = await publishedSite();
    const url = (typed: string) => `${API}/sites/${site.id}?confirm=${encodeURIComponent(typed)}`;
    const published = await t.request('DELETE', url(site.attributes.host), { token: staff, lang: 'en' });
    expect(published.statusCode).toBe(409);
    await t.database.db.update(sites).set({ status: 2 }).where(eq(sites.id, Number(site.id)));
    const untyped = await t.request('DELETE', `${API}/sites/${site.id}`, { token: staff, lang: 'en' });
    expect(untyped.statusCode).toBe(400);
    expect(firstError(untyped)).toMatchObject({ title: "You don't want to delete site", source: { parameter: 'confirm' } });
    expect((await t.request('DELETE', url('wrong.ru'), { token: staff })).statusCode).toBe(400);
    expect((await t.request('DELETE', url(site.attributes.host), { token: staff })).statusCode).toBe(204);
    const [entry] = await auditOf(site.id, 'delete');
    expect(entry!.changes).toMatchObject({ name: site.attributes.name, host: site.attributes.host });
    expect((await t.request('GET', `${API}/sites/${site.id}`, { token: staff })).statusCode).toBe(404);
  });

  it('switches the version except for official sites; any other value is "Unexpected site version"', async () => {
    const site = await newSite();
    for (const version of [3, 0, 'two', null]) {
      const response = await action('PATCH', `sites/${site.id}/version`, staff, { version });
      expect(response.statusCode, String(version)).toBe(400);
      expect(firstError(response)).toMatchObject({ title: 'Unexpected site version', source: { pointer: '/data/version' } });
    }
    const switched = await action('PATCH', `sites/${site.id}/version`, staff, { version: 2 });
    expect(switched.json().data.attributes.version).toBe(2);
    expect((await auditOf(site.id, 'switch_version'))[0]!.changes).toEqual({ version: [1, 2] });
    const official = await newSite({ type: 1 });
    const refused = await action('PATCH', `sites/${official.id}/version`, staff, { version: 2 });
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).title).toBe('The version of an official site cannot be switched');
  });

  it('switching the rendering core creates a switch_core task', async () => {
    const site = await newSite({ host: `core-${unique()}.ru` });
    const switched = await action('PATCH', `sites/${site.id}/core`, staff, { core: 'core2' });
    expect(switched.json().data.attributes.core).toBe('core2');
    const tasks = await tasksOf(site.id);
    expect(tasks.at(-1)).toMatchObject({ action: 'switch_core', payload: { core: 'core2', old_core: 'core' } });
    expect((await action('PATCH', `sites/${site.id}/core`, staff, { core: 'core2' })).statusCode).toBe(409);
    expect((await action('PATCH', `sites/${site.id}/core`, staff, { core: 'core3' })).statusCode).toBe(400);
  });

  it('keeps every transition to the sites of the caller\'s clients (another client\'s answers 404)', async () => {
    const [foreign] = await t.database.db.insert(sites).values({ name: 'Чужой', client_id: clientB, host: `foreign-${unique()}.ru`, status: 1 }).returning();
    const calls: [string, string, unknown?][] = [
      ['POST', `sites/${foreign!.id}/publish`],
      ['POST', `sites/${foreign!.id}/unpublish`, { host: foreign!.host }],
      ['POST', `sites/${foreign!.id}/render`],
      ['PATCH', `sites/${foreign!.id}/version`, { version: 2 }],
      ['PATCH', `sites/${foreign!.id}/core`, { core: 'core2' }],
      ['POST', `sites/${foreign!.id}/normalize`],
      ['POST', `sites/${foreign!.id}/copy`, { name: 'Копия', client_id: clientA }],
      ['GET', `sites/${foreign!.id}/dns_check`],
      ['GET', `sites/${foreign!.id}/users`],
      ['POST', `sites/${foreign!.id}/dealers/remove`, { dealer_ids: [1] }],
    ];
    for (const [method, path, data] of calls) expect((await action(method, path, manager, data)).statusCode, `${method} ${path}`).toBe(404);
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, foreign!.id));
    expect(row!.status).toBe(1);
  });
});

describe('copy, fork and generate', () => {
  it('copies a site with the dialog\'s values, an automatic technical domain and a create_site task', async () => {
    const source = await newSite({ context: { color_scheme: 'kia', brand_id: 3 }, country: 'by', basic_auth_login: 'x', basic_auth_password: 'Secret-1!' }, manager);
    const copied = await action('POST', `sites/${source.id}/copy`, manager, {
      name: 'Kia Север копия',
      client_id: clientA,
      auto_technical_host: true,
      phone_format: '8 (XXX) XXX-XX-XX',
      admin_email: 'copy@dealer.test',
      color_scheme: 'kia-dark',
      locale: 'en',
      copy_stages: true,
      copy_redirects: true,
      copy_seo_constants: true,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json().data;
    expect(copy.attributes).toMatchObject({
      name: 'Kia Север копия',
      technical_host: 'kia-sever-kopiya.sites.test',
      status: 2,
      type: 3,
      country: 'by',
      phone_format: '8 (XXX) XXX-XX-XX',
      admin_email: 'copy@dealer.test',
      locale: 'en',
      context: { color_scheme: 'kia-dark', brand_id: 3, extra_color_schemes: [] },
      basic_auth_login: null,
      origin_site_id: null,
    });
    expect((await tasksOf(copy.id)).map((task) => task.action)).toEqual(['create_site']);
    expect((await auditOf(copy.id, 'copy'))[0]!.changes).toMatchObject({ source_site_id: Number(source.id) });
    // The same technical host again is taken.
    const again = await action('POST', `sites/${source.id}/copy`, manager, { name: 'Kia Север копия', client_id: clientA, auto_technical_host: true });
    expect(again.statusCode).toBe(409);
    expect(firstError(again).source).toEqual({ pointer: '/data/technical_host' });
    // Not for another client, and a subdomain makes the technical host.
    const elsewhere = await action('POST', `sites/${source.id}/copy`, manager, { name: 'X', client_id: clientB });
    expect(elsewhere.statusCode).toBe(400);
    expect(firstError(elsewhere).source).toEqual({ pointer: '/data/client_id' });
    const sub = await action('POST', `sites/${source.id}/copy`, manager, { name: 'X', client_id: clientA, subdomain: `Ладога ${unique()}` });
    expect(sub.json().data.attributes.technical_host).toMatch(/^ladoga-[a-z0-9]+\.sites\.test$/);
  });

  it("copies in the second version: the source in the body, and the answer says what was copied", async () => {
    const source = await newSite({}, manager);
    // A page of the source, a redirect and an SEO constant to copy.
    const owner = { site_id: Number(source.id), client_id: clientA };
    await t.database.db.insert(pages).values({ ...owner, uri: '/cars' });
    await t.database.db.insert(redirects).values({ ...owner, from_uri: '/old', to_uri: '/cars', code: 301 });
    const name = `Копия v2 ${unique()}`;
    const copied = await action('POST', 'sites/copy', manager, { source_site_id: Number(source.id), name, client_id: clientA, auto_technical_host: true, copy_redirects: true });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().data.attributes).toMatchObject({ name, status: 2, client_id: clientA });
    const { copied: counts } = copied.json().meta;
    expect(counts.pages).toBeGreaterThanOrEqual(1);
    expect(counts).toMatchObject({ redirects: 1 });
    // Stages and SEO constants were not asked for: not copied, not counted.
    expect(counts.stages).toBeUndefined();
    expect(counts.seo_constants).toBeUndefined();
    expect((await auditOf(copied.json().data.id, 'copy'))[0]!.changes).toMatchObject({ source_site_id: Number(source.id) });

    // Another client's site as the source is a bad reference on its field; nothing is made.
    const foreign = await newSite({ client_id: clientB });
    const before = (await t.database.db.select({ id: sites.id }).from(sites)).length;
    const refused = await action('POST', 'sites/copy', manager, { source_site_id: Number(foreign.id), name: 'X', client_id: clientA }, 'ru');
    expect(refused.statusCode).toBe(400);
    expect(firstError(refused).source).toEqual({ pointer: '/data/source_site_id' });
    expect((await t.database.db.select({ id: sites.id }).from(sites)).length).toBe(before);
    // Without sites.create the copy is refused, whatever the source; nothing is made.
    const editor = await t.createUser({ grants: { 'sites.context': ['sites.patch', 'sites.get_full_list'] }, clientIds: [clientA] });
    const editorToken = (await t.signIn(editor.email)).access_token;
    const forbidden = await action('POST', 'sites/copy', editorToken, { source_site_id: Number(source.id), name: 'Y', client_id: clientA });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.database.db.select({ id: sites.id }).from(sites)).length).toBe(before);
  });

  it("gives a creation's refused host, group and domain code the spec's second-reading codes 0, 1 and 2", async () => {
    const source = await newSite({}, manager);
    const host = await create(staff, attrs({ host: '!!!' }));
    expect(firstError(host)).toMatchObject({ code: 'custom', source: { pointer: '/data/attributes/host' }, meta: { creation_code: 0 } });
    const group = await action('POST', `sites/${source.id}/copy`, manager, { name: 'X', client_id: clientA, group_ids: [987654] });
    expect(group.statusCode).toBe(400);
    expect(firstError(group)).toMatchObject({ source: { pointer: '/data/group_ids' }, meta: { creation_code: 1 } });
    const domainCode = await action('POST', 'sites/copy', manager, { source_site_id: Number(source.id), name: 'X', client_id: clientA, subdomain: '!!!' }, 'ru');
    expect(domainCode.statusCode).toBe(400);
    expect(firstError(domainCode)).toMatchObject({
      title: 'Код домена должен содержать латинские или русские буквы либо цифры: из него получается поддомен технического домена',
      source: { pointer: '/data/subdomain' },
      meta: { creation_code: 2 },
    });
    // An error on another field has no creation code; nor has a refused change of an existing site.
    const name = await action('POST', 'sites/copy', manager, { source_site_id: Number(source.id), name: '', client_id: clientA });
    expect(firstError(name).meta).toBeUndefined();
    const change = await patch(staff, source.id, { host: '!!!' });
    expect(change.statusCode).toBe(400);
    expect(firstError(change).meta).toBeUndefined();
  });

  it('copies and forks official sites for any creator; a fork keeps its master as origin', async () => {
    const master = await newSite({ type: 2, context: { color_scheme: 'master' } });
    const demo = await newSite({ type: 1 });
    const fromDemo = await action('POST', `sites/${demo.id}/copy`, manager, { name: `Из демо ${unique()}`, client_id: clientA });
    expect(fromDemo.statusCode).toBe(201);
    expect(fromDemo.json().data.attributes.origin_site_id).toBe(Number(demo.id));
    const notMaster = await action('POST', `sites/${demo.id}/fork`, manager, { name: 'Форк', client_id: clientA });
    expect(notMaster.statusCode).toBe(409);
    const name = `Форк ${unique()}`;
    const fork = await action('POST', `sites/${master.id}/fork`, manager, { name, client_id: clientA });
    expect(fork.statusCode, fork.body).toBe(201);
    expect(fork.json().data.attributes).toMatchObject({ type: 3, origin_site_id: Number(master.id), context: { color_scheme: 'master' }, client_id: clientA });
    expect(fork.json().data.attributes.technical_host).toMatch(/\.sites\.test$/);
    const listed = await action('GET', 'sites/forks', manager);
    expect(listed.json().data.find((row: any) => row.id === master.id).attributes.forks).toBe(1);
    const byOrigin = await t.request('GET', `${API}/sites?filter[origin_site_id]=${master.id}`, { token: manager });
    expect(byOrigin.json().data.map((row: any) => row.attributes.name)).toEqual([name]);
    // A master with forks is not deleted.
    const removal = await t.request('DELETE', `${API}/sites/${master.id}?confirm=${encodeURIComponent(master.attributes.name)}`, { token: staff });
    expect(removal.statusCode).toBe(409);
  });

  it('generates a client site from an official demo site with an automatic technical domain', async () => {
    const scheme = `gen-${unique()}`;
    await newSite({ type: 1, context: { color_scheme: scheme, brand_id: null } });
    const generated = await action('POST', 'sites/generate', manager, { client_id: clientA, name: 'Новый Сайт', color_scheme: scheme, brand_id: 5 });
    expect(generated.statusCode, generated.body).toBe(201);
    expect(generated.json().data.attributes).toMatchObject({ name: 'Новый Сайт', type: 3, status: 2, context: { color_scheme: scheme, brand_id: 5 } });
    expect(generated.json().data.attributes.technical_host).toMatch(/^novyy-sayt(-\d+)?\.sites\.test$/);
    const client = await action('POST', 'sites/generate', manager, { client_id: clientA, demo_site_id: Number(generated.json().data.id) });
    expect(client.statusCode).toBe(400);
    expect(firstError(client).title).toBe('A site is generated from an official demo site only');
  });
});

describe('republish and rerender', () => {
  it('touches the published sites matching every filter; without a filter only when confirmed', async () => {
    const scheme = `rr-${unique()}`;
    const make = async (status: number, client: number, type = 3, colorScheme = scheme) => {
      const [row] = await t.database.db.insert(sites).values({ name: `R ${unique()}`, client_id: client, status, type, context: { brand_id: null, color_scheme: colorScheme, extra_color_schemes: [] } }).returning();
      return row!;
    };
    const a1 = await make(1, clientA);
    const a2 = await make(1, clientA, 2);
    await make(2, clientA);
    const b1 = await make(1, clientB);
    const unconfirmed = await action('POST', 'sites/republish', staff, {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(firstError(unconfirmed)).toMatchObject({ title: 'Without filters this affects every published site: confirm it', source: { pointer: '/data/confirm' } });
    const both = await action('POST', 'sites/republish', staff, { color_scheme: scheme });
    expect(both.json().data.count).toBe(3);
    const and = await action('POST', 'sites/rerender', staff, { color_scheme: scheme, client_ids: [clientA], types: [3] });
    expect(and.json().data.count).toBe(1);
    expect(await auditOf(String(a1.id), 'rerender')).toHaveLength(1);
    expect(await auditOf(String(a2.id), 'rerender')).toHaveLength(0);
    // A dealer reaches only its own client's sites, also when confirming everything.
    const mine = await action('POST', 'sites/republish', manager, { confirm: true });
    const published = await t.database.db.select().from(sites).where(and_(eq(sites.client_id, clientA), eq(sites.status, 1)));
    expect(mine.json().data.count).toBe(published.length);
    expect(await auditOf(String(b1.id), 'republish')).toHaveLength(1);
    // By module: only sites with the module installed and active.
    const [module] = await t.database.db.insert(modules).values({ code: `mod-${unique()}`, name: 'Модуль' }).returning();
    await t.database.db.insert(moduleInstallations).values([{ site_id: a1.id, module_id: module!.id }, { site_id: b1.id, module_id: module!.id, active: false }]);
    const byModule = await action('POST', 'sites/rerender', staff, { module_code: module!.code });
    expect(byModule.json().data.count).toBe(1);
  });
});

function and_(...conditions: ReturnType<typeof eq>[]) {
  return and(...conditions);
}

describe('with_modules', () => {
  it('lists the sites having every module given, and as formula-safe CSV', async () => {
    const [m1] = await t.database.db.insert(modules).values({ code: `wm1-${unique()}`, name: 'M1' }).returning();
    const [m2] = await t.database.db.insert(modules).values({ code: `wm2-${unique()}`, name: 'M2' }).returning();
    const both = await newSite({ name: '=HYPERLINK("x")' });
    const one = await newSite();
    await t.database.db.insert(moduleInstallations).values([
      { site_id: Number(both.id), module_id: m1!.id },
      { site_id: Number(both.id), module_id: m2!.id },
      { site_id: Number(one.id), module_id: m1!.id },
    ]);
    const list = await action('GET', `sites/with_modules?module_codes=${m1!.code},${m2!.code}`, staff);
    expect(list.json().data.map((row: any) => row.id)).toEqual([both.id]);
    expect(list.json().data[0].attributes.modules).toEqual([m1!.code, m2!.code].sort());
    const one1 = await action('GET', `sites/with_modules?module_codes=${m1!.code}`, staff);
    expect(one1.json().data.map((row: any) => row.id).sort()).toEqual([both.id, one.id].sort());
    const csv = await t.request('GET', `${API}/sites/with_modules/csv?module_codes=${m1!.code},${m2!.code}`, { token: staff, lang: 'en' });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFFID,Site,Host')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await action('GET', 'sites/with_modules?module_codes=a;b', staff)).statusCode).toBe(400);
  });
});

describe('site users', () => {
  it('lists the users of the site\'s client with their roles', async () => {
    const site = await newSite({}, manager);
    const member = await t.createUser({ clientIds: [clientA] });
    await t.createUser({ clientIds: [clientB] });
    const response = await action('GET', `sites/${site.id}/users`, manager);
    const emails = response.json().data.map((row: any) => row.attributes.email);
    expect(emails).toContain(member.email);
    expect(response.json().data.every((row: any) => Array.isArray(row.attributes.roles))).toBe(true);
    expect(JSON.stringify(response.json())).not.toContain('password');
  });
});
