import { asc, eq } from 'drizzle-orm';
import type { AuthDataAttributes, JsonApiRecord } from '@dp/contracts';
import type { Config } from '../../kit/config.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { authData } from './auth-data.table.ts';

export const AUTH_DATA_TYPE = 'auth_data';

type AuthDataRow = typeof authData.$inferSelect;

/** A binding as the personal area shows it; the subject stays on the server. */
export function toAuthDataRecord(config: Pick<Config, 'oidcProviders'>, row: AuthDataRow): JsonApiRecord<AuthDataAttributes> {
  const provider = config.oidcProviders.find((p) => p.name === row.provider);
  return {
    id: String(row.id),
    type: AUTH_DATA_TYPE,
    attributes: { provider: row.provider, provider_title: provider?.title ?? row.provider, email: row.email, created_at: row.created_at.toISOString() },
  };
}

/** GET /api/v1/auth_data: the caller's own bindings, oldest first. */
export async function listAuthData(db: DbOrTx, config: Pick<Config, 'oidcProviders'>, userId: number) {
  const rows = await db.select().from(authData).where(eq(authData.user_id, userId)).orderBy(asc(authData.created_at), asc(authData.id));
  return rows.map((row) => toAuthDataRecord(config, row));
}
