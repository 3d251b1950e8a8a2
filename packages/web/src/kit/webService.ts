import type { ServiceName } from '@dp/contracts';
import type { LazyScreen } from './lazyScreen.ts';

/**
 * What a web service declares about itself, once, in its folder's index.ts: the page of each
 * screen route the contracts declare (the registry path as the contracts spell it; the menu lists
 * a route only when the web has its page), and the pages at paths the registry does not hold
 * (signing in and out). Each page is its own lazily loaded chunk. The list of web services
 * (services.ts) is walked by the router, the guards, the menu and the preloading of a page.
 */
export interface WebService {
  /** The folder's name, the contracts' name of the service. */
  name: ServiceName;
  /** The page of each screen, by registry path ('/sites.context/sites/{siteId}/pages'). */
  screens: Record<string, LazyScreen>;
  /** Pages outside the route registry, by router path ('/restore'). */
  routes: Record<string, LazyScreen>;
}

export function defineWebService(declaration: Pick<WebService, 'name'> & Partial<WebService>): WebService {
  return { screens: {}, routes: {}, ...declaration };
}
