import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTHORIZATION_EXPIRED, authEvents, errorTitle } from '../kit/api.ts';
import { FullPageLoader } from '../kit/PageLoader.tsx';
import { StatusPanel } from '../kit/StatusPanel.tsx';
import { useCurrentSite, useLanguageBundle, useMeRefresh, useRoutesRegistry } from './data.ts';
import { decideRoute, INDEX_PATH, LOGOUT_PATH, OIDC_CALLBACK_PATH } from './guards.ts';
import { notify } from './notify.ts';
import { SCREEN_PATHS } from './screens.ts';
import { CLIENT_CHOICE_PATH } from './guards.ts';
import { getSession, logout, useSession } from './session.ts';
import { ScreenPathsContext } from './useShell.ts';

/** The shell of signed-in pages: its own chunk, so the sign-in page does not load it. */
const AppShell = lazy(() => import('./AppShell.tsx').then((module) => ({ default: module.AppShell })));
/** Its own chunk too: antd's Result brings its illustrations. */
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })));
/** Asks before leaving unsaved work; with its dialogs, only signed-in pages load it. */
const UnsavedChangesGuard = lazy(() => import('../kit/unsaved.tsx').then((module) => ({ default: module.UnsavedChangesGuard })));
/** Refusals name the permission they lack, from the contracts: the sign-in page loads neither. */
const Refused = lazy(() => import('./Refused.tsx').then((module) => ({ default: module.Refused })));
const OpenLinkedSite = lazy(() => import('./Refused.tsx').then((module) => ({ default: module.OpenLinkedSite })));

/** Tells the user why they are back at the sign-in page after a failed refresh. */
function useExpiryNotice() {
  const { t } = useTranslation();
  useEffect(() => {
    const onExpired = () => notify.warning(t('session_expired'), undefined, 'session-expired');
    authEvents.addEventListener(AUTHORIZATION_EXPIRED, onExpired);
    return () => authEvents.removeEventListener(AUTHORIZATION_EXPIRED, onExpired);
  }, [t]);
}

/**
 * The root of every page: applies the route guards, waits for the user's data (routes registry,
 * current site) behind a loader, and puts signed-in pages inside the shell.
 */
export function Root() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const signedIn = !!session.user;
  // Held to enrolment of a second factor: nothing but its page and /me until the factor is set up.
  const held = session.user?.second_factor?.limited === true;
  useExpiryNotice();
  useMeRefresh(signedIn);
  const routes = useRoutesRegistry(signedIn && !held);
  const texts = useLanguageBundle(signedIn);
  const site = useCurrentSite();

  if (signedIn && ((!held && routes.isPending) || texts.isPending)) return <FullPageLoader />;
  if (signedIn && ((!held && routes.isError) || texts.isError)) {
    return (
      <StatusPanel
        status="error"
        title={t(routes.isError ? 'routes_load_failed' : 'load_failed')}
        subTitle={errorTitle(routes.error ?? texts.error, session.lang)}
        extra={[
          <Button key="retry" type="primary" onClick={() => void (routes.isError ? routes.refetch() : texts.refetch())}>
            {t('actions.retry')}
          </Button>,
          <Button key="logout" onClick={() => void logout()}>
            {t('actions.logout')}
          </Button>,
        ]}
      />
    );
  }

  const decision = decideRoute({
    pathname: location.pathname,
    user: session.user,
    routes: routes.data ?? [],
    screens: SCREEN_PATHS,
    choosingClient: session.choosingClient,
    secondFactorHeld: held,
    site: site.data ? { id: site.data.id, modules: site.data.modules ?? [] } : null,
  });

  if (decision.kind === 'redirect') {
    // A site page waits for the current site before it is refused.
    if (signedIn && session.siteId && site.isLoading) return <FullPageLoader />;
    const from = getSession().user ? undefined : { from: `${location.pathname}${location.search}` };
    // The client choice goes on to where the user was going.
    const next = decision.to === CLIENT_CHOICE_PATH ? { from: `${location.pathname}${location.search}` } : undefined;
    const state = decision.to === INDEX_PATH ? from : next;
    if (signedIn && decision.refusal?.reason === 'site') return <Suspense fallback={<FullPageLoader />}><OpenLinkedSite siteId={decision.refusal.siteId} to={decision.to} /></Suspense>;
    if (signedIn && decision.refusal) return <Suspense fallback={<FullPageLoader />}><Refused refusal={decision.refusal} to={decision.to} state={state} /></Suspense>;
    return <Navigate to={decision.to} replace state={state} />;
  }

  // Outside the shell: the sign-in pages, logout, and the return from an external sign-in.
  if (!signedIn || location.pathname === LOGOUT_PATH || location.pathname === OIDC_CALLBACK_PATH) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    );
  }
  // Outside the shell as well: the choice of a client after sign-in, the enrolment of a held session.
  if (session.choosingClient || held) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    );
  }
  // Signed in on a path the web does not know: "page not found", inside the shell. The shell and
  // its pages read the screen paths from here (useShell.ts). A form holding unsaved changes is
  // asked about before another page opens.
  return (
    <ScreenPathsContext.Provider value={SCREEN_PATHS}>
      <Suspense fallback={null}>
        <UnsavedChangesGuard />
      </Suspense>
      <Suspense fallback={<FullPageLoader />}>{decision.kind === 'not_found' ? <AppShell page={<NotFoundPage />} /> : <AppShell />}</Suspense>
    </ScreenPathsContext.Provider>
  );
}
