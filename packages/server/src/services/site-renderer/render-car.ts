import { html, jsonForScript, safeColor, type Html } from './html.ts';
import { absolute, localHref, type RenderContext } from './render-context.ts';
import { renderForm, type FormSpec } from './site-forms.ts';
import type { CarDetails, CarView } from './site-stock.ts';
import { labelCss, smartContractHref } from './render-stock.ts';
import { renderFloors } from './render-floors.ts';
import { carActions, listsOf, stockToolsOf, toolsBar, viewedStrip } from './stock-tools.ts';
import { seededText } from '@dp/contracts';
import { formatMoney, formatNumber, say, stockValueName } from './texts.ts';

/*
 * A car's page (docs/decisions/public-sites.md, "How does a site show its stock?"): the gallery,
 * price with the discounted price and the savings, the monthly payment, labels, specifications,
 * options, the dealership, and the request form for this car (a cars-in-stock request carrying
 * the car's id), the link to its model page, the visitor's buttons (favourite, compare) and the
 * viewed strip. A sold car kept by the sold period shows that it is sold, without the forms, drawn
 * with the kind's sold template when the settings name one. With a smart contract link in the stock
 * settings, a car on offer also has its "Buy online" link.
 */
/** The placement of a car page's test drive form (its request form's is `car`). */
export const CAR_TEST_DRIVE_FORM = 'car_test_drive';

/** A car page's request about the car (a cars-in-stock request carrying the car's id and name). */
export const carRequestSpec = (car: Pick<CarDetails, 'id' | 'brand' | 'model' | 'complectation' | 'year'>): FormSpec => ({ kind: 'car', models: [], car: { id: car.id, name: carNameOf(car) } });

/** A car page's test drive form: of the car's catalogue model, none without one. */
export const carTestDriveSpec = (car: Pick<CarDetails, 'model_id' | 'model'>): FormSpec | null => (car.model_id && car.model ? { kind: 'test_drive', models: [{ id: car.model_id, name: car.model }] } : null);

export const carNameOf = (car: Pick<CarDetails, 'brand' | 'model' | 'complectation' | 'year'>) => [car.brand, car.model, car.complectation].filter(Boolean).join(' ') + (car.year ? `, ${car.year}` : '');

function gallery(ctx: RenderContext, car: CarDetails, name: string): Html {
  if (!car.images.length) return html`<div class="car-gallery car-gallery--empty"><div class="car-card__placeholder" aria-hidden="true">${name}</div></div>`;
  return html`<div class="car-gallery" role="region" aria-label="${say(ctx.lang, 'car_photos')}" tabindex="0"><ul class="car-gallery__track">${car.images.map(
    (src, index) => html`<li><img src="${src}" alt="${say(ctx.lang, 'car_photo_n', { name, n: index + 1 })}" width="960" height="600"${index ? html` loading="lazy"` : null}></li>`,
  )}</ul></div>`;
}

function specs(ctx: RenderContext, view: CarView): Html {
  const { car } = view;
  const swatch = safeColor(car.color_hex ? `#${car.color_hex.replace(/^#/, '')}` : null);
  if (swatch) ctx.css.push(`.car-swatch--${car.id}{background:${swatch}}`);
  const rows: [Parameters<typeof say>[1], Html | string | null][] = [
    ['car_complectation', car.complectation],
    ['car_year', car.year ? String(car.year) : null],
    ['car_mileage', !car.is_new && car.mileage !== null ? say(ctx.lang, 'stock_km', { value: formatNumber(car.mileage) }) : null],
    ['car_engine', car.engine],
    ['car_transmission', car.transmission],
    ['car_drive', car.wheel_drive],
    ['car_body', car.body],
    ['car_color', car.color ? html`${swatch ? html`<span class="car-swatch car-swatch--${car.id}" aria-hidden="true"></span>` : null}${car.color}` : null],
    ['car_upholstery', car.upholstery],
    ['car_owners', !car.is_new && car.owners !== null ? String(car.owners) : null],
    ['car_pts', car.pts ? stockValueName(ctx.lang, car.pts) : null],
    ['car_availability', stockValueName(ctx.lang, car.logistic_status)],
    ['car_dealer', car.dealer],
  ];
  return html`<section class="car-section"><h2>${say(ctx.lang, 'car_specs')}</h2><dl class="car-specs">${rows.filter(([, value]) => value).map(([key, value]) => html`<div><dt>${say(ctx.lang, key)}</dt><dd>${value}</dd></div>`)}</dl></section>`;
}

