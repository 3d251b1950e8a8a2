import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

const pages = () => import('./ReviewerPages.tsx');

/** reviewer: a site's review invitations' settings and its customers' ratings. */
export const reviewerWeb = defineWebService({
  name: 'reviewer',
  screens: {
    '/reviewer/settings/{siteId}': lazy(() => pages().then((module) => ({ default: module.ReviewerSettingsPage }))),
    '/reviewer/ratings/{siteId}': lazy(() => pages().then((module) => ({ default: module.ReviewerRatingsPage }))),
  },
});
