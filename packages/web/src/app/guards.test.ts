import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '@dp/contracts';
import { decideRoute, type GuardInput } from './guards.ts';
import { ALL_MODES, makeUser } from '../test/fixtures.ts';

const admin = makeUser({
  ...ALL_MODES,
  'clients.storage': ['clients.get_full_list', 'groups.list'],
  'sites.context': ['sites.get_full_list', 'pages.get_list'],
});

function input(pathname: string, overrides: Partial<GuardInput> = {}): GuardInput {
  return {
    pathname,
    user: admin,
    routes: SCREEN_ROUTES,
    screens: SCREEN_ROUTES.map((route) => route.path),
    site: null,
    ...overrides,
  };
}

describe('route guards (spec 000 §2)', () => {
  it('sends anyone without stored auth to the index page', () => {
    expect(decideRoute(input('/home-page', { user: null }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute(input('/clients.storage/clients/', { user: null }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute(input('/', { user: null })).kind).toBe('allow');
    expect(decideRoute(input('/restore', { user: null })).kind).toBe('allow');
  });

  it('sends a signed-in user from the index page (and recovery) to /home-page', () => {
    expect(decideRoute(input('/'))).toEqual({ kind: 'redirect', to: '/home-page' });
    expect(decideRoute(input('/restore'))).toEqual({ kind: 'redirect', to: '/home-page' });
  });

  it('lets a user with the permission in', () => {
    const decision = decideRoute(input('/clients.storage/clients/'));
    expect(decision.kind).toBe('allow');
    expect(decision.kind === 'allow' && decision.route?.name).toBe('clients');
    expect(decideRoute(input('/clients.storage/clients')).kind).toBe('allow');
    expect(decideRoute(input('/home-page')).kind).toBe('allow');
    expect(decideRoute(input('/personal/')).kind).toBe('allow');
  });

  it('keeps a session held to enrolment of a second factor on its page, and lets it go once free', () => {
    expect(decideRoute(input('/home-page', { secondFactorHeld: true }))).toEqual({ kind: 'redirect', to: '/auth.processing/second_factor/' });
    expect(decideRoute(input('/personal/', { secondFactorHeld: true }))).toEqual({ kind: 'redirect', to: '/auth.processing/second_factor/' });
    expect(decideRoute(input('/auth.processing/auth/', { secondFactorHeld: true, choosingClient: true }))).toEqual({ kind: 'redirect', to: '/auth.processing/second_factor/' });
    expect(decideRoute(input('/auth.processing/second_factor/', { secondFactorHeld: true })).kind).toBe('allow');
    expect(decideRoute(input('/logout', { secondFactorHeld: true })).kind).toBe('allow');
    expect(decideRoute(input('/auth.processing/second_factor/'))).toEqual({ kind: 'redirect', to: '/home-page' });
  });

  it('sends a user missing the permission to /, with the route refused for the notice', () => {
    expect(decideRoute(input('/clients.storage/users/'))).toMatchObject({ kind: 'redirect', to: '/', refusal: { reason: 'permission', route: { name: 'users' } } });
    const noClients = makeUser({ ...ALL_MODES, 'clients.storage': ['groups.list'] });
    expect(decideRoute(input('/clients.storage/clients/', { user: noClients }))).toMatchObject({ kind: 'redirect', to: '/', refusal: { reason: 'permission' } });
  });

  it('sends a user without the mode of the route to /', () => {
    const noSettings = makeUser({ 'auth.processing': ['dictionaries_mode'], 'clients.storage': ['clients.get_full_list', 'groups.list'] });
    expect(decideRoute(input('/clients.storage/clients/', { user: noSettings }))).toMatchObject({ kind: 'redirect', to: '/', refusal: { reason: 'permission' } });
    expect(decideRoute(input('/clients.storage/groups/', { user: noSettings })).kind).toBe('allow');
    const noSites = makeUser(ALL_MODES, { has_sites: false });
    expect(decideRoute(input('/sites.context/select', { user: noSites }))).toMatchObject({ kind: 'redirect', to: '/', refusal: { reason: 'permission' } });
  });

  it('sends a site page without a chosen or accessible site to /home-page, naming the site to open instead', () => {
    const page = '/sites.context/sites/5/pages';
    expect(decideRoute(input(page))).toEqual({ kind: 'redirect', to: '/home-page', refusal: { reason: 'site', siteId: '5' } });
    expect(decideRoute(input(page, { site: { id: '6' } }))).toEqual({ kind: 'redirect', to: '/home-page', refusal: { reason: 'site', siteId: '5' } });
    expect(decideRoute(input(page, { site: { id: '5' } })).kind).toBe('allow');
  });

  it('sends a site page whose module is not installed to /home-page', () => {
    const routes = SCREEN_ROUTES.map((route) => (route.name === 'pages' ? { ...route, module: 'requests' } : route));
    const page = '/sites.context/sites/5/pages';
    expect(decideRoute(input(page, { routes, site: { id: '5', modules: [] } }))).toMatchObject({ kind: 'redirect', to: '/home-page', refusal: { reason: 'module', route: { name: 'pages' } } });
    expect(decideRoute(input(page, { routes, site: { id: '5', modules: ['requests'] } })).kind).toBe('allow');
  });

  it('shows "page not found" for an unknown path or a route the web has no screen for; signed out, it sends to /', () => {
    expect(decideRoute(input('/no/such/page'))).toEqual({ kind: 'not_found' });
    expect(decideRoute(input('/no/such/page', { user: null }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute(input('/clients.storage/clients/', { screens: ['/home-page'] }))).toEqual({ kind: 'not_found' });
  });

  it('always lets /logout run', () => {
    expect(decideRoute(input('/logout')).kind).toBe('allow');
    expect(decideRoute(input('/logout', { user: null })).kind).toBe('allow');
  });

  it('lets the return from an external sign-in run signed in (binding) and signed out (sign-in)', () => {
    expect(decideRoute(input('/auth.processing/oidc/callback')).kind).toBe('allow');
    expect(decideRoute(input('/auth.processing/oidc/callback', { user: null })).kind).toBe('allow');
  });
});
