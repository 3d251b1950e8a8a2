import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/images.ts';
import { repeated, zip } from '../../test/hostile-files.ts';
import { auditLog, pages, redirects, seoConstants, sites } from '../../schema.ts';
import { loopChain } from './redirect-rules.ts';

/**
 * SEO of a site (spec 000 §3, §5, §7): every redirect rule, the import of a CSV or XLSX file with
 * its preview and apply, SEO settings, SEO constants, the copy flags, tenancy and the official
 * master's central redirects.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let dealerA: string;
let dealerB: string;
let staff: string;

const SEO = '/gateway/seo/api/v1';
const CODES = [
  'seo_configs.patch', 'seo_configs.get_list', 'redirects.get_list', 'redirects.create', 'redirects.patch', 'redirects.delete',
  'seo_constants.get_list', 'seo_constants.create', 'seo_constants.patch', 'seo_constants.delete',
];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${counter++}`;

const newSite = async (clientId: number, type = 3) => (await t.database.db.insert(sites).values({ name: unique('Сайт'), client_id: clientId, type }).returning())[0]!.id;

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = await newSite(clientA);
  siteB = await newSite(clientB);
  const grants = { seo: CODES, 'sites.context': ['sites.create', 'sites.get_full_list'] };
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `seo-staff-${Date.now()}@platform.test`, grants })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string; source?: { pointer?: string; parameter?: string } }[];
const post = (name: string, token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${SEO}/${name}`, { token, lang, body: { data: { attributes } } });
const patch = (name: string, token: string, id: string, attributes: Record<string, unknown>, lang = 'en') =>
  t.request('PATCH', `${SEO}/${name}/${id}`, { token, lang, body: { data: { attributes } } });
const redirect = (token: string, attributes: Record<string, unknown>, lang = 'en') => post('redirects', token, { site_id: siteA, ...attributes }, lang);

describe('redirects', () => {
  it('go from a page or an address to a page or an address, 301 or 302, made manual', async () => {
    const [page] = await t.database.db.insert(pages).values({ site_id: siteA, client_id: clientA, uri: '/kontakty' }).returning();
    const byUri = await redirect(dealerA, { from_uri: '/old-contacts/', to_uri: '/contacts' });
    expect(byUri.statusCode, byUri.body).toBe(201);
    // A trailing slash is dropped: '/old-contacts/' and '/old-contacts' are one address.
    expect(byUri.json().data.attributes).toMatchObject({ from_uri: '/old-contacts', to_uri: '/contacts', code: 301, created_type: 'manual', client_id: clientA });
    const byPage = await redirect(dealerA, { from_uri: '/kontakty-old', to_page_id: page!.id, code: 302 });
    expect(byPage.json().data.attributes).toMatchObject({ to_page_id: page!.id, to_uri: '/kontakty', code: 302 });
    const external = await redirect(dealerA, { from_uri: '/promo', to_uri: 'https://promo.example.ru/spring?utm_source=site' });
    expect(external.statusCode).toBe(201);
    // Giving an address lets go of the page.
    const changed = await patch('redirects', dealerA, byPage.json().data.id, { to_uri: '/contacts' });
    expect(changed.json().data.attributes).toMatchObject({ to_page_id: null, to_uri: '/contacts' });
  });

  it('refuse what is not a redirect, each on its field', async () => {
    const [otherPage] = await t.database.db.insert(pages).values({ site_id: siteB, client_id: clientB, uri: '/b-page' }).returning();
    const [ownPage] = await t.database.db.insert(pages).values({ site_id: siteA, client_id: clientA, uri: '/own-page' }).returning();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ to_uri: '/x' }, 'Give the "from" page or address', '/data/attributes/from_uri'],
      [{ from_uri: '/x' }, 'Give the "to" page or address', '/data/attributes/to_uri'],
      [{ from_uri: 'old-page', to_uri: '/x' }, 'The "from" address is a path of the site: it starts with "/", without spaces or "#"', '/data/attributes/from_uri'],
      [{ from_uri: 'https://old.ru/x', to_uri: '/x' }, 'The "from" address is a path of the site: it starts with "/", without spaces or "#"', '/data/attributes/from_uri'],
      [{ from_uri: '/a b', to_uri: '/x' }, 'The "from" address is a path of the site: it starts with "/", without spaces or "#"', '/data/attributes/from_uri'],
      [{ from_uri: '/x', to_uri: 'javascript:alert(1)' }, 'The "to" address is a path of the site (/…, not starting with "//" or "\\") or https://…', '/data/attributes/to_uri'],
      [{ from_uri: '/x', to_uri: '//evil.example/x' }, 'The "to" address is a path of the site (/…, not starting with "//" or "\\") or https://…', '/data/attributes/to_uri'],
      [{ from_uri: '/x', to_uri: '/%5Cevil.example' }, 'The "to" address is a path of the site (/…, not starting with "//" or "\\") or https://…', '/data/attributes/to_uri'],
      [{ from_uri: '/x', to_uri: '/y', code: 303 }, 'The redirect code is 301 or 302', '/data/attributes/code'],
      [{ from_uri: '/same', to_uri: '/same/' }, 'The redirect leads to the same address', '/data/attributes/to_uri'],
      [{ from_uri: '/x', to_page_id: otherPage!.id }, `The related record ${otherPage!.id} was not found`, '/data/attributes/to_page_id'],
      [{ from_uri: '/x', to_page_id: ownPage!.id, to_uri: '/elsewhere' }, 'Give either a page or an address, not both', '/data/attributes/to_uri'],
    ];
    for (const [attributes, title, pointer] of cases) {
      const response = await redirect(dealerA, attributes);
      expect(response.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(errorsOf(response), JSON.stringify(attributes)).toContainEqual(expect.objectContaining({ title, source: { pointer } }));
    }
    const ru = await redirect(dealerA, { from_uri: '/x', to_uri: '/y', code: 307 }, 'ru');
    expect(errorsOf(ru)[0]!.title).toBe('Код редиректа: 301 или 302');
  });

  it('are one per "from" address of a site, and never make a loop', async () => {
    expect((await redirect(dealerA, { from_uri: '/loop-a', to_uri: '/loop-b' })).statusCode).toBe(201);
    const taken = await redirect(dealerA, { from_uri: '/loop-a', to_uri: '/loop-c' });
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)[0]).toMatchObject({ title: 'The site already has a redirect from /loop-a', source: { pointer: '/data/attributes/from_uri' } });
    // Another site may redirect the same address.
    expect((await post('redirects', dealerB, { site_id: siteB, from_uri: '/loop-a', to_uri: '/loop-b' })).statusCode).toBe(201);

    const back = await redirect(dealerA, { from_uri: '/loop-b', to_uri: '/loop-a' });
    expect(back.statusCode).toBe(400);
    expect(errorsOf(back)[0]).toMatchObject({ title: 'The redirects make a loop: /loop-b → /loop-a → /loop-b', source: { pointer: '/data/attributes/to_uri' } });
    const b = await redirect(dealerA, { from_uri: '/loop-b', to_uri: '/loop-c' });
    expect(b.statusCode).toBe(201);
    const longer = await redirect(dealerA, { from_uri: '/loop-c', to_uri: '/loop-a' });
    expect(errorsOf(longer)[0]!.title).toBe('The redirects make a loop: /loop-c → /loop-a → /loop-b → /loop-c');
    // An update is checked the same way, without the redirect's own old version.
    const turned = await patch('redirects', dealerA, b.json().data.id, { to_uri: '/loop-a' });
    expect(turned.statusCode).toBe(400);
    expect(errorsOf(turned)[0]!.code).toBe('redirect_loop');
    expect((await patch('redirects', dealerA, b.json().data.id, { to_uri: '/loop-d', code: 302 })).statusCode).toBe(200);
  });

  it('find loops only through the new redirect', () => {
    const existing = new Map([['/a', '/b'], ['/b', '/c'], ['/x', '/y'], ['/y', '/x']]);
    expect(loopChain(existing, '/c', '/a')).toEqual(['/c', '/a', '/b', '/c']);
    expect(loopChain(existing, '/c', '/d')).toBeNull();
    // An older loop elsewhere is not this redirect's.
    expect(loopChain(existing, '/q', '/x')).toBeNull();
    expect(loopChain(existing, '/c', 'https://example.ru/a')).toBeNull();
  });

  it('belong to a site the caller reaches, and an official master\'s are staff\'s', async () => {
    const foreign = await post('redirects', dealerA, { site_id: siteB, from_uri: '/f', to_uri: '/g' });
    expect(foreign.statusCode).toBe(400);
    expect(errorsOf(foreign)[0]!.source).toEqual({ pointer: '/data/attributes/site_id' });
    const ofB = (await post('redirects', dealerB, { site_id: siteB, from_uri: unique('/b'), to_uri: '/c' })).json().data;
    expect((await t.request('GET', `${SEO}/redirects/${ofB.id}`, { token: dealerA })).statusCode).toBe(404);
    const listed = (await t.request('GET', `${SEO}/redirects?filter[site_id]=${siteB}&page[size]=1000`, { token: dealerA })).json();
    expect(listed.data).toEqual([]);

    const master = await newSite(clientA, 2);
    const central = await post('redirects', dealerA, { site_id: master, from_uri: '/m', to_uri: '/n' });
    expect(central.statusCode).toBe(403);
    expect(errorsOf(central)[0]!.title).toBe('The central content of an official master site is changed by platform staff only');
    expect((await post('redirects', staff, { site_id: master, from_uri: '/m', to_uri: '/n' })).statusCode).toBe(201);
  });
});

/** An XLSX workbook with one sheet of rows (a cell may be a formula with its stored result). */
async function xlsx(rows: ExcelJS.CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Редиректы');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (siteId: number, token: string, data: Buffer | null, options: { apply?: boolean; name?: string; lang?: string } = {}) => {
  const { body, contentType } = multipart(data ? [{ field: 'file', name: options.name ?? 'redirects.csv', data }] : []);
  const url = `${SEO}/sites/${siteId}/import_redirects${options.apply ? '' : '/preview'}`;
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': options.lang ?? 'en' } });
};

