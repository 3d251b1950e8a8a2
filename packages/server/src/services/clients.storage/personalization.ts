import { eq, inArray, sql } from 'drizzle-orm';
import type { Personalization } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { accessibleSiteIds } from '../sites.context/accessible-sites.ts';
import { clients } from './client.table.ts';
import { personalization } from './personalization.table.ts';

export interface PersonalizationRecord extends Personalization {
  /** null while the user has none stored yet. */
  id: number | null;
}

async function accessibleClientIds(db: DbOrTx, scope: AuthContext['scope'], ids: number[]): Promise<Set<number>> {
  const wanted = scope === 'all' ? ids : ids.filter((id) => scope.includes(id));
  if (wanted.length === 0) return new Set();
  const rows = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, wanted));
  return new Set(rows.map((row) => row.id));
}

/**
 * The caller's favorites, or an empty record. Ids that went out of reach since (a deleted site,
 * a client the user no longer works for) are left out.
 */
export async function getPersonalization(db: DbOrTx, auth: AuthContext): Promise<PersonalizationRecord> {
  const [row] = await db.select().from(personalization).where(eq(personalization.user_id, auth.userId));
  if (!row) return { id: null, favorite_sites: [], favorite_clients: [] };
  const [siteIds, clientIds] = await Promise.all([
    accessibleSiteIds(db, auth.scope, row.favorite_sites),
    accessibleClientIds(db, auth.scope, row.favorite_clients),
  ]);
  return {
    id: row.id,
    favorite_sites: row.favorite_sites.filter((id) => siteIds.has(id)),
    favorite_clients: row.favorite_clients.filter((id) => clientIds.has(id)),
  };
}

/** Every id must be a site (a client) in the caller's scope; the same answer for foreign and missing ones. */
async function checkReach(db: DbOrTx, auth: AuthContext, attrs: Partial<Personalization>) {
  const checks = [
    ['favorite_sites', attrs.favorite_sites, accessibleSiteIds],
    ['favorite_clients', attrs.favorite_clients, accessibleClientIds],
  ] as const;
  for (const [field, ids, reach] of checks) {
    if (!ids?.length) continue;
    const found = await reach(db, auth.scope, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest('invalid_reference', `/data/attributes/${field}`, { id: String(missing) });
  }
}

/** POST /personalization: the caller's record, refused with 409 when one exists. */
export async function createPersonalization(db: DbOrTx, auth: AuthContext, attrs: Personalization): Promise<PersonalizationRecord> {
  await checkReach(db, auth, attrs);
  const [row] = await db
    .insert(personalization)
    .values({ user_id: auth.userId, favorite_sites: attrs.favorite_sites, favorite_clients: attrs.favorite_clients })
    .onConflictDoNothing({ target: personalization.user_id })
    .returning();
  if (!row) throw new AppError(409, 'personalization_exists');
  return { id: row.id, favorite_sites: row.favorite_sites, favorite_clients: row.favorite_clients };
}

/**
 * PATCH /personalization: changes the given lists of the caller's record, creating it when
 * missing, so that the web never has to know whether one exists.
 */
export async function updatePersonalization(db: DbOrTx, auth: AuthContext, attrs: Partial<Personalization>): Promise<PersonalizationRecord> {
  await checkReach(db, auth, attrs);
  const set: Record<string, unknown> = { updated_at: sql`now()` };
  if (attrs.favorite_sites) set.favorite_sites = attrs.favorite_sites;
  if (attrs.favorite_clients) set.favorite_clients = attrs.favorite_clients;
  await db
    .insert(personalization)
    .values({ user_id: auth.userId, favorite_sites: attrs.favorite_sites ?? [], favorite_clients: attrs.favorite_clients ?? [] })
    .onConflictDoUpdate({ target: personalization.user_id, set });
  return getPersonalization(db, auth);
}
