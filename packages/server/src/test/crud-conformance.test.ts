import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, resourceKey, type AnyResource } from '@dp/contracts';
import { buildTestApp, type TestApp } from './test-app.ts';
import { startTelegramStandIn, TELEGRAM_HOST, type TelegramStandIn } from './telegram-stand-in.ts';
import { deleteQueryFor, fieldUpdateFor, sampleFor, textUpdateFor } from './resource-samples.ts';

/**
 * The generic contract every declared resource keeps: paging, sorting and filter allow-lists,
 * strict bodies, 404 on a missing id, permissions, tenant isolation. A resource is tested here
 * by being registered in RESOURCES.
 */
let t: TestApp;
// The showroom's bots check their token with Telegram: a stand-in answers every sample token.
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn(TELEGRAM_HOST, { anyBot: true });
  process.env.OUTBOUND_ALLOW_HOSTS = TELEGRAM_HOST;
  t = await buildTestApp({ telegramApiUrl: telegram.url });
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await t?.close();
  await telegram?.close();
});

const all = (r: AnyResource) => Object.values(r.permissions).flat();
const base = (r: AnyResource) => `/gateway/${r.service}/api/v1/${r.name}`;

/** A user holding every code of the resource, for the clients given ('all' makes it internal). */
async function userFor(r: AnyResource, clientIds: number[] | 'all') {
  const grants = { [r.service]: [...new Set(all(r))] };
  const user = await t.createUser(clientIds === 'all' ? { email: `staff-${Math.random().toString(36).slice(2)}@platform.test`, grants } : { grants, clientIds });
  return (await t.signIn(user.email)).access_token as string;
}

