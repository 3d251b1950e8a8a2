import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

const pages = () => import('./AccessoryPages.tsx');

/** accessories.showroom: a site's accessories, categories, attributes and settings; the system-wide attributes. */
export const accessoriesShowroomWeb = defineWebService({
  name: 'accessories.showroom',
  screens: {
    '/accessories.showroom/accessories/{siteId}': lazy(() => pages().then((module) => ({ default: module.AccessoriesPage }))),
    '/accessories.showroom/categories/{siteId}': lazy(() => pages().then((module) => ({ default: module.CategoriesPage }))),
    '/accessories.showroom/accessory_attribute/{siteId}': lazy(() => pages().then((module) => ({ default: module.ClientAttributesPage }))),
    '/accessories.showroom/settings/{siteId}': lazy(() => import('./AccessorySettingsPage.tsx')),
    '/accessories.catalog/accessory_attribute/': lazy(() => pages().then((module) => ({ default: module.SystemAttributesPage }))),
  },
});
