import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/**
 * sites.context: the choice of a site, sites and their settings, users, groups, forks and dealer
 * centres; a site's page tree and page editor, layouts, templates, and collections by type.
 */
export const sitesContextWeb = defineWebService({
  name: 'sites.context',
  screens: {
    '/sites.context/select': lazy(() => import('./SiteSelectPage.tsx')),
    '/sites.context/all_sites': lazy(() => import('./AllSitesPage.tsx')),
    '/sites.context/sites/create': lazy(() => import('./SiteCreatePage.tsx')),
    '/sites.context/sites/{siteId}/settings': lazy(() => import('./SiteSettingsPage.tsx')),
    '/sites.context/sites/{siteId}/users': lazy(() => import('./SiteUsersPage.tsx')),
    '/sites.context/groups': lazy(() => import('./SiteGroupsPage.tsx')),
    '/sites.context/forks': lazy(() => import('./ForksPage.tsx')),
    '/sites.context/sites/{siteId}/pages': lazy(() => import('./content/PagesPage.tsx')),
    '/sites.context/sites/{siteId}/pages/{pageId}/{pageStateId?}': lazy(() => import('./content/PageEditPage.tsx')),
    '/sites.context/sites/{siteId}/layouts': lazy(() => import('./content/LayoutsPage.tsx')),
    '/sites.context/sites/{siteId}/layouts/{layoutId}/{layoutStateId?}': lazy(() => import('./content/LayoutEditPage.tsx')),
    '/sites.context/sites/{siteId}/templates': lazy(() => import('./content/TemplatesPage.tsx')),
    '/sites.context/sites/{siteId}/templates/{templateId}': lazy(() => import('./content/TemplateEditPage.tsx')),
    '/sites.context/sites/{siteId}/collections/any': lazy(() => import('./content/CollectionsPage.tsx')),
    '/sites.context/sites/{siteId}/collections/news': lazy(() => import('./content/CollectionsPage.tsx')),
    '/sites.context/sites/{siteId}/collections/article': lazy(() => import('./content/CollectionsPage.tsx')),
    '/sites.context/sites/{siteId}/collections/specials': lazy(() => import('./content/CollectionsPage.tsx')),
  },
});
