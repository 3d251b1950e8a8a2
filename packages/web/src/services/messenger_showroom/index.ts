import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

const pages = () => import('./ShowroomPages.tsx');
const views = () => import('./ShowroomViews.tsx');

/** messenger_showroom: a site's Telegram showroom: summary, settings, bots, service works, special offers, customers, requests, the cars shown, webhooks. */
export const messengerShowroomWeb = defineWebService({
  name: 'messenger_showroom',
  screens: {
    '/messenger_showroom/summary/{siteId}': lazy(() => views().then((module) => ({ default: module.SummaryPage }))),
    '/messenger_showroom/cars/{siteId}': lazy(() => views().then((module) => ({ default: module.CarsPage }))),
    '/messenger_showroom/webHooks/{siteId}': lazy(() => views().then((module) => ({ default: module.WebhooksPage }))),
    '/messenger_showroom/generalSettings/{siteId}': lazy(() => pages().then((module) => ({ default: module.GeneralSettingsPage }))),
    '/messenger_showroom/botsSettings/{siteId}': lazy(() => pages().then((module) => ({ default: module.BotsPage }))),
    '/messenger_showroom/service_works/{siteId}': lazy(() => pages().then((module) => ({ default: module.ServiceWorksPage }))),
    '/messenger_showroom/showroomSpecials/{siteId}': lazy(() => pages().then((module) => ({ default: module.SpecialsPage }))),
    '/messenger_showroom/customers/{siteId}': lazy(() => pages().then((module) => ({ default: module.CustomersPage }))),
    '/messenger_showroom/callback/{siteId}': lazy(() => pages().then((module) => ({ default: module.CallbackPage }))),
    '/messenger_showroom/testdrive/{siteId}': lazy(() => pages().then((module) => ({ default: module.TestDrivePage }))),
    '/messenger_showroom/service/{siteId}': lazy(() => pages().then((module) => ({ default: module.ServicePage }))),
  },
});
