import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { EMPLOYEE_IMPORT_LIMITS, id } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { readMultipart } from '../../kit/files.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { untrustedUpload } from '../../kit/untrusted-file.ts';
import { applyEmployeeImport, checkEmployeeImport, reachableDepartment } from './import-employees.ts';

const BASE = '/gateway/dealerships/api/v1/departments/:id/import_employees';
const tags = ['dealerships'];
const params = z.object({ id: id() });

/**
 * The import of a department's employees (spec 001 §2): multipart with one CSV or XLSX file
 * (`file`); `/preview` checks it row by row and writes nothing, the apply writes every row or none.
 * The gateway checks employees.create; the department must be one of the caller's clients'.
 */
export async function registerDealershipRoutes(app: FastifyInstance, ctx: ServiceContext) {
  // Multipart only here, in a scope of its own; every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: EMPLOYEE_IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(`${BASE}/preview`, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: "Check a CSV or XLSX file of a department's employees row by row; nothing is written", params } }, async (request) => {
      const auth = requireAuth(request.auth);
      const department = await reachableDepartment(ctx.db, auth, request.params.id);
      const { files } = await readMultipart(request, EMPLOYEE_IMPORT_LIMITS.maxBytes);
      return { data: (await checkEmployeeImport(department, files, request.lang)).report };
    });
    s.post(BASE, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: "Import a department's employees from a CSV or XLSX file: every row, or none if any has an error", params } }, async (request) => {
      const auth = requireAuth(request.auth);
      const { files } = await readMultipart(request, EMPLOYEE_IMPORT_LIMITS.maxBytes);
      const report = await ctx.db.transaction(async (tx) => applyEmployeeImport(tx, auth, await reachableDepartment(tx, auth, request.params.id), files, request.lang, request.ip));
      return { data: report };
    });
  });
}
