import { carAddress, CUSTOM_FILTER_FIELDS, fillSmartContractLink, type CustomFilter, type CustomFilterField } from '@dp/contracts';
import { html, keepFlat, safeColor, safeHref, type Html } from './html.ts';
import { localHref, uid, type RenderContext } from './render-context.ts';
import { filtersOf, type ListedCar, type StockList, type StockTools, type StockView } from './site-stock.ts';
import { onColor } from './site-styles.ts';
import { formatMoney, formatNumber, say, sortName, stockValueName } from './texts.ts';
import type { SiteLabel } from '../cars.catalog/labels.routes.ts';
import { carActions, listsOf, stockToolsOf, toolsBar, viewedStrip } from './stock-tools.ts';

/*
 * A stock list page (docs/decisions/public-sites.md, "How does a site show its stock?"): the kinds'
 * switch when new and used share the page, the site's custom filters as a GET form (counts per
 * value under the other filters; works without JavaScript), the visitor's order, the cards (labels,
 * price and discounted price, the dealer's benefit, the monthly payment, the visitor's buttons) and
 * the pages.
 */

const CODED_FIELDS = new Set<CustomFilterField>(['logistic_status', 'pts']);
const titleOf = (ctx: RenderContext, item: { title_ru: string; title_en?: string | null }) => (ctx.lang === 'en' ? item.title_en || item.title_ru : item.title_ru);

/** The list's address with `search` (a query string) on the page's own path. */
function listHref(ctx: RenderContext, search: URLSearchParams): string {
  const query = search.toString();
  return `${localHref(ctx, ctx.page.uri)}${query ? `?${query}` : ''}`;
}

/** Rules for the labels' colours (checked hex only): the CSP allows no style attributes. */
export function labelCss(ctx: RenderContext, labels: SiteLabel[]) {
  for (const label of labels) {
    const color = safeColor(label.background);
    if (color && color.length === 7) ctx.css.push(`.car-label--${label.id}{background:${color};color:${onColor(color)}}`);
  }
}

function labelChip(ctx: RenderContext, label: SiteLabel): Html {
  const name = String((ctx.lang === 'en' ? label.name_en : label.name_ru) || label.name);
  const about = typeof label.about === 'string' && label.about ? label.about : null;
  return html`<li class="car-label car-label--${label.id}"${about ? html` title="${about}"` : null}>${name}</li>`;
}

/** The address of a car's page: below the list's root page (`listUri`), friendly when the settings say so. */
export function carHref(ctx: RenderContext, list: StockList, car: Pick<ListedCar, 'id' | 'year' | 'slug'>, listUri = ctx.page.uri): string {
  return localHref(ctx, carAddress(listUri, car, car.slug, list.settings.friendly_url));
}

/**
 * The address of a car's online purchase: the stock settings' smart contract link with the car's
 * values (checked again as a safe link, since stored data may come from anywhere); null without one.
 */
export function smartContractHref(ctx: RenderContext, car: Pick<ListedCar, 'id' | 'vin'>): string | null {
  return safeHref(fillSmartContractLink(ctx.snap.stock?.smartContractLink, car));
}

/**
 * Cards drawn, by the car and what else they show: a list page's cars are the same objects while
 * the site's cached answers live (site-stock.ts, `CardMemo`), so another page showing one draws
 * nothing again; a car read anew (another site state, a car page) is another key.
 */
const drawnCards = new WeakMap<ListedCar, Map<string, Html>>();

/** A car's card (a list page's, a model page's): photo with badges, names, facts, tags, prices, the dealer's benefit. */
export function carCard(ctx: RenderContext, list: StockList, listUri: string, car: ListedCar, tools: StockTools | null = null): Html {
  const key = `${ctx.lang}|${ctx.prefix}|${ctx.preview}|${list.kind}|${listUri}|${tools !== null}`;
  let drawn = drawnCards.get(car);
  const kept = drawn?.get(key);
  if (kept) return kept;
  const card = keepFlat(drawCard(ctx, list, listUri, car, tools));
  if (!drawn) drawnCards.set(car, (drawn = new Map()));
  drawn.set(key, card);
  return card;
}

