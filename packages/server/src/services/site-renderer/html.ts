import { SAFE_HREF } from '@dp/contracts';

/**
 * Markup that is already safe: what `html` builds. Everything else put into `html` is text and is
 * escaped, so texts typed by editors (hostile input) never become markup.
 */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

/** Text for an element's content or a quoted attribute value (most texts have nothing to escape: they are returned as they are). */
export const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text);

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** A template of markup: interpolated values are escaped unless they are Html; arrays are joined; null, undefined and booleans vanish. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/**
 * Markup kept beyond the page that drew it (a card, a region), as one flat string. A template's
 * text is built by `+=`, which V8 keeps as a tree of its pieces (a card: some 60 strings); kept by
 * the thousand, those trees are what every full collection marks. Reading a character flattens
 * the tree in place, so the pieces become garbage.
 */
export function keepFlat(markup: Html): Html {
  markup.value.charCodeAt(0);
  return markup;
}

/** Markup made here from trusted parts only (never editors' text). */
export const raw = (markup: string) => new Html(markup);

export const join = (parts: readonly Part[], separator = '') => new Html(parts.map(render).join(separator));

/**
 * A link target that cannot run anything: a page address, http(s), mailto or tel (contracts
 * SAFE_HREF, the rule editors' links are validated with). Stored data is checked again here,
 * since it may come from anywhere (an import, an older version, the database): anything else is null.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const href = value.trim();
  return href && href.length <= 2048 && SAFE_HREF.test(href) ? href : null;
}

/** An image or media address: a stored file of this platform (`/files/…`) or an absolute http(s) URL. */
export function safeSrc(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const src = value.trim();
  if (/^\/files\/[A-Za-z0-9._-]+$/.test(src)) return src;
  return /^https?:\/\/[^\s/$.?#"'<>\\][^\s"'<>\\]*$/i.test(src) && src.length <= 2048 ? src : null;
}

/** A colour for CSS: `#rgb`, `#rrggbb` or `#rrggbbaa` only, so nothing else reaches a stylesheet. */
export function safeColor(value: unknown): string | null {
  return typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value : null;
}

/** JSON inside a <script type="application/ld+json">: `<` escaped, so no text can close the element. */
export const jsonForScript = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));

/** XML text (site map): the five XML escapes. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
