import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { CallStatus, CalltrackingProvider } from '@dp/contracts';
import type { Config } from '../../kit/config.ts';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { loadSecret, openSecret, sealSecret } from '../../kit/secrets.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { requests } from '../request.storage/request.table.ts';
import type { CallWidgetView } from '../site-renderer/site-snapshot.ts';
import { callkeeperSettings, calltouchSettings, calltrackingCalls } from './calltracking.table.ts';
import { fetchCalltouchCalls, type PulledCall } from './calltouch-api.ts';

/**
 * Call tracking's rules beside the generic CRUD: tokens and webhook secrets sealed at rest, one
 * service switched on per site, a switched-on widget needs its id; the calls kept once each and
 * matched to the site's requests; the widget the public pages load.
 */
export const CALLTRACKING_SECRET = 'calltracking';
const key = (db: DbOrTx) => loadSecret(db as Db, CALLTRACKING_SECRET, process.env.CALLTRACKING_SECRET_KEY || null);
type SecretTable = 'callkeeper_settings' | 'calltouch_settings';

export async function openCalltrackingSecret(db: DbOrTx, table: SecretTable, siteId: number, sealed: string | null) {
  return sealed === null ? null : openSecret(await key(db), sealed, `${table}:${siteId}`);
}

const SECRETS = { api_token: 'api_token_encrypted', webhook_secret: 'webhook_secret_encrypted' };

/** Write-only fields of a body become their sealed columns: given, encrypted; null clears; absent leaves. */
async function sealFields(tx: DbOrTx, table: SecretTable, siteId: number, attrs: Record<string, unknown>) {
  const result = { ...attrs };
  for (const [field, column] of Object.entries(SECRETS)) {
    if (!(field in result)) continue;
    const plain = result[field];
    delete result[field];
    if (plain === undefined) continue;
    result[column] = plain === null ? null : sealSecret(await key(tx), String(plain), `${table}:${siteId}`);
  }
  return result;
}

/** The widget's own id a switched-on widget needs (CallKeeper's widget, Calltouch's script module). */
const NEEDED: Record<SecretTable, string> = { callkeeper_settings: 'widget_id', calltouch_settings: 'mod_id' };
const OTHER: Record<SecretTable, typeof callkeeperSettings | typeof calltouchSettings> = { callkeeper_settings: calltouchSettings, calltouch_settings: callkeeperSettings };

async function checkEnabled(tx: DbOrTx, table: SecretTable, siteId: number, merged: Record<string, unknown>) {
  if (merged.enabled !== true) return;
  const field = NEEDED[table];
  if (!merged[field]) throw badRequest('calltracking_enable_needs', `/data/attributes/${field}`, { field });
  const other = OTHER[table] as typeof calltouchSettings;
  const [on] = await tx.select({ id: other.id }).from(other).where(and(eq(other.site_id, siteId), eq(other.enabled, true))).limit(1);
  if (on) throw badRequest('calltracking_one_service', '/data/attributes/enabled');
}

export function widgetHooks(table: SecretTable): ResourceHooks {
  return {
    async beforeCreate(attrs, { tx }) {
      await checkEnabled(tx, table, attrs.site_id as number, attrs);
      return sealFields(tx, table, attrs.site_id as number, attrs);
    },
    async beforeUpdate(attrs, { tx, existing }) {
      await checkEnabled(tx, table, existing.site_id as number, { ...existing, ...attrs });
      return sealFields(tx, table, existing.site_id as number, attrs);
    },
  };
}

/** Whether the site has the calltracking module installed and active. */
export async function moduleActive(db: DbOrTx, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: moduleInstallations.id })
    .from(moduleInstallations)
    .innerJoin(modules, eq(modules.id, moduleInstallations.module_id))
    .where(and(eq(moduleInstallations.site_id, siteId), eq(modules.code, 'calltracking'), eq(moduleInstallations.active, true)))
    .limit(1);
  return !!row;
}

/** The last ten digits of a phone number (a Russian number without its 7 or 8), or null. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}

/** A request made up to this long before a call matches it by phone (the visitor sent a form, then called). */
const MATCH_BEFORE_MS = 24 * 3600_000;
/** ...or this long after it (the visitor called, then sent a form). */
const MATCH_AFTER_MS = 3600_000;

/**
 * The site's request a call belongs to: the one whose analytics carry the call's tracking session,
 * else the nearest in time with the caller's number, made from a day before the call to an hour after it.
 */
