import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '@dp/contracts';
import { WEB_SERVICES } from './services.ts';

/** Screens of the specification the web has no page for yet; the menu leaves them out. */
const WITHOUT_PAGE: string[] = [];

const declared = WEB_SERVICES.flatMap((service) => [...Object.keys(service.screens), ...Object.keys(service.routes)].map((path) => ({ service: service.name, path })));

describe('the web services', () => {
  it('give every screen the contracts declare exactly one page', () => {
    const pages = (path: string) => WEB_SERVICES.filter((service) => path in service.screens).length;
    const wrong = SCREEN_ROUTES.filter((route) => pages(route.path) !== (WITHOUT_PAGE.includes(route.name) ? 0 : 1));
    expect(wrong.map((route) => `${route.name} ${route.path}: ${pages(route.path)}`)).toEqual([]);
  });

  it('declare screens only at paths the contracts declare', () => {
    const registry = new Set(SCREEN_ROUTES.map((route) => route.path));
    const unknown = WEB_SERVICES.flatMap((service) => Object.keys(service.screens).filter((path) => !registry.has(path)));
    expect(unknown).toEqual([]);
  });

  it('never declare one path twice', () => {
    const twice = declared.filter((entry, index) => declared.findIndex((other) => other.path === entry.path) !== index);
    expect(twice).toEqual([]);
  });

  it('are listed once each', () => {
    const names = WEB_SERVICES.map((service) => service.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
