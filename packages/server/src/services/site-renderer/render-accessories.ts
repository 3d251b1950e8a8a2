import { html, jsonForScript, type Html } from './html.ts';
import { absolute, localHref, tx, uid, type RenderContext } from './render-context.ts';
import { renderFloors } from './render-floors.ts';
import { pagerOf } from './render-stock.ts';
import { renderForm, type FormSpec } from './site-forms.ts';
import { accessoryTitleOf, SHOP_SORTS, SHOP_URI, type AccessoryDetails, type AccessoryView, type ListedAccessory, type ShopOption, type ShopView } from './site-accessories.ts';
import { formatMoney, formatNumber, say } from './texts.ts';

/*
 * The accessories shop of a public site (site-accessories.ts): the catalogue (the categories as
 * links, the filters as a GET form that works without JavaScript, the cards, the pages) and an
 * accessory's page (photos, price with the discount, attributes, compatibility, the order form).
 */

/** The order form of an accessory: the accessory named by the page, never by the visitor. */
export const accessoryOrderSpec = (item: Pick<AccessoryDetails, 'id' | 'name' | 'article_code'>): FormSpec => ({ kind: 'accessory', models: [], accessory: { id: item.id, name: accessoryTitleOf(item) } });

/** The shop's caption: the site's page at its address when there is one, else the renderer's word. */
export const shopCaption = (ctx: RenderContext) => (ctx.snap.pagesByUri.get(SHOP_URI) ? tx(ctx, ctx.snap.pagesByUri.get(SHOP_URI)!.state.caption) : null) ?? say(ctx.lang, 'shop_title');

function catalogueHref(ctx: RenderContext, search: URLSearchParams): string {
  const query = search.toString();
  return `${localHref(ctx, SHOP_URI)}${query ? `?${query}` : ''}`;
}

function crumbs(ctx: RenderContext, trail: { href: string | null; name: string }[]): Html {
  return html`<nav class="breadcrumbs container" aria-label="${say(ctx.lang, 'breadcrumbs')}"><ol><li><a href="${localHref(ctx, '/')}">${say(ctx.lang, 'home')}</a></li>${trail.map((step) =>
    step.href ? html`<li><a href="${step.href}">${step.name}</a></li>` : html`<li><span aria-current="page">${step.name}</span></li>`,
  )}</ol></nav>`;
}

/** A price with its discount: the price to pay, the price before it struck out. */
function price(ctx: RenderContext, item: Pick<ListedAccessory, 'price' | 'final_price'>, main = false): Html {
  const discounted = item.final_price < item.price;
  return html`<div class="${main ? 'car-price' : 'car-card__price'}">${main ? html`<p class="car-price__main">${formatMoney(item.final_price)}</p>` : html`<strong>${formatMoney(item.final_price)}</strong>`}${
    discounted ? (main ? html`<p class="car-price__old"><s><span class="visually-hidden">${say(ctx.lang, 'stock_old_price')}: </span>${formatMoney(item.price)}</s></p>` : html` <s><span class="visually-hidden">${say(ctx.lang, 'stock_old_price')}: </span>${formatMoney(item.price)}</s>`) : null
  }</div>`;
}

function card(ctx: RenderContext, item: ListedAccessory): Html {
  const href = localHref(ctx, `${SHOP_URI}/${item.id}`);
  return html`<li class="car-card accessory-card">
<a class="car-card__link" href="${href}">
<div class="car-card__media">${item.image ? html`<img src="${item.image}" alt="${item.name}" loading="lazy" width="640" height="400">` : html`<div class="car-card__placeholder" aria-hidden="true">${item.name}</div>`}</div>
<div class="car-card__body">
<h2 class="car-card__title">${item.name}</h2>
<p class="car-card__facts">${say(ctx.lang, 'shop_article')}: ${item.article_code}</p>
${price(ctx, item)}
<p class="${item.in_stock ? 'accessory-stock' : 'car-card__status'}">${say(ctx.lang, item.in_stock ? 'shop_in_stock' : 'shop_out_of_stock')}</p>
</div>
</a>
</li>`;
}

function select(ctx: RenderContext, name: string, label: string, anyText: string, options: ShopOption[], chosen: string | null): Html {
  const id = uid(ctx, 'shop');
  return html`<div class="filter filter--select"><label class="filter__title" for="${id}">${label}</label><select id="${id}" name="${name}"><option value="">${anyText}</option>${options.map(
    (option) => html`<option value="${option.value}"${option.value === chosen ? html` selected` : null}>${option.name} (${option.count})</option>`,
  )}</select></div>`;
}

