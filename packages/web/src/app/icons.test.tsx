import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { SCREEN_ROUTES } from '@dp/contracts';
import { ROUTE_ICON_NAMES, routeIcon } from './icons.tsx';
import { SCREEN_PATHS } from './screens.ts';

describe('menu icons', () => {
  it('give every menu entry an icon of its own, so the collapsed menu tells them apart', () => {
    // The entries the menu can show: in a mode, listed, and with a screen of the web.
    const screens = new Set(SCREEN_PATHS);
    const entries = SCREEN_ROUTES.filter((route) => route.mode && route.in_menu && screens.has(route.path));
    expect(entries.filter((route) => !ROUTE_ICON_NAMES.includes(route.name)).map((route) => route.name)).toEqual([]);
    const types = entries.map((route) => {
      const icon = routeIcon(route.name);
      return isValidElement(icon) ? icon.type : null;
    });
    expect(new Set(types).size).toBe(entries.length);
  });
});
