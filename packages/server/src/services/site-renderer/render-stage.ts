import type { StageImage } from '../content.storage/stage.table.ts';
import { html, safeColor, safeSrc, type Html } from './html.ts';
import { buttonLink } from './render-floors.ts';
import { href, tx, type RenderContext } from './render-context.ts';
import { embedUrl, icon, telHref } from './render-media.ts';
import type { StageStateRow } from './site-snapshot.ts';
import { say } from './texts.ts';

/**
 * Stages (the main page's banners, spec 000 §1): a slider of the published stage states, each a
 * responsive <picture> — the mobile, tablet and PC images of spec 000 §9, webp first unless the
 * stage disables it — or a video, under a panel with the title, subtitle, buttons and cards in the
 * stage's colours. It scrolls without JavaScript; the site script adds arrows and puts first the
 * stages whose personalization pages the visitor has seen.
 */
const SCREENS = [
  { screen: 'mobile', media: '(max-width: 767px)' },
  { screen: 'tablet', media: '(max-width: 1279px)' },
] as const;

function picture(images: StageStateRow['images'], webp: boolean, alt: string, eager: boolean): Html | null {
  const main: StageImage | null = images.pc ?? images.tablet ?? images.mobile ?? null;
  const src = safeSrc(main?.url);
  if (!main || !src) return null;
  const sources = SCREENS.flatMap(({ screen, media }) => {
    const image = images[screen];
    const url = safeSrc(image?.url);
    if (!image || !url || image === main) return [];
    const webpUrl = webp ? safeSrc(image.webp_url) : null;
    return [webpUrl ? html`<source media="${media}" srcset="${webpUrl}" type="image/webp">` : null, html`<source media="${media}" srcset="${url}">`];
  });
  const mainWebp = webp ? safeSrc(main.webp_url) : null;
  const text = main.alt?.trim() || alt;
  const size = main.width && main.height ? html` width="${main.width}" height="${main.height}"` : null;
  return html`<picture class="stage__media">${sources}${mainWebp ? html`<source srcset="${mainWebp}" type="image/webp">` : null}<img src="${src}" alt="${text}"${main.title ? html` title="${main.title}"` : null}${size}${eager ? html` fetchpriority="high"` : html` loading="lazy"`} decoding="async"></picture>`;
}

function video(stage: StageStateRow, title: string, poster: string | null): Html | null {
  const v = stage.video;
  if (!v) return null;
  if (v.type === 'native') {
    const src = safeSrc(v.url);
    return src ? html`<video class="stage__media"${v.autoplay ? html` autoplay` : null}${v.muted ? html` muted` : null}${v.loop ? html` loop` : null} playsinline preload="metadata"${poster ? html` poster="${poster}"` : null} src="${src}" aria-label="${title}"></video>` : null;
  }
  const embed = embedUrl(v.type, v.url);
  if (!embed) return null;
  const params = new URLSearchParams();
  if (v.autoplay) params.set('autoplay', '1');
  if (v.muted) params.set(v.type === 'vimeo' ? 'muted' : 'mute', '1');
  if (v.loop) params.set('loop', '1');
  if (v.type === 'youtube' && v.loop) params.set('playlist', embed.split('/').pop()!);
  const query = params.toString();
  return html`<iframe class="stage__media" src="${query ? `${embed}?${query}` : embed}" title="${title}" loading="lazy" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
}

/** `#rrggbb` and an opacity of 0–100 as rgba(); a colour that is not a checked hex is none. */
function withOpacity(color: unknown, opacity: unknown): string | null {
  const hex = safeColor(color);
  if (!hex) return null;
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex.slice(0, 7);
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(full.slice(at, at + 2), 16));
  const alpha = typeof opacity === 'number' && opacity >= 0 && opacity <= 100 ? opacity / 100 : 0.6;
  return `rgba(${r},${g},${b},${alpha})`;
}

