import type { ServiceContext } from '../../kit/context.ts';
import { loadUserClients } from '../clients.storage/user-clients.ts';

/**
 * The client a new session acts as: the default client, else the first (by name) of the user's
 * clients, direct or through a client group.
 */
export async function initialClient(ctx: ServiceContext, userId: number, defaultClientId: number | null) {
  if (defaultClientId) return defaultClientId;
  const [first] = await loadUserClients(ctx.db, userId);
  return first?.id ?? null;
}
