import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_API_ROUTES, hasAnyPermission, pathTargets, pickLang, type ModuleTarget } from '@dp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { apiRoutes, restrictions } from '../schema.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { refuseUnsafeText } from './input-guard.ts';
import type { AuthContext } from './request-context.ts';

export interface CompiledRoute {
  id: number;
  service: string;
  method: string;
  pattern: RegExp;
  permissions: string[];
  public: boolean;
  /** The site module the route needs (marketplace; `a|b`: either), and where it finds the sites or clients it works on. */
  module: string | null;
  targets: ModuleTarget[];
  /** Declared a read though not a GET (contracts `ApiRoute.reads`). */
  reads: boolean;
  /** Declared a write though a GET (contracts `ApiRoute.writes`). */
  writes: boolean;
}

const compilePath = (path: string) =>
  new RegExp(
    '^' +
      path
        .replace(/\/+$/, '')
        .split('/')
        .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/') +
      '/?$',
  );

const routeKey = (route: { service: string; method: string; path: string }) => `${route.service} ${route.method} ${route.path}`;
/** The targets contracts declare per route; a route added in the admin finds its site by its path. */
const DECLARED_TARGETS = new Map(DEFAULT_API_ROUTES.map((route) => [routeKey(route), route.targets ?? []]));
const DECLARED_READS = new Set(DEFAULT_API_ROUTES.filter((route) => route.reads).map(routeKey));
const DECLARED_WRITES = new Set(DEFAULT_API_ROUTES.filter((route) => route.writes).map(routeKey));

/**
 * Whether a call may have changed data, so that it answers only once this process heard its
 * notifications (the caches' sync): any method but GET, HEAD and OPTIONS, unless the gateway's
 * route is declared a read; a GET whose route is declared a write.
 */
export function mayHaveWritten(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return !!request.gatewayRoute?.writes;
  return !request.gatewayRoute?.reads;
}

/**
 * The gateway's route table, held in memory and reloaded when the stored table changes, so an
 * edit reaches every app process within the polling interval.
 */
interface Restriction {
  service: string;
  method: string;
  roleIds: number[];
}

export class RouteTable {
  private routes = new Map<string, CompiledRoute[]>();
  private restrictions: Restriction[] = [];
  private version = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private db: Db) {}

  async reload(): Promise<void> {
    const rows = await this.db.select().from(apiRoutes);
    const next = new Map<string, CompiledRoute[]>();
    for (const row of rows) {
      const key = `${row.service} ${row.method}`;
      const list = next.get(key) ?? [];
      list.push({
        id: row.id,
        service: row.service,
        method: row.method,
        pattern: compilePath(row.path),
        permissions: row.permissions,
        public: row.public,
        module: row.module,
        targets: DECLARED_TARGETS.get(routeKey(row)) ?? pathTargets(row.path),
        reads: DECLARED_READS.has(routeKey(row)),
        writes: DECLARED_WRITES.has(routeKey(row)),
      });
      next.set(key, list);
    }
    // Literal paths win over patterns: /me/routes before /me/{id}.
    for (const list of next.values()) list.sort((a, b) => a.pattern.source.split('[^/]+').length - b.pattern.source.split('[^/]+').length);
    this.routes = next;
    this.restrictions = (await this.db.select().from(restrictions)).map((r) => ({ service: r.service, method: r.method, roleIds: r.role_ids }));
    this.version = await this.currentVersion();
  }

  private async currentVersion(): Promise<string> {
    const result = await this.db.execute(sql`
      select (select count(*)::text || ':' || coalesce(max(updated_at)::text, '') from gateway_routes)
        || '/' || (select count(*)::text || ':' || coalesce(max(updated_at)::text, '') from restrictions) as v`);
    return (result as unknown as { rows: { v: string }[] }).rows[0]?.v ?? '';
  }

  /** Polls a one-row version so edits made by another process are picked up. */
  startPolling(intervalMs: number, onError: (error: unknown) => void) {
    this.timer = setInterval(() => {
      this.currentVersion()
        .then((version) => (version !== this.version ? this.reload() : undefined))
        .catch(onError);
    }, intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Restrictions limit a service's method to roles: a caller holding none of the listed roles is
   * refused. Internal root holders pass, so that nobody locks the platform out of itself.
   */
  restricted(service: string, method: string, auth: AuthContext): boolean {
    if (auth.internal && auth.permissions['auth.processing']?.includes('root')) return false;
    const lookup = method === 'HEAD' ? 'GET' : method;
    return this.restrictions.some(
      (r) => r.service === service && (r.method === '*' || r.method === lookup) && !r.roleIds.some((id) => auth.roleIds?.includes(id)),
    );
  }

  match(service: string, method: string, path: string): CompiledRoute | undefined {
    const lookup = method === 'HEAD' ? 'GET' : method;
    return this.routes.get(`${service} ${lookup}`)?.find((route) => route.pattern.test(path));
  }
}

export type Authenticate = (token: string, request: FastifyRequest) => Promise<AuthContext | null>;
/**
 * Refuses (throws) a call of a module-tied route when a site or client it names lacks the module
 * (marketplace/module-gate.ts); answers whether the call named any (a list that names none is
 * narrowed to the sites with the module by the CRUD kit).
 */
export type CheckModule = (route: CompiledRoute & { module: string }, request: FastifyRequest, auth: AuthContext) => Promise<boolean>;

/**
 * Whether a call must pass its route's module: every call of a module-tied route, except staff's
 * reading (platform staff read what was stored before a module went, to help a client); a GET
 * declared a write is no reading.
 */
export function needsModule(route: Pick<CompiledRoute, 'module' | 'writes'>, method: string, auth: AuthContext): route is { module: string; writes: boolean } {
  return !!route.module && !(auth.internal && (method === 'GET' || method === 'HEAD') && !route.writes);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The gateway route the call matched (null outside the gateway). */
    gatewayRoute: CompiledRoute | null;
    /** The module the call still has to respect by itself: a list that named no site shows only the sites with it. */
    moduleToNarrow: string | null;
  }
}