function drawCard(ctx: RenderContext, list: StockList, listUri: string, car: ListedCar, tools: StockTools | null): Html {
  const visual = list.settings.visual_settings;
  const name = [car.brand, car.model].filter(Boolean).join(' ') || say(ctx.lang, 'stock_no_photo');
  const href = carHref(ctx, list, car, listUri);
  const labels = visual.show_labels ? car.labels : [];
  const badges = labels.filter((label) => label.type === 'badge');
  const tags = labels.filter((label) => label.type !== 'badge');
  const facts = [car.year ? String(car.year) : null, !car.is_new && car.mileage !== null ? say(ctx.lang, 'stock_km', { value: formatNumber(car.mileage) }) : null, car.engine, car.transmission, car.wheel_drive].filter(Boolean);
  const discounted = visual.show_discount_price && car.final_price !== null && car.price !== null && car.final_price < car.price;
  const shown = visual.show_discount_price ? (car.final_price ?? car.price) : car.price;
  const buy = smartContractHref(ctx, car);
  return html`<li class="car-card">
<a class="car-card__link" href="${href}">
<div class="car-card__media">${car.image ? html`<img src="${car.image}" alt="${name}" loading="lazy" width="640" height="400">` : html`<div class="car-card__placeholder" aria-hidden="true">${name}</div>`}${badges.length ? html`<ul class="car-card__badges">${badges.map((label) => labelChip(ctx, label))}</ul>` : null}</div>
<div class="car-card__body">
<h2 class="car-card__title">${name}</h2>
${car.complectation ? html`<p class="car-card__complectation">${car.complectation}</p>` : null}
${facts.length ? html`<p class="car-card__facts">${facts.join(' · ')}</p>` : null}
${tags.length ? html`<ul class="car-card__tags">${tags.map((label) => labelChip(ctx, label))}</ul>` : null}
<div class="car-card__price">${shown !== null ? html`<strong>${formatMoney(shown)}</strong>` : null}${discounted ? html` <s><span class="visually-hidden">${say(ctx.lang, 'stock_old_price')}: </span>${formatMoney(car.price!)}</s>` : null}</div>
${visual.show_discount_price && car.benefit > 0 ? html`<p class="car-card__benefit">${say(ctx.lang, 'stock_benefit')} <span class="nowrap">−${formatMoney(car.benefit)}</span></p>` : null}
${car.monthly !== null ? html`<p class="car-card__credit">${say(ctx.lang, 'stock_per_month', { value: formatNumber(car.monthly) })}</p>` : null}
${car.status === 'reserved' ? html`<p class="car-card__status">${say(ctx.lang, 'stock_reserved')}</p>` : null}
${visual.show_dealer && car.dealer ? html`<p class="car-card__dealer">${car.dealer}</p>` : null}
</div>
</a>
${buy ? html`<p class="car-card__buy"><a href="${buy}">${say(ctx.lang, 'car_buy_online')}</a></p>` : null}
${carActions(ctx, tools, car)}
</li>`;
}

function optionName(ctx: RenderContext, field: CustomFilterField, name: string): string {
  if (CODED_FIELDS.has(field)) return stockValueName(ctx.lang, name);
  return name;
}

