/**
 * The modes and the permission checks, apart from permissions.ts's tables, so that the web's
 * first chunk can have them without the tables (first-load.ts). permissions.ts re-exports them.
 */
export const MODES = ['site', 'dictionaries', 'settings'] as const;
export type Mode = (typeof MODES)[number];
/** The auth.processing permission that opens a mode: site_mode, dictionaries_mode, settings_mode. */
export const modePermission = (mode: Mode) => `${mode}_mode`;

/** Effective permissions: service -> allowed action codes (spec 000 §3, User.permissions). */
export type PermissionMap = Record<string, string[]>;

export function hasPermission(map: PermissionMap, service: string, code: string): boolean {
  return map[service]?.includes(code) ?? false;
}

/** A route with codes needs at least one of them; a route without codes is open to any signed-in user. */
export function hasAnyPermission(map: PermissionMap, service: string, required: string[]): boolean {
  return required.length === 0 || required.some((code) => hasPermission(map, service, code));
}

export function hasMode(map: PermissionMap, mode: Mode): boolean {
  return hasPermission(map, 'auth.processing', modePermission(mode));
}
