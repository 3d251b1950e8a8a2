import type { MeUser, ScreenRoute } from '@dp/contracts';
import { matchRoute, moduleInstalled, needsSite, normalizePath, routeAllowed } from './menu.ts';

/**
 * Route guards of spec 000 §2: no stored auth → '/', signed in on '/' → /home-page, missing
 * permission → '/', a site page without an accessible current site (or its module) →
 * /home-page, each refusal with its reason for the user (a page of another site opens that
 * site when the user may); a session held to enrolment of a second factor → its page. An unknown path → '/' for anyone signed out, "page not found" in the shell otherwise.
 */
export const INDEX_PATH = '/';
export const HOME_PATH = '/home-page';
export const RESTORE_PATH = '/restore';
export const LOGOUT_PATH = '/logout';
export const SITE_SELECT_PATH = '/sites.context/select';
export const PERSONAL_PATH = '/personal/';
/** The choice of a client after sign-in (only while authorising). */
export const CLIENT_CHOICE_PATH = '/auth.processing/auth/';
/** Where a session held to enrolment of a second factor is kept until the factor is set up. */
export const SECOND_FACTOR_PATH = '/auth.processing/second_factor/';
/** Where OpenID Connect providers send the browser back: open signed in (binding) or not (sign-in). */
export const OIDC_CALLBACK_PATH = '/auth.processing/oidc/callback';

/** Pages for people who are not signed in. */
export const PUBLIC_PATHS = [INDEX_PATH, RESTORE_PATH];

export interface GuardInput {
  pathname: string;
  user: Pick<MeUser, 'permissions' | 'has_sites'> | null;
  routes: ScreenRoute[];
  /** Paths the web has a screen for. */
  screens: Iterable<string>;
  /** The current site when one is chosen and accessible to the user. */
  site: { id: string; modules?: string[] | null } | null;
  /** Signed in, a client still to be chosen. */
  choosingClient?: boolean;
  /** Signed in, held to enrolment: a role requires a second factor the session was not opened with. */
  secondFactorHeld?: boolean;
}

/** Why a signed-in user's page was refused: said to them where they land. */
export type Refusal =
  | { reason: 'permission'; route: ScreenRoute }
  | { reason: 'module'; route: ScreenRoute }
  /** A page of a site other than the current one (a link from a mail or a colleague): that site is opened if the user may. */
  | { reason: 'site'; siteId: string };

export type GuardDecision =
  | { kind: 'allow'; route: ScreenRoute | null; params: Record<string, string> }
  | { kind: 'redirect'; to: string; refusal?: Refusal }
  | { kind: 'not_found' };

const allow = (route: ScreenRoute | null = null, params: Record<string, string> = {}): GuardDecision => ({ kind: 'allow', route, params });
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export function decideRoute(input: GuardInput): GuardDecision {
  const path = normalizePath(input.pathname);
  if (path === LOGOUT_PATH || path === OIDC_CALLBACK_PATH) return allow();
  const isPublic = PUBLIC_PATHS.some((entry) => normalizePath(entry) === path);

  if (!input.user) return isPublic ? allow() : redirect(INDEX_PATH);
  // Held to enrolment of a second factor, only its page is open; afterwards it is not.
  const factorPath = normalizePath(SECOND_FACTOR_PATH);
  if (input.secondFactorHeld) return path === factorPath ? allow() : redirect(SECOND_FACTOR_PATH);
  if (path === factorPath) return redirect(HOME_PATH);
  // Between sign-in and the choice of a client only the choice is open; afterwards it is not.
  const choicePath = normalizePath(CLIENT_CHOICE_PATH);
  if (input.choosingClient) return path === choicePath ? allow() : redirect(CLIENT_CHOICE_PATH);
  if (path === choicePath) return redirect(HOME_PATH);
  if (isPublic) return redirect(HOME_PATH);

  const screens = new Set([...input.screens].map(normalizePath));
  // The home page is always open to a signed-in user: it is where every refusal ends.
  if (path === HOME_PATH) {
    const home = matchRoute(input.routes, path);
    return allow(home?.route ?? null);
  }

  const match = matchRoute(
    input.routes.filter((route) => screens.has(normalizePath(route.path))),
    path,
  );
  if (!match) return { kind: 'not_found' };
  const { route, params } = match;
  if (!routeAllowed(input.user, route)) return { kind: 'redirect', to: INDEX_PATH, refusal: { reason: 'permission', route } };

  if (needsSite(route)) {
    const site = input.site;
    if (!site || params.siteId !== site.id) return { kind: 'redirect', to: HOME_PATH, refusal: { reason: 'site', siteId: params.siteId! } };
    if (!moduleInstalled(route, site.modules)) return { kind: 'redirect', to: HOME_PATH, refusal: { reason: 'module', route } };
  } else if (route.module && !moduleInstalled(route, input.site?.modules)) {
    return { kind: 'redirect', to: HOME_PATH, refusal: { reason: 'module', route } };
  }
  return allow(route, params);
}
