import type { Lang } from './kit/lang.ts';
import { describePermission, describePermissionNote } from './kit/permission-texts.ts';
import type { ApiRoute, ScreenRoute } from './kit/routes.ts';
import type { ServiceContract } from './kit/service.ts';
import { SERVICE_CONTRACTS } from './services.ts';

/**
 * Services, permission codes, modes, the screens' route registry and the services' action routes,
 * walked from the list of services (services.ts). The database is seeded from here; after that
 * the tables are the truth.
 */
export type ServiceName = (typeof SERVICE_CONTRACTS)[number]['name'];
/** The services' names in the list's order, as the non-empty tuple z.enum takes. */
export const SERVICES = SERVICE_CONTRACTS.map((service) => service.name) as readonly ServiceName[] as readonly [ServiceName, ...ServiceName[]];

// Modes and the permission checks live in kit/access.ts, without these tables (first-load.ts).
export { MODES, modePermission, hasPermission, hasAnyPermission, hasMode, type Mode, type PermissionMap } from './kit/access.ts';

export interface PermissionDef {
  service: ServiceName;
  code: string;
}

/** Every permission code: the specification's (spec 000 §6) and the write codes it leaves unnamed. */
export const PERMISSIONS: PermissionDef[] = SERVICE_CONTRACTS.flatMap((service) => service.permissions.codes.map((code) => ({ service: service.name, code })));

/** Every screen of the admin; the side menu orders them by their `order`, not by this list. */
export const SCREEN_ROUTES: ScreenRoute[] = SERVICE_CONTRACTS.flatMap((service) => service.screens);

/** Action routes of the services (resources add their own through resourceApiRoutes). */
export const ACTION_ROUTES: ApiRoute[] = SERVICE_CONTRACTS.flatMap((service) => service.routes);

/** The site module each module's service needs (kit/module-targets.ts says how a route narrows it). */
export const SERVICE_MODULES: Partial<Record<ServiceName, string>> = Object.fromEntries(
  SERVICE_CONTRACTS.flatMap((service) => (service.module ? [[service.name, service.module]] : [])),
);

/** The services as select options; their names are the web's common:services. */
export const serviceOptions = () => SERVICES.map((service) => ({ value: service, label: `common:services.${service}` }));

const BY_NAME = new Map<string, ServiceContract>(SERVICE_CONTRACTS.map((service) => [service.name, service]));

/**
 * The name and description of a code in a language; null for a code nobody has named. Keyed by
 * service and code: `routes.get_list` of clients.storage and of gateway.processing are different rights.
 */
export function permissionText(service: string, code: string, lang: Lang): { name: string; description: string } | null {
  return describePermission(BY_NAME.get(service)?.permissions, code, lang);
}

/** The short rule shown next to a code in the permission matrix (publishing codes), or null. */
export function permissionNote(service: string, code: string, lang: Lang): string | null {
  return describePermissionNote(BY_NAME.get(service)?.permissions, code, lang);
}

/** The name of a matrix row (an entity of a service) in a language, or null. */
export function permissionEntityName(service: string, entity: string, lang: Lang): string | null {
  return BY_NAME.get(service)?.permissions.entities[entity]?.[lang] ?? null;
}
