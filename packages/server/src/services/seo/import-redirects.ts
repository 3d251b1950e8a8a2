import { REDIRECT_CODES, REDIRECT_IMPORT_LIMITS, redirectFromUri, redirectResource, redirectToUri, t, type ImportReport, type ImportRowReport, type Lang } from '@dp/contracts';
import { auditLog } from '../../kit/audit.table.ts';
import type { DbOrTx } from '../../kit/db.ts';
import type { UploadedPart } from '../../kit/files.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { importFileEmpty, importTooManyRows, issueText, readImportFile } from '../../kit/file-import.ts';
import type { SheetRow } from '../../kit/spreadsheet-rows.ts';
import { chainText, loopChain, siteRedirectMap } from './redirect-rules.ts';
import { redirects } from './seo.table.ts';

/** Rows written per statement: 8 parameters a row, far under PostgreSQL's 65,535. */
const CHUNK = 1000;
const FROM_HEADER = /^(from|from_uri|source|old|откуда|источник|старый)/i;
const TO_HEADER = /^(to|to_uri|target|new|куда|цель|новый)/i;
const CODE_HEADER = /^(code|status|redirect_code|код)/i;

interface Columns {
  from: number;
  to: number;
  code: number;
}

/**
 * Where the columns are: by a first row naming them (a first row whose "from" cell is not an
 * address is taken as the names), else from, to, code in this order.
 */
function columnsOf(rows: SheetRow[]): { columns: Columns; header: boolean } {
  const first = rows[0]?.cells ?? [];
  const header = first.length > 0 && !first[0]!.startsWith('/') && !/^https?:/i.test(first[0]!);
  if (!header) return { columns: { from: 0, to: 1, code: 2 }, header };
  const find = (pattern: RegExp, fallback: number) => {
    const at = first.findIndex((cell) => pattern.test(cell));
    return at < 0 ? fallback : at;
  };
  return { columns: { from: find(FROM_HEADER, 0), to: find(TO_HEADER, 1), code: find(CODE_HEADER, 2) }, header };
}


export interface CheckedImport {
  report: ImportReport;
  /** The valid rows, ready to insert. */
  valid: { from_uri: string; to_uri: string; code: number; row: number }[];
}

/**
 * Reads and checks an uploaded file of redirects for a site: every row valid, an error (with its
 * messages) or a duplicate (of an earlier row, or of a redirect the site has). Rows are checked in
 * file order against the site's redirects and the valid rows before them, so a file cannot make a
 * loop (A → B → A) either. Nothing is written.
 */
export async function checkRedirectImport(tx: DbOrTx, siteId: number, parts: UploadedPart[], lang: Lang): Promise<CheckedImport> {
  // The file reading is the imports' kit (one row more than the limit may be the column names).
  const sheet = await readImportFile(parts, { maxRows: REDIRECT_IMPORT_LIMITS.maxRows, maxColumns: 10, maxCellLength: 2100 });
  const { columns, header } = columnsOf(sheet.rows);
  const dataRows = header ? sheet.rows.slice(1) : sheet.rows;
  if (dataRows.length > REDIRECT_IMPORT_LIMITS.maxRows) throw importTooManyRows(REDIRECT_IMPORT_LIMITS.maxRows);
  if (!dataRows.length) throw importFileEmpty('import_file_empty');

  const fromSchema = redirectFromUri();
  const toSchema = redirectToUri();
  const existing = await siteRedirectMap(tx, siteId);
  const chain = new Map(existing);
  const seen = new Map<string, number>();
  const rows: ImportRowReport[] = [];
  const valid: CheckedImport['valid'] = [];
  for (const row of dataRows) {
    const raw = { from: row.cells[columns.from] ?? '', to: row.cells[columns.to] ?? '', code: row.cells[columns.code] ?? '' };
    const report: ImportRowReport = { row: row.number, ...raw, status: 'valid', errors: [] };
    rows.push(report);
    const from = fromSchema.safeParse(raw.from);
    const to = toSchema.safeParse(raw.to);
    const code = raw.code === '' ? 301 : Number(raw.code);
    if (!from.success) report.errors.push({ field: 'from', message: raw.from ? issueText(from, lang) : t('required', lang) });
    if (!to.success) report.errors.push({ field: 'to', message: raw.to ? issueText(to, lang) : t('required', lang) });
    if (!(REDIRECT_CODES as readonly number[]).includes(code) || !/^\d*$/.test(raw.code)) report.errors.push({ field: 'code', message: t('redirect_code', lang) });
    if (!from.success || !to.success || report.errors.length) {
      report.status = 'error';
      continue;
    }
    if (from.data === to.data) {
      report.status = 'error';
      report.errors.push({ field: 'to', message: t('redirect_same', lang) });
      continue;
    }
    const earlier = seen.get(from.data);
    if (earlier !== undefined || existing.has(from.data)) {
      report.status = 'duplicate';
      report.errors.push({ field: 'from', message: earlier !== undefined ? t('import_duplicate_in_file', lang, { uri: from.data, row: earlier }) : t('import_duplicate_existing', lang, { uri: from.data }) });
      continue;
    }
    seen.set(from.data, row.number);
    const loop = loopChain(chain, from.data, to.data);
    if (loop) {
      report.status = 'error';
      report.errors.push({ field: 'to', message: t('redirect_loop', lang, { chain: chainText(loop) }) });
      continue;
    }
    chain.set(from.data, to.data);
    valid.push({ from_uri: from.data, to_uri: to.data, code, row: row.number });
  }
  const count = (status: ImportRowReport['status']) => rows.filter((row) => row.status === status).length;
  return {
    report: { format: sheet.format, total: rows.length, valid: valid.length, errors: count('error'), duplicates: count('duplicate'), created: 0, applied: false, rows },
    valid,
  };
}

/**
 * The apply step: checks the file again (what the site has may have changed since the preview) and
 * writes only the valid rows, as `import` redirects, each with its audit entry, in the caller's
 * transaction: all of them or, on any failure, none.
 */
export async function applyRedirectImport(
  tx: DbOrTx,
  auth: Pick<AuthContext, 'userId' | 'clientId' | 'tokenId'>,
  site: { id: number; client_id: number },
  parts: UploadedPart[],
  lang: Lang,
  ip: string | null,
): Promise<ImportReport> {
  const { report, valid } = await checkRedirectImport(tx, site.id, parts, lang);
  const attributes = Object.keys(redirectResource.entity.shape).filter((field) => field !== 'created_at' && field !== 'updated_at');
  for (let start = 0; start < valid.length; start += CHUNK) {
    const chunk = valid.slice(start, start + CHUNK);
    const created = await tx
      .insert(redirects)
      .values(chunk.map(({ from_uri, to_uri, code }) => ({ site_id: site.id, client_id: site.client_id, from_uri, to_uri, code, created_type: 'import' })))
      .returning();
    await tx.insert(auditLog).values(
      created.map((row, index) => ({
        action: 'create',
        service: 'seo',
        resource: 'redirects',
        record_id: String(row.id),
        changes: { ...Object.fromEntries(attributes.map((field) => [field, (row as Record<string, unknown>)[field] ?? null])), import_row: chunk[index]!.row },
        actor_user_id: auth.userId,
        actor_token_id: auth.tokenId ?? null,
        acting_client_id: auth.clientId,
        client_id: site.client_id,
        ip,
      })),
    );
  }
  return { ...report, created: valid.length, applied: true };
}
