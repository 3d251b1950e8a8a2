import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import type { Lang } from '@dp/contracts';
import { getSession, subscribe } from './session.ts';

/**
 * i18next with one namespace per locales/<lang>/<ns>.json (common, menu, auth, clients.storage,
 * sites.context, platform ...). Russian by default, English as the fallback (spec 000 §9); the
 * Russian plural forms come from Intl.PluralRules (_one/_few/_many).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

export const resources: Resource = {};
for (const [path, module] of Object.entries(files)) {
  const match = /locales\/(\w+)\/(.+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = module.default as Record<string, string>;
}
export const NAMESPACES = [...new Set(Object.values(resources).flatMap((bundle) => Object.keys(bundle)))];

export function applyLanguage(lang: Lang): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  dayjs.locale(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: getSession().lang,
  fallbackLng: 'en',
  supportedLngs: ['ru', 'en'],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});
applyLanguage(getSession().lang);

// The language follows the session before React re-renders.
subscribe(() => applyLanguage(getSession().lang));

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'ru');

export default i18n;
