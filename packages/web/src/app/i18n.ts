import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@dp/contracts';
import { getSession, subscribe } from './session.ts';

/**
 * i18next with one namespace per locales/<lang>/<ns>.json (common, menu, auth, clients.storage,
 * sites.context, platform ...). Russian by default, English as the fallback (spec 000 §9); the
 * Russian plural forms come from Intl.PluralRules (_one/_few/_many).
 *
 * Only the namespaces of the pages outside the shell (sign-in, recovery: common, auth) come with
 * the app's code; every other namespace of a language (the menu's too: only the shell uses it)
 * comes in one chunk per language (locales/bundle-<lang>.ts), loaded when a signed-in page needs it
 * (Root waits for it) and before the interface switches to that language, so that the sign-in page
 * does not carry the texts of every screen (docs/performance.md).
 */
const OUTSIDE_SHELL = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{common,auth}.json', { eager: true });
const BUNDLES: Record<Lang, () => Promise<{ default: Record<string, { default: Record<string, unknown> }> }>> = {
  ru: () => import('../locales/bundle-ru.ts'),
  en: () => import('../locales/bundle-en.ts'),
};
const namespaceOf = (path: string) => /(\w+)\/([^/]+)\.json$/.exec(path) as unknown as [string, string, string] | null;

/** The texts i18next holds (the same object: languages loaded later are added to it). */
export const resources: Resource = {};
for (const [path, module] of Object.entries(OUTSIDE_SHELL)) {
  const match = namespaceOf(path);
  if (match) (resources[match[1]] ??= {})[match[2]] = module.default as Record<string, string>;
}
/** Every namespace a language has, from the names of the files (their texts are not loaded for this). */
export const NAMESPACES = [
  ...new Set(Object.keys(import.meta.glob('../locales/*/*.json')).flatMap((path) => namespaceOf(path)?.[2] ?? [])),
];

const loading = new Map<Lang, Promise<void>>();

/** Every namespace of `lang`, once; resolves when i18next holds them. */
export function loadLanguage(lang: Lang): Promise<void> {
  let done = loading.get(lang);
  if (!done) {
    done = BUNDLES[lang]().then(({ default: files }) => {
      for (const [path, module] of Object.entries(files)) {
        const match = namespaceOf(path);
        if (match) i18n.addResourceBundle(lang, match[2], module.default, true, true);
      }
    });
    // A chunk that failed to load (network, a new release) is asked for again next time.
    done.catch(() => loading.delete(lang));
    loading.set(lang, done);
  }
  return done;
}

/** Whether every namespace of `lang` is there. */
export const languageLoaded = (lang: Lang) => NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns));

let wanted: Lang | null = null;

/**
 * Switches the interface to `lang`. Where the current language is there whole (signed in: every
 * screen's texts), the switch waits until `lang` is too, so that no screen shows a key meanwhile;
 * outside the shell the texts that came with the app are enough.
 */
export function applyLanguage(lang: Lang): void {
  wanted = lang;
  const apply = () => {
    if (wanted !== lang) return;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  };
  if (!i18n.isInitialized || i18n.language === lang || languageLoaded(lang) || !languageLoaded(i18n.language as Lang)) apply();
  else loadLanguage(lang).then(apply, apply);
}

void i18n.use(initReactI18next).init({
  resources,
  // The other namespaces are added by loadLanguage, not fetched by i18next.
  partialBundledLanguages: true,
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
