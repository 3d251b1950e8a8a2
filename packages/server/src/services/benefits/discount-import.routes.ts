import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DISCOUNT_IMPORT_KINDS, DISCOUNT_IMPORT_LIMITS, discountLinkImportBody, id, type FileImportReport, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { readImportFile } from '../../kit/file-import.ts';
import { readMultipart, type UploadedPart } from '../../kit/files.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import type { SheetRows } from '../../kit/spreadsheet-rows.ts';
import { untrustedUpload } from '../../kit/untrusted-file.ts';
import { clients } from '../clients.storage/client.table.ts';
import { applyDiscountImport, checkDiscountImport } from './import-discounts.ts';
import { fetchDiscountSheet } from './fetch-discount-sheet.ts';

const BASE = '/gateway/benefits/api/v1/import/discounts';
const tags = ['benefits'];
const kindParams = z.object({ kind: z.enum(DISCOUNT_IMPORT_KINDS, { error: 'invalid_choice' }) });
const READ_LIMITS = { maxRows: DISCOUNT_IMPORT_LIMITS.maxRows, maxColumns: 20, maxCellLength: 300 };

/**
 * The client the discounts are imported for: the one named (`client_id`), else the one the
 * session acts as; it must be within the caller's reach (staff reach every client).
 */
async function importClient(db: DbOrTx, auth: AuthContext, given: unknown, pointer: string): Promise<number> {
  const parsed = given === undefined || given === '' ? null : id().safeParse(given);
  if (parsed && !parsed.success) throw badRequest('invalid_reference', pointer, { id: String(given).slice(0, 20) });
  const clientId = parsed ? (parsed.data as number) : auth.clientId;
  if (clientId == null) throw badRequest('benefit_client_required', pointer);
  const reached = auth.scope === 'all' || auth.scope.includes(clientId);
  const [found] = reached ? await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)) : [];
  if (!found) throw badRequest('invalid_reference', pointer, { id: String(clientId) });
  return clientId;
}

/** The preview writes nothing; the apply writes the rows without errors in one transaction. */
async function run(ctx: ServiceContext, auth: AuthContext, clientId: number, sheet: SheetRows, lang: Lang, ip: string, apply: boolean): Promise<FileImportReport> {
  if (!apply) return (await checkDiscountImport(ctx.db, clientId, sheet, lang)).report;
  return ctx.db.transaction((tx) => applyDiscountImport(tx, auth, clientId, sheet, lang, ip));
}

/**
 * The import of discounts (spec 001 §7): `POST /import/discounts/{kind}` with a multipart CSV or
 * XLSX file (`file`, and `client_id` for staff or a user of several clients), and
 * `POST /import/discounts/from/google_sheet` with `{ data: { fileUrl, client_id? } }`; each
 * with `/preview`, which checks the rows and writes nothing. The gateway checks discounts.create.
 */
export async function registerDiscountImportRoutes(app: FastifyInstance, ctx: ServiceContext) {
  await app.register(async (scope) => {
    // Multipart only here, in a scope of its own; every other route still takes JSON only.
    await scope.register(fastifyMultipart, { limits: { fileSize: DISCOUNT_IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const fromFile = (apply: boolean) => async (request: { auth: AuthContext | null; params: { kind: 'xlsx' | 'csv' }; lang: Lang; ip: string } & Parameters<typeof readMultipart>[0]) => {
      const auth = requireAuth(request.auth);
      const { files, fields } = await readMultipart(request, DISCOUNT_IMPORT_LIMITS.maxBytes);
      const sheet = await readImportFile(files, READ_LIMITS);
      const clientId = await importClient(ctx.db, auth, fields.client_id, 'client_id');
      if (sheet.format !== request.params.kind) throw new AppError(400, 'benefit_kind_mismatch', { kind: request.params.kind.toUpperCase() }, 'file');
      return { data: await run(ctx, auth, clientId, sheet, request.lang, request.ip, apply) };
    };
    const config = untrustedUpload('spreadsheet', ['csv', 'xlsx']);
    s.post(`${BASE}/:kind/preview`, { config, schema: { tags, summary: 'Check a CSV or XLSX file of discounts row by row; nothing is written', params: kindParams } }, fromFile(false) as never);
    s.post(`${BASE}/:kind`, { config, schema: { tags, summary: 'Import discounts from a CSV or XLSX file: the rows without errors are written', params: kindParams } }, fromFile(true) as never);
  });

  const s = app.withTypeProvider<ZodTypeProvider>();
  const fromLink = (apply: boolean) => async (request: { auth: AuthContext | null; body: z.output<typeof discountLinkImportBody>; lang: Lang; ip: string }) => {
    const auth = requireAuth(request.auth);
    const clientId = await importClient(ctx.db, auth, request.body.data.client_id, '/data/client_id');
    const data = await fetchDiscountSheet(request.body.data.fileUrl, request.lang);
    const parts: UploadedPart[] = [{ field: 'file', data, filename: '' }];
    const sheet = await readImportFile(parts, READ_LIMITS);
    return { data: await run(ctx, auth, clientId, sheet, request.lang, request.ip, apply) };
  };
  s.post(`${BASE}/from/google_sheet/preview`, { schema: { tags, summary: 'Check the discounts of a spreadsheet link (Google Sheets or any http(s) file) row by row; nothing is written', body: discountLinkImportBody } }, fromLink(false));
  s.post(`${BASE}/from/google_sheet`, { schema: { tags, summary: 'Import the discounts of a spreadsheet link (Google Sheets or any http(s) file): the rows without errors are written', body: discountLinkImportBody } }, fromLink(true));
}
