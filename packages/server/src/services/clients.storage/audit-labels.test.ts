import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const AUDIT = '/gateway/clients.storage/api/v1/audit';
const ROLES = '/gateway/clients.storage/api/v1/roles';
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants: { 'auth.processing': ['root'], 'clients.storage': ['audit.get_list', 'roles.create', 'roles.patch', 'roles.delete', 'roles.get_list'] } });
  staff = (await t.signIn(user.email)).access_token;
});
afterAll(() => t?.close());

const entries = async (filter: string) => (await t.request('GET', `${AUDIT}?${filter}`, { token: staff })).json().data as { attributes: Record<string, unknown> }[];

describe('the audit trail names records', () => {
  it('by the record\'s current name, and a deleted record by its snapshot', async () => {
    const created = await t.request('POST', ROLES, { token: staff, body: { data: { attributes: { code: `r${Date.now()}`, name: 'Контент-менеджер' } } } });
    const id = created.json().data.id as string;
    await t.request('PATCH', `${ROLES}/${id}`, { token: staff, body: { data: { attributes: { name: 'Старший контент-менеджер' } } } });
    let rows = await entries(`filter[resource]=roles&filter[record_id]=${id}`);
    expect(rows.map((row) => row.attributes.record_label)).toEqual(['Старший контент-менеджер', 'Старший контент-менеджер']);

    await t.request('DELETE', `${ROLES}/${id}`, { token: staff });
    rows = await entries(`filter[resource]=roles&filter[record_id]=${id}&sort=-id`);
    expect(rows.map((row) => [row.attributes.action, row.attributes.record_label])).toEqual([
      ['delete', 'Старший контент-менеджер'],
      ['update', null],
      ['create', 'Контент-менеджер'],
    ]);
  });

  it('names a user by first and last name, on one entry too', async () => {
    const client = await t.createClient();
    const user = await t.createUser({ clientIds: [client] });
    await t.signIn(user.email);
    const [entry] = (await t.request('GET', `${AUDIT}?filter[action]=sign_in&filter[record_id]=${user.id}`, { token: staff })).json().data;
    expect(entry.attributes.record_label).toBe('Test User');
    const one = (await t.request('GET', `${AUDIT}/${entry.id}`, { token: staff })).json().data;
    expect(one.attributes.record_label).toBe(entry.attributes.record_label);
  });
});
