import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/** form-constructor: a site's forms, the builder (create and edit), captcha settings, smart captcha keys. */
export const formConstructorWeb = defineWebService({
  name: 'form-constructor',
  screens: {
    '/form-constructor/{siteId}': lazy(() => import('./FormListPage.tsx')),
    '/form-constructor/{siteId}/create': lazy(() => import('./FormEditPage.tsx')),
    '/form-constructor/{siteId}/edit/{formId}': lazy(() => import('./FormEditPage.tsx')),
    '/widgets/captcha/{siteId}/': lazy(() => import('./CaptchaPages.tsx').then((module) => ({ default: module.CaptchaSettingsPage }))),
    '/smartchaptcha/table/{siteId}/': lazy(() => import('./CaptchaPages.tsx').then((module) => ({ default: module.SmartCaptchaKeysPage }))),
  },
});
