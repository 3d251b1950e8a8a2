import { createContext, useContext, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Mode, ScreenRoute } from '@dp/contracts';
import { useCurrentSite, useRoutesRegistry } from './data.ts';
import { availableModes, buildMenu, matchRoute, modeStartPath, type MenuContext } from './menu.ts';
import { setMode, useSession } from './session.ts';

/**
 * The shell's hooks that pages use too (the home page's modes, the audit's links to records).
 * The paths the web has a screen for come from Root (app/screens.ts), not from an import: the
 * list names every page, and a page importing it would import itself.
 */
export const ScreenPathsContext = createContext<readonly string[]>([]);

/** The paths the web has a screen for (registry paths). */
export function useScreenPaths(): readonly string[] {
  return useContext(ScreenPathsContext);
}

/** The menu context of the signed-in user: registry, permissions, current site. */
export function useMenuContext(): MenuContext | null {
  const session = useSession();
  const site = useCurrentSite();
  const routes = useRoutesRegistry(!!session.user).data;
  const screens = useScreenPaths();
  return useMemo(() => {
    if (!session.user || !routes) return null;
    return {
      user: session.user,
      routes,
      screens,
      siteId: site.data ? site.data.id : null,
      siteModules: site.data?.modules ?? [],
    };
  }, [session.user, routes, screens, site.data]);
}

/** The current mode: the mode of the route on screen, else the remembered one, else the first available. */
export function useCurrentMode(ctx: MenuContext | null): { mode: Mode | null; modes: Mode[]; routeMode: Mode | null; route: ScreenRoute | null } {
  const { mode: remembered } = useSession();
  const location = useLocation();
  return useMemo(() => {
    if (!ctx) return { mode: null, modes: [], routeMode: null, route: null };
    const modes = availableModes(ctx);
    const route = matchRoute(ctx.routes, location.pathname)?.route ?? null;
    const routeMode = route?.mode ?? null;
    const mode = routeMode ?? (remembered && modes.includes(remembered) ? remembered : (modes[0] ?? null));
    return { mode, modes, routeMode, route };
  }, [ctx, location.pathname, remembered]);
}

export function useMenu(ctx: MenuContext | null, mode: Mode | null) {
  return useMemo(() => (ctx ? buildMenu(ctx, mode) : []), [ctx, mode]);
}

/** Switches the menu mode and opens its first screen. */
export function useSwitchMode(ctx: MenuContext | null) {
  const navigate = useNavigate();
  return (mode: Mode) => {
    setMode(mode);
    const start = ctx ? modeStartPath(ctx, mode) : null;
    if (start) navigate(start);
  };
}
