import type { Mode } from './access.ts';
import { pathTargets, resourceTargets, target, type ModuleTarget } from './module-targets.ts';

/** A screen of the admin: the side menu is built from these (spec 000 §2 Layout). */
export interface ScreenRoute {
  name: string;
  path: string;
  service: string;
  mode: Mode | null;
  /** Menu group title key; items of a group are shown together. */
  group: string;
  /** i18n key of the menu title. */
  title: string;
  permissions: string[];
  /** The site module that must be installed for a site-mode item (spec 000 §2). */
  module?: string | null;
  /** Fixed order inside the mode. */
  order: number;
  /** Hidden routes are reachable but not listed in the menu. */
  in_menu: boolean;
}

/** A row of the gateway's route table (spec 000 §3 route; DESIGN.md §5). */
export interface ApiRoute {
  service: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path below /gateway/<service>, parameters as {name}. */
  path: string;
  /** Any one of them lets the call through; empty means any signed-in user. */
  permissions: string[];
  /** Callable without a token (sign-in, refresh, recovery, health). */
  public: boolean;
  name: string;
  /**
   * The site module the route needs installed and active where it works (`a|b`: either; null:
   * none, whatever its service's). Unset: its resource's, else its service's (its contract's module).
   */
  module?: string | null;
  /** Where the gateway finds the sites or clients the route works on (module-targets.ts). */
  targets?: ModuleTarget[];
  /** A POST that only reads (a calculation): no change to wait for before it answers. */
  reads?: boolean;
  /**
   * A GET that changes data (a path the specification gives): it needs its module for staff too,
   * and answers once its change is heard, as a POST does.
   */
  writes?: boolean;
}

/** A screen or a route as its service declares it: the service is the declaring one's. */
export type ScreenDecl = Omit<ScreenRoute, 'service'>;
export type ApiRouteDecl = Omit<ApiRoute, 'service'>;

export const screen = (
  name: string,
  path: string,
  mode: Mode | null,
  group: string,
  order: number,
  permissions: string[] = [],
  extra: Partial<ScreenDecl> = {},
): ScreenDecl => ({ name, path, mode, group, order, permissions, title: `menu.${name}`, module: null, in_menu: mode !== null, ...extra });

/** A route's module and targets when its path alone does not say (module-targets.ts). */
export interface RouteTie {
  module?: string | null;
  targets?: ModuleTarget[];
  reads?: boolean;
  writes?: boolean;
}

/** A route on one record (or client) its path's {id} names: the module check looks where it belongs. */
export const onRecord = (of: string): RouteTie => ({ targets: [target.path(of)] });

/** An action route: its module is a code (null: none) or a tie with targets; unset, its path says. */
export const api = (
  method: ApiRoute['method'],
  path: string,
  permissions: string[] = [],
  isPublic = false,
  tie: string | null | RouteTie = {},
): ApiRouteDecl => {
  const { module, targets, reads, writes } = typeof tie === 'object' && tie !== null ? tie : { module: tie, targets: undefined, reads: undefined, writes: undefined };
  return {
    method,
    path,
    permissions,
    public: isPublic,
    name: `${method} ${path}`,
    ...(module !== undefined ? { module } : {}),
    targets: targets ?? pathTargets(path),
    ...(reads ? { reads } : {}),
    ...(writes ? { writes } : {}),
  };
};

/** The five routes of a declared resource, with their module (the resource's) and targets. */
export function resourceApiRoutes(resource: Parameters<typeof resourceTargets>[0] & {
  readOnly?: boolean;
  module?: string | null;
  permissions: { list: string[]; get: string[]; create: string[]; update: string[]; delete: string[] };
}): ApiRoute[] {
  const base = `/api/v1/${resource.name}`;
  const p = resource.permissions;
  const targets = resourceTargets(resource);
  const route = (method: ApiRoute['method'], path: string, codes: string[], routeTargets: ModuleTarget[]): ApiRoute => ({
    service: resource.service,
    ...api(method, path, codes, false, { ...(resource.module !== undefined ? { module: resource.module } : {}), targets: routeTargets }),
  });
  const read = [route('GET', base, p.list, targets.list), route('GET', `${base}/{id}`, p.get, targets.get)];
  if (resource.readOnly) return read;
  return [
    ...read,
    route('POST', base, p.create, targets.create),
    route('PATCH', `${base}/{id}`, p.update, targets.update),
    route('DELETE', `${base}/{id}`, p.delete, targets.delete),
  ];
}
