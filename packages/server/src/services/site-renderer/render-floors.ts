import { formCss, formText, parseRichText, type RichInline } from '@dp/contracts';
import type { PlacedFloor } from '../sites.context/content.table.ts';
import { html, join, keepFlat, raw, safeHref, type Html } from './html.ts';
import { allLink, collectionCard, collectionPages, pagination } from './render-collections.ts';
import { href, localHref, menuChildren, menuRoots, tx, type DrawnRegions, type RenderContext } from './render-context.ts';
import { icon, imageTag, telHref, videoBlock } from './render-media.ts';
import { formKindOf, renderForm, type FormSpec } from './site-forms.ts';
import type { FloorRow, LayoutStateRow, SitePage, SiteSnapshot } from './site-snapshot.ts';
import { BACKGROUND_CODES, paletteOf } from './site-styles.ts';
import { formName, say } from './texts.ts';

/**
 * Floors on public sites: each placed floor is its component (contracts floors.storage/
 * components.ts) drawn with its values (the page's placement values over the floor's own), inside
 * a section carrying the floor's presentation: background from the site's colour scheme, offsets,
 * alignment and the position of its title. Every text is escaped; constants are filled in.
 */
export type Region = 'header' | 'main' | 'footer';
type Values = Record<string, any>;

const ONE_OF = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
const list = (value: unknown): Values[] => (Array.isArray(value) ? value.filter((item) => item && typeof item === 'object') : []);
const lines = (text: string | null) => (text ? join(text.split(/\r?\n/).map((line) => html`${line}`), '<br>') : null);

/** Draws the floors of one region of the page (taken as drawn before where the context keeps regions). */
export function renderFloors(ctx: RenderContext, placements: PlacedFloor[] | null | undefined, region: Region): Html {
  const placed = placements ?? [];
  return drawnOnce(ctx, placed, regionKey(ctx, placed, region), () =>
    join(placed.map((one, index) => {
      const floor = ctx.floors.get(one.floor_id);
      if (!floor) return null;
      const values: Values = { ...(floor.values ?? {}), ...(one.values ?? {}) };
      return renderFloor(ctx, floor, values, `${region}-${index}`);
    })),
  );
}

/** An empty keep of regions, whose growth `grew` counts. */
export const newDrawnRegions = (grew: (bytes: number) => void): DrawnRegions & { bytes: number } => ({ regions: new WeakMap(), count: 0, grew, bytes: 0 });

/** What stands for the placed floors of the header drawn without a header floor. */
const FALLBACK_HEADER: readonly PlacedFloor[] = [{ floor_id: 0, values: {} }];

/** The most regions a site keeps: its list pages' and car pages' header, floors and footer, per language and page number. */
const MAX_DRAWN_REGIONS = 200;

/** The components whose markup holds the address of the page shown (a form's action, a collection list's links). */
const READS_ADDRESS = new Set(['form', 'news_list', 'specials_list', 'collection_list']);

/**
 * What a region's markup depends on besides the site: the language and its prefix, the page number
 * (a collection list's), the page (the menu's current entry) and its address (the language links,
 * and READS_ADDRESS). A page of no id of its own (a car's page) links its languages to the main
 * page, so there the address counts only for those components: all car pages share their header.
 */
function regionKey(ctx: RenderContext, placements: PlacedFloor[], region: Region | 'fallback-header'): string {
  const address = ctx.page.id !== 0 || placements.some((placed) => READS_ADDRESS.has(ctx.floors.get(placed.floor_id)?.component ?? ''));
  return `${region}|${ctx.lang}|${ctx.prefix}|${ctx.listPage}|${ctx.page.id}|${address ? ctx.page.uri : ''}`;
}

/**
 * `draw`'s markup of `placements` (the snapshot's: a layout's header or footer, a page's floors, a
 * sold template), or what it drew of them before under `key` when the context keeps regions; never
 * for a posted form (its outcome is drawn) nor what drew unique ids (`uid`: they follow the page's order).
 */