describe.each(RESOURCES.filter((r) => !r.readOnly).map((r) => [resourceKey(r), r] as const))('%s', (_key, resource) => {
  const sample = sampleFor(resource);
  let clientA: number;
  let clientB: number;
  let staff: string;

  beforeAll(async () => {
    clientA = await t.createClient();
    clientB = await t.createClient();
    staff = await userFor(resource, 'all');
    // Each client keeps another user, so that deactivating a sample user is allowed.
    await t.createUser({ clientIds: [clientA, clientB] });
  });

  const create = async (token: string, attributes: Record<string, unknown>) =>
    t.request('POST', base(resource), { token, body: { data: { type: resource.name, attributes } } });

  it('creates, reads, updates and deletes a record', async () => {
    const created = await create(staff, await sample(t, clientA));
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    expect(record.type).toBe(resource.name);
    const got = await t.request('GET', `${base(resource)}/${record.id}`, { token: staff });
    expect(got.json().data).toEqual(record);
    // A text field, else a text area (SEO settings have no one-line text); its value valid for the field.
    const editable = (widget: string) => resource.form.find((f) => f.widget === widget && f.field in resource.update.shape);
    // A resource without a text field (a price) names the field to change in resource-samples.ts.
    const own = fieldUpdateFor(resource, record.id);
    const field = own?.field ?? (editable('text') ?? editable('textarea'))!.field;
    const value = own ? own.value : textUpdateFor(resource, record.id);
    const changed = await t.request('PATCH', `${base(resource)}/${record.id}`, {
      token: staff,
      body: { data: { type: resource.name, id: record.id, attributes: { [field]: value } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes[field]).toEqual(value);
    expect((await t.request('DELETE', `${base(resource)}/${record.id}${deleteQueryFor(resource, record)}`, { token: staff })).statusCode).toBe(204);
    const after = await t.request('GET', `${base(resource)}/${record.id}`, { token: staff });
    if (resource.deleteDeactivates) expect(after.json().data.attributes.active).toBe(false);
    else expect(after.statusCode).toBe(404);
  });

  it('pages with page[number] and page[size] and reports the total', async () => {
    for (let i = 0; i < 3; i++) expect((await create(staff, await sample(t, clientA))).statusCode).toBe(201);
    const first = (await t.request('GET', `${base(resource)}?page[size]=2&page[number]=1&sort=id`, { token: staff })).json();
    const total = first.meta.page.total;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.data).toHaveLength(2);
    expect(first.meta.page).toEqual({ number: 1, size: 2, total });
    const lastNumber = Math.ceil(total / 2);
    const last = (await t.request('GET', `${base(resource)}?page[size]=2&page[number]=${lastNumber}&sort=id`, { token: staff })).json();
    expect(last.data).toHaveLength(total - (lastNumber - 1) * 2);
    const beyond = (await t.request('GET', `${base(resource)}?page[size]=2&page[number]=${lastNumber + 5}`, { token: staff })).json();
    expect(beyond).toMatchObject({ data: [], meta: { page: { total } } });
    const tooBig = await t.request('GET', `${base(resource)}?page[size]=${resource.pageSize.max + 1}`, { token: staff });
    expect(tooBig.statusCode).toBe(400);
  });

  it('sorts by each declared field in both directions and refuses any other', async () => {
    for (const field of resource.sort) {
      for (const sort of [field, `-${field}`]) {
        const response = await t.request('GET', `${base(resource)}?sort=${sort}&page[size]=50`, { token: staff });
        expect(response.statusCode, sort).toBe(200);
        const values = response.json().data.map((r: any) => (field === 'id' ? Number(r.id) : r.attributes[field]));
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (field === 'id' || field === 'created_at') expect(values, sort).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
      }
    }
    const refused = await t.request('GET', `${base(resource)}?sort=password_hash`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ title: 'Sorting by "password_hash" is not supported', source: { parameter: 'sort' } });
  });

  it('accepts only the declared filters', async () => {
    const refused = await t.request('GET', `${base(resource)}?filter[password_hash]=x`, { token: staff, lang: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].title).toBe('The filter "password_hash" is not supported');
    if (resource.filters.search) {
      const attrs = await sample(t, clientA);
      const created = (await create(staff, attrs)).json().data;
      const term = String(attrs[resource.filters.search.columns![0]!]);
      const found = (await t.request('GET', `${base(resource)}?filter[search]=${encodeURIComponent(term)}`, { token: staff })).json();
      expect(found.data.map((r: any) => r.id)).toEqual([created.id]);
      const none = (await t.request('GET', `${base(resource)}?filter[search]=${encodeURIComponent('%_nothing_%')}`, { token: staff })).json();
      expect(none.data).toEqual([]);
    }
  });

  it('refuses unknown and server-owned fields, and answers missing fields with the spec message', async () => {
    const attrs = await sample(t, clientA);
    for (const extra of [{ id: 999 }, { created_at: '2020-01-01' }, { password_hash: 'x' }]) {
      const response = await create(staff, { ...attrs, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().errors[0].source.pointer).toBe(`/data/attributes/${Object.keys(extra)[0]}`);
    }
    const required = Object.entries(resource.create.shape).find(([, schema]) => !(schema as any).safeParse(undefined).success)![0];
    const missing = await create(staff, { ...attrs, [required]: undefined });
    expect(missing.json().errors).toContainEqual(
      expect.objectContaining({ title: 'Это поле обязательно для заполнения', source: { pointer: `/data/attributes/${required}` } }),
    );
    const notWrapped = await t.request('POST', base(resource), { token: staff, body: attrs });
    expect(notWrapped.statusCode).toBe(400);
  });

  it('answers 404 for a missing id on get, update and delete', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await t.request(method, `${base(resource)}/987654`, {
        token: staff,
        ...(method === 'PATCH' ? { body: { data: { attributes: {} } } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('refuses every route to a user without its permission (403) and to a caller without a token (401)', async () => {
    const record = (await create(staff, await sample(t, clientA))).json().data;
    const outsider = await t.createUser({ grants: { 'auth.processing': ['site_mode'] }, clientIds: [clientA] });
    const token = (await t.signIn(outsider.email)).access_token;
    const calls: [string, string, unknown?][] = [
      ['GET', base(resource)],
      ['GET', `${base(resource)}/${record.id}`],
      ['POST', base(resource), { data: { attributes: await sample(t, clientA) } }],
      ['PATCH', `${base(resource)}/${record.id}`, { data: { attributes: {} } }],
      ['DELETE', `${base(resource)}/${record.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.request(method, url, { token, body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.request('GET', `${base(resource)}/${record.id}`, { token: staff })).statusCode).toBe(200);
  });

  it.runIf(resource.tenant !== null)('keeps each client to its own records', async () => {
    // Site-owned records take their client from the site: read it from the record.
    const ownerOf = (attrs: Record<string, unknown>, record: { id: string; attributes: Record<string, unknown> }) => {
      const owner = resource.tenant === 'id' ? record.id : (attrs[resource.tenant!] ?? record.attributes[resource.tenant!]);
      return Number(Array.isArray(owner) ? owner[0] : owner);
    };
    const attrsB = await sample(t, clientB);
    const recordB = (await create(staff, attrsB)).json().data;
    const clientOfB = ownerOf(attrsB, recordB);
    const attrsA = await sample(t, clientA);
    const recordA = (await create(staff, attrsA)).json().data;
    const clientOfA = ownerOf(attrsA, recordA);

    const dealer = await userFor(resource, [clientOfA]);
    const listed = (await t.request('GET', `${base(resource)}?page[size]=1000`, { token: dealer })).json();
    expect(listed.data.map((r: any) => r.id)).toContain(recordA.id);
    expect(listed.data.map((r: any) => r.id)).not.toContain(recordB.id);
    if (resource.filters.search) {
      const term = String(attrsB[resource.filters.search.columns![0]!]);
      const searched = (await t.request('GET', `${base(resource)}?filter[search]=${encodeURIComponent(term)}`, { token: dealer })).json();
      expect(searched.data).toEqual([]);
    }
    expect((await t.request('GET', `${base(resource)}/${recordB.id}`, { token: dealer })).statusCode).toBe(404);
    expect((await t.request('PATCH', `${base(resource)}/${recordB.id}`, { token: dealer, body: { data: { attributes: {} } } })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${base(resource)}/${recordB.id}`, { token: dealer })).statusCode).toBe(404);
    expect((await t.request('GET', `${base(resource)}/${recordB.id}`, { token: staff })).statusCode).toBe(200);
    if (resource.tenant !== 'id') {
      // Neither creating for another client nor moving a record there.
      const foreignAttrs = await sample(t, clientOfB);
      const foreign = await create(dealer, foreignAttrs);
      expect(foreign.statusCode).toBe(400);
      // The error names the owner: the client, or the site (or the parent record) a site-owned record names.
      const owners = resource.tenant! in foreignAttrs ? [resource.tenant!] : Object.keys(foreignAttrs).filter((key) => key.endsWith('_id'));
      expect(owners.map((key) => `/data/attributes/${key}`)).toContain(foreign.json().errors[0].source.pointer);
      const elsewhere = Array.isArray(attrsA[resource.tenant!]) ? [clientOfB] : clientOfB;
      const moved = await t.request('PATCH', `${base(resource)}/${recordA.id}`, { token: dealer, body: { data: { attributes: { [resource.tenant!]: elsewhere } } } });
      expect(moved.statusCode).toBe(400);
    } else {
      expect((await create(dealer, await sample(t, clientA))).statusCode).toBe(403);
    }
  });
});

/** Read-only resources whose records are changed through routes of their own. */
const WRITTEN_BY_OWN_ROUTES = new Set(['media.storage/files']);

describe.each(RESOURCES.filter((r) => r.readOnly).map((r) => [resourceKey(r), r] as const))('%s (read only)', (_key, resource) => {
  it('lists and pages for holders of its permission, refuses others, and has no write routes', async () => {
    const staff = await userFor(resource, 'all');
    const page = await t.request('GET', `${base(resource)}?page[size]=2`, { token: staff });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta.page).toMatchObject({ number: 1, size: 2 });
    const outsider = await t.createUser({ grants: { 'auth.processing': ['site_mode'] } });
    expect((await t.request('GET', base(resource), { token: (await t.signIn(outsider.email)).access_token })).statusCode).toBe(403);
    // Media files are changed and deleted by routes of their own (media.routes.ts), not the generic ones.
    const writes = WRITTEN_BY_OWN_ROUTES.has(resourceKey(resource)) ? [['POST', base(resource)] as const] : ([['POST', base(resource)], ['PATCH', `${base(resource)}/1`], ['DELETE', `${base(resource)}/1`]] as const);
    for (const [method, url] of writes) {
      expect((await t.request(method, url, { token: staff, body: method === 'DELETE' ? undefined : { data: { attributes: {} } } })).statusCode).toBe(404);
    }
    expect((await t.request('GET', `${base(resource)}?filter[password_hash]=x`, { token: staff })).statusCode).toBe(400);
  });
});
