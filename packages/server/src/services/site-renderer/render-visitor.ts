import { html, type Html } from './html.ts';
import { localHref, type RenderContext } from './render-context.ts';
import { carCard, carHref, labelCss } from './render-stock.ts';
import type { ListedCar, VisitorCarsView } from './site-stock.ts';
import { COMPARE_MAX, toolsBar } from './stock-tools.ts';
import { formatMoney, formatNumber, say } from './texts.ts';

/*
 * The visitor's own cars (docs/decisions/public-sites.md, "How do visitors keep favourites, viewed
 * cars and a comparison?"): the browser keeps them (localStorage, by the site script, within the
 * stock settings' counts and days); the server draws the favourites and comparison pages from the
 * ids in their address, so they read without JavaScript.
 */


function favorites(ctx: RenderContext, view: VisitorCarsView): Html {
  if (!view.cars.length) return html`<p class="stock__empty">${say(ctx.lang, 'favorites_empty')}</p>`;
  return html`<ul class="car-list car-list--grid car-list--cols-3">${view.cars.map((car) => {
    const own = view.lists.get(car.is_new ? 'new' : 'used')!;
    return carCard(ctx, own.list, own.uri, car, view.tools);
  })}</ul>`;
}

function compare(ctx: RenderContext, view: VisitorCarsView): Html {
  if (!view.cars.length) return html`<p class="stock__empty">${say(ctx.lang, 'compare_empty')}</p>`;
  const cars = view.cars;
  const without = (id: number) => {
    const rest = cars.filter((car) => car.id !== id).map((car) => car.id);
    return `${localHref(ctx, view.tools.compareUri)}${rest.length ? `?ids=${rest.join(',')}` : ''}`;
  };
  const row = (key: Parameters<typeof say>[1], value: (car: ListedCar) => Html | string | null) => {
    const values = cars.map(value);
    return values.some((item) => item !== null && item !== '') ? html`<tr><th scope="row">${say(ctx.lang, key)}</th>${values.map((item) => html`<td>${item ?? '—'}</td>`)}</tr>` : null;
  };
  return html`${view.asked > COMPARE_MAX ? html`<p class="stock-message stock-message--shown" role="status">${say(ctx.lang, 'compare_full')}</p>` : null}
<div class="compare" role="region" aria-label="${say(ctx.lang, 'compare_table')}" tabindex="0"><table class="compare__table">
<thead><tr><td></td>${cars.map((car) => {
    const own = view.lists.get(car.is_new ? 'new' : 'used')!;
    const name = [car.brand, car.model].filter(Boolean).join(' ');
    return html`<th scope="col"><a class="compare__car" href="${carHref(ctx, own.list, car, own.uri)}">${car.image ? html`<img src="${car.image}" alt="" width="320" height="200" loading="lazy">` : null}<span>${name}</span></a><a class="compare__remove" href="${without(car.id)}" aria-label="${say(ctx.lang, 'compare_remove')}: ${name}">${say(ctx.lang, 'compare_remove')}</a></th>`;
  })}</tr></thead>
<tbody>
${row('compare_price', (car) => (car.final_price ?? car.price) !== null ? formatMoney((car.final_price ?? car.price)!) : null)}
${row('compare_monthly', (car) => (car.monthly !== null ? say(ctx.lang, 'stock_per_month', { value: formatNumber(car.monthly) }) : null))}
${row('car_complectation', (car) => car.complectation)}
${row('car_year', (car) => (car.year ? String(car.year) : null))}
${row('car_mileage', (car) => (!car.is_new && car.mileage !== null ? say(ctx.lang, 'stock_km', { value: formatNumber(car.mileage) }) : null))}
${row('car_engine', (car) => car.engine)}
${row('car_transmission', (car) => car.transmission)}
${row('car_drive', (car) => car.wheel_drive)}
${row('car_body', (car) => car.body)}
${row('car_color', (car) => car.color)}
${row('car_dealer', (car) => car.dealer)}
</tbody></table></div>`;
}

/** The favourites or comparison page's part below its title. */
export function renderVisitorCars(ctx: RenderContext, view: VisitorCarsView): Html {
  labelCss(ctx, ctx.snap.stock?.labels ?? []);
  return html`<section class="container stock visitor-cars">${toolsBar(ctx, view.tools)}${view.kind === 'favorites' ? favorites(ctx, view) : compare(ctx, view)}</section>`;
}
