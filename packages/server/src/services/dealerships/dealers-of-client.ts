import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest } from '../../kit/errors.ts';
import { dealerships } from './dealership.table.ts';

/**
 * The dealers (dealerships) other services name: a site's, a collection page's, a car's, an
 * import's or a manager mail's dealer must be a dealer of the record's client.
 */

/** The client's dealers among `ids`; another client's look missing (no leak). */
export async function dealersOfClient(db: DbOrTx, clientId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  return db
    .select({ id: dealerships.id, title: dealerships.title, code: dealerships.code })
    .from(dealerships)
    .where(and(inArray(dealerships.id, wanted), eq(dealerships.client_id, clientId)));
}

/** 400 'invalid_reference' at `pointer` naming the first of `ids` that is not a dealer of the client. */
export async function assertDealersOfClient(db: DbOrTx, clientId: number, ids: number[], pointer: string) {
  const found = await dealersOfClient(db, clientId, ids);
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw badRequest('invalid_reference', pointer, { id: missing });
}
