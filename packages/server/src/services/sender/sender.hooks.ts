import { sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { loadSecret, openSecret, sealSecret } from '../../kit/secrets.ts';
import { requestSettings } from '../request.storage/request.table.ts';

/**
 * The key of the sender's secrets at rest (SMTP passwords, proxy tokens): SENDER_SECRET_KEY when
 * given (every process the same), else one made on first use and kept in the database (loadSecret).
 */
export const SENDER_SECRET = 'smtp-settings';
export const senderKey = (db: DbOrTx) => loadSecret(db as Db, SENDER_SECRET, process.env.SENDER_SECRET_KEY || null);

/** The tables whose records keep a sealed secret. */
type SecretTable = 'smtp_settings' | 'proxy_actions' | 'central_proxy_actions';

/** The record a secret belongs to: a sealed value opens only there (a site's, or the platform's for a central action). */
export const secretContext = (table: SecretTable, siteId: number | null) => `${table}:${siteId ?? 'platform'}`;

export async function sealFor(db: DbOrTx, table: SecretTable, siteId: number | null, plain: string) {
  return sealSecret(await senderKey(db), plain, secretContext(table, siteId));
}
export async function openFor(db: DbOrTx, table: SecretTable, siteId: number | null, sealed: string | null) {
  return sealed === null ? null : openSecret(await senderKey(db), sealed, secretContext(table, siteId));
}

/**
 * A write-only secret field (`password`, `token`) of a body becomes its sealed column: given, it
 * is encrypted; null clears it; absent leaves it. The plain value never reaches the table.
 */
function secretHooks(table: SecretTable, field: 'password' | 'token', column: 'password_encrypted' | 'token_encrypted'): Pick<ResourceHooks, 'beforeCreate' | 'beforeUpdate'> {
  // A site's record seals under its site; a central one (no site_id) under the platform.
  const siteOf = (row: Record<string, unknown>) => (row.site_id as number | undefined) ?? null;
  const seal = async (tx: DbOrTx, attrs: Record<string, unknown>, siteId: number | null) => {
    const { [field]: plain, ...rest } = attrs;
    if (plain === undefined) return rest;
    return { ...rest, [column]: plain === null ? null : await sealFor(tx, table, siteId, String(plain)) };
  };
  return {
    beforeCreate: (attrs, { tx }) => seal(tx, attrs, siteOf(attrs)),
    beforeUpdate: (attrs, { tx, existing }) => seal(tx, attrs, siteOf(existing)),
  };
}

/**
 * An action request settings pick cannot go: the settings would run nothing in its place. A
 * site's action is picked by its site's settings; a central one by any site's.
 */
function inUseGuard(kind: 'email_action' | 'proxy_action' | 'central_proxy_action'): Pick<ResourceHooks, 'beforeDelete'> {
  return {
    async beforeDelete({ tx, existing }) {
      const picked = JSON.stringify([{ kind, id: existing.id }]);
      const ofSite = kind === 'central_proxy_action' ? sql`true` : sql`${requestSettings.site_id} = ${existing.site_id}`;
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(requestSettings)
        .where(sql`${ofSite} and ${requestSettings.actions} @> ${picked}::jsonb`);
      if (row && row.count > 0) throw new AppError(409, 'sender_action_in_use', { count: row.count });
    },
  };
}

export const emailActionHooks: ResourceHooks = { ...inUseGuard('email_action') };
export const proxyActionHooks: ResourceHooks = { ...secretHooks('proxy_actions', 'token', 'token_encrypted'), ...inUseGuard('proxy_action') };
export const smtpSettingsHooks: ResourceHooks = secretHooks('smtp_settings', 'password', 'password_encrypted');

/**
 * The platform's: no tenant, so the machinery (crud-routes checkTenantWrite) refuses every write
 * of a user who is not provider staff (403 staff_only) even when a role carries the codes; a
 * central action receives every site's leads.
 */
export const centralProxyActionHooks: ResourceHooks = { ...secretHooks('central_proxy_actions', 'token', 'token_encrypted'), ...inUseGuard('central_proxy_action') };
