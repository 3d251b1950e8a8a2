import type { QueryClient } from '@tanstack/react-query';
import type { ScreenRoute } from '@dp/contracts';
import { meQuery, routesQuery } from './data.ts';
import { loadLanguage } from './i18n.ts';
import { matchRoute } from './menu.ts';
import { SCREEN_PATHS, SCREENS } from './screens.ts';
import { getSession } from './session.ts';
import { queryClient as appQueryClient } from './queryClient.ts';

const SCREEN_ROUTES = SCREEN_PATHS.map((path) => ({ path })) as ScreenRoute[];

/**
 * A signed-in page opened from scratch needs, before it shows anything: the user (/me), the routes
 * registry (/me/routes), the interface texts, the shell's code and the page's own code. They are
 * asked for all at once as the app starts, not one after another as the components that need
 * them render (docs/performance.md, the clients list's first row), and a list screen's first page
 * with them. The entry (main.tsx) calls it as soon as this module's few imports are in, before
 * antd and React DOM. Whatever fails here is asked for again, and reported, by the component that
 * needs it.
 */
export function preloadSignedIn(queryClient: QueryClient = appQueryClient, pathname: string = window.location.pathname, search: string = window.location.search): void {
  const session = getSession();
  if (!session.user || session.choosingClient || session.user.second_factor?.limited) return;
  void queryClient.prefetchQuery(meQuery);
  void queryClient.prefetchQuery(routesQuery);
  loadLanguage(session.lang).catch(() => undefined);
  import('./AppShell.tsx').catch(() => undefined);
  const match = matchRoute(SCREEN_ROUTES, pathname);
  if (!match) return;
  SCREENS[match.route.path]!.preload().catch(() => undefined);
  // A list screen's first page too, as soon as the contracts (which the page loads anyway) are in.
  import('./preload-list.ts').then(({ preloadList }) => preloadList(queryClient, match.route.path, search)).catch(() => undefined);
}
