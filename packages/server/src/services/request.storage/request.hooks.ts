import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { sha256 } from '../../kit/secrets.ts';
import { email as emailField, isPhone } from '@dp/contracts';
import { blockSourceKey } from './intake.ts';
import { requestBlocks, requests, requestSettings } from './request.table.ts';
import { centralProxyActions, emailActions, proxyActions } from '../sender/sender.table.ts';

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

type SettingAction = { kind: 'email_action' | 'proxy_action' | 'central_proxy_action'; id: number };

/**
 * A setting names only its own site's e-mail templates and proxy actions (never another client's),
 * or any of the platform's central proxy actions (shared by every site).
 */
export async function assertActionsOfSite(tx: DbOrTx, siteId: number, actions: SettingAction[] | undefined) {
  if (!actions?.length) return;
  const ids = (kind: SettingAction['kind']) => actions.filter((action) => action.kind === kind).map((action) => action.id);
  const own = async (table: typeof emailActions | typeof proxyActions, wanted: number[]) =>
    new Set(wanted.length ? (await tx.select({ id: table.id }).from(table).where(and(eq(table.site_id, siteId), inArray(table.id, wanted)))).map((row) => row.id) : []);
  const centralIds = ids('central_proxy_action');
  const found = {
    email_action: await own(emailActions, ids('email_action')),
    proxy_action: await own(proxyActions, ids('proxy_action')),
    central_proxy_action: new Set(centralIds.length ? (await tx.select({ id: centralProxyActions.id }).from(centralProxyActions).where(inArray(centralProxyActions.id, centralIds))).map((row) => row.id) : []),
  };
  const foreign = actions.findIndex((action) => !found[action.kind].has(action.id));
  if (foreign >= 0) throw badRequest('requests_settings_action', `/data/attributes/actions/${foreign}`);
}

export const requestSettingsHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    await assertActionsOfSite(tx, attrs.site_id as number, attrs.actions as SettingAction[] | undefined);
    await assertSettingUnique(tx, { site_id: attrs.site_id as number, request_type: attrs.request_type as number, tag: (attrs.tag as string | null) ?? null });
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    await assertActionsOfSite(tx, existing.site_id as number, attrs.actions as SettingAction[] | undefined);
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
    const fits = sourceType === 'phone' ? isPhone(raw) : sourceType === 'email' ? emailField().safeParse(raw).success : /^[0-9a-fA-F:.]{2,64}$/.test(raw);
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

/** Enabled block settings name at least one source to count by (phone, e-mail, address). */
function assertBlockSettings(settings: { enabled?: boolean; by_phone?: boolean; by_email?: boolean; by_ip?: boolean }) {
  if (settings.enabled && !settings.by_phone && !settings.by_email && !settings.by_ip) throw badRequest('block_settings_source', '/data/attributes/by_phone');
}

/** The block settings' resource writes pass the same check, on the record as it would become. */
export const requestBlockSettingsHooks: ResourceHooks = {
  beforeCreate(attrs) {
    assertBlockSettings(attrs as never);
    return attrs;
  },
  beforeUpdate(attrs, { existing }) {
    assertBlockSettings({ ...existing, ...attrs } as never);
    return attrs;
  },
};
