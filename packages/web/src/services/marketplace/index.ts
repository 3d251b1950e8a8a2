import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** marketplace: the modules and their settings, a site's marketplace, and the multi-language module's settings of a site. */
export const marketplaceWeb = defineWebService({
  name: 'marketplace',
  screens: {
    '/marketplace/settings': lazy(() => import('./MarketplaceSettingsPage.tsx')),
    '/marketplace/settings/module_edit/{moduleCode}': lazy(() => import('./ModuleEditPage.tsx')),
    '/marketplace/marketplace/{siteId}': lazy(() => import('./SiteMarketplacePage.tsx')),
    '/mulitlanuge/settings/{siteId}': lazy(() => import('./MultiLanguageSettingsPage.tsx')),
  },
});
