import { eq } from 'drizzle-orm';
import { EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_IMPORT_LIMITS, employeeResource, type FileImportReport, type FileImportRow, type Lang } from '@dp/contracts';
import { auditLog } from '../../kit/audit.table.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import type { UploadedPart } from '../../kit/files.ts';
import { cellError, importReport, namedRows, readImportFile } from '../../kit/file-import.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { dealershipDepartments, dealershipEmployees } from './dealership.table.ts';

type Department = { id: number; client_id: number; dealership_id: number };
type EmployeeValues = typeof dealershipEmployees.$inferInsert;

/** The department if the caller reaches its client; 404 otherwise (whether it exists is not told). */
export async function reachableDepartment(tx: DbOrTx, auth: Pick<AuthContext, 'scope'>, id: number): Promise<Department> {
  const [row] = await tx
    .select({ id: dealershipDepartments.id, client_id: dealershipDepartments.client_id, dealership_id: dealershipDepartments.dealership_id })
    .from(dealershipDepartments)
    .where(eq(dealershipDepartments.id, id));
  if (!row || (auth.scope !== 'all' && !auth.scope.includes(row.client_id))) throw notFound();
  return row;
}

/**
 * Checks every row of the file with the employee's own schema (the create body of the resource):
 * each row becomes a new employee of the department, or an error with its messages by column.
 */
export async function checkEmployeeImport(department: Department, parts: UploadedPart[], lang: Lang) {
  const sheet = await readImportFile(parts, { maxRows: EMPLOYEE_IMPORT_LIMITS.maxRows, maxColumns: 20, maxCellLength: 300 });
  const { rows } = namedRows(sheet, EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_IMPORT_LIMITS.maxRows);
  const shape = employeeResource.create.shape;
  const report: FileImportRow[] = [];
  const values: EmployeeValues[] = [];
  for (const row of rows) {
    const v = row.values;
    const entry: FileImportRow = { row: row.number, values: v, status: 'create', errors: [] };
    report.push(entry);
    const parsed: Record<string, unknown> = {};
    for (const field of ['last_name_ru', 'first_name_ru', 'last_name_en', 'first_name_en', 'position_ru', 'position_en', 'order'] as const) {
      const raw = (v[field] ?? '').trim();
      const input = raw === '' ? (field === 'order' ? undefined : null) : raw;
      const result = (shape[field] as unknown as { safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }).safeParse(input);
      if (result.success) parsed[field] = result.data;
      else entry.errors.push({ field, message: cellError(raw, result, lang) });
    }
    const phone = shape.phone.safeParse({ country: v.phone_country ?? '', city: v.phone_city ?? '', subscriber: v.phone_subscriber ?? '', internal: v.phone_internal ?? '' });
    if (phone.success) parsed.phone = phone.data;
    else entry.errors.push({ field: `phone_${String(phone.error.issues[0]?.path[0] ?? 'subscriber')}`, message: cellError('x', phone, lang) });
    if (entry.errors.length) {
      entry.status = 'error';
      continue;
    }
    values.push({ ...(parsed as Omit<EmployeeValues, 'client_id' | 'dealership_id' | 'department_id'>), client_id: department.client_id, dealership_id: department.dealership_id, department_id: department.id });
  }
  return { report: importReport('employees', sheet.format, report), values };
}

/**
 * The apply: checks the file again and writes all its rows, each with its audit entry, in the
 * caller's transaction; a file with any row in error writes nothing (400 with the count).
 */
export async function applyEmployeeImport(
  tx: DbOrTx,
  auth: Pick<AuthContext, 'userId' | 'clientId' | 'tokenId'>,
  department: Department,
  parts: UploadedPart[],
  lang: Lang,
  ip: string | null,
): Promise<FileImportReport> {
  const { report, values } = await checkEmployeeImport(department, parts, lang);
  if (report.errors > 0) throw new AppError(400, 'employee_import_has_errors', { count: report.errors }, 'file');
  const attributes = Object.keys(employeeResource.entity.shape).filter((field) => field !== 'created_at' && field !== 'updated_at');
  const created = await tx.insert(dealershipEmployees).values(values).returning();
  if (created.length) {
    await tx.insert(auditLog).values(
      created.map((row, index) => ({
        action: 'create',
        service: 'dealerships',
        resource: 'employees',
        record_id: String(row.id),
        changes: { ...Object.fromEntries(attributes.map((field) => [field, (row as Record<string, unknown>)[field] ?? null])), import_row: report.rows[index]!.row },
        actor_user_id: auth.userId,
        actor_token_id: auth.tokenId ?? null,
        acting_client_id: auth.clientId,
        client_id: department.client_id,
        ip,
      })),
    );
  }
  return { ...report, applied: true };
}
