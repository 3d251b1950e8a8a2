import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/**
 * request.storage: a site's requests, a list per type; all requests' export, request settings,
 * blocks and block settings, a summary, consent texts; the platform's offensive words.
 */
export const requestStorageWeb = defineWebService({
  name: 'request.storage',
  screens: {
    '/request.storage/subscription_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.SubscriptionRequestsPage }))),
    '/request.storage/callback_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.CallbackRequestsPage }))),
    '/request.storage/test_drive_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.TestDriveRequestsPage }))),
    '/request.storage/service_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.ServiceRequestsPage }))),
    '/request.storage/buy_model_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.BuyModelRequestsPage }))),
    '/request.storage/avn_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.AvnRequestsPage }))),
    '/request.storage/accessory_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.AccessoryRequestsPage }))),
    '/request.storage/tradein_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.TradeinRequestsPage }))),
    '/request.storage/custom_form_requests/{siteId}': lazy(() => import('./RequestListPage.tsx').then((module) => ({ default: module.CustomFormRequestsPage }))),
    '/request.storage/all_requests_export/{siteId}': lazy(() => import('./RequestSettingsPages.tsx').then((module) => ({ default: module.AllRequestsExportPage }))),
    '/request.storage/settings_requests/{siteId}': lazy(() => import('./RequestSettingsPages.tsx').then((module) => ({ default: module.RequestSettingsPage }))),
    '/request.storage/site_blocks/{siteId}': lazy(() => import('./RequestSettingsPages.tsx').then((module) => ({ default: module.SiteBlocksPage }))),
    '/request.storage/handle_site_blocks/{siteId}': lazy(() => import('./BlockSettingsPage.tsx').then((module) => ({ default: module.BlockSettingsPage }))),
    '/request.storage/summary/{siteId}': lazy(() => import('./RequestSummaryPage.tsx').then((module) => ({ default: module.RequestSummaryPage }))),
    '/request.storage/agreement_hash/list/{siteId}': lazy(() => import('./RequestSettingsPages.tsx').then((module) => ({ default: module.AgreementHashPage }))),
    '/request.storage/offensive_words': lazy(() => import('./RequestSettingsPages.tsx').then((module) => ({ default: module.OffensiveWordsPage }))),
  },
});
