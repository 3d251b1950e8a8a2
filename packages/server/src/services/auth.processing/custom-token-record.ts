import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { CustomTokenAttributes, JsonApiRecord } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { clients } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';
import { customTokens } from './custom-token.table.ts';

export const CUSTOM_TOKEN_TYPE = 'custom_tokens';

type TokenRow = typeof customTokens.$inferSelect;

/** Custom tokens are made and revoked by people: a token cannot manage tokens. */
export function refuseTokenCaller(auth: AuthContext) {
  if (auth.tokenId != null) throw new AppError(403, 'token_not_allowed');
}

/**
 * The tokens a caller may see: those owned by a client of the caller's scope; internal users see
 * every token, their own client-less ones included.
 */
export function tokenScope(auth: AuthContext): SQL | undefined {
  if (auth.scope === 'all') return undefined;
  if (auth.scope.length === 0) return sql`false`;
  return inArray(customTokens.client_id, auth.scope);
}

/** Rows as JSON:API records, with the names of their clients and creator; never the hash. */
export async function toTokenRecords(db: DbOrTx, rows: TokenRow[]): Promise<JsonApiRecord<CustomTokenAttributes>[]> {
  const clientIds = [...new Set(rows.flatMap((row) => row.client_ids))];
  const creatorIds = [...new Set(rows.map((row) => row.created_by).filter((id): id is number => id !== null))];
  const [clientRows, creatorRows] = await Promise.all([
    clientIds.length ? db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds)) : [],
    creatorIds.length
      ? db.select({ id: users.id, email: users.email, name: users.name, last_name: users.last_name }).from(users).where(inArray(users.id, creatorIds))
      : [],
  ]);
  const clientName = new Map(clientRows.map((c) => [c.id, c.name]));
  const creator = new Map(creatorRows.map((u) => [u.id, { id: u.id, email: u.email, name: [u.name, u.last_name].filter(Boolean).join(' ') }]));
  return rows.map((row) => ({
    id: String(row.id),
    type: CUSTOM_TOKEN_TYPE,
    attributes: {
      name: row.name,
      token_prefix: row.token_prefix,
      client_ids: row.client_ids,
      // A client deleted since has taken the token with it (cascade); a missing name is a race.
      clients: row.client_ids.filter((id) => clientName.has(id)).map((id) => ({ id, name: clientName.get(id)! })),
      brand_ids: row.brand_ids,
      permissions: row.permissions,
      client_id: row.client_id,
      created_by: row.created_by !== null ? (creator.get(row.created_by) ?? null) : null,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    },
  }));
}

/** One page of the caller's visible tokens, newest first. */
export async function listCustomTokens(db: DbOrTx, auth: AuthContext, page: { size: number; offset: number }) {
  const where = tokenScope(auth);
  const [rows, total] = await Promise.all([
    db.select().from(customTokens).where(where).orderBy(desc(customTokens.created_at), desc(customTokens.id)).limit(page.size).offset(page.offset),
    db.$count(customTokens, where),
  ]);
  return { records: await toTokenRecords(db, rows), total };
}

