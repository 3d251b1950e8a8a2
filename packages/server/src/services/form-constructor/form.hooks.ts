import { and, eq, inArray, ne } from 'drizzle-orm';
import { normalizeField, type CustomFormField } from '@dp/contracts';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { loadSecret, sealSecret } from '../../kit/secrets.ts';
import { users } from '../clients.storage/user.table.ts';
import { smartCaptchaKeys } from './form.table.ts';

/** Settings a field's type does not have are dropped, so a form keeps only what the builder shows. */
const normalized = (fields: unknown) => (Array.isArray(fields) ? (fields as CustomFormField[]).map(normalizeField) : fields);

/** Who made and last changed a form is the caller, never the body. */
export const customFormHooks: ResourceHooks = {
  beforeCreate(attrs, { auth }) {
    return { ...attrs, fields: normalized(attrs.fields), created_by: auth.userId, updated_by: auth.userId };
  },
  beforeUpdate(attrs, { auth }) {
    return { ...attrs, ...(attrs.fields !== undefined ? { fields: normalized(attrs.fields) } : {}), updated_by: auth.userId };
  },
};

/** Users' names by id (spec 002 §7 "a users lookup by ids is used to show user names"). */
export async function userNames(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, last_name: users.last_name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, [row.name, row.last_name].filter(Boolean).join(' ')]));
}

/** The key the smart captcha secrets are sealed with (app_secrets `smart-captcha`). */
export const smartCaptchaSecretKey = (db: DbOrTx) => loadSecret(db as Db, 'smart-captcha', null);
/** The authenticated context of a site's sealed secret: it does not open on another site. */
export const smartSecretContext = (siteId: number) => `smart_captcha_keys:${siteId}`;

async function assertSchemeFree(tx: DbOrTx, siteId: number, scheme: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: smartCaptchaKeys.id })
    .from(smartCaptchaKeys)
    .where(and(eq(smartCaptchaKeys.site_id, siteId), eq(smartCaptchaKeys.color_scheme, scheme), exceptId ? ne(smartCaptchaKeys.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'smart_captcha_key_exists', undefined, '/data/attributes/color_scheme');
}

/** Spec 002 §5: one key per colour scheme of a site; the secret is sealed before it is stored. */
export const smartCaptchaKeyHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const siteId = attrs.site_id as number;
    await assertSchemeFree(tx, siteId, String(attrs.color_scheme));
    return { ...attrs, secret_token: sealSecret(await smartCaptchaSecretKey(tx), String(attrs.secret_token), smartSecretContext(siteId)) };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    const siteId = existing.site_id as number;
    if (attrs.color_scheme !== undefined) await assertSchemeFree(tx, siteId, String(attrs.color_scheme), existing.id);
    if (attrs.secret_token === undefined) return attrs;
    return { ...attrs, secret_token: sealSecret(await smartCaptchaSecretKey(tx), String(attrs.secret_token), smartSecretContext(siteId)) };
  },
};
