import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** A plain list screen of the car catalogue. */
const catalogScreen = (name: string) => lazy(() => import('./CatalogPages.tsx').then((module) => ({ default: module.CATALOG_PAGES[name]! })));
/** A list of marketing complectations' options. */
const marketingScreen = (name: string) => lazy(() => import('./MarketingPages.tsx').then((module) => ({ default: module.MARKETING_PAGES[name]! })));

/**
 * cars.catalog: the reference catalogue's lists and forms, the models with their history and the
 * deleted ones; marketing complectations (list and own page), option categories, options, dealer
 * options; body colours with markups and imports, upholsteries, marketing galleries; a site's labels.
 */
export const carsCatalogWeb = defineWebService({
  name: 'cars.catalog',
  screens: {
    '/cars.catalog/tags/{siteId}': lazy(() => import('./LabelsPage.tsx')),
    '/cars.catalog/brands/': catalogScreen('brands'),
    '/cars.catalog/models/': lazy(() => import('./ModelsPage.tsx')),
    '/cars.catalog/generations/': catalogScreen('generations'),
    '/cars.catalog/restylings/': catalogScreen('restylings'),
    '/cars.catalog/complectations/': catalogScreen('complectations'),
    '/cars.catalog/bodies/': catalogScreen('bodies'),
    '/cars.catalog/fuels/': catalogScreen('fuels'),
    '/cars.catalog/transmissions/': catalogScreen('transmissions'),
    '/cars.catalog/wheel_drives/': catalogScreen('wheel_drives'),
    '/cars.catalog/colors/': catalogScreen('colors'),
    '/cars.catalog/marketing_complectations/': lazy(() => import('./MarketingPages.tsx').then((module) => ({ default: module.MarketingComplectationsPage }))),
    '/cars.catalog/marketing_complectations/{marketingComplectationId}': lazy(() => import('./MarketingPages.tsx')),
    '/cars.catalog/option_categories/': marketingScreen('option_categories'),
    '/cars.catalog/options/': marketingScreen('options'),
    '/cars.catalog/dealer_options/': marketingScreen('dealer_options'),
    '/cars.catalog/body_colors/': lazy(() => import('./ColorPages.tsx').then((module) => ({ default: module.BodyColorsPage }))),
    '/cars.catalog/upholsteries/': lazy(() => import('./ColorPages.tsx').then((module) => ({ default: module.UpholsteriesPage }))),
    '/cars.catalog/marketing_galleries/': lazy(() => import('./ColorPages.tsx').then((module) => ({ default: module.MarketingGalleriesPage }))),
  },
});
