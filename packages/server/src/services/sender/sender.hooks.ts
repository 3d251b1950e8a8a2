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

/** The record a secret belongs to: a sealed value opens only there. */
export const secretContext = (table: 'smtp_settings' | 'proxy_actions', siteId: number) => `${table}:${siteId}`;

export async function sealFor(db: DbOrTx, table: 'smtp_settings' | 'proxy_actions', siteId: number, plain: string) {
  return sealSecret(await senderKey(db), plain, secretContext(table, siteId));
}
export async function openFor(db: DbOrTx, table: 'smtp_settings' | 'proxy_actions', siteId: number, sealed: string | null) {
  return sealed === null ? null : openSecret(await senderKey(db), sealed, secretContext(table, siteId));
}

/**
 * A write-only secret field (`password`, `token`) of a body becomes its sealed column: given, it
 * is encrypted; null clears it; absent leaves it. The plain value never reaches the table.
 */
function secretHooks(table: 'smtp_settings' | 'proxy_actions', field: 'password' | 'token', column: 'password_encrypted' | 'token_encrypted'): Pick<ResourceHooks, 'beforeCreate' | 'beforeUpdate'> {
  const seal = async (tx: DbOrTx, attrs: Record<string, unknown>, siteId: number) => {
    const { [field]: plain, ...rest } = attrs;
    if (plain === undefined) return rest;
    return { ...rest, [column]: plain === null ? null : await sealFor(tx, table, siteId, String(plain)) };
  };
  return {
    beforeCreate: (attrs, { tx }) => seal(tx, attrs, attrs.site_id as number),
    beforeUpdate: (attrs, { tx, existing }) => seal(tx, attrs, existing.site_id as number),
  };
}

/** An action the site's request settings pick cannot go: the settings would run nothing in its place. */
function inUseGuard(kind: 'email_action' | 'proxy_action'): Pick<ResourceHooks, 'beforeDelete'> {
  return {
    async beforeDelete({ tx, existing }) {
      const picked = JSON.stringify([{ kind, id: existing.id }]);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(requestSettings)
        .where(sql`${requestSettings.site_id} = ${existing.site_id} and ${requestSettings.actions} @> ${picked}::jsonb`);
      if (row && row.count > 0) throw new AppError(409, 'sender_action_in_use', { count: row.count });
    },
  };
}

export const emailActionHooks: ResourceHooks = { ...inUseGuard('email_action') };
export const proxyActionHooks: ResourceHooks = { ...secretHooks('proxy_actions', 'token', 'token_encrypted'), ...inUseGuard('proxy_action') };
export const smtpSettingsHooks: ResourceHooks = secretHooks('smtp_settings', 'password', 'password_encrypted');