/** What the gateway checks once the caller is known: 403 when the route is not theirs. */
export function assertRouteAllowed(table: RouteTable, route: CompiledRoute, method: string, auth: AuthContext) {
  // A custom token acts only through the permission codes it carries: routes without codes are
  // a signed-in person's own (profile, password, logout, history, external sign-in bindings).
  if (auth.tokenId != null && route.permissions.length === 0) throw new AppError(403, 'token_not_allowed');
  if (!hasAnyPermission(auth.permissions, route.service, route.permissions)) throw forbidden();
  if (table.restricted(route.service, method, auth)) throw forbidden();
}

/** A WebSocket upgrade to a route declared as an update stream (`config: { realtime: true }`). */
function isRealtimeUpgrade(request: FastifyRequest): boolean {
  const realtime = (request.routeOptions.config as { realtime?: boolean } | undefined)?.realtime === true;
  return realtime && request.method === 'GET' && request.headers.upgrade?.toLowerCase() === 'websocket';
}

const GATEWAY = /^\/gateway\/([^/?]+)(\/[^?]*)?/;

/** The path as the route table matches it; a malformed escape is the caller's error, never a 500. */
function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    throw new AppError(400, 'bad_url');
  }
}

/** The token of `Authorization: Bearer <token>`; the scheme is case-insensitive (RFC 9110). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer +(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Every call under /gateway/<service>/... passes here: unknown route 404, public routes pass,
 * otherwise a valid bearer token (401) holding one of the route's codes (403).
 */
export function registerGateway(app: FastifyInstance, table: RouteTable, authenticate: Authenticate, checkModule?: CheckModule) {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'ru');
  app.decorateRequest('gatewayRoute', null);
  app.decorateRequest('moduleToNarrow', null);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLang(request.headers['accept-language']);
    const match = GATEWAY.exec(request.url);
    if (!match) return;
    const [, service, path = '/'] = match;
    const route = table.match(service!, request.method, decodePath(path));
    if (!route) throw new AppError(404, 'route_not_found');
    request.gatewayRoute = route;
    const token = bearerToken(request.headers.authorization);
    if (route.public) {
      // A public route may still be called signed in (logout-like calls read the caller).
      if (token) request.auth = await authenticate(token, request).catch(() => null);
      return;
    }
    if (!token) {
      // Browsers cannot set headers on a WebSocket: an update stream's socket authenticates with
      // its first message, through the same checks (kit/realtime.ts, assertRouteAllowed).
      if (isRealtimeUpgrade(request)) return;
      throw unauthorized();
    }
    const auth = await authenticate(token, request);
    if (!auth) throw unauthorized('session_expired');
    assertRouteAllowed(table, route, request.method, auth);
    request.auth = auth;
  });
  app.addHook('preValidation', refuseUnsafeText);
  // A route of a site module needs the module where it works (spec 000 §2): checked once the body
  // is read (it may name the site) and before it is validated, so that a refusal does not depend
  // on the rest of the call; ids that are not whole numbers name nothing and are left to validation.
  app.addHook('preValidation', async (request) => {
    const route = request.gatewayRoute;
    const auth = request.auth;
    if (!route || !auth || !checkModule || !needsModule(route, request.method, auth)) return;
    const named = await checkModule(route as CompiledRoute & { module: string }, request, auth);
    if (!named) request.moduleToNarrow = route.module;
  });
}