function drawnOnce(ctx: RenderContext, placements: readonly PlacedFloor[], key: string, draw: () => Html): Html {
  const memo = ctx.drawn;
  if (!memo || ctx.form || !placements.length) return draw();
  let drawn = memo.regions.get(placements);
  const kept = drawn?.get(key);
  const counter = ctx.counter;
  const outer = ctx.css;
  const css: string[] = kept ? kept.css : (ctx.css = []);
  let markup: Html;
  try {
    markup = kept ? kept.html : draw();
  } finally {
    ctx.css = outer;
  }
  for (const rule of css) if (!outer.includes(rule)) outer.push(rule);
  if (!kept && ctx.counter === counter && memo.count < MAX_DRAWN_REGIONS) {
    if (!drawn) memo.regions.set(placements, (drawn = new Map()));
    drawn.set(key, { html: keepFlat(markup), css });
    memo.count += 1;
    memo.grew(2 * (key.length + markup.value.length + css.reduce((sum, rule) => sum + rule.length, 0)));
  }
  return markup;
}

function renderFloor(ctx: RenderContext, floor: FloorRow, values: Values, key: string): Html | null {
  if (floor.component === 'header') return headerFloor(ctx, values);
  if (floor.component === 'footer') return footerFloor(ctx, values);
  const body = COMPONENTS[floor.component]?.(ctx, values, key);
  if (!body) return null;
  const titleText = tx(ctx, values.title);
  const titleId = titleText ? `${key}-title` : null;
  const position = ONE_OF(floor.title_position, ['left', 'center', 'right', 'hidden'] as const, 'left');
  const title = titleText ? html`<h2 id="${titleId}" class="floor__title${position === 'hidden' ? ' visually-hidden' : ` title-${position}`}">${titleText}</h2>` : null;
  const classes = [
    'floor',
    `floor--${floor.component.replace(/[^a-z_]/g, '')}`,
    floor.background && BACKGROUND_CODES.has(floor.background) ? `bg-${floor.background}` : null,
    `pt-${ONE_OF(floor.offset_top, ['none', 'small', 'medium', 'large'] as const, 'medium')}`,
    `pb-${ONE_OF(floor.offset_bottom, ['none', 'small', 'medium', 'large'] as const, 'medium')}`,
    floor.alignment === 'center' || floor.alignment === 'right' ? `align-${floor.alignment}` : null,
  ].filter(Boolean);
  const context: FloorBody = { titled: !!titleText };
  const content = typeof body === 'function' ? body(context) : body;
  return html`<section id="${key}" class="${classes.join(' ')}"${titleId ? html` aria-labelledby="${titleId}"` : null}><div class="container">${title}${content}</div></section>`;
}

