import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startDnsServer } from '../../test/dns-server.ts';
import { eq } from 'drizzle-orm';
import { sites } from '../../schema.ts';

/**
 * GET /sites/{id}/dns_check against a real DNS server started on 127.0.0.1 (DNS_SERVERS points
 * the resolver there), one host per code of spec 000 §5.
 */
let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let token: string;
let clientId: number;

beforeAll(async () => {
  dns = await startDnsServer({
    a: {
      'ok.ru': ['10.0.0.1'],
      'www.ok.ru': ['10.0.0.1'],
      'ok.sites.test': ['10.0.0.1'],
      'apart.ru': ['10.0.0.1'],
      'apart.sites.test': ['10.0.0.2'],
      'many.ru': ['10.0.0.1', '10.0.0.3'],
      'many.sites.test': ['10.0.0.1', '10.0.0.3'],
      'v6.ru': ['10.0.0.1'],
      'v6.sites.test': ['10.0.0.1'],
      'www.wrongwww.ru': ['10.0.0.9'],
      'wrongwww.ru': ['10.0.0.1'],
      'wrongwww.sites.test': ['10.0.0.1'],
      'broken.sites.test': ['10.0.0.1'],
    },
    aaaa: { 'v6.ru': ['2001:db8::1'] },
    failing: ['broken.ru'],
  });
  t = await buildTestApp({ technicalDomain: 'sites.test', dnsServers: [dns.address] });
  clientId = await t.createClient();
  const user = await t.createUser({ grants: { 'sites.context': ['sites.get_full_list'] }, clientIds: [clientId] });
  token = (await t.signIn(user.email)).access_token;
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

async function check(host: string | null, technical: string | null, lang = 'en') {
  const [site] = await t.database.db.insert(sites).values({ name: `DNS ${host}`, client_id: clientId, host, technical_host: technical }).returning();
  const response = await t.request('GET', `/gateway/sites.context/api/v1/sites/${site!.id}/dns_check`, { token, lang });
  expect(response.statusCode, response.body).toBe(200);
  // Hosts are unique: the next case may use the same ones.
  await t.database.db.delete(sites).where(eq(sites.id, site!.id));
  return response.json().data;
}
const codes = async (host: string | null, technical: string | null) => (await check(host, technical)).problems.map((p: { code: number }) => p.code);

describe('the DNS check of a site', () => {
  it('finds nothing wrong when host, www and technical host point to one address', async () => {
    const result = await check('ok.ru', 'ok.sites.test');
    expect(result).toMatchObject({ ok: true, problems: [], records: { host: ['10.0.0.1'], technical_host: ['10.0.0.1'], www: ['10.0.0.1'] } });
  });

  it('answers each code of spec 000 §5 with its text', async () => {
    expect(await codes('apart.ru', 'apart.sites.test')).toEqual([0]);
    expect(await codes('missing.ru', 'ok.sites.test')).toEqual([1]);
    expect(await codes(null, 'ok.sites.test')).toEqual([1]);
    expect(await codes('ok.ru', 'missing.sites.test')).toEqual([2]);
    expect(await codes('many.ru', 'many.sites.test')).toEqual([3, 4]);
    expect(await codes('v6.ru', 'v6.sites.test')).toEqual([5]);
    expect(await codes('wrongwww.ru', 'wrongwww.sites.test')).toEqual([6]);
    expect(await codes('broken.ru', 'broken.sites.test')).toEqual([7]);
    const ru = await check('apart.ru', 'missing.sites.test', 'ru');
    expect(ru.ok).toBe(false);
    expect(ru.problems).toEqual([{ code: 2, title: 'У технического домена нет A-записи' }]);
    const en = await check('broken.ru', 'ok.sites.test', 'en');
    expect(en.problems).toEqual([{ code: 7, title: 'Failed to get the DNS records' }]);
  });
});
