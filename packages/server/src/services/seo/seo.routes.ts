import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { id, REDIRECT_IMPORT_LIMITS } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import { notFound } from '../../kit/errors.ts';
import { readUploadedFiles } from '../../kit/files.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { untrustedUpload } from '../../kit/untrusted-file.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { applyRedirectImport, checkRedirectImport } from './import-redirects.ts';
import './site-copiers.ts';
import './auto-redirects.ts';

const BASE = '/gateway/seo/api/v1/sites/:siteId/import_redirects';
const tags = ['seo'];
const params = z.object({ siteId: id() });

/**
 * The import of redirects (spec 000 §7 import_redirects): multipart with one file (`file`), CSV or
 * XLSX. `/preview` reports every row and writes nothing; the apply writes the valid rows in one
 * transaction and answers the same report with `created`. Both need a site the caller reaches and
 * whose redirects it may change (an official master's are staff's).
 */
export async function registerSeoRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const owned = siteOwnership(registry);
  const siteOf = async (request: FastifyRequest, siteId: number) => {
    const auth = requireAuth(request.auth);
    const site = await owned.findSite(ctx.db, auth, siteId);
    if (!site) throw notFound();
    await owned.assertEditable(ctx.db, auth, site.id);
    return { auth, site };
  };

  // Multipart only here, in a scope of its own; every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: REDIRECT_IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(`${BASE}/preview`, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: 'Check a CSV or XLSX file of redirects row by row (multipart, field `file`); nothing is written', params } }, async (request) => {
      const { site } = await siteOf(request, request.params.siteId);
      const parts = await readUploadedFiles(request, REDIRECT_IMPORT_LIMITS.maxBytes);
      return { data: (await checkRedirectImport(ctx.db, site.id, parts, request.lang)).report };
    });
    s.post(BASE, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: 'Import the valid rows of a CSV or XLSX file of redirects in one transaction (multipart, field `file`)', params } }, async (request) => {
      const { auth, site } = await siteOf(request, request.params.siteId);
      const parts = await readUploadedFiles(request, REDIRECT_IMPORT_LIMITS.maxBytes);
      const report = await ctx.db.transaction((tx) => applyRedirectImport(tx, auth, site, parts, request.lang, request.ip));
      return { data: report };
    });
  });
}
