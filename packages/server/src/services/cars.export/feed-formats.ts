import type { ExportChannel } from '@dp/contracts';
import type { ExportCar } from './export-cars.ts';

/**
 * The five channels' feed formats (docs/decisions/export.md, "Which formats?" names each published
 * specification and its required fields). Each format is a head, one element per car and a tail, so
 * a feed streams car by car. Text is XML-escaped and stripped of characters XML 1.0 forbids.
 */
export interface FeedFormat {
  contentType: string;
  head(meta: FeedMeta): string;
  item(car: ExportCar, meta: FeedMeta): string;
  tail(meta: FeedMeta): string;
}

export interface FeedMeta {
  title: string;
  /** The feed's own public address. */
  url: string;
  /** The client's main site address (the shop's URL in YML). */
  siteUrl: string;
  date: Date;
}

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const xml = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** An element when it has a value, nothing otherwise (channels refuse empty required-looking tags). */
const el = (tag: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : `<${tag}>${xml(value)}</${tag}>`);

export const carTitle = (car: ExportCar) => [car.brand, car.model, car.complectation ?? car.restyling, car.year].filter(Boolean).join(' ');
const salePrice = (car: ExportCar) => car.final_price ?? car.price;
const address = (car: ExportCar) => [car.dealer?.address, car.dealer?.city].filter(Boolean).join(', ') || null;

const LOGISTIC_RU: Record<string, string> = { in_stock: 'в наличии', on_the_way: 'в пути', in_production: 'под заказ', in_the_central_warehouse: 'на центральном складе' };
const PTS_RU: Record<string, string> = { original: 'Оригинал', duplicate: 'Дубликат' };