function filtersForm(ctx: RenderContext, view: ShopView): Html {
  const { query, list, config } = view;
  const searchId = uid(ctx, 'shop');
  const sortId = uid(ctx, 'shop');
  const attributes = [...config.attributes.values()].filter((one) => one.is_filterable);
  const reset = new URLSearchParams(query.category !== null ? `category=${query.category}` : '');
  return html`<form class="stock-filters" id="shop-filters" method="get" action="${localHref(ctx, SHOP_URI)}" aria-label="${say(ctx.lang, 'shop_filters')}">
${query.category !== null ? html`<input type="hidden" name="category" value="${query.category}">` : null}
<div class="filter"><label class="filter__title" for="${searchId}">${say(ctx.lang, 'shop_search')}</label><input type="search" id="${searchId}" name="q" maxlength="100" value="${query.search}"></div>
${list.brands.length ? select(ctx, 'brand', say(ctx.lang, 'shop_brand'), say(ctx.lang, 'shop_any'), list.brands, query.brand === null ? null : String(query.brand)) : null}
${list.models.length ? select(ctx, 'model', say(ctx.lang, 'shop_model'), say(ctx.lang, 'shop_any'), list.models, query.model === null ? null : String(query.model)) : null}
${attributes.map((attribute) => {
  const chosen = new Set(query.attributes.get(attribute.code) ?? []);
  const options = [...(list.facets.get(attribute.code) ?? [])];
  for (const value of chosen) if (!options.some((option) => option.value === value)) options.push({ value, name: value, count: 0 });
  if (!options.length) return null;
  const shown = (value: string) => (attribute.type === 'boolean' ? say(ctx.lang, value === 'true' ? 'shop_yes' : 'shop_no') : value);
  return html`<fieldset class="filter filter--multi"><legend class="filter__title">${attribute.name}</legend><ul>${options.map(
    (option) =>
      html`<li><label><input type="checkbox" name="attr_${attribute.code}" value="${option.value}"${chosen.has(option.value) ? html` checked` : null}${!option.count && !chosen.has(option.value) ? html` disabled` : null}> ${shown(option.name)} <span class="filter__count">${option.count}</span></label></li>`,
  )}</ul></fieldset>`;
})}
<div class="filter filter--select"><label class="filter__title" for="${sortId}">${say(ctx.lang, 'shop_sort')}</label><select id="${sortId}" name="sort"><option value="">${say(ctx.lang, 'shop_sort_default')}</option>${SHOP_SORTS.map(
    (value) => html`<option value="${value}"${value === query.sort ? html` selected` : null}>${say(ctx.lang, value === 'price_asc' ? 'shop_sort_price_asc' : 'shop_sort_price_desc')}</option>`,
  )}</select></div>
<div class="stock-filters__actions"><button class="btn btn--primary" type="submit">${say(ctx.lang, 'stock_show')}</button>${query.filtered ? html`<a class="btn" href="${catalogueHref(ctx, reset)}">${say(ctx.lang, 'stock_reset')}</a>` : null}</div>
</form>`;
}

function categoriesNav(ctx: RenderContext, view: ShopView): Html | null {
  const { config, query } = view;
  if (!config.categories.length) return null;
  const link = (id: number | null, name: string) => {
    const search = new URLSearchParams(id === null ? '' : `category=${id}`);
    return id === query.category ? html`<li><span aria-current="page">${name}</span></li>` : html`<li><a href="${catalogueHref(ctx, search)}">${name}</a></li>`;
  };
  return html`<nav class="stock-kinds shop-categories" aria-label="${say(ctx.lang, 'shop_categories')}"><ul>${link(null, say(ctx.lang, 'shop_all'))}${config.categories.map((category) => link(category.id, category.name))}</ul></nav>`;
}

/** The catalogue below the breadcrumbs: the title, the categories, the filters, the cards and the pages, then the page's floors. */
export function renderShop(ctx: RenderContext, view: ShopView): Html {
  const { list, query } = view;
  const caption = shopCaption(ctx);
  const category = query.category !== null ? view.config.categories.find((one) => one.id === query.category) : undefined;
  const page = ctx.snap.pagesByUri.get(SHOP_URI);
  const empty = !list.total ? html`<p class="stock__empty">${say(ctx.lang, query.filtered ? 'shop_none' : 'shop_empty')}</p>` : null;
  return html`${crumbs(ctx, category ? [{ href: localHref(ctx, SHOP_URI), name: caption }, { href: null, name: category.name }] : [{ href: null, name: caption }])}
<div class="container page-title"><h1>${category ? category.name : caption}</h1></div>
<section class="container stock shop" aria-label="${caption}">
${categoriesNav(ctx, view)}
<div class="stock__layout">
${filtersForm(ctx, view)}
<div class="stock__results">
<a class="stock__to-filters" href="#shop-filters">${say(ctx.lang, 'shop_filters')}</a>
<p class="stock__total" role="status">${say(ctx.lang, 'shop_found', { count: formatNumber(list.total) })}</p>
${empty}
${list.items.length ? html`<ul class="car-list car-list--grid car-list--cols-3">${list.items.map((item) => card(ctx, item))}</ul>` : null}
${pagerOf(ctx, view.list, view.query.key, (search) => catalogueHref(ctx, search))}
</div>
</div>
</section>
${page ? renderFloors(ctx, page.state.floors, 'main') : null}`;
}