function priceBox(ctx: RenderContext, view: CarView): Html {
  const { car } = view;
  const visual = view.list.settings.visual_settings;
  const discounted = visual.show_discount_price && car.final_price !== null && car.price !== null && car.final_price < car.price;
  const shown = visual.show_discount_price ? (car.final_price ?? car.price) : car.price;
  const savings = (
    [
      ['car_discount_tradein', car.discounts.tradein],
      ['car_discount_credit', car.discounts.credit],
      ['car_discount_insurance', car.discounts.insurance],
      ['car_discount_credit_tradein', car.discounts.credit_tradein],
    ] as const
  ).filter(([, sum]) => sum > 0);
  return html`<div class="car-price">
${shown !== null ? html`<p class="car-price__main">${formatMoney(shown)}</p>` : null}
${discounted ? html`<p class="car-price__old"><s><span class="visually-hidden">${say(ctx.lang, 'stock_old_price')}: </span>${formatMoney(car.price!)}</s></p>` : null}
${car.monthly !== null && !car.sold ? html`<p class="car-card__credit">${say(ctx.lang, 'stock_per_month', { value: formatNumber(car.monthly) })}</p>` : null}
${(savings.length || car.benefits.length) && visual.show_discount_price
    ? html`<div class="car-savings"><h2 class="car-savings__title">${say(ctx.lang, 'car_benefits')}</h2><ul>${savings.map(([key, sum]) => html`<li><span>${say(ctx.lang, key)}</span> <strong>−${formatMoney(sum)}</strong></li>`)}${car.benefits.map(
        (benefit) => html`<li><span>${seededText(benefit.name, ctx.lang)}</span> <strong>−${formatMoney(benefit.sum)}</strong>${benefit.disclaimer ? html`<small class="car-savings__note">${seededText(benefit.disclaimer, ctx.lang)}</small>` : null}</li>`,
      )}</ul></div>`
    : null}
${car.labels.length && visual.show_labels ? html`<ul class="car-card__tags">${car.labels.map((label) => html`<li class="car-label car-label--${label.id}">${String((ctx.lang === 'en' ? label.name_en : label.name_ru) || label.name)}</li>`)}</ul>` : null}
</div>`;
}

