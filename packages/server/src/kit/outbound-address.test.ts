import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { outbound, outboundAddresses, RESOURCES, resourceKey, url, type AnyResource } from '@dp/contracts';
import { permissions } from '../schema.ts';
import { blockedAddressReason, checkSavedUrl } from './safe-fetch.ts';
import { outboundFields } from './outbound-address.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { sampleFor } from '../test/resource-samples.ts';

/**
 * Addresses the server will call are refused when saved (DESIGN.md §9): every field contracts
 * mark with `outbound()`, in every resource that has one (a later resource is tested by being
 * declared), and the feed URLs inside import settings. The rules are the outgoing-call guard's;
 * OUTBOUND_ALLOW_HOSTS exempts a host exactly as it does for calls.
 */
let t: TestApp;
let staff: string;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const grants: Record<string, string[]> = {};
  for (const p of await t.database.db.select({ service: permissions.service, code: permissions.code }).from(permissions)) (grants[p.service] ??= []).push(p.code);
  const user = await t.createUser({ email: `staff-${randomUUID()}@platform.test`, grants });
  staff = (await t.signIn(user.email)).access_token;
  clientId = await t.createClient();
});
afterAll(() => t?.close());
afterEach(() => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
});

const INTERNAL_EN = "This address leads into the platform's own network (this server, a private or link-local network) and cannot be used";
const INTERNAL_RU = 'Этот адрес ведёт во внутреннюю сеть платформы (этот сервер, частная или локальная сеть), его нельзя использовать';

/** Internal addresses as a URL field and as a host field take them. */
const INTERNAL = {
  url: ['http://127.0.0.1/leads', 'https://localhost:8443/x', 'http://crm.localhost/', 'http://10.1.2.3/', 'http://192.168.0.10:8080/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::ffff:10.0.0.1]/', 'http://[fe80::1]/', 'http://0.0.0.0/'],
  host: ['127.0.0.1', 'localhost', 'mail.localhost', '10.0.0.25', '172.16.5.4', '169.254.169.254', '::1', '::ffff:192.168.1.1', 'fd00::25'],
};
/** A name that does not resolve: accepted (see checkSavedUrl), refused only when called. */
const UNRESOLVED = { url: 'https://crm-not-yet-there.dealer.test/leads', host: 'smtp-not-yet-there.dealer.test' };

/** The top-level fields of a resource's create schema marked as addresses the server calls. */
function markedFields(resource: AnyResource): { field: string; kind: 'url' | 'host' }[] {
  const unwrap = (schema: unknown): unknown => {
    const def = (schema as { _zod: { def: { innerType?: unknown } } })._zod.def;
    return outboundAddresses.has(schema as never) || !def.innerType ? schema : unwrap(def.innerType);
  };
  return Object.entries(resource.create.shape).flatMap(([field, schema]) => {
    const mark = outboundAddresses.get(unwrap(schema) as never);
    return mark ? [{ field, kind: mark.kind }] : [];
  });
}
const base = (resource: AnyResource) => `/gateway/${resource.service}/api/v1/${resource.name}`;

describe('every resource field holding an address the server calls', () => {
  const resources = RESOURCES.filter((resource) => markedFields(resource).length);

  it('is found among the resources: proxy actions, SMTP hosts, import profiles and hooks, VIN profiles', () => {
    expect(resources.flatMap((resource) => markedFields(resource).map(({ field }) => `${resourceKey(resource)}.${field}`))).toEqual(
      expect.arrayContaining([
        'sender/proxy_actions.url',
        'sender/central_proxy_actions.url',
        'sender/smtp_settings.hostname',
        'cars.import/import_file_profiles.handler_url',
        'cars.import/import_hooks.handler_url',
        'cars.vins/profile_data.url',
      ]),
    );
  });

  for (const resource of resources) {
    it(`${resourceKey(resource)}: refuses an internal address on create and update with a field error, accepts a public or unresolved one`, async () => {
      for (const { field, kind } of markedFields(resource)) {
        const sample = await sampleFor(resource)(t, clientId);
        for (const value of INTERNAL[kind]) {
          const refused = await t.request('POST', base(resource), { token: staff, lang: 'en', body: { data: { attributes: { ...sample, [field]: value } } } });
          expect(refused.statusCode, `${field} = ${value}: ${refused.body}`).toBe(400);
          expect(refused.json().errors, value).toEqual([{ status: '400', code: 'address_internal', title: INTERNAL_EN, source: { pointer: `/data/attributes/${field}` } }]);
        }
        const ru = await t.request('POST', base(resource), { token: staff, lang: 'ru', body: { data: { attributes: { ...sample, [field]: INTERNAL[kind][0] } } } });
        expect(ru.json().errors[0].title).toBe(INTERNAL_RU);
        const created = await t.request('POST', base(resource), { token: staff, body: { data: { attributes: { ...sample, [field]: kind === 'url' ? UNRESOLVED.url : UNRESOLVED.host } } } });
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json().data.id as string;
        const changed = await t.request('PATCH', `${base(resource)}/${id}`, { token: staff, lang: 'en', body: { data: { attributes: { [field]: INTERNAL[kind][5] } } } });
        expect(changed.statusCode, changed.body).toBe(400);
        expect(changed.json().errors[0]).toMatchObject({ title: INTERNAL_EN, source: { pointer: `/data/attributes/${field}` } });
        // Nothing was changed by the refused update.
        const kept = await t.request('GET', `${base(resource)}/${id}`, { token: staff });
        expect(kept.json().data.attributes[field]).toBe(kind === 'url' ? UNRESOLVED.url : UNRESOLVED.host);
        // A local stand-in allowed by OUTBOUND_ALLOW_HOSTS is accepted, as the call-time guard accepts it.
        process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
        const allowed = await t.request('PATCH', `${base(resource)}/${id}`, { token: staff, body: { data: { attributes: { [field]: INTERNAL[kind][0] } } } });
        expect(allowed.statusCode, allowed.body).toBe(200);
        delete process.env.OUTBOUND_ALLOW_HOSTS;
      }
    });
  }
});

