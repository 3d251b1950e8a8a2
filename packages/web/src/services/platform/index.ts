import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** platform: the home page, where every signed-in user starts and every refusal ends; the platform's news; the suggestions board. */
export const platformWeb = defineWebService({
  name: 'platform',
  screens: {
    '/home-page': lazy(() => import('./HomePage.tsx')),
    '/platform/news': lazy(() => import('./NewsPage.tsx')),
    '/platform/news/create': lazy(() => import('./NewsEditPage.tsx')),
    '/platform/news/edit/{id}': lazy(() => import('./NewsEditPage.tsx')),
    '/platform/suggestions': lazy(() => import('./SuggestionsPage.tsx')),
  },
});