/** Google vehicle ads / Vehicle Listings: RSS 2.0 with the g: namespace. */
const google: FeedFormat = {
  contentType: 'application/xml; charset=utf-8',
  head: (meta) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${el('title', meta.title)}${el('link', meta.siteUrl)}${el('description', meta.title)}\n`,
  item: (car) => {
    const price = salePrice(car);
    return (
      `<item>${el('g:id', car.external_id ?? car.vin ?? String(car.id))}${el('g:title', carTitle(car))}${el('g:description', car.description ?? carTitle(car))}` +
      `${el('g:link', car.link)}${el('g:image_link', car.images[0])}${car.images.slice(1, 11).map((url) => el('g:additional_image_link', url)).join('')}` +
      `${el('g:vin', car.vin)}${el('g:store_code', car.dealer?.code ?? car.dealer_code)}${el('g:dealership_name', car.dealer?.name ?? car.site.name)}${el('g:dealership_address', address(car))}` +
      `${price !== null ? el('g:price', `${price} RUB`) : ''}${car.price !== null && price !== null && price < car.price ? el('g:sale_price', `${price} RUB`) : ''}` +
      `${el('g:condition', car.is_new ? 'new' : 'used')}${el('g:brand', car.brand)}${el('g:make', car.brand)}${el('g:model', car.model)}${el('g:year', car.year)}` +
      `${el('g:mileage', `${car.mileage ?? 0} km`)}${el('g:trim', car.complectation)}${el('g:color', car.body_color)}${el('g:vehicle_fulfillment', car.dealer ? `in_store:${car.dealer.code}` : null)}` +
      `${el('g:availability', car.logistic_status === 'in_stock' ? 'in stock' : 'preorder')}</item>\n`
    );
  },
  tail: () => '</channel></rss>\n',
};

const BODY_FB: Record<string, string> = { седан: 'SEDAN', хэтчбек: 'HATCHBACK', кроссовер: 'CROSSOVER', внедорожник: 'SUV', универсал: 'WAGON', лифтбек: 'HATCHBACK', купе: 'COUPE', минивэн: 'MINIVAN', кабриолет: 'CONVERTIBLE', пикап: 'TRUCK', фургон: 'VAN' };
const fbBody = (body: string | null) => BODY_FB[(body ?? '').trim().toLowerCase()] ?? 'OTHER';
const fbTransmission = (value: string | null) => (/мех|мкпп|manual/i.test(value ?? '') ? 'MANUAL' : value ? 'AUTOMATIC' : 'OTHER');
const fbDrive = (value: string | null) => (/полн|4wd|awd|4x4/i.test(value ?? '') ? 'AWD' : /задн|rwd/i.test(value ?? '') ? 'RWD' : /перед|fwd/i.test(value ?? '') ? 'FWD' : 'OTHER');

/** Facebook (Meta) automotive inventory catalog: the vehicles XML feed (`<listings><listing>`). */
const facebook: FeedFormat = {
  contentType: 'application/xml; charset=utf-8',
  head: (meta) => `<?xml version="1.0" encoding="UTF-8"?>\n<listings>${el('title', meta.title)}<link rel="self" href="${xml(meta.url)}"/>\n`,
  item: (car) => {
    const price = salePrice(car);
    return (
      `<listing>${el('vehicle_id', car.external_id ?? car.vin ?? String(car.id))}${el('vin', car.vin)}${el('title', carTitle(car))}${el('description', car.description ?? carTitle(car))}` +
      `${el('url', car.link)}${el('make', car.brand)}${el('model', car.model)}${el('year', car.year)}${el('trim', car.complectation)}` +
      `<mileage><value>${car.mileage ?? 0}</value><unit>KM</unit></mileage>` +
      `${car.images.slice(0, 20).map((url) => `<image><url>${xml(url)}</url></image>`).join('')}` +
      `${el('body_style', fbBody(car.body))}${price !== null ? el('price', `${price} RUB`) : ''}${el('state_of_vehicle', car.is_new ? 'NEW' : 'USED')}` +
      `${el('exterior_color', car.body_color)}${el('transmission', fbTransmission(car.transmission))}${el('drivetrain', fbDrive(car.wheel_drive))}` +
      `<address format="simple">${car.dealer?.address ? `<component name="addr1">${xml(car.dealer.address)}</component>` : ''}${car.dealer?.city ? `<component name="city">${xml(car.dealer.city)}</component>` : ''}<component name="country">RU</component></address>` +
      `${el('dealer_id', car.dealer?.code ?? car.dealer_code)}${el('dealer_name', car.dealer?.name ?? car.site.name)}${el('dealer_phone', car.dealer?.phone)}` +
      `${el('availability', car.logistic_status === 'in_stock' ? 'AVAILABLE' : 'PENDING')}</listing>\n`
    );
  },
  tail: () => '</listings>\n',
};

/** Auto.ru XML (`<data><cars><car>`): the tags the import reads (cars.import feed-parsers), so a feed exported here imports back. */
const autoru: FeedFormat = {
  contentType: 'application/xml; charset=utf-8',
  head: () => '<?xml version="1.0" encoding="UTF-8"?>\n<data><cars>\n',
  item: (car) =>
    `<car>${el('unique_id', car.external_id ?? `car-${car.id}`)}${el('mark_id', car.brand)}${el('folder_id', car.model)}${el('generation', car.generation)}${el('complectation_name', car.complectation)}` +
    `${el('modification_id', car.engine)}${el('body_type', car.body)}${el('wheel', car.right_steering_wheel ? 'Правый' : 'Левый')}${el('color', car.body_color)}` +
    `${el('availability', LOGISTIC_RU[car.logistic_status] ?? 'в наличии')}${el('section', car.is_new ? 'new' : 'used')}${el('owners_number', car.owners)}${el('run', car.is_new ? car.mileage : (car.mileage ?? 0))}` +
    `${el('year', car.year)}${el('registry_year', car.registry_year)}${el('price', car.price)}<currency>RUR</currency>${el('vin', car.vin)}${el('description', car.description)}` +
    `${el('credit_discount', car.credit_discount || null)}${el('insurance_discount', car.insurance_discount || null)}${el('tradein_discount', car.tradein_discount || null)}${el('credit_tradein_discount', car.credit_tradein_discount || null)}` +
    `${el('pts', car.pts ? PTS_RU[car.pts] : null)}${el('doors_count', car.doors)}${el('transmission', car.transmission)}${el('drive', car.wheel_drive)}` +
    `${el('marketing_complectation_code', car.marketing_complectation_code)}${el('color_code', car.body_color_code)}${el('interior_code', car.upholstery_code)}${el('poi_id', car.dealer_code)}` +
    `${car.images.length ? `<images>${car.images.map((url) => el('image', url)).join('')}</images>` : ''}</car>\n`,
  tail: () => '</cars></data>\n',
};

/** Avito Autoload, format version 3 (`<Ads formatVersion="3" target="Avito.ru"><Ad>`), category «Автомобили». */
const avito: FeedFormat = {
  contentType: 'application/xml; charset=utf-8',
  head: () => '<?xml version="1.0" encoding="UTF-8"?>\n<Ads formatVersion="3" target="Avito.ru">\n',
  item: (car) =>
    `<Ad>${el('Id', car.external_id ?? car.vin ?? `car-${car.id}`)}<Category>Автомобили</Category>${el('CarType', car.is_new ? 'Новый' : 'С пробегом')}` +
    `${el('Address', address(car))}${el('ContactPhone', car.dealer?.phone)}${el('Make', car.brand)}${el('Model', car.model)}${el('Generation', car.generation)}` +
    `${el('Modification', car.engine)}${el('Complectation', car.complectation)}${el('Year', car.year)}${el('Price', salePrice(car))}${el('VIN', car.vin)}` +
    `${el('Kilometrage', car.mileage ?? 0)}${el('Owners', car.owners)}${el('BodyType', car.body)}${el('Doors', car.doors)}${el('Transmission', car.transmission)}` +
    `${el('DriveType', car.wheel_drive)}${el('WheelType', car.right_steering_wheel ? 'Правый' : 'Левый')}${el('Color', car.body_color)}${el('PTS', car.pts ? PTS_RU[car.pts] : null)}` +
    `<Condition>Не битый</Condition>${el('Availability', car.logistic_status === 'in_stock' ? 'В наличии' : 'Под заказ')}${el('Description', car.description ?? carTitle(car))}` +
    `${el('DealerCode', car.dealer_code)}${car.images.length ? `<Images>${car.images.slice(0, 40).map((url) => `<Image url="${xml(url)}"/>`).join('')}</Images>` : ''}</Ad>\n`,
  tail: () => '</Ads>\n',
};

/** Yandex search (goods and auto): a YML catalogue (`<yml_catalog><shop><offers><offer>`), one part of at most 30,000 offers and 200 MB. */
const yandexSearch: FeedFormat = {
  contentType: 'application/xml; charset=utf-8',
  head: (meta) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${meta.date.toISOString().slice(0, 16).replace('T', ' ')}"><shop>${el('name', meta.title)}${el('company', meta.title)}${el('url', meta.siteUrl)}` +
    `<currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Новые автомобили</category><category id="2">Автомобили с пробегом</category></categories><offers>\n`,
  item: (car) => {
    const param = (name: string, value: string | number | null | undefined, unit?: string) => (value === null || value === undefined || value === '' ? '' : `<param name="${xml(name)}"${unit ? ` unit="${xml(unit)}"` : ''}>${xml(value)}</param>`);
    return (
      `<offer id="${xml(car.external_id ?? car.vin ?? `car-${car.id}`)}" available="${car.logistic_status === 'in_stock'}">${el('url', car.link)}${el('price', salePrice(car))}` +
      `${car.price !== null && salePrice(car) !== null && salePrice(car)! < car.price ? el('oldprice', car.price) : ''}<currencyId>RUR</currencyId><categoryId>${car.is_new ? 1 : 2}</categoryId>` +
      `${car.images.slice(0, 10).map((url) => el('picture', url)).join('')}${el('name', carTitle(car))}${el('vendor', car.brand)}${el('model', car.model)}${el('description', car.description)}` +
      `${param('VIN', car.vin)}${param('Год выпуска', car.year)}${param('Пробег', car.mileage ?? 0, 'км')}${param('Состояние', car.is_new ? 'новый' : 'с пробегом')}` +
      `${param('Кузов', car.body)}${param('Двигатель', car.engine)}${param('Коробка передач', car.transmission)}${param('Привод', car.wheel_drive)}${param('Цвет', car.body_color)}` +
      `${param('Комплектация', car.complectation)}${param('Руль', car.right_steering_wheel ? 'правый' : 'левый')}${param('Дилер', car.dealer?.name)}</offer>\n`
    );
  },
  tail: () => '</offers></shop></yml_catalog>\n',
};

export const FEED_FORMATS: Record<ExportChannel, FeedFormat> = { google, facebook, autoru, avito, yandex_search: yandexSearch };
