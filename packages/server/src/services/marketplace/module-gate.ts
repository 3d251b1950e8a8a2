import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { moduleCodes, moduleTitle, type Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import type { CheckModule, CompiledRoute } from '../../kit/gateway.ts';
import { namedSubjects, type NamedSubjects, type RecordOwners } from '../../kit/module-targets.ts';
import { NotifiedCache } from '../../kit/notified-cache.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import type { Notifier } from '../../kit/context.ts';
import { SITE_RENDER_CHANNEL } from '../site-renderer/site-cache.ts';
import { sites } from '../sites.context/site.table.ts';
import { moduleInstallations, modules } from './module.table.ts';
import { mayHaveWritten } from '../../kit/gateway.ts';

/** Where a site (or a client, over its sites) stands with a module: what the gate decides on. */
export type ModuleState = 'installed' | 'paused' | 'missing';

/** The modules installed on a site or a client's sites: code → active (false: suspended everywhere). */
type Installed = Map<string, boolean>;

interface SiteEntry {
  clientId: number;
  installed: Installed;
}

/** Bounds memory: the oldest entries go first. */
const MAX_ENTRIES = 10_000;

/** A module expression's state among installed codes: `a|b` is installed when either is active. */
export function stateOf(installed: Installed, module: string): ModuleState {
  const codes = moduleCodes(module);
  if (codes.some((code) => installed.get(code) === true)) return 'installed';
  return codes.some((code) => installed.has(code)) ? 'paused' : 'missing';
}

const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
};

/**
 * The modules of sites and clients, kept per process. Installs, uninstalls, suspensions and
 * resumptions, a site's move to another client and its deletion NOTIFY the site's id on the public
 * sites' channel (migration 0011 triggers on module_installations and sites), so every process
 * drops what it kept for that site at once; a client's entries (over all its sites) go with any
 * change. A load that overlaps a notification is answered but not kept; while the LISTEN
 * connection is down nothing is kept (kit/notified-cache.ts).
 */
export class ModuleStates extends NotifiedCache {
  private sites = new Map<number, SiteEntry>();
  private clients = new Map<number, Installed>();

  constructor(private readonly db: DbOrTx) {
    super(SITE_RENDER_CHANNEL);
  }

  /**
   * The entries of `ids`: those kept, and the others from `load` (one query), kept unless a
   * notification came meanwhile (its read may predate the change).
   */
  private async cached<V>(kind: string, kept: Map<number, V>, ids: number[], load: (wanted: number[]) => Promise<Map<number, V>>): Promise<Map<number, V>> {
    const found = new Map<number, V>();
    const wanted = ids.filter((id) => {
      const hit = this.live ? kept.get(id) : undefined;
      if (hit) found.set(id, hit);
      return !hit;
    });
    if (!wanted.length) return found;
    // Requests arriving together for the same cold entries share one load.
    const loaded = await this.shared(`${kind}:${wanted.join(',')}`, async () => {
      const generation = this.generation;
      const entries = await load(wanted);
      if (this.live && generation === this.generation) for (const [id, entry] of entries) remember(kept, id, entry);
      return entries;
    });
    for (const [id, entry] of loaded) found.set(id, entry);
    return found;
  }

  /** The modules of the given sites (missing sites are absent). */
  ofSites(ids: number[]): Promise<Map<number, SiteEntry>> {
    return this.cached('sites', this.sites, ids, async (wanted) => {
      const rows = await this.db
        .select({ id: sites.id, clientId: sites.client_id, code: modules.code, active: moduleInstallations.active })
        .from(sites)
        .leftJoin(moduleInstallations, eq(moduleInstallations.site_id, sites.id))
        .leftJoin(modules, eq(modules.id, moduleInstallations.module_id))
        .where(inArray(sites.id, wanted));
      const loaded = new Map<number, SiteEntry>();
      for (const row of rows) {
        const entry = loaded.get(row.id) ?? { clientId: row.clientId, installed: new Map() };
        if (row.code !== null && row.active !== null) entry.installed.set(row.code, row.active);
        loaded.set(row.id, entry);
      }
      return loaded;
    });
  }

  /** The modules over each client's sites (a code is active when it is on any of them). */
  ofClients(ids: number[]): Promise<Map<number, Installed>> {
    return this.cached('clients', this.clients, ids, async (wanted) => {
      const rows = await this.db
        .select({ clientId: sites.client_id, code: modules.code, active: sql<boolean>`bool_or(${moduleInstallations.active})` })
        .from(sites)
        .innerJoin(moduleInstallations, eq(moduleInstallations.site_id, sites.id))
        .innerJoin(modules, eq(modules.id, moduleInstallations.module_id))
        .where(inArray(sites.client_id, wanted))
        .groupBy(sites.client_id, modules.code);
      return new Map(wanted.map((id) => [id, new Map(rows.filter((row) => row.clientId === id).map((row) => [row.code, row.active === true]))]));
    });
  }

  /** Where one site stands with a module; null for a site that does not exist. */
  async siteState(siteId: number, module: string): Promise<ModuleState | null> {
    const entry = (await this.ofSites([siteId])).get(siteId);
    return entry ? stateOf(entry.installed, module) : null;
  }

  async siteClient(siteId: number): Promise<number | null> {
    return (await this.ofSites([siteId])).get(siteId)?.clientId ?? null;
  }

  protected dropFor(payload: string): void {
    if (!/^\d+$/.test(payload)) return this.clear();
    this.sites.delete(Number(payload));
    this.clients.clear();
  }

  clear(): void {
    this.generation++;
    this.sites.clear();
    this.clients.clear();
  }
}