/** What a body may need to know of its floor: whether it has a visible heading (levels below it). */
interface FloorBody {
  titled: boolean;
}
type Body = Html | null | ((floor: FloorBody) => Html | null);
const COMPONENTS: Record<string, (ctx: RenderContext, values: Values, key: string) => Body> = {
  heading: (ctx, values) => {
    const text = tx(ctx, values.text);
    if (!text) return null;
    // One h1 per page (the page's own title): a heading floor of level 1 is drawn as h2.
    const level = values.level === 'h3' ? 3 : 2;
    const weight = ONE_OF(values.weight, ['regular', 'medium', 'semibold', 'bold'] as const, 'bold');
    const heading = level === 3 ? html`<h3 class="weight-${weight}">${text}</h3>` : html`<h2 class="weight-${weight}">${text}</h2>`;
    return html`${heading}${tx(ctx, values.subtitle) ? html`<p class="floor__subtitle">${tx(ctx, values.subtitle)}</p>` : null}`;
  },
  text: (ctx, values) => (floor) => richText(ctx, values.body, floor.titled ? 3 : 2),
  image: (ctx, values) => {
    const image = imageTag(values.image, { altFallback: tx(ctx, values.caption) ?? '' });
    if (!image) return null;
    const link = href(ctx, values.link);
    const caption = tx(ctx, values.caption);
    return html`<figure class="figure">${link ? html`<a href="${link}">${image}</a>` : image}${caption ? html`<figcaption>${caption}</figcaption>` : null}</figure>`;
  },
  gallery: (ctx, values) => {
    const items = list(values.images)
      .map((item) => ({ image: imageTag(item.image, { altFallback: tx(ctx, item.caption) ?? '' }), caption: tx(ctx, item.caption) }))
      .filter((item) => item.image);
    if (!items.length) return null;
    return html`<ul class="grid grid--3">${items.map((item) => html`<li><figure class="figure">${item.image}${item.caption ? html`<figcaption>${item.caption}</figcaption>` : null}</figure></li>`)}</ul>`;
  },
  cards: (ctx, values) => (floor) => {
    const cards = list(values.cards);
    if (!cards.length) return null;
    const columns = ONE_OF(String(values.columns ?? '3'), ['2', '3', '4'] as const, '3');
    return html`<ul class="grid grid--${columns}">${cards.map((card) => {
      const title = tx(ctx, card.title) ?? '';
      const link = href(ctx, card.link);
      const heading = floor.titled ? html`<h3>${title}</h3>` : html`<h2>${title}</h2>`;
      return html`<li class="card">${imageTag(card.image, { altFallback: '' })}<div class="card__body">${heading}${tx(ctx, card.text) ? html`<p>${lines(tx(ctx, card.text))}</p>` : null}${link ? html`<a class="card__link" href="${link}">${tx(ctx, card.link_text) ?? title}</a>` : null}</div></li>`;
    })}</ul>`;
  },
  buttons: (ctx, values) => {
    const buttons = list(values.buttons).map((button) => floorButton(ctx, button)).filter(Boolean);
    if (!buttons.length) return null;
    const alignment = ONE_OF(values.alignment, ['left', 'center', 'right'] as const, 'left');
    return html`<div class="buttons buttons--${alignment}">${buttons}</div>`;
  },
  video: (ctx, values) => videoBlock(values.video, tx(ctx, values.title) ?? tx(ctx, values.video?.schema_markup?.name) ?? say(ctx.lang, 'video')),
  contacts: (ctx, values) => contacts(ctx, values),
  form: (ctx, values, key) => {
    // The smart contract widget takes the buy-model form when its settings say so: its script fills the block.
    if (formKindOf(values.form) === 'buy_model' && ctx.snap.smartContracts?.replaceBuyModel && !ctx.preview) {
      return html`<p class="floor__subtitle">${tx(ctx, values.description) ?? formName(ctx.lang, 'buy_model')}</p><div class="smart-contract" data-smart-contract="buy_model"></div>`;
    }
    const depersonalization = ctx.snap.site.depersonalization;
    const form = renderForm({
      anchor: key,
      placement: key,
      action: localHref(ctx, ctx.page.uri),
      lang: ctx.lang,
      spec: formSpecOf(ctx.snap, values),
      buttonText: tx(ctx, values.button_text) ?? say(ctx.lang, 'form_submit'),
      depersonalizationDays: depersonalization?.enabled && depersonalization.period ? depersonalization.period : null,
      outcome: ctx.form?.placement === key ? ctx.form : null,
      smartCaptchaKey: ctx.preview ? null : (ctx.snap.smartCaptcha?.sitekey ?? null),
    });
    const description = tx(ctx, values.description);
    return html`<p class="floor__subtitle">${description ?? formName(ctx.lang, String(values.form ?? 'callback'))}</p>${form}`;
  },
  custom_form: (ctx, values, key) => customFormBlock(ctx, values, key),
  custom_media: (ctx, values) => customMediaBlock(ctx, values),
  news_list: (ctx, values) => collectionList(ctx, values, 'news', say(ctx.lang, 'all_news')),
  specials_list: (ctx, values) => collectionList(ctx, values, 'specials', say(ctx.lang, 'all_specials')),
  collection_list: (ctx, values) => collectionList(ctx, values, String(values.collection_type ?? 'any'), say(ctx.lang, 'all_items')),
};

/** The form a `form` floor draws: its kind, the models of the site's brand for its model select, and a trade-in form's optional fields. */
const formSpecOf = (snap: SiteSnapshot, values: Values): FormSpec => ({ kind: formKindOf(values.form), models: snap.models, optionalFields: snap.tradeInFields ?? null });

/**
 * The form a posted `_form` names on a page (`main-2`: the page's third floor; `header-0`,
 * `footer-1`: the layout's), or the callback form when it names no form floor.
 */
