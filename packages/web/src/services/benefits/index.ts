import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** benefits: discounts (with their import from a file or a link) and discount programs. */
export const benefitsWeb = defineWebService({
  name: 'benefits',
  screens: {
    '/benefits/discounts': lazy(() => import('./BenefitPages.tsx').then((module) => ({ default: module.DiscountsPage }))),
    '/benefits/programs': lazy(() => import('./BenefitPages.tsx').then((module) => ({ default: module.ProgramsPage }))),
  },
});
