import { describe, expect, it } from 'vitest';
import { MODES, RESOURCES, SCREEN_ROUTES, SERVICES } from '@dp/contracts';
import i18n, { resources } from '../app/i18n.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));
}
/** Plural forms differ per language (_one/_few/_many in ru, _one/_other in en): compare the base keys. */
const base = (keys: string[]) => [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('locales', () => {
  it('ru and en have the same namespaces and keys', () => {
    const ru = resources.ru as Record<string, Tree>;
    const en = resources.en as Record<string, Tree>;
    expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
    for (const ns of Object.keys(ru)) expect(base(flatten(en[ns]!)), ns).toEqual(base(flatten(ru[ns]!)));
  });

  it('names every screen route, menu group and mode in both languages', () => {
    for (const lng of ['ru', 'en']) {
      const t = i18n.getFixedT(lng);
      for (const route of SCREEN_ROUTES) {
        expect(i18n.exists(`menu:${route.name}`, { lng }), `${lng} menu:${route.name}`).toBe(true);
        expect(i18n.exists(`menu:groups.${route.group}`, { lng }), `${lng} menu:groups.${route.group}`).toBe(true);
      }
      for (const mode of MODES) expect(t(`common:modes.${mode}`)).not.toBe(`modes.${mode}`);
    }
  });

  it('labels every column, form field and filter of every resource in both languages', () => {
    // Every missing key is listed at once, not only the first.
    const missing: string[] = [];
    const need = (key: string, lng: string) => i18n.exists(key, { lng }) || missing.push(`${lng} ${key}`);
    for (const lng of ['ru', 'en']) {
      for (const r of RESOURCES) {
        const key = (rest: string) => `${r.service}:${r.name}.${rest}`;
        need(key('title'), lng);
        need(key('create_title'), lng);
        for (const field of [...r.columns.map((c) => c.field), ...r.form.map((f) => f.field)]) need(key(`fields.${field}`), lng);
        for (const option of r.form.flatMap((f) => f.options ?? []).filter((o) => o.label !== String(o.value))) {
          need(option.label.includes(':') ? option.label : `${r.service}:${option.label}`, lng);
        }
        for (const [name, filter] of Object.entries(r.filters)) if (filter.widget) need(key(`filters.${name}`), lng);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every service, and every option a filter offers, in both languages', () => {
    for (const lng of ['ru', 'en']) {
      for (const service of SERVICES) expect(i18n.exists(`common:services.${service}`, { lng }), `${lng} common:services.${service}`).toBe(true);
      for (const r of RESOURCES) {
        for (const option of Object.values(r.filters).flatMap((f) => f.options ?? []).filter((o) => o.label !== String(o.value))) {
          const key = option.label.includes(':') ? option.label : `${r.service}:${option.label}`;
          expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
        }
      }
    }
  });

  it('uses the Russian plural rule with three forms', () => {
    const t = i18n.getFixedT('ru', 'platform');
    expect(t('home.sections', { count: 1 })).toBe('1 раздел');
    expect(t('home.sections', { count: 3 })).toBe('3 раздела');
    expect(t('home.sections', { count: 5 })).toBe('5 разделов');
    expect(t('home.sections', { count: 21 })).toBe('21 раздел');
    expect(i18n.getFixedT('en', 'platform')('home.sections', { count: 5 })).toBe('5 sections');
    expect(t('sites.types.1', { ns: 'sites.context' })).toBe('Официальный демо');
    expect(i18n.getFixedT('en', 'sites.context')('sites.types.2')).toBe('Official master');
  });
});
