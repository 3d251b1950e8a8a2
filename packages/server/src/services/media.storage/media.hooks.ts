import { eq } from 'drizzle-orm';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { fileUrl } from '../../kit/files.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import { mediaFiles, mediaFolders } from './media.table.ts';

/**
 * The owner of a new file or folder: the client given (in the caller's reach), else the client the
 * session acts as. Only platform staff may leave it empty: a platform file or folder.
 */
export function ownerClient(auth: AuthContext, given: number | null | undefined, pointer: string): number | null {
  if (given != null) {
    if (!inScope(auth, given)) throw badRequest('invalid_reference', pointer, { id: given });
    return given;
  }
  if (auth.scope === 'all') return null;
  if (auth.clientId != null && inScope(auth, auth.clientId)) return auth.clientId;
  throw badRequest('required', pointer);
}

/** A folder of the same client as the file or folder that goes into it (a foreign one looks missing). */
export async function assertFolderOf(tx: DbOrTx, auth: AuthContext, folderId: number, clientId: number | null, pointer: string) {
  const [folder] = await tx.select({ id: mediaFolders.id, client_id: mediaFolders.client_id }).from(mediaFolders).where(eq(mediaFolders.id, folderId)).limit(1);
  if (!folder || (folder.client_id !== null && !inScope(auth, folder.client_id)) || (folder.client_id === null && auth.scope !== 'all')) {
    throw badRequest('invalid_reference', pointer, { id: folderId });
  }
  if (folder.client_id !== clientId) throw badRequest('folder_other_client', pointer, { id: folderId });
}

/** Whether `candidate` is `folderId` or lies below it. */
async function isWithin(tx: DbOrTx, candidate: number, folderId: number): Promise<boolean> {
  let current: number | null = candidate;
  for (let depth = 0; current !== null && depth < 100; depth++) {
    if (current === folderId) return true;
    const [row] = await tx.select({ parent: mediaFolders.parent_id }).from(mediaFolders).where(eq(mediaFolders.id, current)).limit(1);
    current = row?.parent ?? null;
  }
  return false;
}

/**
 * Folders: a client's own (dealers must give one of theirs, staff may make platform folders),
 * nested only within one client and never into themselves. Deleting one moves its files and
 * subfolders up to its parent, as file managers do.
 */
export const folderHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx, auth }) {
    const clientId = ownerClient(auth, attrs.client_id as number | null | undefined, '/data/attributes/client_id');
    if (attrs.parent_id != null) await assertFolderOf(tx, auth, attrs.parent_id as number, clientId, '/data/attributes/parent_id');
    return { ...attrs, client_id: clientId };
  },
  async beforeUpdate(attrs, { tx, auth, existing }) {
    if (attrs.parent_id != null) {
      await assertFolderOf(tx, auth, attrs.parent_id as number, existing.client_id as number | null, '/data/attributes/parent_id');
      if (await isWithin(tx, attrs.parent_id as number, existing.id)) throw badRequest('folder_cycle', '/data/attributes/parent_id');
    }
    return attrs;
  },
  async remove({ tx, auth, request, existing }) {
    const parent = (existing.parent_id as number | null) ?? null;
    await tx.update(mediaFiles).set({ folder_id: parent, updated_at: new Date() }).where(eq(mediaFiles.folder_id, existing.id));
    await tx.update(mediaFolders).set({ parent_id: parent, updated_at: new Date() }).where(eq(mediaFolders.parent_id, existing.id));
    await tx.delete(mediaFolders).where(eq(mediaFolders.id, existing.id));
    await recordAudit(tx, auth, {
      action: 'delete',
      service: 'media.storage',
      resource: 'folders',
      recordId: existing.id,
      changes: snapshot(existing, ['name', 'client_id', 'parent_id']),
      clientId: (existing.client_id as number | null) ?? null,
      ip: request.ip,
    });
  },
};

/** The public address of a file's original (null while private). */
export const mediaFileUrl = (row: Record<string, unknown>) => (row.access === 1 ? fileUrl({ id: row.key as string, ext: row.ext as string }) : null);

/** Files answer with their public address, read when answered. */
export const fileHooks: ResourceHooks = {
  async decorate(rows) {
    for (const row of rows) row.url = mediaFileUrl(row);
  },
};

/** A file in the caller's reach, else 404. */
export async function findFile(tx: DbOrTx, auth: AuthContext, id: number): Promise<Row> {
  const [row] = await tx.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  if (!row || (row.client_id === null ? auth.scope !== 'all' : !inScope(auth, row.client_id))) throw new AppError(404, 'not_found');
  return { ...(row as unknown as Row), url: mediaFileUrl(row as unknown as Row) };
}

