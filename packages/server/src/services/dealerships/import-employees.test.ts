import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/images.ts';
import { dealershipDepartments, dealershipEmployees, dealerships } from '../../schema.ts';

/**
 * The import of a department's employees from a file (spec 001 §2): a preview with a report per
 * row, then the apply, all rows or none; only on a department of the caller's clients.
 */
let t: TestApp;
let departmentA: number;
let departmentB: number;
let dealerA: string;
let reader: string;
const CODES = ['dealers.get_list', 'employees.create'];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const clientA = await t.createClient();
  const clientB = await t.createClient();
  // Each client has a site with the dealerships module (test/module-gating.test.ts walks clients without it).
  for (const client of [clientA, clientB]) await t.createSite(client);
  const [a] = await db.insert(dealerships).values({ client_id: clientA, title: 'АвтоГрад', working_time: {} as never }).returning();
  const [b] = await db.insert(dealerships).values({ client_id: clientB, title: 'Чужой', working_time: {} as never }).returning();
  departmentA = (await db.insert(dealershipDepartments).values({ client_id: clientA, dealership_id: a!.id, name_ru: 'Продажи' }).returning())[0]!.id;
  departmentB = (await db.insert(dealershipDepartments).values({ client_id: clientB, dealership_id: b!.id, name_ru: 'Продажи' }).returning())[0]!.id;
  dealerA = (await t.signIn((await t.createUser({ grants: { dealerships: CODES }, clientIds: [clientA] })).email)).access_token;
  reader = (await t.signIn((await t.createUser({ grants: { dealerships: ['dealers.get_list'] }, clientIds: [clientA] })).email)).access_token;
});
afterAll(() => t?.close());

const upload = (department: number, token: string, csv: string | null, options: { apply?: boolean; lang?: string } = {}) => {
  const { body, contentType } = multipart(csv === null ? [] : [{ field: 'file', name: 'employees.csv', data: Buffer.from(csv) }]);
  const url = `/gateway/dealerships/api/v1/departments/${department}/import_employees${options.apply ? '' : '/preview'}`;
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': options.lang ?? 'en' } });
};
const employeesOf = (department: number) => t.database.db.select().from(dealershipEmployees).where(eq(dealershipEmployees.department_id, department));

const HEADER = 'last_name_ru,first_name_ru,position_ru,order,phone_city,phone_subscriber,phone_internal';
const GOOD = [HEADER, 'Петров,Иван,Менеджер,1,843,2000000,101', 'Сидорова,Анна,Консультант,2,843,2000000,102'].join('\r\n');
const BAD = [HEADER, 'Петров,Иван,Менеджер,1,843,2000000,101', ',Анна,Консультант,-3,8-43,2000000,'].join('\r\n');

describe('employee import', () => {
  it('previews a file with a bad row, says why per column, and the apply writes nothing', async () => {
    const preview = await upload(departmentA, dealerA, BAD);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().data;
    expect(report).toMatchObject({ kind: 'employees', format: 'csv', total: 2, create: 1, errors: 1, applied: false });
    expect(report.rows[1]).toMatchObject({ row: 3, status: 'error' });
    expect(report.rows[1].errors).toEqual(
      expect.arrayContaining([
        { field: 'last_name_ru', message: 'This field is required' },
        { field: 'phone_city', message: 'A phone part holds digits only' },
      ]),
    );
    const applied = await upload(departmentA, dealerA, BAD, { apply: true, lang: 'ru' });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().errors[0].title).toBe('В файле есть строки с ошибками (1): исправьте их, ничего не импортировано');
    expect(await employeesOf(departmentA)).toEqual([]);
  });

  it('applies a clean file: every row, with the department, dealership and client of the department', async () => {
    const applied = await upload(departmentA, dealerA, GOOD, { apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ total: 2, create: 2, errors: 0, applied: true });
    const rows = await employeesOf(departmentA);
    expect(rows.map((row) => [row.last_name_ru, row.order, row.phone])).toEqual([
      ['Петров', 1, { country: '0', city: '843', subscriber: '2000000', internal: '101' }],
      ['Сидорова', 2, { country: '0', city: '843', subscriber: '2000000', internal: '102' }],
    ]);
    const list = (await t.request('GET', `/gateway/dealerships/api/v1/employees?filter[department_id]=${departmentA}`, { token: dealerA })).json();
    expect(list.data).toHaveLength(2);
  });

  it('refuses a file without its columns, no file, another client department and a reader', async () => {
    const noColumns = await upload(departmentA, dealerA, 'name,position\nИван,Менеджер');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().errors[0].title).toContain('last_name_ru, first_name_ru');
    const none = await upload(departmentA, dealerA, null);
    expect(none.statusCode).toBe(400);
    expect((await upload(departmentB, dealerA, GOOD)).statusCode).toBe(404);
    expect((await upload(departmentB, dealerA, GOOD, { apply: true })).statusCode).toBe(404);
    expect(await employeesOf(departmentB)).toEqual([]);
    expect((await upload(departmentA, reader, GOOD)).statusCode).toBe(403);
  });
});
