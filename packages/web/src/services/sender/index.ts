import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/**
 * sender: a site's lost requests and request report mails (paths of request.storage), e-mail
 * templates, proxy actions, SMTP settings; the platform's central proxy actions.
 */
export const senderWeb = defineWebService({
  name: 'sender',
  screens: {
    '/request.storage/lost_requests/{siteId}': lazy(() => import('./LostRequestsPage.tsx').then((module) => ({ default: module.LostRequestsPage }))),
    '/request.storage/settings/{siteId}': lazy(() => import('./ReportSettingsPage.tsx').then((module) => ({ default: module.ReportSettingsPage }))),
    '/sender/email_actions/{siteId}': lazy(() => import('./SenderPages.tsx').then((module) => ({ default: module.EmailActionsPage }))),
    '/sender/proxy_actions/{siteId}': lazy(() => import('./SenderPages.tsx').then((module) => ({ default: module.ProxyActionsPage }))),
    '/sender/smtp_settings/{siteId}': lazy(() => import('./SenderPages.tsx').then((module) => ({ default: module.SmtpSettingsPage }))),
    '/sender/central_proxy_actions': lazy(() => import('./CentralProxyActionsPage.tsx').then((module) => ({ default: module.CentralProxyActionsPage }))),
  },
});
