// The languages, apart from the texts, for the web's first chunk (first-load.ts).
/** The two interface languages; ru is the default, en the fallback (spec 000 §9). */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

export function isLang(value: unknown): value is Lang {
  return value === 'ru' || value === 'en';
}

/** Picks ru or en from an Accept-Language header or a stored value; ru by default. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const first = header.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : DEFAULT_LANG;
}