describe('redirect import', () => {
  const CSV = ['from;to;code', '/import-old-1;/import-new-1;301', 'import-old-2;/import-new-2;301', '/import-old-3;/import-new-3;302', '/import-old-3;/import-new-4;', '/existing;/somewhere;'].join('\r\n');

  it('previews every row of a CSV with one bad row and writes nothing, then applies the rest in one go', async () => {
    const site = await newSite(clientA);
    await post('redirects', dealerA, { site_id: site, from_uri: '/existing', to_uri: '/kept' });
    const preview = await upload(site, dealerA, Buffer.from(CSV));
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ format: 'csv', total: 5, valid: 2, errors: 1, duplicates: 2, created: 0, applied: false });
    expect(report.rows).toEqual([
      { row: 2, from: '/import-old-1', to: '/import-new-1', code: '301', status: 'valid', errors: [] },
      { row: 3, from: 'import-old-2', to: '/import-new-2', code: '301', status: 'error', errors: [{ field: 'from', message: 'The "from" address is a path of the site: it starts with "/", without spaces or "#"' }] },
      { row: 4, from: '/import-old-3', to: '/import-new-3', code: '302', status: 'valid', errors: [] },
      { row: 5, from: '/import-old-3', to: '/import-new-4', code: '', status: 'duplicate', errors: [{ field: 'from', message: 'Duplicate: /import-old-3 is already in row 4' }] },
      { row: 6, from: '/existing', to: '/somewhere', code: '', status: 'duplicate', errors: [{ field: 'from', message: 'Duplicate: the site already redirects /existing' }] },
    ]);
    const count = async () => (await t.database.db.select().from(redirects).where(eq(redirects.site_id, site))).length;
    expect(await count()).toBe(1);

    const applied = await upload(site, dealerA, Buffer.from(CSV), { apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ valid: 2, created: 2, applied: true });
    const rows = await t.database.db.select().from(redirects).where(eq(redirects.site_id, site));
    expect(rows.map((row) => [row.from_uri, row.to_uri, row.code, row.created_type]).sort()).toEqual([
      ['/existing', '/kept', 301, 'manual'],
      ['/import-old-1', '/import-new-1', 301, 'import'],
      ['/import-old-3', '/import-new-3', 302, 'import'],
    ]);
    // Each written redirect is in the audit trail, with the row it came from.
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'redirects'), eq(auditLog.client_id, clientA)));
    expect(audited.filter((entry) => (entry.changes as { import_row?: number }).import_row).map((entry) => (entry.changes as { import_row: number }).import_row).sort()).toEqual([2, 4]);
    // Applying the same file again writes nothing new: every row is a duplicate now.
    expect((await upload(site, dealerA, Buffer.from(CSV), { apply: true })).json().data).toMatchObject({ valid: 0, created: 0, duplicates: 4 });
  });

  it('reads the first sheet of an XLSX with one bad row the same way, in the caller\'s language', async () => {
    const site = await newSite(clientA);
    const file = await xlsx([
      ['Откуда', 'Куда', 'Код'],
      ['/xlsx-1', '/target-1', 301],
      ['/xlsx-2', { formula: 'CONCATENATE("/","target-2")', result: '/target-2' }, 302],
      ['/xlsx-3', '/target-3', 307],
      ['/xlsx-4', 'https://new-site.ru/page', null],
    ]);
    const preview = await upload(site, dealerA, file, { name: 'redirects.xlsx', lang: 'ru' });
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ format: 'xlsx', total: 4, valid: 3, errors: 1, duplicates: 0 });
    expect(report.rows[1]).toMatchObject({ row: 3, to: '/target-2', status: 'valid' });
    expect(report.rows[2]).toMatchObject({ row: 4, status: 'error', errors: [{ field: 'code', message: 'Код редиректа: 301 или 302' }] });
    const applied = (await upload(site, dealerA, file, { apply: true })).json().data;
    expect(applied).toMatchObject({ created: 3 });
  });

  it('writes nothing at all when the apply fails midway, and says why', async () => {
    const site = await newSite(clientA);
    // 1500 good rows: two chunks of inserts. Another writer takes row 1300's address between the
    // check and the write (a trigger stands in for it, raising what the unique index would), so
    // the second chunk fails after the first 1000 rows and their audit entries were written.
    const rows = Array.from({ length: 1500 }, (_, i) => (i === 1299 ? '/race-taken;/race-target' : `/bulk-${i};/bulk-target-${i}`));
    const file = Buffer.from(['from;to', ...rows].join('\n'));
    const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.resource, 'redirects'), eq(auditLog.client_id, clientA))))[0]!.n;
    const before = await audits();
    const preview = (await upload(site, dealerA, file)).json().data;
    expect(preview).toMatchObject({ total: 1500, valid: 1500, errors: 0 });
    await t.database.db.execute(sql.raw(`
      create function refuse_race_taken() returns trigger language plpgsql as $$
      begin
        if new.from_uri = '/race-taken' then
          raise exception using errcode = '23505', message = 'duplicate key value violates unique constraint "redirects_site_from"',
            detail = 'Key (site_id, from_uri)=(' || new.site_id || ', /race-taken) already exists.';
        end if;
        return new;
      end $$`));
    await t.database.db.execute(sql.raw('create trigger refuse_race_taken before insert on redirects for each row execute function refuse_race_taken()'));
    try {
      const failed = await upload(site, dealerA, file, { apply: true });
      expect(failed.statusCode, failed.body).toBe(409);
      expect(errorsOf(failed as unknown as Response)[0]).toMatchObject({ code: 'conflict_unique' });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_race_taken on redirects'));
      await t.database.db.execute(sql.raw('drop function refuse_race_taken()'));
    }
    expect(await t.database.db.select().from(redirects).where(eq(redirects.site_id, site))).toEqual([]);
    expect(await audits()).toBe(before);
    // The same file goes in whole once nothing stands in the way.
    expect((await upload(site, dealerA, file, { apply: true })).json().data).toMatchObject({ created: 1500, applied: true });
  });

  it('refuses a loop made inside the file, and reads a CSV saved by Russian Excel', async () => {
    const site = await newSite(clientA);
    const rows = ['/a;/b', '/b;/c', '/c;/a', '/d;/e'].join('\n');
    const report = (await upload(site, dealerA, Buffer.from(rows))).json().data;
    expect(report.rows.map((row: any) => row.status)).toEqual(['valid', 'valid', 'error', 'valid']);
    expect(report.rows[2].errors[0].message).toBe('The redirects make a loop: /c → /a → /b → /c');
    // Windows-1251, comma-separated, a header in Russian.
    const cp1251 = Buffer.from([...Buffer.from('\xce\xf2\xea\xf3\xe4\xe0,\xca\xf3\xe4\xe0\r\n', 'latin1'), ...Buffer.from('/cp-1,/cp-2\r\n')]);
    const decoded = (await upload(site, dealerA, cp1251)).json().data;
    expect(decoded).toMatchObject({ total: 1, valid: 1 });
  });

  it('needs a readable CSV or XLSX file within its limits', async () => {
    const site = await newSite(clientA);
    const cases: [Buffer | null, string][] = [
      [null, 'Choose a file'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'Incorrect file format: CSV and XLSX allowed'],
      [Buffer.from('from;to\n'), 'The file has no redirect rows'],
      [Buffer.from(Array.from({ length: 5002 }, (_, i) => `/r${i};/t${i}`).join('\n')), 'The file has more than 5000 rows: split it into parts'],
      [await zip([['xl/worksheets/sheet1.xml', repeated('', ' ', 40 * 1024 * 1024, '')]]), 'The XLSX workbook is too large unpacked: more than 30 MB'],
      [await zip([['hello.txt', [Buffer.from('not a workbook')]]]), 'The file could not be read: it is damaged or not an XLSX workbook'],
    ];
    for (const [data, title] of cases) {
      const response = await upload(site, dealerA, data);
      expect(response.statusCode, title).toBe(400);
      expect(errorsOf(response as unknown as Response)[0]!.title, title).toBe(title);
    }
    const malformed = await upload(site, dealerA, Buffer.from('/a;/b\n"/c;/d\n'));
    expect(malformed.statusCode).toBe(400);
    expect(errorsOf(malformed as unknown as Response)[0]).toMatchObject({ code: 'import_csv_malformed', title: expect.stringMatching(/^Line \d+: malformed CSV/) });
    const tooLarge = await upload(site, dealerA, Buffer.alloc(2 * 1024 * 1024 + 10, 0x2f));
    expect(tooLarge.statusCode).toBe(400);
    expect(errorsOf(tooLarge as unknown as Response)[0]!.code).toBe('file_too_large');
    const json = await t.request('POST', `${SEO}/sites/${site}/import_redirects/preview`, { token: dealerA, body: { data: {} } });
    expect(json.statusCode).toBe(400);
  });

  it('works on a site the caller reaches and may change, with the permission to create redirects', async () => {
    expect((await upload(siteB, dealerA, Buffer.from(CSV))).statusCode).toBe(404);
    expect((await upload(987654, dealerA, Buffer.from(CSV))).statusCode).toBe(404);
    const master = await newSite(clientA, 2);
    expect((await upload(master, dealerA, Buffer.from(CSV), { apply: true })).statusCode).toBe(403);
    const reader = (await t.signIn((await t.createUser({ grants: { seo: ['redirects.get_list'] }, clientIds: [clientA] })).email)).access_token;
    expect((await upload(siteA, reader, Buffer.from(CSV))).statusCode).toBe(403);
  });
});