/** What a call that names sites or clients without the module is refused for. */
interface Refusal {
  state: 'missing' | 'paused';
  /** A client's records (no site named): the message speaks of the client's sites. */
  ofClient: boolean;
  /** The codes the message names: the paused ones, or every code of the expression. */
  codes: string[];
  /** The site refused (a site named by the call). */
  siteId?: number;
}

/**
 * The first refusal among the named sites and clients the caller reaches: a missing module before
 * a paused one. Sites and clients out of reach, or missing, are left to the handler's 404, so the
 * answer never tells whether another client's site has a module.
 */
async function refusalFor(states: ModuleStates, module: string, named: NamedSubjects, auth: AuthContext): Promise<Refusal | null> {
  const found: Refusal[] = [];
  const judge = (installed: Installed, ofClient: boolean, siteId?: number) => {
    const state = stateOf(installed, module);
    if (state === 'installed') return;
    const codes = state === 'paused' ? moduleCodes(module).filter((code) => installed.has(code)) : moduleCodes(module);
    found.push({ state, ofClient, codes, siteId });
  };
  for (const [siteId, entry] of await states.ofSites(named.sites)) if (inScope(auth, entry.clientId)) judge(entry.installed, false, siteId);
  const clients = named.clients.filter((id) => inScope(auth, id));
  if (clients.length) for (const installed of (await states.ofClients(clients)).values()) judge(installed, true);
  return found.find((refusal) => refusal.state === 'missing') ?? found[0] ?? null;
}

/** The refusal in the caller's language, naming the modules as the dictionary names them. */
async function refusalError(db: DbOrTx, refusal: Refusal, lang: Lang): Promise<AppError> {
  const rows = await db.select({ code: modules.code, name: modules.name }).from(modules).where(inArray(modules.code, refusal.codes));
  const module = refusal.codes.map((code) => moduleTitle({ code, name: rows.find((row) => row.code === code)?.name ?? code }, lang)).join(' / ');
  const code = refusal.state === 'paused' ? 'module_paused' : 'module_not_installed';
  const error = new AppError(403, refusal.ofClient ? `${code}_for_client` : code, { module });
  error.code = code;
  return error;
}

/**
 * The gateway's module check (spec 000 §2): the sites and clients a call names (its route's
 * targets: a path's site, a list's filter, a body's site, the site of a record it names) must have
 * the route's module installed and active; 403 'module_not_installed' or 'module_paused' otherwise.
 */
export function moduleGate(db: DbOrTx, states: ModuleStates, records: RecordOwners, notifier?: Notifier): CheckModule {
  const pausedNotices = new PausedModuleNotices(notifier);
  return async (route: CompiledRoute & { module: string }, request: FastifyRequest, auth: AuthContext) => {
    const named = await namedSubjects(route.targets, request, records);
    if (!named) return false;
    const refusal = await refusalFor(states, route.module, named, auth);
    if (refusal?.state === 'paused' && refusal.siteId && !auth.internal) pausedNotices.refused(refusal.siteId, refusal.codes);
    if (refusal) throw await refusalError(db, refusal, request.lang);
    return true;
  };
}

/** The shortest time between two notices of one paused module on one site: the account manager needs one call to make, not one per click. */
const PAUSED_NOTICE_MS = 24 * 60 * 60_000;

/**
 * A dealer's user refused for a module paused on their site (docs/decisions/platform-operations.md,
 * "module_paused"): staff hear that the site wants a module it has not paid for, at most once a day
 * per site and module in a process.
 */
class PausedModuleNotices {
  private last = new Map<string, number>();

  constructor(private readonly notifier: Notifier | undefined) {}

  refused(siteId: number, codes: string[]) {
    if (!this.notifier) return;
    const key = `${siteId}:${codes.join('|')}`;
    const now = Date.now();
    if (now - (this.last.get(key) ?? 0) < PAUSED_NOTICE_MS) return;
    remember(this.last, key, now);
    const modules = codes.join(', ');
    this.notifier.raise({
      service: 'marketplace',
      siteId,
      level: 'info',
      type: 'module_paused',
      text: { ru: `Пользователи сайта обращаются к приостановленному модулю ${modules}: нужна оплата`, en: `The site's users are using the paused module ${modules}: payment is needed` },
      details: { module: modules },
    });
  }
}

/**
 * A list's rows of the sites (or clients) that have the module active: what a dealer's list that
 * names no site shows (kit/crud-routes.ts). One indexed subquery over the installations.
 */
export function moduleRows(module: string, column: PgColumn, owner: 'sites' | 'clients'): SQL {
  const active = sql`select mi.site_id from ${moduleInstallations} mi join ${modules} m on m.id = mi.module_id where mi.active and m.code in (${sql.join(
    moduleCodes(module).map((code) => sql`${code}`),
    sql`, `,
  )})`;
  return owner === 'sites' ? sql`${column} in (${active})` : sql`${column} in (select s.client_id from ${sites} s where s.id in (${active}))`;
}

/**
 * A successful write that may change modules (the marketplace's installs, suspensions and their
 * reverses; a site's move to another client or its deletion) answers only after this process heard
 * what it changed, so the caller's next call, here or in another process, finds it.
 */
export function syncModulesAfterWrites(app: FastifyInstance, states: ModuleStates): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const write = mayHaveWritten(request);
    const changesModules = request.url.startsWith('/gateway/marketplace/') || request.url.startsWith('/gateway/sites.context/api/v1/sites');
    if (write && changesModules && reply.statusCode < 400) await states.sync();
    return payload;
  });
}
