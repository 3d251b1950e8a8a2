import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { VIN_IMPORT_LIMITS, vinInvalidateImagesInput } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { readMultipart } from '../../kit/files.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { untrustedUpload } from '../../kit/untrusted-file.ts';
import { applyVinImport, checkVinImport } from './import-vin-data.ts';
import { invalidateVinImages } from './invalidate-vin-images.ts';

const BASE = '/gateway/cars.vins/api/v1';
const tags = ['cars.vins'];

/**
 * VIN data is the platform's: only staff change it, whatever codes a client's user holds. A token
 * limited to brands does not run these whole-file and by-VIN changes, which reach every brand.
 */
function staff(request: { auth?: unknown }) {
  const auth = requireAuth(request.auth as never);
  if (auth.scope !== 'all') throw new AppError(403, 'staff_only');
  if (auth.brandIds) throw new AppError(403, 'brand_restricted');
  return auth;
}

/**
 * cars.vins beside its three declared resources (spec 001 §7): "invalidate images" and the VIN
 * data import from a CSV or XLSX file (a preview, then the apply). The gateway checks the codes
 * (permissions.ts ACTION_ROUTES).
 */
export async function registerVinRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${BASE}/vin_data/invalidate_images`,
    { schema: { tags, summary: 'Clear the image set ids of VIN records given by id or VIN (their images are fetched again)', body: z.object({ data: vinInvalidateImagesInput }) } },
    async (request) => {
      const auth = staff(request);
      return { data: await ctx.db.transaction((tx) => invalidateVinImages(tx, auth, request.body.data, request.ip)) };
    },
  );
  // Multipart only here, in a scope of its own; every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: VIN_IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(`${BASE}/import/vin_data/preview`, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: 'Check a CSV or XLSX file of VIN data row by row: what each row would create, update or leave; nothing is written' } }, async (request) => {
      staff(request);
      const { files } = await readMultipart(request, VIN_IMPORT_LIMITS.maxBytes);
      return { data: (await checkVinImport(ctx.db, files, request.lang)).report };
    });
    s.post(`${BASE}/import/vin_data`, { config: untrustedUpload('spreadsheet', ['csv', 'xlsx']), schema: { tags, summary: 'Upsert by VIN the rows without errors of a CSV or XLSX file of VIN data, in one transaction' } }, async (request) => {
      const auth = staff(request);
      const { files } = await readMultipart(request, VIN_IMPORT_LIMITS.maxBytes);
      return { data: await ctx.db.transaction((tx) => applyVinImport(tx, auth, files, request.lang, request.ip)) };
    });
  });
}