describe('SEO settings', () => {
  it('are one record per site, with the contents the manual mode needs', async () => {
    const site = await newSite(clientA);
    const manual = await post('seo_configs', dealerA, { site_id: site, site_map_mode: 1, robots_mode: 1 });
    expect(manual.statusCode).toBe(400);
    expect(errorsOf(manual).map((error) => error.source?.pointer)).toEqual(['/data/attributes/site_map', '/data/attributes/robots']);
    expect(errorsOf(manual)[0]!.title).toBe('The manual mode needs the contents');
    const created = await post('seo_configs', dealerA, { site_id: site, robots_mode: 1, robots: 'User-agent: *\nDisallow:' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ site_map_mode: 2, robots_mode: 1, verification_codes: [], counters: [] });
    const second = await post('seo_configs', dealerA, { site_id: site });
    expect(second.statusCode).toBe(409);
    expect(errorsOf(second)[0]!.title).toBe('The site already has SEO settings: change them instead');
    const id = created.json().data.id;
    expect((await patch('seo_configs', dealerA, id, { robots: '' })).statusCode).toBe(400);
    expect((await patch('seo_configs', dealerA, id, { robots_mode: 2, robots: null })).statusCode).toBe(200);
    expect((await patch('seo_configs', dealerA, id, { site_map_mode: 3 })).statusCode).toBe(400);
  });

  it('take verification codes without whitespace, quotes, angle brackets or Cyrillic, and counters by id', async () => {
    const site = await newSite(clientA);
    for (const code of ['abc def', 'abc"def', "abc'def", '<meta>', 'кодик', '']) {
      const response = await post('seo_configs', dealerA, { site_id: site, verification_codes: [{ provider: 'google', code }] });
      expect(response.statusCode, code).toBe(400);
      expect(errorsOf(response)[0]!.source?.pointer, code).toBe('/data/attributes/verification_codes/0/code');
    }
    const script = await post('seo_configs', dealerA, { site_id: site, counters: [{ type: 'yandex_metrika', id: '<script>alert(1)</script>' }] });
    expect(errorsOf(script)[0]).toMatchObject({ title: 'A counter id holds Latin letters, digits and "-"', source: { pointer: '/data/attributes/counters/0/id' } });
    const fine = await post('seo_configs', dealerA, {
      site_id: site,
      verification_codes: [{ provider: 'google', code: 'Ab_12-xyZ.9' }],
      counters: [{ type: 'google_tag_manager', id: 'GTM-ABC123' }, { type: 'yandex_metrika', id: '98765432' }],
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('SEO constants', () => {
  it('have a placeholder of Latin letters or underscores, unique per site', async () => {
    for (const placeholder of ['CITY1', 'ГОРОД', 'CITY-NAME', '{CITY}', '']) {
      const response = await post('seo_constants', dealerA, { site_id: siteA, placeholder, value: 'Казань' });
      expect(response.statusCode, placeholder).toBe(400);
      expect(errorsOf(response)[0]!.source?.pointer).toBe('/data/attributes/placeholder');
    }
    const placeholder = `CITY_${'x'.repeat(counter++ % 5 + 1)}_NAME`;
    const created = await post('seo_constants', dealerA, { site_id: siteA, placeholder, value: 'Казань' });
    expect(created.statusCode, created.body).toBe(201);
    const again = await post('seo_constants', dealerA, { site_id: siteA, placeholder, value: 'Москва' });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ title: `The site already has the constant ${placeholder}`, source: { pointer: '/data/attributes/placeholder' } });
    expect((await post('seo_constants', dealerB, { site_id: siteB, placeholder, value: 'Москва' })).statusCode).toBe(201);
    const other = await post('seo_constants', dealerA, { site_id: siteA, placeholder: `${placeholder}_B`, value: 'x' });
    expect((await patch('seo_constants', dealerA, other.json().data.id, { placeholder })).statusCode).toBe(409);
    expect((await patch('seo_constants', dealerA, created.json().data.id, { placeholder, value: 'Нижний Новгород' })).statusCode).toBe(200);
  });
});

describe('site copy', () => {
  it('takes the redirects and SEO constants along when the flags ask for them', async () => {
    const source = await newSite(clientA);
    await post('redirects', dealerA, { site_id: source, from_uri: '/copy-from', to_uri: '/copy-to', code: 302 });
    await post('seo_constants', dealerA, { site_id: source, placeholder: 'COPY_CITY', value: 'Тверь' });
    const copy = async (flags: Record<string, boolean>) => {
      const response = await t.request('POST', `/gateway/sites.context/api/v1/sites/${source}/copy`, { token: dealerA, body: { data: { name: unique('Копия'), client_id: clientA, ...flags } } });
      expect(response.statusCode, response.body).toBe(201);
      return Number(response.json().data.id);
    };
    const withAll = await copy({ copy_redirects: true, copy_seo_constants: true });
    expect(await t.database.db.select({ from: redirects.from_uri, code: redirects.code, client: redirects.client_id }).from(redirects).where(eq(redirects.site_id, withAll))).toEqual([{ from: '/copy-from', code: 302, client: clientA }]);
    expect((await t.database.db.select().from(seoConstants).where(eq(seoConstants.site_id, withAll))).map((row) => row.placeholder)).toEqual(['COPY_CITY']);
    const without = await copy({});
    expect(await t.database.db.select().from(redirects).where(eq(redirects.site_id, without))).toEqual([]);
    expect(await t.database.db.select().from(seoConstants).where(eq(seoConstants.site_id, without))).toEqual([]);
  });
});
