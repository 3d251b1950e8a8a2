import type { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CropTarget, FilesSize, Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { diffFields, recordAudit, snapshot } from '../../kit/audit.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { Row } from '../../kit/crud-routes.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { cropImage, makeVariants, removeVariants, type CropBox } from './image-variants.ts';
import { fileUsage } from './file-usage.ts';
import { assertFolderOf, findFile, mediaFileUrl } from './media.hooks.ts';
import { mediaFiles } from './media.table.ts';
import type { MediaVariant } from '@dp/contracts';

/** What the audit trail keeps of a file. */
const AUDITED = ['name', 'mime', 'size', 'width', 'height', 'access', 'client_id', 'folder_id', 'key', 'source_id'];

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Where the bytes of a file (or of one of its variants) are, and their type and size as recorded. */
export function storedOf(ctx: ServiceContext, file: Row, variantName?: string) {
  const variant = variantName ? (file.variants as MediaVariant[]).find((v) => v.name === variantName) : null;
  if (variantName && !variant) throw new AppError(404, 'variant_not_found', { variant: variantName });
  if (file.driver !== ctx.files.driver) throw new AppError(404, 'file_unavailable');
  return {
    key: variant ? variant.key : (file.key as string),
    size: variant ? variant.size : (file.size as number),
    mime: variant?.mime ?? (file.mime as string),
    ext: variant?.ext ?? (file.ext as string),
  };
}

/** The stored bytes of a file (or of one of its variants, or a range of them); 404 when the storage has lost them. */
export async function openStored(ctx: ServiceContext, file: Row, variantName?: string) {
  const stored = storedOf(ctx, file, variantName);
  const found = await ctx.files.get(stored.key);
  if (!found) throw new AppError(404, 'file_unavailable');
  return { ...found, mime: stored.mime, ext: stored.ext };
}

/** Renames a file or moves it to another folder of its client. */
export async function changeFile(ctx: ServiceContext, auth: AuthContext, id: number, attrs: { name?: string; folder_id?: number | null }, ip: string | null) {
  return ctx.db.transaction(async (tx) => {
    const existing = await findFile(tx, auth, id);
    if (attrs.folder_id != null) await assertFolderOf(tx, auth, attrs.folder_id, existing.client_id as number | null, '/data/attributes/folder_id');
    const [row] = await tx.update(mediaFiles).set({ ...attrs, updated_at: new Date() }).where(eq(mediaFiles.id, id)).returning();
    const fresh = { ...(row as unknown as Row), url: mediaFileUrl(row as unknown as Row) };
    const changes = diffFields(existing, fresh, ['name', 'folder_id']);
    if (Object.keys(changes).length) await recordAudit(tx, auth, { action: 'update', service: 'media.storage', resource: 'files', recordId: id, changes, clientId: existing.client_id as number | null, ip });
    return fresh;
  });
}

const PLACES: Record<string, Record<Lang, string>> = {
  stages: { ru: 'сцены', en: 'stages' },
  pages: { ru: 'страницы', en: 'pages' },
  layouts: { ru: 'макеты', en: 'layouts' },
  sites: { ru: 'фавиконки и логотипы сайтов', en: 'site favicons and logos' },
};

/**
 * Deletes a file unless something still shows it (409 naming where, by count), then its bytes and
 * variants once the record is gone. Files cropped from it keep their own bytes.
 */
export async function deleteFile(ctx: ServiceContext, auth: AuthContext, id: number, lang: Lang, ip: string | null) {
  const removed = await ctx.db.transaction(async (tx) => {
    const existing = await findFile(tx, auth, id);
    const keys = [existing.key as string, ...(existing.variants as MediaVariant[]).map((v) => v.key)];
    const usage = await fileUsage(tx, keys);
    if (Object.keys(usage).length) {
      throw new AppError(409, 'file_in_use', { places: Object.entries(usage).map(([place, n]) => `${PLACES[place]![lang]}: ${n}`).join(', ') });
    }
    await tx.delete(mediaFiles).where(eq(mediaFiles.id, id));
    await recordAudit(tx, auth, { action: 'delete', service: 'media.storage', resource: 'files', recordId: id, changes: snapshot(existing, AUDITED), clientId: existing.client_id as number | null, ip });
    return existing;
  });
  if (removed.driver === ctx.files.driver) {
    await removeVariants(ctx.files, [{ key: removed.key as string }, ...(removed.variants as MediaVariant[])]).catch((error) => ctx.log.warn({ err: error, file: id }, 'stored bytes of a deleted file were not removed'));
  }
}

/**
 * A crop made on the server from the original's bytes: a new file of the same client, folder and
 * access (`source_id` names the original), with its own variants. The original stays.
 */
export async function cropFile(ctx: ServiceContext, auth: AuthContext, id: number, input: CropBox & { target?: CropTarget | null }, ip: string | null) {
  const source = await findFile(ctx.db, auth, id);
  if (source.kind !== 'image') throw new AppError(400, 'crop_not_image', undefined, '/data');
  const stored = await openStored(ctx, source);
  const bytes = await toBuffer(stored.stream);
  const { maxMegapixels } = ctx.config.media;
  const cropped = await cropImage(bytes, source.ext as string, input, input.target, maxMegapixels);
  const isPrivate = source.access === 2;
  const { variants } = await makeVariants(ctx.files, cropped.data, cropped.ext, { private: isPrivate, maxMegapixels });
  const original = await ctx.files.put(cropped.data, { mime: cropped.mime, ext: cropped.ext }, { private: isPrivate });
  const base = (source.name as string).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaFiles)
        .values({
          client_id: source.client_id as number | null,
          folder_id: source.folder_id as number | null,
          name: `${base} (${cropped.width}×${cropped.height}).${cropped.ext}`.slice(0, 255),
          mime: cropped.mime,
          ext: cropped.ext,
          kind: 'image',
          size: cropped.data.length,
          width: cropped.width,
          height: cropped.height,
          access: source.access as number,
          driver: ctx.files.driver,
          key: original.id,
          variants,
          source_id: source.id,
          created_by: auth.userId,
        })
        .returning();
      const created = { ...(row as unknown as Row), url: mediaFileUrl(row as unknown as Row) };
      await recordAudit(tx, auth, { action: 'crop', service: 'media.storage', resource: 'files', recordId: created.id, changes: { ...snapshot(created, AUDITED), box: { ...input } }, clientId: (source.client_id as number | null) ?? null, ip });
      return created;
    });
  } catch (error) {
    await removeVariants(ctx.files, [{ key: original.id }, ...variants]);
    throw error;
  }
}

/** Bytes (variants counted) and files per client within the caller's reach (spec 000 §7 files_size). */
export async function filesSize(db: DbOrTx, auth: AuthContext, clientId?: number): Promise<FilesSize[]> {
  const variantBytes = sql`coalesce((select sum((v->>'size')::bigint) from jsonb_array_elements(${mediaFiles.variants}) v), 0)`;
  const scope = auth.scope === 'all' ? undefined : auth.scope.length ? inArray(mediaFiles.client_id, auth.scope) : sql`false`;
  const which = clientId === undefined ? undefined : eq(mediaFiles.client_id, clientId);
  const rows = await db
    .select({ client_id: mediaFiles.client_id, files: sql<number>`count(*)::int`, bytes: sql<string>`sum(${mediaFiles.size} + ${variantBytes})::text` })
    .from(mediaFiles)
    .where(scope && which ? sql`${scope} and ${which}` : (scope ?? which))
    .groupBy(mediaFiles.client_id)
    .orderBy(mediaFiles.client_id);
  return rows.map((row) => ({ client_id: row.client_id, files: row.files, bytes: Number(row.bytes) }));
}