export async function matchRequest(db: DbOrTx, siteId: number, call: Pick<PulledCall, 'session_id' | 'caller_phone' | 'started_at'>): Promise<number | null> {
  if (call.session_id) {
    const [bySession] = await db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.site_id, siteId), sql`${requests.analytics}->>'calltracking_session_id' = ${call.session_id}`))
      .orderBy(desc(requests.created_at))
      .limit(1);
    if (bySession) return bySession.id;
  }
  const digits = phoneDigits(call.caller_phone);
  if (!digits) return null;
  const at = call.started_at.getTime();
  const [byPhone] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.site_id, siteId),
        gte(requests.created_at, new Date(at - MATCH_BEFORE_MS)),
        lte(requests.created_at, new Date(at + MATCH_AFTER_MS)),
        sql`right(regexp_replace(coalesce(${requests.phone}, ''), '\\D', '', 'g'), 10) = ${digits}`,
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${requests.created_at} - ${call.started_at.toISOString()}::timestamptz))`)
    .limit(1);
  return byPhone?.id ?? null;
}

/** Keeps calls (a call already kept is updated: its duration and status may have changed), matched to requests; how many were new. */
export async function keepCalls(db: DbOrTx, site: { site_id: number; client_id: number }, provider: CalltrackingProvider, calls: PulledCall[]): Promise<number> {
  let added = 0;
  for (const call of calls) {
    const request_id = await matchRequest(db, site.site_id, call);
    const values = { ...call, status: call.status as CallStatus, caller_digits: phoneDigits(call.caller_phone), request_id };
    const [row] = await db
      .insert(calltrackingCalls)
      .values({ site_id: site.site_id, client_id: site.client_id, provider, ...values })
      .onConflictDoUpdate({
        target: [calltrackingCalls.site_id, calltrackingCalls.provider, calltrackingCalls.external_id],
        set: { duration: values.duration, status: values.status, source: values.source, session_id: values.session_id, request_id: sql`coalesce(${calltrackingCalls.request_id}, excluded.request_id)` },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    if (row?.inserted) added++;
  }
  return added;
}

/** Pulls are read from a day before the last one (late calls), a week back the first time. */
const FIRST_PULL_DAYS = 7;

/**
 * Pulls a site's Calltouch calls (the settings switched on, with its site id and token): kept, and
 * the pull's time or failure noted on the settings. Throws the failure's reason for a caller who waits.
 */
export async function pullCalltouch(db: Db, config: Pick<Config, 'calltouchApiUrl' | 'calltouchApiTimeoutMs'>, settings: typeof calltouchSettings.$inferSelect, now = new Date()): Promise<number> {
  const token = await openCalltrackingSecret(db, 'calltouch_settings', settings.site_id, settings.api_token_encrypted);
  if (!settings.calltouch_site_id || !token) throw badRequest('calltracking_not_configured');
  const from = new Date((settings.polled_at?.getTime() ?? now.getTime() - FIRST_PULL_DAYS * 86_400_000) - 86_400_000);
  try {
    const calls = await fetchCalltouchCalls(config, settings.calltouch_site_id, token, from, now);
    const added = await keepCalls(db, settings, 'calltouch', calls);
    await db.update(calltouchSettings).set({ polled_at: now, poll_error: null }).where(eq(calltouchSettings.id, settings.id));
    return added;
  } catch (error) {
    const reason = (error as Error).message.slice(0, 400);
    await db.update(calltouchSettings).set({ poll_error: reason }).where(eq(calltouchSettings.id, settings.id));
    throw new AppError(502, 'calltracking_api_failed', { reason });
  }
}

/** The scheduled pull: every switched-on Calltouch widget with its id and token, on sites with the module active; failures noted, the rest go on. */
export async function pullAll(db: Db, config: Pick<Config, 'calltouchApiUrl' | 'calltouchApiTimeoutMs'>, log: { warn: (data: object, message: string) => void }) {
  const due = await db
    .select()
    .from(calltouchSettings)
    .where(and(eq(calltouchSettings.enabled, true), sql`${calltouchSettings.calltouch_site_id} is not null`, sql`${calltouchSettings.api_token_encrypted} is not null`));
  let added = 0;
  for (const settings of due) {
    if (!(await moduleActive(db, settings.site_id))) continue;
    try {
      added += await pullCalltouch(db, config, settings);
    } catch (error) {
      log.warn({ site: settings.site_id, err: (error as Error).message }, 'calltouch pull failed');
    }
  }
  return added;
}

/** The call tracking widget a site's pages load: the switched-on one with its id; null: none. */
export async function callWidgetOf(db: DbOrTx, config: Pick<Config, 'calltouchScriptUrl' | 'callkeeperScriptUrl' | 'calltrackingCookies'>, siteId: number): Promise<CallWidgetView | null> {
  const [touch] = await db.select().from(calltouchSettings).where(and(eq(calltouchSettings.site_id, siteId), eq(calltouchSettings.enabled, true))).limit(1);
  const withId = (base: string, id: string) => `${base}${base.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}`;
  if (touch?.mod_id) return { provider: 'calltouch', scriptUrl: withId(config.calltouchScriptUrl, touch.mod_id), phones: touch.phones, cookie: config.calltrackingCookies.calltouch };
  const [keeper] = await db.select().from(callkeeperSettings).where(and(eq(callkeeperSettings.site_id, siteId), eq(callkeeperSettings.enabled, true))).limit(1);
  if (keeper?.widget_id) return { provider: 'callkeeper', scriptUrl: withId(config.callkeeperScriptUrl, keeper.widget_id), phones: keeper.phones, cookie: config.calltrackingCookies.callkeeper };
  return null;
}
