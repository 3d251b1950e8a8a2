import { eq } from 'drizzle-orm';
import type { MediaElement } from '@dp/contracts';
import { recordAudit } from '../../kit/audit.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import { clients } from '../clients.storage/client.table.ts';

/** A client's media elements (spec 000 §3 Client), for a caller who reaches the client; 404 otherwise. */
export async function clientMediaElements(db: DbOrTx, auth: AuthContext, clientId: number) {
  if (!inScope(auth, clientId)) throw new AppError(404, 'not_found');
  const [client] = await db.select({ id: clients.id, name: clients.name, media_elements: clients.media_elements }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw new AppError(404, 'not_found');
  return client;
}

/**
 * Replaces a client's media elements from the library's screen: the media codes suffice (the
 * client's other fields stay with clients.patch). Audited on the client, as the client form's
 * change would be.
 */
export async function setClientMediaElements(db: DbOrTx, auth: AuthContext, clientId: number, elements: MediaElement[], ip: string | null) {
  const client = await clientMediaElements(db, auth, clientId);
  const [fresh] = await db.update(clients).set({ media_elements: elements as { id: string; type: string; url: string; title?: string }[], updated_at: new Date() }).where(eq(clients.id, clientId)).returning({ id: clients.id, name: clients.name, media_elements: clients.media_elements });
  if (JSON.stringify(client.media_elements) !== JSON.stringify(elements)) {
    await recordAudit(db, auth, { action: 'update', service: 'clients.storage', resource: 'clients', recordId: clientId, changes: { media_elements: [client.media_elements, elements] }, clientId, ip });
  }
  return fresh!;
}