function attributeValue(ctx: RenderContext, value: unknown): string {
  if (typeof value === 'boolean') return say(ctx.lang, value ? 'shop_yes' : 'shop_no');
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** schema.org Product with its Offer. */
function jsonLd(ctx: RenderContext, view: AccessoryView): Html {
  const { item } = view;
  const url = absolute(ctx.base, localHref(ctx, view.uri));
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    sku: item.article_code,
    url,
    ...(item.description ? { description: item.description } : {}),
    ...(item.images.length ? { image: item.images.map((src) => absolute(ctx.base, src)) } : {}),
    offers: { '@type': 'Offer', price: item.final_price, priceCurrency: 'RUB', url, availability: item.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder', seller: { '@type': 'AutoDealer', name: ctx.snap.site.name } },
  };
  return html`<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

/** An accessory's page below the breadcrumbs. */
export function renderAccessory(ctx: RenderContext, view: AccessoryView): Html {
  const { item } = view;
  const caption = shopCaption(ctx);
  const depersonalization = ctx.snap.site.depersonalization;
  const fits = !item.brand ? say(ctx.lang, 'shop_fits_all') : item.models.length ? `${item.brand} ${item.models.join(', ')}` : say(ctx.lang, 'shop_fits_brand', { brand: item.brand });
  const rows: [string, string | null][] = [
    [say(ctx.lang, 'shop_article'), item.article_code],
    [say(ctx.lang, 'shop_category'), item.category],
    [say(ctx.lang, 'shop_fits'), fits],
    [say(ctx.lang, 'shop_dealer'), item.dealer_name],
    ...item.attributes.map((attribute): [string, string] => [attribute.name, attributeValue(ctx, attribute.value)]),
  ];
  const gallery = item.images.length
    ? html`<div class="car-gallery" role="region" aria-label="${say(ctx.lang, 'car_photos')}" tabindex="0"><ul class="car-gallery__track">${item.images.map(
        (src, index) => html`<li><img src="${src}" alt="${say(ctx.lang, 'shop_photo_n', { name: item.name, n: index + 1 })}" width="960" height="600"${index ? html` loading="lazy"` : null}></li>`,
      )}</ul></div>`
    : html`<div class="car-gallery car-gallery--empty"><div class="car-card__placeholder" aria-hidden="true">${item.name}</div></div>`;
  const discount = item.price - item.final_price;
  return html`${crumbs(ctx, [{ href: localHref(ctx, SHOP_URI), name: caption }, { href: null, name: item.name }])}
<div class="container car-page accessory-page">
<div class="page-title"><h1>${item.name}</h1></div>
<div class="car-page__top">
${gallery}
<aside class="car-page__aside">${price(ctx, item, true)}${discount > 0 ? html`<p class="car-card__benefit">${say(ctx.lang, 'shop_discount', { value: formatMoney(discount) })}</p>` : null}
<p class="${item.in_stock ? 'accessory-stock' : 'car-card__status'}">${say(ctx.lang, item.in_stock ? 'shop_in_stock' : 'shop_out_of_stock')}</p>
<p><a class="btn btn--primary btn--full" href="#accessory-order">${say(ctx.lang, 'shop_order_button')}</a></p>
<p><a class="btn btn--outline btn--full" href="${localHref(ctx, SHOP_URI)}">${say(ctx.lang, 'shop_back')}</a></p></aside>
</div>
<div class="car-page__details">
<div>
<section class="car-section"><h2>${say(ctx.lang, 'shop_attributes')}</h2><dl class="car-specs">${rows.filter(([, value]) => value).map(([name, value]) => html`<div><dt>${name}</dt><dd>${value}</dd></div>`)}</dl></section>
${item.description ? html`<section class="car-section"><h2>${say(ctx.lang, 'car_description')}</h2>${item.description.split(/\n{2,}/).map((part) => html`<p>${part}</p>`)}</section>` : null}
</div>
<div class="car-page__forms"><section class="car-request" id="accessory-order" aria-labelledby="accessory-order-title"><h2 id="accessory-order-title">${say(ctx.lang, 'shop_order')}</h2><p>${say(ctx.lang, 'shop_order_text')}</p>${renderForm({
    anchor: 'accessory-order',
    placement: view.placement,
    action: localHref(ctx, view.uri),
    lang: ctx.lang,
    spec: accessoryOrderSpec(item),
    buttonText: say(ctx.lang, 'shop_order_button'),
    depersonalizationDays: depersonalization?.enabled && depersonalization.period ? depersonalization.period : null,
    outcome: ctx.form,
    smartCaptchaKey: ctx.snap.smartCaptcha?.sitekey ?? null,
  })}</section></div>
</div>
</div>
${jsonLd(ctx, view)}`;
}
