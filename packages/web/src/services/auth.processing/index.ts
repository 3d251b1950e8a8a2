import { INDEX_PATH, LOGOUT_PATH, OIDC_CALLBACK_PATH, RESTORE_PATH, SECOND_FACTOR_PATH } from '../../app/guards.ts';
import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/**
 * auth.processing: the root user and custom tokens; the client choice after sign-in; and, outside
 * the registry, signing in, restoring access, signing out, the return from an external sign-in and
 * the enrolment of a second factor.
 */
export const authProcessingWeb = defineWebService({
  name: 'auth.processing',
  screens: {
    '/auth.processing/root/': lazy(() => import('./RootPage.tsx')),
    '/auth.processing/custom_tokens/': lazy(() => import('./CustomTokensPage.tsx')),
    '/auth.processing/auth/': lazy(() => import('./ClientChoicePage.tsx')),
  },
  routes: {
    [INDEX_PATH]: lazy(() => import('./SignInPage.tsx')),
    [RESTORE_PATH]: lazy(() => import('./RestorePage.tsx')),
    [LOGOUT_PATH]: lazy(() => import('./LogoutPage.tsx')),
    [OIDC_CALLBACK_PATH]: lazy(() => import('./OidcCallbackPage.tsx')),
    [SECOND_FACTOR_PATH]: lazy(() => import('./SecondFactorPage.tsx')),
  },
});
