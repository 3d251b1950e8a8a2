import path from 'node:path';
import { MEDIA_FORMATS, messages, uploadFields, type MediaVariant, type MessageKey, type MessageParams } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { sniffFile, type UploadedPart } from '../../kit/files.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import type { Row } from '../../kit/crud-routes.ts';
import { checkedDimensions, makeVariants, removeVariants } from './image-variants.ts';
import { assertFolderOf, mediaFileUrl, ownerClient } from './media.hooks.ts';
import { mediaFiles } from './media.table.ts';

export const FILE_ATTRIBUTES = ['client_id', 'folder_id', 'name', 'mime', 'ext', 'kind', 'size', 'width', 'height', 'access', 'driver', 'key', 'url', 'variants', 'source_id', 'created_by', 'created_at', 'updated_at'];
const FORMATS_TEXT = 'gif, jpeg, png, bmp, mp4';

/** A file name as shown: the browser's name without folders or control characters, at most 255 characters. */
export function displayName(filename: string, ext: string): string {
  const base = path.basename(filename.replaceAll('\\', '/')).replace(/[\u0000-\u001F\u007F-\u009F]/g, '').trim();
  return (base || `file.${ext}`).slice(0, 255);
}

/** The fields of an upload besides the file, as field errors on `/data/<field>` when wrong. */
function parseFields(fields: Record<string, string>) {
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  const parsed = uploadFields.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [key, params] = issue.message.split(/\|(.*)/s, 2) as [string, string | undefined];
  const known = (key in messages ? key : 'invalid_choice') as MessageKey;
  throw new AppError(400, known, params ? (JSON.parse(params) as MessageParams) : undefined, `/data/${issue.path.join('/')}`);
}

export interface UploadInput {
  files: UploadedPart[];
  fields: Record<string, string>;
}

/**
 * POST /file (spec 000 §7): one file, `access` (1 public, 2 private), `client_id`, `folder_id`.
 * The type is what the bytes are (a PNG named .jpg is a PNG; SVG, HTML or anything else is
 * refused); images are checked for their pixel count and get their variants; the bytes are stored
 * before the record, and removed again when the record cannot be written.
 */
export async function uploadFile(ctx: ServiceContext, auth: AuthContext, input: UploadInput, ip: string | null): Promise<Row> {
  const fields = parseFields(input.fields);
  const part = input.files.find((file) => file.field === 'file');
  if (!part || !part.data.length) throw badRequest('file_required', '/data/file');
  const clientId = ownerClient(auth, fields.client_id, '/data/client_id');
  if (fields.folder_id != null) await assertFolderOf(ctx.db, auth, fields.folder_id, clientId, '/data/folder_id');

  const type = await sniffFile(part.data);
  const format = type ? MEDIA_FORMATS[type.ext] : undefined;
  if (!type || !format || format.mime !== type.mime) throw badRequest('file_format', '/data/file', { formats: FORMATS_TEXT });
  const limit = format.kind === 'video' ? ctx.config.media.videoMaxBytes : ctx.config.media.imageMaxBytes;
  if (part.data.length > limit) throw badRequest('file_too_large', '/data/file', { size: Math.round(limit / 1024 / 1024) });

  const isPrivate = fields.access === 2;
  let size: { width: number; height: number } | null = null;
  let variants: MediaVariant[] = [];
  if (format.kind === 'image') {
    checkedDimensions(part.data, ctx.config.media.maxMegapixels);
    ({ variants, ...size } = await makeVariants(ctx.files, part.data, type.ext, { private: isPrivate, maxMegapixels: ctx.config.media.maxMegapixels }));
  }
  const stored = await ctx.files.put(part.data, type, { private: isPrivate }).catch(async (error) => {
    await removeVariants(ctx.files, variants);
    throw error;
  });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaFiles)
        .values({
          client_id: clientId,
          folder_id: fields.folder_id ?? null,
          name: displayName(part.filename, type.ext),
          mime: type.mime,
          ext: type.ext,
          kind: format.kind,
          size: part.data.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          access: fields.access,
          driver: ctx.files.driver,
          key: stored.id,
          variants,
          created_by: auth.userId,
        })
        .returning();
      const created = { ...(row as unknown as Row), url: mediaFileUrl(row as unknown as Row) };
      await recordAudit(tx, auth, { action: 'create', service: 'media.storage', resource: 'files', recordId: created.id, changes: snapshot(created, ['name', 'mime', 'size', 'access', 'client_id', 'folder_id']), clientId, ip });
      return created;
    });
  } catch (error) {
    await removeVariants(ctx.files, [{ key: stored.id }, ...variants]);
    throw error;
  }
}