/** schema.org Car with its Offer (price in roubles, in stock or sold). */
function jsonLd(ctx: RenderContext, view: CarView, name: string): Html {
  const { car } = view;
  const url = absolute(ctx.base, localHref(ctx, view.uri));
  const price = car.final_price ?? car.price;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    url,
    ...(car.brand ? { brand: { '@type': 'Brand', name: car.brand } } : {}),
    ...(car.model ? { model: car.model } : {}),
    ...(car.year ? { vehicleModelDate: String(car.year) } : {}),
    ...(car.images.length ? { image: car.images.map((src) => absolute(ctx.base, src)) } : {}),
    ...(car.color ? { color: car.color } : {}),
    ...(car.body ? { bodyType: car.body } : {}),
    ...(car.transmission ? { vehicleTransmission: car.transmission } : {}),
    ...(car.wheel_drive ? { driveWheelConfiguration: car.wheel_drive } : {}),
    ...(car.mileage !== null && !car.is_new ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.mileage, unitCode: 'KMT' } } : {}),
    itemCondition: car.is_new ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    ...(price !== null
      ? { offers: { '@type': 'Offer', price, priceCurrency: 'RUB', url, availability: car.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock', seller: { '@type': 'AutoDealer', name: ctx.snap.site.name } } }
      : {}),
  };
  return html`<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

type SayKey = Parameters<typeof say>[1];

/** One of the car page's forms in its section: a heading, a line of text, the form posting to the car's address. */
function formSection(ctx: RenderContext, view: CarView, form: { anchor: string; placement: string; spec: FormSpec; title: SayKey; text: SayKey; button: SayKey }): Html {
  const depersonalization = ctx.snap.site.depersonalization;
  return html`<section class="car-request" id="${form.anchor}" aria-labelledby="${form.anchor}-title"><h2 id="${form.anchor}-title">${say(ctx.lang, form.title)}</h2><p>${say(ctx.lang, form.text)}</p>${renderForm({
    anchor: form.anchor,
    placement: form.placement,
    action: localHref(ctx, view.uri),
    lang: ctx.lang,
    spec: form.spec,
    buttonText: say(ctx.lang, form.button),
    depersonalizationDays: depersonalization?.enabled && depersonalization.period ? depersonalization.period : null,
    outcome: ctx.form,
    smartCaptchaKey: ctx.snap.smartCaptcha?.sitekey ?? null,
  })}</section>`;
}

/** The request about the car, and the test drive of its model where it has a catalogue model. */
function carForms(ctx: RenderContext, view: CarView): Html {
  const testDrive = carTestDriveSpec(view.car);
  // The smart contract widget takes the car's order when its settings say so: its script fills the block.
  const smart = ctx.snap.smartContracts?.replaceCarOrder && !ctx.preview;
  const order = smart
    ? html`<section class="car-request smart-contract" id="car-request" aria-labelledby="car-request-title" data-smart-contract="car_order" data-car-id="${view.car.id}"${view.car.vin ? html` data-car-vin="${view.car.vin}"` : null}><h2 id="car-request-title">${say(ctx.lang, 'car_request')}</h2></section>`
    : formSection(ctx, view, { anchor: 'car-request', placement: view.placement, spec: carRequestSpec(view.car), title: 'car_request', text: 'car_request_text', button: 'car_request_button' });
  return html`<div class="car-page__forms">${order}${
    testDrive ? formSection(ctx, view, { anchor: 'car-test-drive', placement: CAR_TEST_DRIVE_FORM, spec: testDrive, title: 'car_test_drive', text: 'car_test_drive_text', button: 'car_test_drive_button' }) : null
  }</div>`;
}

/** The main part of a car's page (below the breadcrumbs). */
export function renderCar(ctx: RenderContext, view: CarView): Html {
  const { car } = view;
  const name = carNameOf(car);
  labelCss(ctx, car.labels);
  const tools = stockToolsOf(ctx, listsOf(ctx.snap));
  // What the script keeps of a car the visitor views (its viewed strip): name, address, photo and price.
  const summary = { id: car.id, name, href: localHref(ctx, view.uri), image: car.image, price: car.final_price ?? car.price };
  // A sold car is drawn with the sold template of its kind when the settings name one, else with the renderer's notice.
  const template = car.sold ? (ctx.snap.stock?.soldTemplates.get(view.list.kind) ?? null) : null;
  // The online purchase (the stock settings' smart contract link) of a car on offer.
  const buy = car.sold ? null : smartContractHref(ctx, car);
  const form = template
    ? null
    : car.sold
    ? html`<div class="car-sold" role="status"><h2>${say(ctx.lang, 'car_sold')}</h2><p>${say(ctx.lang, 'car_sold_text')}</p><p><a class="btn btn--primary" href="${localHref(ctx, view.listUri)}">${say(ctx.lang, 'car_back')}</a></p></div>`
    : carForms(ctx, view);
  const lists = (title: Parameters<typeof say>[1], items: string[]) => (items.length ? html`<section class="car-section"><h2>${say(ctx.lang, title)}</h2><ul class="car-options">${items.map((item) => html`<li>${item}</li>`)}</ul></section>` : null);
  return html`<div class="container car-page">
<div class="page-title"><h1>${name}</h1>${car.sold ? html`<p class="car-card__status">${say(ctx.lang, 'car_sold')}</p>` : null}</div>
<div class="car-page__top">
${gallery(ctx, car, name)}
<aside class="car-page__aside">${priceBox(ctx, view)}${car.sold ? null : html`<p><a class="btn btn--primary btn--full" href="#car-request">${say(ctx.lang, 'car_request_button')}</a></p>`}${buy ? html`<p><a class="btn btn--outline btn--full car-page__buy" href="${buy}">${say(ctx.lang, 'car_buy_online')}</a></p>` : null}${view.modelUri ? html`<p><a class="btn btn--outline btn--full" href="${localHref(ctx, view.modelUri)}">${say(ctx.lang, 'car_model_page')}</a></p>` : null}${car.sold ? null : carActions(ctx, tools, car, summary)}${toolsBar(ctx, tools)}</aside>
</div>
<div class="car-page__details">
<div>${specs(ctx, view)}${car.description ? html`<section class="car-section"><h2>${say(ctx.lang, 'car_description')}</h2><p class="car-description">${car.description}</p></section>` : null}${lists('car_equipment', car.equipment)}${lists('car_options', car.options)}</div>
${form}
</div>
${jsonLd(ctx, view, name)}
</div>${template ? html`<div class="car-sold-template">${renderFloors(ctx, template, 'main')}</div>` : null}${viewedStrip(ctx, tools)}`;
}