function filterControl(ctx: RenderContext, view: StockView, filter: CustomFilter): Html | null {
  const { counts } = view.result;
  const field = filter.field;
  const title = titleOf(ctx, filter);
  const id = uid(ctx, 'flt');
  if (filter.type === 'range') {
    const bounds = counts.bounds.get(field) ?? { min: null, max: null };
    const range = view.query.ranges.get(field);
    // Years are written without grouping (2024), money and kilometres with it (1 250 000).
    const shown = (value: number) => (field === 'year' ? String(value) : formatNumber(value));
    const input = (side: 'from' | 'to', value: number | null, hint: number | null) =>
      html`<input type="number" inputmode="numeric" min="0" step="1" name="${field}_${side}" id="${id}-${side}" value="${value ?? ''}" placeholder="${say(ctx.lang, side === 'from' ? 'stock_from' : 'stock_to')}${hint !== null ? ` ${shown(hint)}` : ''}" aria-label="${title}, ${say(ctx.lang, side === 'from' ? 'stock_from' : 'stock_to')}">`;
    return html`<div class="filter filter--range"><span class="filter__title" id="${id}">${title}</span><div class="filter__range" role="group" aria-labelledby="${id}">${input('from', range?.from ?? null, bounds.min)}${input('to', range?.to ?? null, bounds.max)}</div></div>`;
  }
  if (filter.type === 'checkbox') {
    const checked = view.query.flags.has(field);
    const count = counts.flags.get(field) ?? 0;
    return html`<div class="filter filter--checkbox"><label><input type="checkbox" name="${field}" value="1"${checked ? html` checked` : null}${!checked && !count ? html` disabled` : null}> ${title} <span class="filter__count">${count}</span></label></div>`;
  }
  const options = counts.options.get(field) ?? [];
  const chosen = new Set(view.query.values.get(field) ?? []);
  // A chosen value no car has any more stays shown, so that it can be unchecked.
  for (const value of chosen) if (!options.some((option) => option.value === value)) options.push({ value, name: value, count: 0 });
  if (!options.length) return null;
  if (filter.type === 'select') {
    const shownName = (option: { name: string }) => (CUSTOM_FILTER_FIELDS[field] === 'boolean' ? say(ctx.lang, 'stock_yes') : optionName(ctx, field, option.name));
    return html`<div class="filter filter--select"><label class="filter__title" for="${id}">${title}</label><select id="${id}" name="${field}"><option value="">${say(ctx.lang, 'stock_any')}</option>${options.map((option) => html`<option value="${option.value}"${chosen.has(option.value) ? html` selected` : null}${!option.count && !chosen.has(option.value) ? html` disabled` : null}>${shownName(option)} (${option.count})</option>`)}</select></div>`;
  }
  return html`<fieldset class="filter filter--multi"><legend class="filter__title">${title}</legend><ul>${options.map(
    (option) =>
      html`<li><label><input type="checkbox" name="${field}" value="${option.value}"${chosen.has(option.value) ? html` checked` : null}${!option.count && !chosen.has(option.value) ? html` disabled` : null}> ${optionName(ctx, field, option.name)} <span class="filter__count">${option.count}</span></label></li>`,
  )}</ul></fieldset>`;
}

function filtersForm(ctx: RenderContext, view: StockView): Html {
  const { config, query } = view;
  const sortId = uid(ctx, 'sort');
  const visitorSorts = config.sort.visitor_fields.flatMap((field) => (field === 'restyling_sort' ? [`${field}_asc`] : [`${field}_asc`, `${field}_desc`]));
  const chosenSort = query.sort ? `${query.sort.field}_${query.sort.direction}` : '';
  const reset = new URLSearchParams(query.list === view.lists[0] ? '' : `type=${query.list.kind}`);
  return html`<form class="stock-filters" id="stock-filters" method="get" action="${localHref(ctx, ctx.page.uri)}" aria-label="${say(ctx.lang, 'stock_filters')}">
${query.list !== view.lists[0] ? html`<input type="hidden" name="type" value="${query.list.kind}">` : null}
${config.groups.map((group) => {
  const controls = group.filters.filter((filter) => filtersOf(config).includes(filter)).map((filter) => filterControl(ctx, view, filter)).filter(Boolean);
  return controls.length ? html`<fieldset class="filter-group"><legend>${titleOf(ctx, group)}</legend>${controls}</fieldset>` : null;
})}
${visitorSorts.length ? html`<div class="filter filter--select"><label class="filter__title" for="${sortId}">${say(ctx.lang, 'stock_sort')}</label><select id="${sortId}" name="sort"><option value="">${say(ctx.lang, 'stock_sort_default')}</option>${visitorSorts.map((value) => html`<option value="${value}"${value === chosenSort ? html` selected` : null}>${sortName(ctx.lang, value)}</option>`)}</select></div>` : null}
<div class="stock-filters__actions"><button class="btn btn--primary" type="submit">${say(ctx.lang, 'stock_show')}</button>${query.filtered ? html`<a class="btn" href="${listHref(ctx, reset)}">${say(ctx.lang, 'stock_reset')}</a>` : null}</div>
</form>`;
}

