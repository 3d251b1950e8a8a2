import type { AnyResource } from './resource.ts';
import type { ServicePermissions, Texts } from './permission-texts.ts';
import type { ApiRoute, ApiRouteDecl, ScreenDecl, ScreenRoute } from './routes.ts';

/**
 * What a service declares about itself, once, in its folder's index.ts (DESIGN.md §3): its CRUD
 * resources, its screens, its action routes, its permission codes with their texts, its site
 * module. The list of services (services.ts) is walked for every table the server seeds and the
 * web reads: the permission codes, the screens registry, the gateway's route table.
 */
export interface ServiceDeclaration<N extends string> {
  /** The specification's service name: `/gateway/<name>/...` and the permission map's key. */
  name: N;
  /**
   * The site module every API route of the service needs where it works (a code, `a|b` for
   * either), unless the route or its resource names another or none (spec 000 §2). Unset: none.
   */
  module?: string;
  permissions?: Partial<ServicePermissions>;
  /** Its CRUD resources, each declaring this service; each adds its five routes to the route table. */
  resources?: readonly { service: NoInfer<N> }[];
  screens?: ScreenDecl[];
  /** Its action routes, beside its resources' routes. */
  routes?: ApiRouteDecl[];
  /** Texts it seeds into the database (demo records' names), so that a reader sees them in their language (seededText). */
  seeded?: Texts[];
}

/** A service's declaration with every list present and the service stamped on its screens and routes. */
export interface ServiceContract<N extends string = string> {
  name: N;
  module: string | null;
  permissions: ServicePermissions;
  resources: AnyResource[];
  screens: ScreenRoute[];
  routes: ApiRoute[];
  seeded: Texts[];
}

export function defineService<const N extends string>(declaration: ServiceDeclaration<N>): ServiceContract<N> {
  const { name } = declaration;
  return {
    name,
    module: declaration.module ?? null,
    permissions: { codes: [], entities: {}, special: {}, ...declaration.permissions },
    resources: (declaration.resources ?? []) as unknown as AnyResource[],
    screens: (declaration.screens ?? []).map((screen) => ({ service: name, ...screen })),
    routes: (declaration.routes ?? []).map((route) => ({ service: name, ...route })),
    seeded: declaration.seeded ?? [],
  };
}