export function formSpecAt(snap: SiteSnapshot, page: SitePage, layout: LayoutStateRow | null, placement: string): FormSpec {
  const [, region, index] = /^(header|main|footer)-(\d{1,4})$/.exec(placement) ?? [];
  const list = region === 'main' ? page.state.floors : region === 'header' ? layout?.header_floors : region === 'footer' ? layout?.footer_floors : null;
  const placed = list?.[Number(index)];
  const floor = placed ? snap.floors.get(placed.floor_id) : undefined;
  if (!placed || floor?.component !== 'form') return { kind: 'callback', models: snap.models };
  return formSpecOf(snap, { ...(floor.values ?? {}), ...(placed.values ?? {}) });
}

/**
 * A constructor form placed as a block (form-constructor): the site's own form by its id, drawn by
 * the form's embeddable script from the site's origin (the site's CSP allows it), which sends what
 * the visitor fills in as that form's custom form request. Its stylesheet joins the page's own (its
 * hash is in the CSP); the target says so, and the script adds none. A form of another site, or one
 * deleted, draws nothing.
 */
function customFormBlock(ctx: RenderContext, values: Values, key: string): Html | null {
  const id = Number(values.form_id);
  if (!Number.isInteger(id) || !ctx.snap.customForms.has(id)) return null;
  const css = formCss(paletteOf(ctx.snap.site.context?.color_scheme));
  if (!ctx.css.includes(css)) ctx.css.push(css);
  const target = `${key}-form`;
  return html`<div id="${target}" class="custom-form" data-dpf-styled><noscript><p>${formText(ctx.lang, 'no_script')}</p></noscript></div><script src="/_api/forms/${id}/embed.js" data-target="${target}" defer></script>`;
}

/**
 * The custom media a profile imported (custom.media): the visible items of the profile the floor
 * names (its site's, or a sharable one of the client), else of every profile of the site, newest
 * first, narrowed to the floor's tags. A picture links to its source's page; a video plays in place.
 */
function customMediaBlock(ctx: RenderContext, values: Values): Body {
  const limit = Math.min(Math.max(Number.isInteger(values.limit) ? values.limit : 12, 1), 24);
  const tags = list(values.tags).map((item) => (typeof item.tag === 'string' ? item.tag.toLowerCase() : '')).filter(Boolean);
  const profile = Number.isInteger(values.profile_id) && values.profile_id > 0 ? (values.profile_id as number) : 0;
  const items = (ctx.snap.customMedia?.get(profile) ?? []).filter((item) => !tags.length || item.tags.some((tag) => tags.includes(tag.toLowerCase()))).slice(0, limit);
  if (!items.length) return null;
  return html`<ul class="grid grid--3 custom-media">${items.map((item) => {
    const description = item.description ? html`<p class="custom-media__text">${item.description}</p>` : null;
    const media =
      item.kind === 'video'
        ? videoBlock({ type: 'native', url: item.media_url }, item.description ?? say(ctx.lang, 'video'))
        : imageTag({ url: item.media_url }, { altFallback: item.description ?? '' });
    const link = item.url ? safeHref(item.url) : null;
    return html`<li class="card custom-media__item">${link && item.kind !== 'video' ? html`<a href="${link}" rel="noopener nofollow" target="_blank">${media}</a>` : media}${description ? html`<div class="card__body">${description}</div>` : null}</li>`;
  })}</ul>`;
}

/**
 * Rich text of the floors' subset (contracts rich-text.ts). Its headings take the levels below the
 * floor's (the highest one used becomes `top`, the others follow without a gap), so headings stay
 * in order on the page; a heading line is a block of its own even without an empty line after it.
 */