/**
 * The pages of a list (the stock's, the accessories shop's): the first, the last and two on each
 * side of the current one, each at the list's address (`search`, the written-back state) with its
 * page number, through `hrefOf`.
 */
export function pagerOf(ctx: RenderContext, { page, pages }: { page: number; pages: number }, search: string, hrefOf: (search: URLSearchParams) => string): Html | null {
  if (pages <= 1) return null;
  const at = (n: number) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (n > 1) params.append('page', String(n));
    return hrefOf(params);
  };
  const numbers = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const items: Html[] = [];
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1]! > 1) items.push(html`<li class="pager__gap" aria-hidden="true">…</li>`);
    items.push(n === page ? html`<li><span aria-current="page">${n}</span></li>` : html`<li><a href="${at(n)}" aria-label="${say(ctx.lang, 'page_n', { n })}">${n}</a></li>`);
  });
  return html`<nav class="pager" aria-label="${say(ctx.lang, 'pages')}"><ul class="pagination">${page > 1 ? html`<li><a href="${at(page - 1)}" rel="prev">${say(ctx.lang, 'previous')}</a></li>` : null}${items}${page < pages ? html`<li><a href="${at(page + 1)}" rel="next">${say(ctx.lang, 'next')}</a></li>` : null}</ul></nav>`;
}

function kindSwitch(ctx: RenderContext, view: StockView): Html | null {
  if (view.lists.length < 2) return null;
  return html`<nav class="stock-kinds" aria-label="${say(ctx.lang, 'stock_kinds')}"><ul>${view.lists.map((list, i) => {
    const label = say(ctx.lang, list.kind === 'new' ? 'stock_new' : 'stock_used');
    return list === view.query.list ? html`<li><span aria-current="page">${label}</span></li>` : html`<li><a href="${listHref(ctx, new URLSearchParams(i === 0 ? '' : `type=${list.kind}`))}">${label}</a></li>`;
  })}</ul></nav>`;
}

/** The list below the page's title. */
export function renderStockList(ctx: RenderContext, view: StockView): Html {
  const { result, query } = view;
  const visual = query.list.settings.visual_settings;
  labelCss(ctx, view.config.labels);
  const tools = stockToolsOf(ctx, listsOf(ctx.snap));
  const empty = !result.total ? html`<p class="stock__empty">${say(ctx.lang, query.filtered ? 'stock_none' : 'stock_empty')}</p>` : null;
  return html`<section class="container stock" aria-label="${say(ctx.lang, query.list.kind === 'new' ? 'stock_new' : 'stock_used')}">
${kindSwitch(ctx, view)}
<div class="stock__layout">
${filtersForm(ctx, view)}
<div class="stock__results">
<a class="stock__to-filters" href="#stock-filters">${say(ctx.lang, 'stock_filters')}</a>
${toolsBar(ctx, tools)}
<p class="stock__total" role="status">${say(ctx.lang, 'stock_found', { count: formatNumber(result.total) })}</p>
${empty}
${result.cars.length ? html`<ul class="car-list car-list--${visual.list_view} car-list--cols-${visual.cards_per_row}">${result.cars.map((car) => carCard(ctx, query.list, ctx.page.uri, car, tools))}</ul>` : null}
${pagerOf(ctx, view.result, view.query.search, (search) => listHref(ctx, search))}
</div>
</div>
</section>
${viewedStrip(ctx, tools)}`;
}
