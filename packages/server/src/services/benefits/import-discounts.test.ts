import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { catalogChain } from '../../test/resource-samples.ts';
import { auditLog, benefitDiscounts, benefitPrograms, carComplectations, carMarketingComplectations } from '../../schema.ts';
import { DISCOUNT_LINK_LIMITS, spreadsheetExportUrl } from './fetch-discount-sheet.ts';
import { importDate } from './import-discounts.ts';

/**
 * The import of discounts (spec 001 §2, §5, §7): a CSV or XLSX file or a link, a preview with what
 * each row would do or why it cannot, the apply with its report; a link is downloaded through the
 * outgoing-call guard from a local stand-in server that answers, fails, stalls, redirects and
 * sends too much.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let dealerA: string;
let dealerB: string;
let staff: string;
let reader: string;
let code1: string;
let code2: string;
let server: http.Server;
let base: string;
const served = new Map<string, { status?: number; body?: Buffer | string; location?: string; stall?: boolean }>();
const WRITE = { benefits: ['discounts.get_list', 'discounts.create', 'programs.get_list'] };

beforeAll(async () => {
  t = await buildTestApp();
  process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  clientA = await t.createClient();
  clientB = await t.createClient();
  dealerA = (await t.signIn((await t.createUser({ grants: WRITE, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: WRITE, clientIds: [clientB] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { benefits: ['discounts.get_list'] }, clientIds: [clientA] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `import-staff-${Date.now()}@platform.test`, grants: WRITE })).email)).access_token;
  const db = t.database.db;
  const c = await catalogChain(t);
  const [complectation] = await db.insert(carComplectations).values({ name: 'Comfort', restyling_id: c.restyling, generation_id: c.generation, model_id: c.model, brand_id: c.brand }).returning();
  code1 = `IMP-1-${Date.now()}`;
  code2 = `IMP-2-${Date.now()}`;
  for (const code of [code1, code2]) {
    await db.insert(carMarketingComplectations).values({ code, name: code, complectation_id: complectation!.id, restyling_id: c.restyling, generation_id: c.generation, model_id: c.model, brand_id: c.brand });
  }
  await db.insert(benefitPrograms).values([
    { client_id: clientA, name: 'Trade-in', code: 'tradein' },
    { client_id: clientA, name: 'Credit', code: 'credit' },
    { client_id: clientB, name: 'Their own', code: 'theirs' },
  ]);
  server = http.createServer((request, response) => {
    const answer = served.get(request.url ?? '');
    if (!answer) return response.writeHead(404).end('not found');
    if (answer.stall) return; // never answers: the guard's deadline ends the call
    if (answer.location) return response.writeHead(302, { location: answer.location }).end();
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/octet-stream' }).end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const HEADER = 'marketing_complectation_code,program_code,discount_sum,start_date,end_date';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

function form(parts: { field: string; value: string | Buffer; file?: string }[]) {
  const boundary = `----benefits${Date.now().toString(16)}`;
  const body = Buffer.concat([
    ...parts.map((part) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${part.file ? `; filename="${part.file}"` : ''}\r\n${part.file ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`),
        Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(kind: string, token: string, file: Buffer | string | null, options: { apply?: boolean; lang?: string; clientId?: number } = {}) {
  const parts: { field: string; value: string | Buffer; file?: string }[] = [];
  if (options.clientId !== undefined) parts.push({ field: 'client_id', value: String(options.clientId) });
  if (file !== null) parts.push({ field: 'file', value: file, file: `discounts.${kind}` });
  const { body, contentType } = form(parts);
  const url = `/gateway/benefits/api/v1/import/discounts/${kind}${options.apply ? '' : '/preview'}`;
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': options.lang ?? 'en' } });
}
const fromLink = (token: string, data: Record<string, unknown>, options: { apply?: boolean; lang?: string } = {}) =>
  t.request('POST', `/gateway/benefits/api/v1/import/discounts/from/google_sheet${options.apply ? '' : '/preview'}`, { token, lang: options.lang ?? 'en', body: { data } });
const discountsOf = (clientId: number) => t.database.db.select().from(benefitDiscounts).where(eq(benefitDiscounts.client_id, clientId)).orderBy(benefitDiscounts.id);

async function xlsx(rows: (string | number | Date)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Скидки');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading cells', () => {
  it('reads ISO, Russian and Excel serial dates and refuses days that do not exist', () => {
    expect(importDate('2026-03-31')).toBe('2026-03-31');
    expect(importDate('31.03.2026')).toBe('2026-03-31');
    expect(importDate('46112')).toBe('2026-03-31');
    expect(importDate('2026-02-30')).toBeNull();
    expect(importDate('31/03/2026')).toBeNull();
  });

  it('turns a Google Sheets link into its export address and leaves other links alone', () => {
    expect(spreadsheetExportUrl('https://docs.google.com/spreadsheets/d/1AbC-d_9/edit#gid=42')).toBe('https://docs.google.com/spreadsheets/d/1AbC-d_9/export?format=xlsx&gid=42');
    expect(spreadsheetExportUrl('https://docs.google.com/spreadsheets/d/1AbC/edit?usp=sharing', 'csv')).toBe('https://docs.google.com/spreadsheets/d/1AbC/export?format=csv');
    expect(spreadsheetExportUrl('https://docs.google.com/spreadsheets/d/e/2PACX-1v/pubhtml')).toBe('https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=xlsx');
    expect(spreadsheetExportUrl('https://files.dealer.test/discounts.xlsx')).toBe('https://files.dealer.test/discounts.xlsx');
  });
});

describe('import from a file', () => {
  it('previews every row with its outcome or reasons, writes nothing, then applies the good rows and reports them', async () => {
    const file = csv(
      `${code1},tradein,150000,2026-01-01,2026-03-31`,
      `${code2},credit,"200 000",01.02.2026,28.02.2026`,
      `NOPE,tradein,1000,2026-01-01,2026-01-31`,
      `${code1},nope,1000,2026-01-01,2026-01-31`,
      `${code1},credit,abc,2026-01-01,2026-01-31`,
      `${code1},credit,-5,2026-04-01,2026-03-01`,
      `${code1},tradein,150000,2026-01-01,2026-03-31`,
      `${code1},credit,1000,,2026-13-01`,
      `${code2},theirs,1000,2026-01-01,2026-01-31`,
    );
    const preview = await upload('csv', dealerA, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ kind: 'discounts', format: 'csv', total: 9, create: 2, update: 0, unchanged: 0, errors: 7, applied: false });
    const errors = (row: number) => report.rows.find((entry: any) => entry.row === row).errors;
    expect(errors(4)).toEqual([{ field: 'marketing_complectation_code', message: 'No marketing complectation has the code "NOPE"' }]);
    expect(errors(5)).toEqual([{ field: 'program_code', message: 'The client has no program with the code "nope"' }]);
    expect(errors(6)).toEqual([{ field: 'discount_sum', message: 'The sum is a whole number of roubles above zero, e.g. 150000' }]);
    expect(errors(7)).toEqual([
      { field: 'discount_sum', message: 'The sum is a whole number of roubles above zero, e.g. 150000' },
      { field: 'end_date', message: 'The end date cannot be before the start date' },
    ]);
    expect(errors(8)).toEqual([{ field: 'row', message: 'The same discount is already in row 2' }]);
    expect(errors(9)).toEqual([
      { field: 'start_date', message: 'This field is required' },
      { field: 'end_date', message: 'A date as YYYY-MM-DD or DD.MM.YYYY' },
    ]);
    // Another client's program is unknown to this client.
    expect(errors(10)).toEqual([{ field: 'program_code', message: 'The client has no program with the code "theirs"' }]);
    expect(await discountsOf(clientA)).toEqual([]);

    const applied = await upload('csv', dealerA, file, { apply: true, lang: 'ru' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ total: 9, create: 2, errors: 7, applied: true });
    expect(applied.json().data.rows[2].errors[0].message).toBe('Нет маркетинговой комплектации с кодом «NOPE»');
    const stored = await discountsOf(clientA);
    expect(stored.map((row) => [row.discount_sum, row.start_date, row.end_date])).toEqual([
      [150000, '2026-01-01', '2026-03-31'],
      [200000, '2026-02-01', '2026-02-28'],
    ]);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.service, 'benefits'), eq(auditLog.client_id, clientA)));
    // One audit entry for the import, naming what it created.
    expect(audit.filter((entry) => entry.action === 'import').map((entry) => entry.changes)).toEqual([expect.objectContaining({ create: 2, update: 0, errors: 7, created_ids: stored.map((row) => row.id) })]);

    // Again with one sum changed: one update, one unchanged, nothing created twice.
    const again = await upload('csv', dealerA, csv(`${code1},tradein,150000,2026-01-01,2026-03-31`, `${code2},credit,210000,2026-02-01,2026-03-15`), { apply: true });
    expect(again.json().data).toMatchObject({ total: 2, create: 0, update: 1, unchanged: 1, errors: 0, applied: true });
    expect((await discountsOf(clientA)).map((row) => [row.discount_sum, row.end_date])).toEqual([
      [150000, '2026-03-31'],
      [210000, '2026-03-15'],
    ]);
  });

  it('reads XLSX with real date cells and numbers', async () => {
    const file = await xlsx([HEADER.split(','), [code1, 'credit', 99000, new Date(Date.UTC(2026, 5, 1)), new Date(Date.UTC(2026, 5, 30))]]);
    const preview = await upload('xlsx', dealerA, file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ format: 'xlsx', create: 1, errors: 0 });
  });

  it('refuses no file with the spec message, a file of the other kind, missing columns and another client', async () => {
    const none = await upload('csv', dealerA, null, { lang: 'ru' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].title).toBe('Выберите файл');
    const wrongKind = await upload('xlsx', dealerA, csv(`${code1},tradein,1,2026-01-01,2026-01-01`));
    expect(wrongKind.json().errors[0].title).toBe('The file is not XLSX');
    const columns = await upload('csv', dealerA, 'marketing_complectation_code,discount_sum\nX,1');
    expect(columns.statusCode).toBe(400);
    expect(columns.json().errors[0].title).toContain('program_code');
    const kind = await upload('pdf', dealerA, 'x');
    expect(kind.statusCode).toBe(400);
    const foreign = await upload('csv', dealerA, csv(`${code1},theirs,1,2026-01-01,2026-01-01`), { clientId: clientB });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].source.parameter).toBe('client_id');
    expect((await upload('csv', reader, csv(`${code1},tradein,1,2026-01-01,2026-01-01`))).statusCode).toBe(403);
  });

  it('staff import for the client they name; without one they are asked to choose', async () => {
    const file = csv(`${code2},theirs,5000,2026-07-01,2026-07-31`);
    const unnamed = await upload('csv', staff, file, { lang: 'ru' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0].title).toBe('Выберите клиента, для которого импортировать скидки');
    const named = await upload('csv', staff, file, { clientId: clientB, apply: true });
    expect(named.json().data).toMatchObject({ create: 1, errors: 0 });
    expect((await discountsOf(clientB)).map((row) => row.discount_sum)).toEqual([5000]);
    // The dealer of the client sees it; the other dealer does not.
    const listB = await t.request('GET', '/gateway/benefits/api/v1/discounts', { token: dealerB });
    expect(listB.json().data).toHaveLength(1);
    const listA = await t.request('GET', '/gateway/benefits/api/v1/discounts', { token: dealerA });
    expect(listA.json().data.map((row: any) => row.attributes.client_id)).not.toContain(clientB);
  });
});

describe('import from a link', () => {
  it('needs a link (the spec message) that is http(s)', async () => {
    const none = await fromLink(dealerA, {}, { lang: 'ru' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ title: 'Укажите ссылку на документ', source: { pointer: '/data/fileUrl' } });
    const empty = await fromLink(dealerA, { fileUrl: '  ' });
    expect(empty.json().errors[0].title).toBe('Provide a link to the document');
    const ftp = await fromLink(dealerA, { fileUrl: 'ftp://files.test/a.csv' });
    expect(ftp.json().errors[0].title).toBe('The link must start with http:// or https://');
  });

  it('downloads a CSV or XLSX, follows a redirect, previews and applies', async () => {
    served.set('/prices.csv', { body: csv(`${code1},credit,77000,2026-08-01,2026-08-31`) });
    served.set('/moved', { location: '/prices.xlsx' });
    served.set('/prices.xlsx', { body: await xlsx([HEADER.split(','), [code2, 'tradein', 88000, '2026-09-01', '2026-09-30']]) });
    const preview = await fromLink(dealerA, { fileUrl: `${base}/prices.csv` });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ format: 'csv', create: 1, applied: false });
    const applied = await fromLink(dealerA, { fileUrl: `${base}/moved` }, { apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ format: 'xlsx', create: 1, applied: true });
    expect((await discountsOf(clientA)).some((row) => row.discount_sum === 88000 && row.start_date === '2026-09-01')).toBe(true);
  });

  it('says why a download failed: 404, 500, a stalled server, too large, too many redirects', async () => {
    served.set('/broken', { status: 500, body: 'oops' });
    served.set('/slow', { stall: true });
    served.set('/big', { body: Buffer.alloc(4096, 'a') });
    served.set('/loop', { location: '/loop' });
    const before = { ...DISCOUNT_LINK_LIMITS };
    Object.assign(DISCOUNT_LINK_LIMITS, { maxBytes: 1024 });
    try {
      const reason = async (path: string, lang = 'en') => {
        const response = await fromLink(dealerA, { fileUrl: `${base}${path}` }, { lang });
        expect(response.statusCode, path).toBe(400);
        return response.json().errors[0].title;
      };
      expect(await reason('/missing')).toBe('The document could not be downloaded: the server answered with status 404');
      expect(await reason('/broken', 'ru')).toBe('Не удалось скачать документ по ссылке: сервер ответил кодом 500');
      // A short time limit for the stalled server only: on a busy machine the redirects alone may take longer.
      Object.assign(DISCOUNT_LINK_LIMITS, { timeoutMs: 300 });
      expect(await reason('/slow')).toBe('The document could not be downloaded: the server did not answer in time');
      Object.assign(DISCOUNT_LINK_LIMITS, { timeoutMs: before.timeoutMs });
      expect(await reason('/big')).toBe('The document could not be downloaded: the document is larger than 0 MB');
      expect(await reason('/loop')).toBe('The document could not be downloaded: too many redirects');
    } finally {
      Object.assign(DISCOUNT_LINK_LIMITS, before);
    }
  });

  it('refuses addresses inside the network unless allowed', async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const refused = await fromLink(dealerA, { fileUrl: `${base}/prices.csv` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].title).toBe('The document could not be downloaded: the address is not allowed for security reasons');
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    }
  });
});
