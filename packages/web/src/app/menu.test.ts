import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES, type ScreenRoute } from '@dp/contracts';
import { availableModes, buildMenu, fillPath, matchRoute, modeStartPath, type MenuContext } from './menu.ts';
import { ALL_MODES, makeUser } from '../test/fixtures.ts';

const ALL_SCREENS = SCREEN_ROUTES.map((route) => route.path);

function ctx(overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    user: makeUser({
      ...ALL_MODES,
      'clients.storage': ['clients.get_full_list', 'groups.list', 'users.get_list'],
      'sites.context': ['sites.get_full_list', 'sites.patch', 'pages.get_list'],
      seo: ['seo_configs.patch', 'redirects.get_list'],
      'floors.storage': ['floors.get_list'],
    }),
    routes: SCREEN_ROUTES,
    screens: ALL_SCREENS,
    siteId: null,
    siteModules: [],
    ...overrides,
  };
}

const names = (groups: ReturnType<typeof buildMenu>) => groups.flatMap((group) => group.items.map((item) => item.name));

describe('menu building', () => {
  it('keeps only the routes whose permission the user holds', () => {
    const settings = names(buildMenu(ctx(), 'settings'));
    expect(settings).toContain('clients');
    expect(settings).toContain('users');
    expect(settings).not.toContain('roles'); // roles.get_list missing
    expect(settings).not.toContain('custom_tokens');
    // Routes without codes are open to anyone in the mode.
    expect(settings).toContain('suggestions');
    expect(settings).not.toContain('news'); // op_news codes missing
  });

  it('lists only the items of the asked mode', () => {
    const dictionaries = names(buildMenu(ctx(), 'dictionaries'));
    expect(dictionaries).toEqual(['client_groups', 'all_sites', 'forks', 'floors', 'floor_groups']);
    expect(buildMenu(ctx(), null)).toEqual([]);
  });

  it('hides every item of a mode the user does not have', () => {
    const user = makeUser({ 'auth.processing': ['settings_mode'], 'clients.storage': ['groups.list', 'clients.get_full_list'] });
    expect(buildMenu(ctx({ user }), 'dictionaries')).toEqual([]);
    expect(names(buildMenu(ctx({ user }), 'settings'))).toContain('clients');
    expect(availableModes(ctx({ user }))).toEqual(['settings']);
  });

  it('shows the site mode only to a user with sites', () => {
    expect(availableModes(ctx())).toEqual(['site', 'dictionaries', 'settings']);
    const user = makeUser({ ...ALL_MODES, 'clients.storage': ['clients.get_full_list'] }, { has_sites: false });
    expect(availableModes(ctx({ user }))).not.toContain('site');
  });

  it('groups items by their group in the fixed order of the mode', () => {
    const routes: ScreenRoute[] = [
      { ...SCREEN_ROUTES.find((r) => r.name === 'users')!, order: 30, group: 'access' },
      { ...SCREEN_ROUTES.find((r) => r.name === 'suggestions')!, order: 5, group: 'platform' },
      { ...SCREEN_ROUTES.find((r) => r.name === 'clients')!, order: 40, group: 'access' },
      { ...SCREEN_ROUTES.find((r) => r.name === 'notifications')!, order: 10, group: 'platform', permissions: [] },
    ];
    const groups = buildMenu(ctx({ routes }), 'settings');
    expect(groups.map((group) => group.group)).toEqual(['platform', 'access']);
    expect(groups[0]!.items.map((item) => item.name)).toEqual(['suggestions', 'notifications']);
    expect(groups[1]!.items.map((item) => item.name)).toEqual(['users', 'clients']);
  });

  it('fills {siteId} with the current site and hides such items while no site is chosen', () => {
    const without = names(buildMenu(ctx(), 'site'));
    expect(without).toEqual(['site_select']);

    const withSite = buildMenu(ctx({ siteId: '42' }), 'site');
    const items = withSite.flatMap((group) => group.items);
    expect(items.map((item) => item.name)).toEqual(['site_select', 'site_settings', 'site_users', 'pages', 'collections', 'redirects', 'seo_config']);
    expect(items.find((item) => item.name === 'pages')!.path).toBe('/sites.context/sites/42/pages');
    expect(items.find((item) => item.name === 'redirects')!.path).toBe('/seo/sites/42/redirects');
  });

  it('hides a route tied to a module unless the site has it installed', () => {
    const routes = SCREEN_ROUTES.map((route) => (route.name === 'pages' ? { ...route, module: 'available_cars' } : route));
    expect(names(buildMenu(ctx({ routes, siteId: '7' }), 'site'))).not.toContain('pages');
    expect(names(buildMenu(ctx({ routes, siteId: '7', siteModules: ['available_cars'] }), 'site'))).toContain('pages');
  });

  it('shows only routes the web has a screen for, and never hidden ones', () => {
    const screens = ['/clients.storage/clients/', '/home-page', '/personal/'];
    expect(names(buildMenu(ctx({ screens }), 'settings'))).toEqual(['clients']);
    expect(availableModes(ctx({ screens }))).toEqual(['settings']);
    const routes = SCREEN_ROUTES.map((route) => (route.name === 'clients' ? { ...route, in_menu: false } : route));
    expect(names(buildMenu(ctx({ screens, routes }), 'settings'))).toEqual([]);
  });

  it('starts a mode at its first item', () => {
    expect(modeStartPath(ctx(), 'dictionaries')).toBe('/clients.storage/groups/');
    expect(modeStartPath(ctx(), 'site')).toBe('/sites.context/select');
  });
});

describe('route paths', () => {
  it('fills and matches parameters, trailing slash or not', () => {
    expect(fillPath('/content.storage/stages/{siteId}', { siteId: '5' })).toBe('/content.storage/stages/5');
    expect(fillPath('/content.storage/stages/{siteId}', { siteId: null })).toBeNull();
    expect(fillPath('/sites.context/pages/{pageId}/{pageStateId?}', { pageId: '3' })).toBe('/sites.context/pages/3');
    expect(matchRoute(SCREEN_ROUTES, '/personal')?.route.name).toBe('personal');
    expect(matchRoute(SCREEN_ROUTES, '/clients.storage/clients')?.route.name).toBe('clients');
    const match = matchRoute(SCREEN_ROUTES, '/seo/sites/12/redirects');
    expect(match?.route.name).toBe('redirects');
    expect(match?.params).toEqual({ siteId: '12' });
    expect(matchRoute(SCREEN_ROUTES, '/nowhere')).toBeNull();
  });
});
