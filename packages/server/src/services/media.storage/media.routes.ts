import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { cropBody, fileChangeBody, filesSizeQuery, id, mediaElementsBody, storageQuery } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { readMultipart, sendStoredBytes } from '../../kit/files.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import type { Row } from '../../kit/crud-routes.ts';
import { changeFile, cropFile, deleteFile, filesSize, storedOf } from './file-actions.ts';
import { findFile } from './media.hooks.ts';
import { clientMediaElements, setClientMediaElements } from './media-elements.ts';
import { FILE_ATTRIBUTES, uploadFile } from './upload-file.ts';

const BASE = '/gateway/media.storage/api/v1';
const tags = ['media.storage'];
const idParams = z.object({ id: id() });
const fileRecord = (row: Row) => ({ data: toRecord('files', row, FILE_ATTRIBUTES) });

/** What a browser may show inline from the admin's origin: images we accept and made, and mp4. */
const INLINE = /^(image\/(gif|jpeg|png|bmp|webp)|video\/mp4)$/;

/** `filename` for Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The media library's routes beside its declared resources (files: list and get; folders: CRUD):
 * upload, the bytes, files_size, a file's change, delete and crop, the clients' media elements.
 */
export async function registerMediaRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxBytes = Math.max(ctx.config.media.imageMaxBytes, ctx.config.media.videoMaxBytes);

  // Multipart only here, in a scope of its own; every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 } });
    scope.post(`${BASE}/file`, { schema: { tags, summary: 'Upload a file (multipart: file, access 1 public or 2 private, client_id, folder_id)' } }, async (request, reply) => {
      const auth = requireAuth(request.auth);
      const input = await readMultipart(request, maxBytes);
      return reply.status(201).send(fileRecord(await uploadFile(ctx, auth, input, request.ip)));
    });
  });

  r.get(`${BASE}/storage/:id`, { schema: { tags, summary: 'The bytes of a file or of one of its variants', params: idParams, querystring: storageQuery } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const file = await findFile(ctx.db, auth, request.params.id);
    const stored = storedOf(ctx, file, request.query.variant);
    // SVG, HTML and anything else a browser could run never show inline from the admin's origin.
    const inline = INLINE.test(stored.mime) && request.query.download !== '1';
    const name = `${String(file.name).replace(/\.[A-Za-z0-9]{1,5}$/, '')}${request.query.variant ? `-${request.query.variant}` : ''}.${stored.ext}`;
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    reply.header('Content-Disposition', disposition(inline ? 'inline' : 'attachment', name));
    // Ranges (video seeking) are cut from the size recorded with the file.
    return sendStoredBytes(request, reply, stored.size, inline ? stored.mime : 'application/octet-stream', async (range) => (await ctx.files.get(stored.key, range))?.stream ?? null);
  });

  r.get(`${BASE}/files_size`, { schema: { tags, summary: 'Bytes and files per client', querystring: filesSizeQuery } }, async (request) => ({
    data: await filesSize(ctx.db, requireAuth(request.auth), request.query['filter[client_id]']),
  }));

  r.patch(`${BASE}/files/:id`, { schema: { tags, summary: 'Rename a file or move it to a folder', params: idParams, body: fileChangeBody } }, async (request) =>
    fileRecord(await changeFile(ctx, requireAuth(request.auth), request.params.id, request.body.data.attributes, request.ip)),
  );

  r.delete(`${BASE}/files/:id`, { schema: { tags, summary: 'Delete a file unless something shows it', params: idParams } }, async (request, reply) => {
    await deleteFile(ctx, requireAuth(request.auth), request.params.id, request.lang, request.ip);
    return reply.status(204).send();
  });

  r.post(`${BASE}/files/:id/crop`, { schema: { tags, summary: 'A crop of an image made on the server: a new file', params: idParams, body: cropBody } }, async (request, reply) =>
    reply.status(201).send(fileRecord(await cropFile(ctx, requireAuth(request.auth), request.params.id, request.body.data, request.ip))),
  );

  r.get(`${BASE}/clients/:id/media_elements`, { schema: { tags, summary: "A client's media elements", params: idParams } }, async (request) => {
    const client = await clientMediaElements(ctx.db, requireAuth(request.auth), request.params.id);
    return { data: toRecord('clients', client, ['name', 'media_elements']) };
  });

  r.put(`${BASE}/clients/:id/media_elements`, { schema: { tags, summary: "Replace a client's media elements", params: idParams, body: mediaElementsBody } }, async (request) => {
    const auth = requireAuth(request.auth);
    const client = await ctx.db.transaction((tx) => setClientMediaElements(tx, auth, request.params.id, request.body.data.media_elements, request.ip));
    return { data: toRecord('clients', client, ['name', 'media_elements']) };
  });
}
