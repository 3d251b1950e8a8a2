import type { MeUser, ScreenRoute } from '@dp/contracts';
import { hasAnyPermission, hasMode, MODES, type Mode } from '@dp/contracts/first-load';

/**
 * The side menu and the modes (spec 000 §2 Layout): items come from the routes registry, are
 * filtered by permission, mode and installed module, grouped by `group`, ordered by `order`,
 * and routes with {siteId} take the current site id.
 */
export interface MenuContext {
  user: Pick<MeUser, 'permissions' | 'has_sites'>;
  /** The routes registry (GET /me/routes). */
  routes: ScreenRoute[];
  /** Paths for which the web has a screen; other routes are never shown. */
  screens: Iterable<string>;
  /** The site being edited, if any. */
  siteId: string | null;
  /** Modules installed on the current site (none until the marketplace issue). */
  siteModules?: string[] | null;
}

export interface MenuItem {
  name: string;
  title: string;
  path: string;
  route: ScreenRoute;
}

export interface MenuGroup {
  group: string;
  items: MenuItem[];
}

/** Drops a trailing slash so '/personal' and '/personal/' are one path. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const paramPattern = /\{(\w+)(\?)?\}/g;

export function needsSite(route: Pick<ScreenRoute, 'path'>): boolean {
  return route.path.includes('{siteId}');
}

/** Fills the route's parameters ({siteId} with the current site); null if one is missing. */
export function fillPath(path: string, params: Record<string, string | null | undefined>): string | null {
  let missing = false;
  const filled = path.replace(/\/?\{(\w+)(\?)?\}/g, (whole, name: string, optional: string | undefined) => {
    const value = params[name];
    if (value === null || value === undefined || value === '') {
      if (!optional) missing = true;
      return '';
    }
    return whole.replace(paramPattern, encodeURIComponent(value));
  });
  return missing ? null : filled;
}

function patternRegex(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  const pattern = normalizePath(path);
  for (const match of pattern.matchAll(/(\/?)\{(\w+)(\?)?\}/g)) {
    source += escape(pattern.slice(last, match.index));
    names.push(match[2]!);
    source += match[3] ? `(?:${escape(match[1]!)}([^/]+))?` : `${escape(match[1]!)}([^/]+)`;
    last = match.index! + match[0].length;
  }
  source += escape(pattern.slice(last));
  return { regex: new RegExp(`^${source}/?$`), names };
}

function escape(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

export interface RouteMatch {
  route: ScreenRoute;
  params: Record<string, string>;
}

/** The registry route a location belongs to, with its parameters. */
export function matchRoute(routes: ScreenRoute[], pathname: string): RouteMatch | null {
  const path = normalizePath(pathname);
  for (const route of routes) {
    const { regex, names } = patternRegex(route.path);
    const match = regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      const value = match[index + 1];
      if (value !== undefined) params[name] = decodeURIComponent(value);
    });
    return { route, params };
  }
  return null;
}

/** A mode is open when auth.processing lists `<mode>_mode`; the site mode also needs sites. */
export function modeAllowed(user: MenuContext['user'], mode: Mode): boolean {
  return hasMode(user.permissions ?? {}, mode) && (mode !== 'site' || user.has_sites);
}

/** Whether the user may open a route at all (permission and mode), regardless of the site. */
export function routeAllowed(user: MenuContext['user'], route: ScreenRoute): boolean {
  if (!hasAnyPermission(user.permissions ?? {}, route.service, route.permissions ?? [])) return false;
  if (route.mode && !modeAllowed(user, route.mode)) return false;
  return true;
}

/** A route with a module shows only when the current site has that module installed; `a|b` means any of them. */
export function moduleInstalled(route: ScreenRoute, siteModules: string[] | null | undefined): boolean {
  return !route.module || route.module.split('|').some((module) => (siteModules ?? []).includes(module));
}

export function buildMenu(ctx: MenuContext, mode: Mode | null): MenuGroup[] {
  if (!mode) return [];
  const screens = new Set([...ctx.screens].map(normalizePath));
  const items = ctx.routes
    .filter((route) => route.in_menu !== false && route.mode === mode)
    .filter((route) => screens.has(normalizePath(route.path)))
    .filter((route) => routeAllowed(ctx.user, route))
    .filter((route) => moduleInstalled(route, ctx.siteModules))
    .map((route) => ({ route, path: fillPath(route.path, { siteId: ctx.siteId }) }))
    .filter((entry): entry is { route: ScreenRoute; path: string } => entry.path !== null)
    .sort((a, b) => a.route.order - b.route.order || a.route.name.localeCompare(b.route.name));

  const groups: MenuGroup[] = [];
  for (const { route, path } of items) {
    let group = groups.find((entry) => entry.group === route.group);
    if (!group) {
      group = { group: route.group, items: [] };
      groups.push(group);
    }
    group.items.push({ name: route.name, title: route.title || `menu.${route.name}`, path, route });
  }
  return groups;
}

/** The modes shown in the top bar: allowed and with at least one item to open. */
export function availableModes(ctx: MenuContext): Mode[] {
  return MODES.filter((mode) => modeAllowed(ctx.user, mode) && buildMenu(ctx, mode).length > 0);
}

/** Where a mode starts: its first menu item. */
export function modeStartPath(ctx: MenuContext, mode: Mode): string | null {
  return buildMenu(ctx, mode)[0]?.items[0]?.path ?? null;
}