export function richText(ctx: RenderContext, source: unknown, top: 2 | 3): Html | null {
  const typed = tx(ctx, source);
  if (!typed) return null;
  const text = typed.replace(/\r\n?/g, '\n').replace(/^(#{1,3}[ \t]+[^\n]*)\n(?=[^\n])/gm, '$1\n\n');
  const inline = (parts: RichInline[]) =>
    parts.map((part) => {
      let node: Html = html`${part.text}`;
      if (part.bold) node = html`<strong>${node}</strong>`;
      if (part.italic) node = html`<em>${node}</em>`;
      const link = part.href ? href(ctx, part.href) : null;
      return link ? html`<a href="${link}">${node}</a>` : node;
    });
  const parsed = parseRichText(text);
  const used = [...new Set(parsed.flatMap((block) => (block.type === 'heading' ? [block.level] : [])))].sort();
  const blocks = parsed.map((block) => {
    switch (block.type) {
      case 'heading': {
        const level = Math.min(top + used.indexOf(block.level), 6);
        // The level is a number computed here (2 to 6), never input.
        return html`${raw(`<h${level}>`)}${inline(block.children)}${raw(`</h${level}>`)}`;
      }
      case 'list':
        return block.ordered ? html`<ol>${block.items.map((item) => html`<li>${inline(item)}</li>`)}</ol>` : html`<ul>${block.items.map((item) => html`<li>${inline(item)}</li>`)}</ul>`;
      case 'quote':
        return html`<blockquote><p>${lineBreaks(inline(block.children))}</p></blockquote>`;
      case 'image':
        // Floors' texts are parsed without images: an image line stays text.
        return null;
      default:
        return html`<p>${lineBreaks(inline(block.children))}</p>`;
    }
  });
  return html`<div class="rich">${blocks}</div>`;
}

/** Line breaks inside a paragraph's text parts become <br>. */
function lineBreaks(parts: Html[]): Html {
  return join(parts.map((part) => raw(part.value.replace(/\n/g, '<br>'))));
}

/** A floor's button (contracts BUTTON_FIELDS): a link styled by style and size, with its icon. */
function floorButton(ctx: RenderContext, button: Values): Html | null {
  const text = tx(ctx, button.text);
  if (!text) return null;
  const raw = typeof button.link === 'string' ? button.link.trim() : '';
  const target = button.type === 'phone' && !raw.startsWith('tel:') && /^\+?[0-9][0-9\s()-]{4,24}$/.test(raw) ? telHref(raw) : href(ctx, raw);
  if (!target) return null;
  return buttonLink(target, text, button);
}

/** A link drawn as a button: style, size, full width, icon on its side. */
export function buttonLink(target: string, text: string, button: Values): Html {
  const style = ONE_OF(button.style, ['primary', 'secondary', 'outline', 'text'] as const, 'primary');
  const size = ONE_OF(button.size, ['small', 'medium', 'large'] as const, 'medium');
  const glyph = icon(button.icon);
  const right = button.icon_position === 'right';
  return html`<a class="btn btn--${style}${size !== 'medium' ? ` btn--${size}` : ''}${button.full_width ? ' btn--full' : ''}" href="${target}">${right ? null : glyph}<span>${text}</span>${right ? glyph : null}</a>`;
}

function contacts(ctx: RenderContext, values: Values): Html | null {
  const address = tx(ctx, values.address);
  const phones = list(values.phones).filter((item) => typeof item.phone === 'string' && item.phone.trim());
  const email = typeof values.email === 'string' && /^[^\s@<>"]+@[^\s@<>"]+$/.test(values.email.trim()) ? values.email.trim() : null;
  const hours = list(values.hours).filter((item) => tx(ctx, item.days) && tx(ctx, item.time));
  const map = safeHref(values.map_link);
  if (!address && !phones.length && !email && !hours.length) return null;
  return html`<div class="contacts">
${address ? html`<div><h3>${say(ctx.lang, 'address')}</h3><address>${address}</address>${map ? html`<p><a href="${map}" rel="noopener" target="_blank">${say(ctx.lang, 'map')}</a></p>` : null}</div>` : null}
${phones.length || email ? html`<div><h3>${say(ctx.lang, 'phones')}</h3><ul class="list-plain">${phones.map((item) => html`<li>${tx(ctx, item.label) ? html`${tx(ctx, item.label)}: ` : null}<a href="${telHref(item.phone)}">${item.phone.trim()}</a></li>`)}</ul>${email ? html`<p><a href="mailto:${email}">${email}</a></p>` : null}</div>` : null}
${hours.length ? html`<div><h3>${say(ctx.lang, 'hours')}</h3><dl>${hours.map((item) => html`<dt>${tx(ctx, item.days)}</dt><dd>${tx(ctx, item.time)}</dd>`)}</dl></div>` : null}
</div>`;
}

/** A list of a collection: cards, then the pages of the list or the link to all of it. */
function collectionList(ctx: RenderContext, values: Values, type: string, allLabel: string): Body {
  const limit = Math.min(Math.max(Number.isInteger(values.limit) ? values.limit : 6, 1), 24);
  const tags = list(values.tags).map((item) => (typeof item.tag === 'string' ? item.tag : '')).filter(Boolean);
  const parentUri = typeof values.parent_uri === 'string' && values.parent_uri.startsWith('/') ? values.parent_uri : null;
  const all = collectionPages(ctx.snap.pagesById.values(), { type, tags, parentUri, exclude: ctx.page.id });
  const more = allLink(ctx, values.all_link, allLabel);
  // With nowhere else to see the rest, the list pages itself (?page=).
  const pages = more ? 1 : Math.max(1, Math.ceil(all.length / limit));
  const current = Math.min(ctx.listPage, pages);
  const shown = all.slice((current - 1) * limit, current * limit);
  return (floor) =>
    shown.length
      ? html`<ul class="grid grid--3">${shown.map((page) => collectionCard(ctx, page, floor.titled ? 3 : 2))}</ul>${more ?? pagination(ctx, pages, current)}`
      : html`<p>${say(ctx.lang, 'empty_list')}</p>`;
}

/* ---- the header and the footer ---- */

function logo(ctx: RenderContext, values: Values): Html {
  const site = ctx.snap.site;
  const home = localHref(ctx, '/');
  const right = site.logo_position === 'right' ? ' logo--right' : '';
  const pc = site.logos?.pc;
  const mobile = site.logos?.mobile;
  const alt = say(ctx.lang, 'logo_alt', { name: site.name });
  if (values.show_logo === false || (!pc && !mobile)) return html`<a class="logo${right}" href="${home}">${site.name}</a>`;
  const main = pc ?? mobile!;
  const picture = html`<picture>${pc && mobile ? html`<source media="(max-width: 767px)" srcset="${mobile.url}">` : null}<img src="${main.url}" alt="${alt}" width="${main.width}" height="${main.height}"></picture>`;
  return html`<a class="logo${right}" href="${home}">${picture}</a>`;
}

function menuItem(ctx: RenderContext, page: SitePage, depth: number): Html {
  const caption = tx(ctx, page.state.caption) ?? page.uri;
  const children = depth === 0 ? menuChildren(ctx.snap, page) : [];
  const current = page.id === ctx.page.id ? html` aria-current="page"` : null;
  const label = page.state.menu_header_not_clickable && children.length
    ? html`<span class="menu__heading">${caption}</span>`
    : html`<a href="${localHref(ctx, page.uri)}"${current}>${caption}</a>`;
  return html`<li>${label}${children.length ? html`<ul class="submenu">${children.map((child) => menuItem(ctx, child, depth + 1))}</ul>` : null}</li>`;
}

/** The menu: the page tree (hidden pages left out) and the header's extra items. */
function menu(ctx: RenderContext, values: Values): Html | null {
  const fromPages = values.menu_from_pages === false ? [] : menuRoots(ctx.snap).map((page) => menuItem(ctx, page, 0));
  const extra = list(values.menu)
    .map((item) => ({ text: tx(ctx, item.text), link: href(ctx, item.link) }))
    .filter((item) => item.text && item.link)
    .map((item) => html`<li><a href="${item.link}">${item.text}</a></li>`);
  if (!fromPages.length && !extra.length) return null;
  return html`<nav class="menu" id="menu" aria-label="${say(ctx.lang, 'main_menu')}"><ul>${fromPages}${extra}</ul><a class="menu__close btn btn--text" href="#" data-menu-close>${say(ctx.lang, 'close_menu')}</a></nav>`;
}

/** Links to the page in the site's other languages (extra languages: /en/…). */
function languages(ctx: RenderContext): Html | null {
  const [main, ...extra] = ctx.snap.languages;
  if (!extra.length) return null;
  return html`<ul class="languages" aria-label="${say(ctx.lang, 'languages')}">${ctx.snap.languages.map((lang) => {
    // The 404 page (no page of its own) links to each language's main page.
    const uri = ctx.page.id === 0 ? '/' : ctx.page.uri;
    const target = lang === main ? uri : uri === '/' ? `/${lang}` : `/${lang}${uri}`;
    return html`<li><a href="${target}" hreflang="${lang}" lang="${lang}"${lang === ctx.lang ? html` aria-current="true"` : null}>${lang.toUpperCase()}</a></li>`;
  })}</ul>`;
}

function headerFloor(ctx: RenderContext, values: Values): Html {
  const nav = menu(ctx, values);
  const phone = typeof values.phone === 'string' && values.phone.trim() ? values.phone.trim() : null;
  const button = values.button && typeof values.button === 'object' ? values.button : null;
  const buttonTarget = button ? href(ctx, button.link) : null;
  const buttonText = button ? tx(ctx, button.text) : null;
  return html`<div class="container header-bar">${logo(ctx, values)}${nav ? html`<a class="menu-toggle btn btn--outline btn--small" href="#menu" data-menu-toggle aria-controls="menu" aria-expanded="false">${say(ctx.lang, 'menu')}</a>` : null}${nav}${languages(ctx)}${phone ? html`<a class="header-phone" href="${telHref(phone)}">${phone}</a>` : null}${buttonTarget && buttonText ? html`<a class="btn btn--primary header-cta" href="${buttonTarget}">${buttonText}</a>` : null}</div>`;
}

/** The header drawn when the layout places no header floor: the site's name and the menu. */
export function fallbackHeader(ctx: RenderContext): Html {
  return drawnOnce(ctx, FALLBACK_HEADER, regionKey(ctx, [], 'fallback-header'), () => headerFloor(ctx, { show_logo: true, menu_from_pages: true }));
}

const NETWORKS: Record<string, string> = { vk: 'ВКонтакте', telegram: 'Telegram', ok: 'Одноклассники', youtube: 'YouTube', rutube: 'Rutube', dzen: 'Дзен' };

function footerFloor(ctx: RenderContext, values: Values): Html {
  const address = tx(ctx, values.address);
  const phones = list(values.phones).filter((item) => typeof item.phone === 'string' && item.phone.trim());
  const email = typeof values.email === 'string' && /^[^\s@<>"]+@[^\s@<>"]+$/.test(values.email.trim()) ? values.email.trim() : null;
  const links = list(values.menu).map((item) => ({ text: tx(ctx, item.text), link: href(ctx, item.link) })).filter((item) => item.text && item.link);
  const social = list(values.social).map((item) => ({ name: NETWORKS[item.network] ?? null, link: safeHref(item.url) })).filter((item) => item.name && item.link);
  const copyright = tx(ctx, values.copyright);
  return html`<div class="container footer-grid">
${address || phones.length || email ? html`<div><h2>${say(ctx.lang, 'address')}</h2>${address ? html`<address>${address}</address>` : null}<ul class="list-plain">${phones.map((item) => html`<li>${tx(ctx, item.label) ? html`${tx(ctx, item.label)}: ` : null}<a href="${telHref(item.phone)}">${item.phone.trim()}</a></li>`)}</ul>${email ? html`<p><a href="mailto:${email}">${email}</a></p>` : null}</div>` : null}
${links.length ? html`<nav aria-label="${say(ctx.lang, 'footer_menu')}"><h2>${say(ctx.lang, 'footer_menu')}</h2><ul class="list-plain">${links.map((item) => html`<li><a href="${item.link}">${item.text}</a></li>`)}</ul></nav>` : null}
${social.length ? html`<div><h2>${say(ctx.lang, 'social')}</h2><ul class="list-plain">${social.map((item) => html`<li><a href="${item.link}" rel="noopener" target="_blank">${item.name}</a></li>`)}</ul></div>` : null}
</div>${copyright ? html`<div class="container copyright"><p>${copyright}</p></div>` : null}`;
}
