import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Mode, ScreenRoute } from '@dp/contracts';
import { useCurrentSite, useRoutesRegistry } from './data.ts';
import { availableModes, buildMenu, matchRoute, type MenuContext } from './menu.ts';
import { SCREEN_PATHS } from './screens.tsx';
import { useSession } from './session.ts';

/** The menu context of the signed-in user: registry, permissions, current site. */
export function useMenuContext(): MenuContext | null {
  const session = useSession();
  const site = useCurrentSite();
  const routes = useRoutesRegistry(!!session.user).data;
  return useMemo(() => {
    if (!session.user || !routes) return null;
    return {
      user: session.user,
      routes,
      screens: SCREEN_PATHS,
      siteId: site.data ? site.data.id : null,
      siteModules: site.data?.modules ?? [],
    };
  }, [session.user, routes, site.data]);
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
