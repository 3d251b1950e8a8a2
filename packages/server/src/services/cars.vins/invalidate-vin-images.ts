import { and, inArray, isNotNull, or } from 'drizzle-orm';
import type { VinInvalidateImagesInput } from '@dp/contracts';
import { auditLog } from '../../kit/audit.table.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { vinData } from './vin.table.ts';

/**
 * "Invalidate images" (spec 001 §7): the image set ids of the records named by id or by VIN are
 * cleared, so that their pictures are fetched again. Any id or VIN that is not a record refuses
 * the whole call (404 naming them) and nothing changes; each cleared record gets an audit entry
 * `invalidate_images` with the id it had. Records without an image set are left as they are.
 */
export async function invalidateVinImages(tx: DbOrTx, auth: Pick<AuthContext, 'userId' | 'clientId' | 'tokenId'>, input: VinInvalidateImagesInput, ip: string | null) {
  const ids = [...new Set(input.ids ?? [])];
  const vins = [...new Set(input.vins ?? [])];
  const found = await tx
    .select({ id: vinData.id, vin: vinData.vin, images_id: vinData.images_id })
    .from(vinData)
    .where(or(ids.length ? inArray(vinData.id, ids) : undefined, vins.length ? inArray(vinData.vin, vins) : undefined));
  const missing = [...ids.filter((id) => !found.some((row) => row.id === id)).map(String), ...vins.filter((one) => !found.some((row) => row.vin === one))];
  if (missing.length) throw new AppError(404, 'vin_not_found', { ids: missing.slice(0, 20).join(', ') });
  const cleared = found.filter((row) => row.images_id !== null);
  if (cleared.length) {
    await tx
      .update(vinData)
      .set({ images_id: null, updated_at: new Date() })
      .where(and(inArray(vinData.id, cleared.map((row) => row.id)), isNotNull(vinData.images_id)));
    // At most 2000 records: one multi-row insert of 11 values each stays under the bind limit.
    await tx.insert(auditLog).values(
      cleared.map((row) => ({
        action: 'invalidate_images',
        service: 'cars.vins',
        resource: 'vin_data',
        record_id: String(row.id),
        changes: { images_id: [row.images_id, null], vin: row.vin },
        actor_user_id: auth.userId,
        actor_token_id: auth.tokenId ?? null,
        acting_client_id: auth.clientId,
        client_id: null,
        ip,
      })),
    );
  }
  return { found: found.length, invalidated: cleared.length, ids: cleared.map((row) => String(row.id)) };
}
