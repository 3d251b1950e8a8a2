import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** seo: redirects and their import, SEO settings, SEO constants of the current site. */
export const seoWeb = defineWebService({
  name: 'seo',
  screens: {
    '/seo/sites/{siteId}/redirects': lazy(() => import('./RedirectsPage.tsx')),
    '/seo/sites/{siteId}/seo_config': lazy(() => import('./SeoConfigPage.tsx')),
    '/seo/sites/{siteId}/constants': lazy(() => import('./SeoConstantsPage.tsx')),
  },
});
