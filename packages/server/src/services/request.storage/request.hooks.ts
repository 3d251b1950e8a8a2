import { and, eq, ne, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { sha256 } from '../../kit/secrets.ts';
import { email as emailField, PHONE_PATTERN } from '@dp/contracts';
import { blockSourceKey } from './intake.ts';
import { requestBlocks, requests, requestSettings } from './request.table.ts';

/**
 * Spec 002 §5: an active setting with the same tag, request type and site may not exist; the same
 * among the archived ones is reported too (unarchiving would make two).
 */
export async function assertSettingUnique(tx: DbOrTx, setting: { site_id: number; request_type: number; tag: string | null }, exceptId?: number) {
  const same = await tx
    .select({ id: requestSettings.id, archived: requestSettings.archived })
    .from(requestSettings)
    .where(
      and(
        eq(requestSettings.site_id, setting.site_id),
        eq(requestSettings.request_type, setting.request_type),
        setting.tag ? eq(requestSettings.tag, setting.tag) : sql`${requestSettings.tag} is null`,
        exceptId ? ne(requestSettings.id, exceptId) : undefined,
      ),
    );
  if (same.some((row) => !row.archived)) throw new AppError(409, 'requests_settings_duplicate', undefined, '/data/attributes/tag');
  if (same.length) throw new AppError(409, 'requests_settings_duplicate_archive', undefined, '/data/attributes/tag');
}

export const requestSettingsHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    await assertSettingUnique(tx, { site_id: attrs.site_id as number, request_type: attrs.request_type as number, tag: (attrs.tag as string | null) ?? null });
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    const next = { site_id: existing.site_id as number, request_type: (attrs.request_type ?? existing.request_type) as number, tag: (attrs.tag === undefined ? existing.tag : attrs.tag) as string | null };
    // An archived setting is checked when it comes back (unarchive).
    if (!existing.archived) await assertSettingUnique(tx, next, existing.id);
    return attrs;
  },
};

/** The consent text's hash is computed here, never given; the same text twice is the same record. */
export const agreementHashHooks: ResourceHooks = {
  beforeCreate(attrs) {
    return { ...attrs, hash: sha256(String(attrs.text)) };
  },
  /** A text requests were sent under stays as it was: they name it by its hash. */
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.text === undefined) return attrs;
    const [used] = await tx.select({ id: requests.id }).from(requests).where(and(eq(requests.site_id, existing.site_id as number), eq(requests.agreement_hash, existing.hash as string))).limit(1);
    if (used) throw new AppError(409, 'agreement_in_use', undefined, '/data/attributes/text');
    return { ...attrs, hash: sha256(String(attrs.text)) };
  },
};

/** A block's source is kept as the intake compares it (phone digits, lower-case e-mail); one per source and site. */
export const requestBlockHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const sourceType = String(attrs.source_type);
    const raw = String(attrs.source);
    const fits = sourceType === 'phone' ? PHONE_PATTERN.test(raw) : sourceType === 'email' ? emailField().safeParse(raw).success : /^[0-9a-fA-F:.]{2,64}$/.test(raw);
    if (!fits) throw badRequest('request_block_source', '/data/attributes/source');
    const source = blockSourceKey(sourceType, raw);
    const [taken] = await tx
      .select({ id: requestBlocks.id })
      .from(requestBlocks)
      .where(and(eq(requestBlocks.site_id, attrs.site_id as number), eq(requestBlocks.source_type, sourceType), eq(requestBlocks.source, source)))
      .limit(1);
    if (taken) throw new AppError(409, 'request_block_exists', undefined, '/data/attributes/source');
    return { ...attrs, source };
  },
};

