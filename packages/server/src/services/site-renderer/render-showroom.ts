import { html, type Html } from './html.ts';
import { localHref, type RenderContext } from './render-context.ts';
import { carCard, labelCss } from './render-stock.ts';
import type { ShowroomModel, ShowroomView } from './site-stock.ts';
import { formatMoney, formatNumber, say } from './texts.ts';
import { listsOf, stockToolsOf, toolsBar, viewedStrip } from './stock-tools.ts';

/*
 * Model pages (docs/decisions/public-sites.md, "How does a site show its models?"): a showroom page
 * of the stock settings shows, below its title and above its floors, the model's gallery, its
 * complectations with the lowest price of each in the site's stock, and the model's cars as the
 * list's cards; the root catalogue page lists the model pages in the admin's restyling order.
 */

function gallery(ctx: RenderContext, view: ShowroomView): Html | null {
  if (!view.images.length) return null;
  return html`<div class="car-gallery showroom__gallery" role="region" aria-label="${say(ctx.lang, 'showroom_gallery')}" tabindex="0"><ul class="car-gallery__track">${view.images.map(
    (src, index) => html`<li><img src="${src}" alt="${say(ctx.lang, 'showroom_photo_n', { name: view.name, n: index + 1 })}" width="960" height="600"${index ? html` loading="lazy"` : null}></li>`,
  )}</ul></div>`;
}

function complectations(ctx: RenderContext, view: ShowroomView): Html | null {
  if (!view.complectations.length) return null;
  return html`<section class="showroom__section" aria-labelledby="showroom-trims"><h2 id="showroom-trims">${say(ctx.lang, 'showroom_complectations')}</h2><ul class="showroom-trims">${view.complectations.map(
    (item) =>
      html`<li class="showroom-trim"><span class="showroom-trim__name">${item.name}</span>${
        item.from !== null
          ? html`<strong class="showroom-trim__price">${say(ctx.lang, 'showroom_from', { value: formatMoney(item.from) })}</strong><span class="showroom-trim__count">${say(ctx.lang, 'showroom_in_stock', { count: formatNumber(item.count) })}</span>`
          : html`<span class="showroom-trim__count">${say(ctx.lang, 'showroom_not_in_stock')}</span>`
      }</li>`,
  )}</ul></section>`;
}

function cars(ctx: RenderContext, view: ShowroomView): Html {
  const found = view.cars;
  const listLink = found ? html`<p><a class="btn btn--outline" href="${localHref(ctx, found.list.kind === 'used' ? `${found.listUri}?type=used` : found.listUri)}">${say(ctx.lang, 'showroom_all_cars')}</a></p>` : null;
  if (!found || !found.result.total) return html`<section class="showroom__section" aria-labelledby="showroom-cars"><h2 id="showroom-cars">${say(ctx.lang, 'showroom_cars')}</h2><p class="stock__empty">${say(ctx.lang, 'showroom_no_cars')}</p>${listLink}</section>`;
  const visual = found.list.settings.visual_settings;
  labelCss(ctx, ctx.snap.stock?.labels ?? []);
  const { cars: shown, total } = found.result;
  const tools = stockToolsOf(ctx, listsOf(ctx.snap));
  return html`<section class="showroom__section" aria-labelledby="showroom-cars"><h2 id="showroom-cars">${say(ctx.lang, 'showroom_cars')}</h2>
${toolsBar(ctx, tools)}
<ul class="car-list car-list--${visual.list_view} car-list--cols-${visual.cards_per_row}">${shown.map((car) => carCard(ctx, found.list, found.listUri, car, tools))}</ul>
${total > shown.length ? html`<p class="stock__total">${say(ctx.lang, 'showroom_more', { shown: shown.length, count: formatNumber(total) })}</p>` : null}
${listLink}
</section>`;
}

/** A model page's part below its title. */
export function renderShowroom(ctx: RenderContext, view: ShowroomView): Html {
  return html`<div class="container showroom">${view.name ? html`<p class="showroom__name">${view.name}</p>` : null}${gallery(ctx, view)}${complectations(ctx, view)}${cars(ctx, view)}</div>${viewedStrip(ctx, stockToolsOf(ctx, listsOf(ctx.snap)))}`;
}

/** The root catalogue page's models, in the admin's restyling order, each linking to its model page. */
export function renderShowroomModels(ctx: RenderContext, models: ShowroomModel[]): Html | null {
  if (!models.length) return null;
  return html`<section class="container showroom" aria-label="${say(ctx.lang, 'showroom_models')}"><ul class="car-list car-list--grid car-list--cols-3 showroom-models">${models.map(
    (model) => html`<li class="car-card"><a class="car-card__link" href="${localHref(ctx, model.uri)}">
<div class="car-card__media">${model.image ? html`<img src="${model.image}" alt="${model.name}" loading="lazy" width="640" height="400">` : html`<div class="car-card__placeholder" aria-hidden="true">${model.name}</div>`}</div>
<div class="car-card__body"><h2 class="car-card__title">${model.name}</h2>
<div class="car-card__price">${model.from !== null ? html`<strong>${say(ctx.lang, 'showroom_from', { value: formatMoney(model.from) })}</strong>` : null}</div>
<p class="car-card__facts">${model.count ? say(ctx.lang, 'showroom_in_stock', { count: formatNumber(model.count) }) : say(ctx.lang, 'showroom_not_in_stock')}</p></div>
</a></li>`,
  )}</ul></section>`;
}
