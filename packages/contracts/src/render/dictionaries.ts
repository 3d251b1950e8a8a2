import type { Lang } from '../kit/messages.ts';
import { SITE_LOCALES } from '../sites.context/site.resource.ts';

/** Title weights live beside the heading component that offers them (components.ts, TITLE_WEIGHTS). */

/**
 * Render dictionaries (spec 000 §7 "Render"): what the page and floor editors choose from and the
 * public renderer draws with. Served by `GET /gateway/render/api/v1/color_schemes | locales |
 * title_weights | colors | components?identities=` (server services/render). Codes are stored in
 * sites (`context.color_scheme`) and floors (`background`); names come in both languages.
 */
type Texts = Record<Lang, string>;
const tx = (ru: string, en: string): Texts => ({ ru, en });

/** The colours a colour scheme gives its sites; `#rrggbb`. */
export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
}

export interface ColorScheme {
  code: string;
  name: Texts;
  palette: Palette;
}

export const COLOR_SCHEMES: ColorScheme[] = [
  { code: 'default', name: tx('Стандартная', 'Default'), palette: { primary: '#1F4E8C', secondary: '#4A6FA5', accent: '#E8833A', background: '#FFFFFF', surface: '#F3F5F8', text: '#1A1F2B', muted: '#6B7280' } },
  { code: 'dark', name: tx('Тёмная', 'Dark'), palette: { primary: '#5B8DEF', secondary: '#8AA9E6', accent: '#F2B441', background: '#111418', surface: '#1C2128', text: '#F1F3F6', muted: '#9AA4B2' } },
  { code: 'kia', name: tx('Kia', 'Kia'), palette: { primary: '#05141F', secondary: '#37434D', accent: '#EA0029', background: '#FFFFFF', surface: '#F5F5F5', text: '#05141F', muted: '#697279' } },
  { code: 'hyundai', name: tx('Hyundai', 'Hyundai'), palette: { primary: '#002C5F', secondary: '#00AAD2', accent: '#E4DCD3', background: '#FFFFFF', surface: '#F6F3F2', text: '#1C1B1B', muted: '#666666' } },
  { code: 'toyota', name: tx('Toyota', 'Toyota'), palette: { primary: '#EB0A1E', secondary: '#58595B', accent: '#1A1A1A', background: '#FFFFFF', surface: '#F2F2F2', text: '#1A1A1A', muted: '#6A6B6D' } },
  { code: 'skoda', name: tx('Škoda', 'Škoda'), palette: { primary: '#0E3A2F', secondary: '#419468', accent: '#78FAAE', background: '#FFFFFF', surface: '#F1F4F2', text: '#161718', muted: '#6D7071' } },
  { code: 'chery', name: tx('Chery', 'Chery'), palette: { primary: '#A6192E', secondary: '#3C3C3C', accent: '#C9A46A', background: '#FFFFFF', surface: '#F4F4F4', text: '#222222', muted: '#707070' } },
  { code: 'haval', name: tx('Haval', 'Haval'), palette: { primary: '#1C1C1C', secondary: '#5A5A5A', accent: '#C8102E', background: '#FFFFFF', surface: '#F3F3F3', text: '#1C1C1C', muted: '#7A7A7A' } },
];

export interface LocaleEntry {
  code: string;
  name: Texts;
}

/** The languages a site speaks (sites.locale, sites.locales). */
export const RENDER_LOCALES: LocaleEntry[] = SITE_LOCALES.map((code) => ({ code, name: code === 'ru' ? tx('Русский', 'Russian') : tx('Английский', 'English') }));

export interface ColorEntry {
  code: string;
  name: Texts;
  /** A fixed colour, or null for a colour of the site's scheme (`token`). */
  hex: string | null;
  token: keyof Palette | null;
}

/** Background colours of floors: fixed ones and those the site's colour scheme decides. */
export const COLORS: ColorEntry[] = [
  { code: 'transparent', name: tx('Без фона', 'No background'), hex: null, token: null },
  { code: 'white', name: tx('Белый', 'White'), hex: '#FFFFFF', token: null },
  { code: 'light', name: tx('Светлый', 'Light'), hex: null, token: 'surface' },
  { code: 'dark', name: tx('Тёмный', 'Dark'), hex: '#1A1F2B', token: null },
  { code: 'primary', name: tx('Основной цвет схемы', "The scheme's primary colour"), hex: null, token: 'primary' },
  { code: 'secondary', name: tx('Дополнительный цвет схемы', "The scheme's secondary colour"), hex: null, token: 'secondary' },
  { code: 'accent', name: tx('Акцентный цвет схемы', "The scheme's accent colour"), hex: null, token: 'accent' },
];
export const COLOR_CODES = COLORS.map((color) => color.code) as [string, ...string[]];

/** The colour a code stands for on a site of `scheme` (the default scheme when unknown). */
export function colorValue(code: string, scheme: string | null | undefined): string | null {
  const color = COLORS.find((entry) => entry.code === code);
  if (!color) return null;
  if (color.hex || !color.token) return color.hex;
  const palette = (COLOR_SCHEMES.find((entry) => entry.code === scheme) ?? COLOR_SCHEMES[0]!).palette;
  return palette[color.token];
}