/** The stage's chosen colours as rules of its own class (values checked: hex colours only). */
function stageCss(ctx: RenderContext, stage: StageStateRow, className: string) {
  const colors = (stage.colors ?? {}) as Record<string, unknown>;
  const panel = (stage.panel ?? {}) as Record<string, unknown>;
  const rules: string[] = [];
  const background = safeColor(colors.background);
  if (background) rules.push(`.${className}{background:${background}}`);
  const title = safeColor(colors.title);
  if (title) rules.push(`.${className} .stage__title{color:${title}}`);
  const subtitle = safeColor(colors.subtitle);
  if (subtitle) rules.push(`.${className} .stage__subtitle{color:${subtitle}}`);
  const button = safeColor(colors.button);
  if (button) rules.push(`.${className} .btn--primary{background:${button};border-color:${button}}`);
  const panelColor = panel.enabled === true ? withOpacity(panel.color ?? '#000000', panel.opacity) : null;
  if (panelColor) rules.push(`.${className} .stage__panel{background:${panelColor}}`);
  else rules.push(`.${className} .stage__panel{text-shadow:0 1px 3px rgba(0,0,0,.6)}`);
  ctx.css.push(...rules);
}

function stageButton(ctx: RenderContext, button: Record<string, unknown>): Html | null {
  const text = tx(ctx, button.text);
  const link = typeof button.link === 'string' ? button.link.trim() : '';
  if (!text || !link) return null;
  let target: string | null = null;
  if (button.type === 'phone') target = /^\+?[0-9][0-9\s()-]{4,24}$/.test(link) ? telHref(link) : null;
  else if (button.type === 'email') target = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(link) ? `mailto:${link}` : null;
  else if (button.type === 'anchor') target = /^#[A-Za-z][A-Za-z0-9_-]{0,99}$/.test(link) ? link : null;
  else target = href(ctx, link);
  return target ? buttonLink(target, text, button) : null;
}

function slide(ctx: RenderContext, stage: StageStateRow, index: number, total: number): Html {
  const className = `stage-s${stage.id}`;
  stageCss(ctx, stage, className);
  const title = tx(ctx, stage.title);
  const subtitle = tx(ctx, stage.subtitle);
  const alt = title ?? tx(ctx, stage.name) ?? '';
  const image = picture(stage.images, !stage.disable_webp, alt, index === 0);
  const media = video(stage, alt, safeSrc(stage.images.pc?.url)) ?? image;
  const buttons = (stage.buttons ?? []).map((button) => stageButton(ctx, button)).filter(Boolean);
  const cards = (stage.cards ?? []).filter((card) => tx(ctx, card.title));
  const position = stage.position === 'center' || stage.position === 'right' ? stage.position : 'left';
  const rounded = (stage.panel as Record<string, unknown>)?.rounded !== false ? ' stage__panel--rounded' : '';
  const personalize = stage.personalization_page_ids?.length ? html` data-personalize="${stage.personalization_page_ids.join(',')}"` : null;
  const cardItems = cards.map((card) => {
    const link = href(ctx, card.link);
    const body = html`${icon(card.icon)}<strong>${tx(ctx, card.title)}</strong>${tx(ctx, card.text) ? html`<br>${tx(ctx, card.text)}` : null}`;
    return html`<li>${link ? html`<a href="${link}">${body}</a>` : body}</li>`;
  });
  return html`<div class="stage__slide ${className} stage--${position}" role="group" aria-roledescription="slide" aria-label="${say(ctx.lang, 'stage_slide', { n: index + 1, total })}"${personalize}>${media}<div class="stage__content container"><div class="stage__panel${rounded}">${title ? html`<h2 class="stage__title">${title}</h2>` : null}${subtitle ? html`<p class="stage__subtitle">${subtitle}</p>` : null}${buttons.length ? html`<div class="buttons">${buttons}</div>` : null}${cardItems.length ? html`<ul class="stage__cards">${cardItems}</ul>` : null}</div></div></div>`;
}

export function renderStages(ctx: RenderContext): Html | null {
  const stages = ctx.stages;
  if (!stages.length) return null;
  const controls = stages.length > 1
    ? html`<div class="stage__controls"><button type="button" data-stage="prev" aria-label="${say(ctx.lang, 'previous')}">‹</button><button type="button" data-stage="next" aria-label="${say(ctx.lang, 'next')}">›</button></div>`
    : null;
  return html`<section class="stage" aria-roledescription="carousel" aria-label="${say(ctx.lang, 'stage')}"><div class="stage__track">${stages.map((stage, index) => slide(ctx, stage, index, stages.length))}</div>${controls}</section>`;
}
