import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** credit.calc: banks, loan programmes with their versions, packs, a site's calculator settings. */
export const creditCalcWeb = defineWebService({
  name: 'credit.calc',
  screens: {
    '/credit.calc/banks/': lazy(() => import('./CreditPages.tsx').then((module) => ({ default: module.BanksPage }))),
    '/credit.calc/programs/': lazy(() => import('./CreditPages.tsx').then((module) => ({ default: module.ProgramsPage }))),
    '/credit.calc/programs/{programId}/{programStateId?}': lazy(() => import('./ProgramPage.tsx')),
    '/credit.calc/packs/': lazy(() => import('./CreditPages.tsx').then((module) => ({ default: module.PacksPage }))),
    '/credit.calc/settings/{siteId}': lazy(() => import('./SettingsPage.tsx')),
  },
});
