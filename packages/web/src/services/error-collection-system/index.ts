import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';
import { installErrorReporter } from './reporter.ts';

// The built admin reports its own errors (not the dev server, not tests).
if (import.meta.env.PROD && typeof window !== 'undefined') installErrorReporter();

/** error-collection-system: projects and their issues, search across events, errors by client (spec 000 §2). */
export const errorCollectionSystemWeb = defineWebService({
  name: 'error-collection-system',
  screens: {
    // The spec's /error-collection-system opens the projects.
    '/error-collection-system': lazy(() => import('./ProjectsRedirect.tsx')),
    '/error-collection-system/projects': lazy(() => import('./ProjectsPage.tsx')),
    '/error-collection-system/projects/{projectId}': lazy(() => import('./ProjectIssuesPage.tsx')),
    '/error-collection-system/issues/{id}': lazy(() => import('./IssuePage.tsx')),
    '/error-collection-system/search': lazy(() => import('./SearchPage.tsx')),
    '/error-collection-system/client': lazy(() => import('./ClientPage.tsx')),
  },
});