describe('the feed URLs of import settings', () => {
  it('refuse an internal one on its index, and take a public one', async () => {
    const siteId = await t.createSite(clientId);
    const settings = (await t.request('GET', `/gateway/cars.import/api/v1/settings/where_site/${siteId}`, { token: staff })).json().data;
    const patch = (files: unknown[]) => t.request('PATCH', `/gateway/cars.import/api/v1/settings/${settings.id}`, { token: staff, lang: 'en', body: { data: { attributes: { files } } } });
    const refused = await patch([
      { kind: 'url', url: UNRESOLVED.url },
      { kind: 'upload', file_id: '0'.repeat(32), name: 'feed.xml' },
      { kind: 'url', url: 'http://10.0.0.7/feed.xml' },
      { kind: 'url', url: 'http://localhost/feed.xml' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ code: 'address_internal', source: { pointer: '/data/attributes/files/2/url' } }),
      expect.objectContaining({ code: 'address_internal', source: { pointer: '/data/attributes/files/3/url' } }),
    ]);
    const taken = await patch([{ kind: 'url', url: UNRESOLVED.url }]);
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('refuse a host written as a number and a scheme the server does not call', async () => {
    const hook = (handler_url: string) =>
      t.request('POST', '/gateway/cars.import/api/v1/import_hooks', { token: staff, lang: 'en', body: { data: { attributes: { title: 'Хук', code: `hook-${randomUUID().slice(0, 8)}`, handler_url } } } });
    for (const address of ['http://2130706433/', 'http://0x7f.1/', 'http://127.1/']) {
      expect((await hook(address)).json().errors[0], address).toMatchObject({ code: 'address_numeric_host', title: 'Write the host as a name or as an IP address of four numbers with dots' });
    }
    expect((await hook('ftp://files.dealer.test/feed.xml')).json().errors[0]).toMatchObject({ code: 'address_scheme', title: 'Only http and https addresses can be used' });
  });
});

describe('the save-time check', () => {
  it('resolves a name and refuses it when it points inside (the machine\'s own name)', async () => {
    const own = hostname();
    const addresses = await lookup(own, { all: true }).catch(() => []);
    // The machine's own name resolves to one of its addresses, which are internal wherever tests run.
    if (!addresses.length || addresses.some(({ address }) => !blockedAddressReason(address))) return;
    expect((await checkSavedUrl(`http://${own}/`))?.code).toBe('address_refused');
    expect(await checkSavedUrl(`http://${own}/`, { allowHosts: [own] })).toBeNull();
    expect(await checkSavedUrl(`http://${own}/`, { allowHosts: addresses.map(({ address }) => address) })).toBeNull();
  });

  it('takes a name that does not resolve, and a public address', async () => {
    expect(await checkSavedUrl(UNRESOLVED.url)).toBeNull();
    expect(await checkSavedUrl('https://93.184.215.14/leads')).toBeNull();
    expect(await checkSavedUrl('http://[2606:4700::1111]/')).toBeNull();
  });

  it('finds marked fields at any depth, by the option a union took', () => {
    const schema = z.object({
      data: z.object({
        hook: outbound(url()).nullable().optional(),
        plain: url().optional(),
        files: z.array(z.discriminatedUnion('kind', [z.object({ kind: z.literal('url'), url: outbound(url()) }), z.object({ kind: z.literal('upload'), url: z.string() })])),
      }),
    });
    const body = { data: { hook: 'http://a.test/', plain: 'http://b.test/', files: [{ kind: 'upload', url: 'x' }, { kind: 'url', url: 'http://c.test/' }] } };
    expect(outboundFields(schema, body)).toEqual([
      { kind: 'url', value: 'http://a.test/', pointer: '/data/hook' },
      { kind: 'url', value: 'http://c.test/', pointer: '/data/files/1/url' },
    ]);
  });
});
