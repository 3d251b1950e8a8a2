import { randomBytes } from 'node:crypto';
import { resourceKey, type AnyResource } from '@dp/contracts';
import type { TestApp } from './test-app.ts';
import { roles, sites } from '../schema.ts';
// sites.context pages
import { layouts, pages } from '../services/sites.context/content.table.ts';
// content.storage stages
import { stages } from '../services/content.storage/stage.table.ts';
// cars.catalog: the reference catalogue
import { carBrands, carGenerations, carModels, carRestylings } from '../services/cars.catalog/catalog.table.ts';
// cars.catalog: body colours, markups, upholsteries, galleries
import { carComplectations } from '../services/cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../services/cars.catalog/marketing.table.ts';
import { carBodyColors } from '../services/cars.catalog/colors.table.ts';
import { mediaFiles } from '../services/media.storage/media.table.ts';
import { cars } from '../services/cars.stock/car.table.ts';
import { carReports, importReports, importSettings } from '../services/cars.import/import.table.ts';
// credit.calc
import { creditBanks, creditPrograms } from '../services/credit.calc/credit.table.ts';
// dealerships
import { benefitPrograms } from '../services/benefits/benefit.table.ts';
import { dealershipDepartments, dealerships } from '../services/dealerships/dealership.table.ts';
// accessories.showroom
import { accessoryCategories } from '../services/accessories.showroom/accessory.table.ts';

/**
 * How the conformance suite makes a valid record of each resource. `clientId` is the owning
 * client for client-owned resources. A new resource adds its line here and is then tested.
 */
type Sample = (t: TestApp, clientId: number) => Promise<Record<string, unknown>>;

const suffix = () => randomBytes(3).toString('hex');

export const SAMPLES: Record<string, Sample> = {
  'clients.storage/clients': async () => ({ name: `Клиент ${suffix()}`, code: `client-${suffix()}` }),
  'clients.storage/groups': async () => ({ name: `Группа ${suffix()}` }),
  'sites.context/sites': async (_t, clientId) => ({ name: `Сайт ${suffix()}`, host: `site-${suffix()}.ru`, client_id: clientId, type: 3, use_http: false }),
  'sites.context/groups': async () => ({ name: `Группа сайтов ${suffix()}`, description: 'Сайты одной акции' }),
  'clients.storage/users': async (_t, clientId) => ({ email: `user-${suffix()}@dealer.test`, name: `Иван ${suffix()}`, last_name: 'Петров', client_ids: [clientId] }),
  'clients.storage/roles': async (_t, clientId) => ({ code: `role-${suffix()}`, name: `Роль ${suffix()}`, client_id: clientId }),
  'clients.storage/permissions': async () => ({ service: 'clients.storage', code: `test.${suffix()}`, name: 'Тестовое право' }),
  'clients.storage/routes': async () => ({ name: `screen_${suffix()}`, path: `/test/${suffix()}`, service: 'platform', group: 'main', title: 'menu.test' }),
  'gateway.processing/routes': async () => ({ name: `Маршрут ${suffix()}`, service: 'error-collection-system', method: 'GET', path: `/api/v1/test-${suffix()}` }),
  // On a service nobody calls in the tests, so that the restriction stops nobody else.
  'gateway.processing/restrictions': async (t) => {
    const [role] = await t.database.db.insert(roles).values({ code: `r-${suffix()}`, name: 'Ограниченная роль' }).returning();
    return { name: `Ограничение ${suffix()}`, service: 'error-collection-system', method: 'GET', role_ids: [role!.id] };
  },
  // marketplace
  'marketplace/modules': async () => ({ code: `module-${suffix()}`, name: `Модуль ${suffix()}` }),
  'platform/op_news': async () => ({ title_ru: `Новость ${suffix()}`, text_ru: 'Текст новости' }),
  'notificator/mappings': async () => ({
    service: ['*'],
    product: ['*'],
    brand: ['*'],
    type: ['import_failed'],
    level: ['error', 'critical'],
    messenger: 'email',
    receivers: ['ops@platform.test'],
    prefix: `[${suffix()}]`,
    sender: 'Platform',
  }),
  // sites.context pages: site-owned content (a site of the client), states of a layout or a page of it.
  'sites.context/templates': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Шаблон ${suffix()}`, description: 'Обычная страница' }),
  'sites.context/layouts': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Макет ${suffix()}` }),
  'sites.context/layout_states': async (t, clientId) => {
    const [layout] = await t.database.db.insert(layouts).values({ site_id: await siteFor(t, clientId), client_id: clientId, name: 'Основной' }).returning();
    return { layout_id: layout!.id, caption: `Версия макета ${suffix()}` };
  },
  'sites.context/pages': async (t, clientId) => ({ site_id: await siteFor(t, clientId), uri: `/page-${suffix()}`, caption: `Страница ${suffix()}` }),
  'sites.context/page_states': async (t, clientId) => {
    const [page] = await t.database.db.insert(pages).values({ site_id: await siteFor(t, clientId), client_id: clientId, uri: `/p-${suffix()}` }).returning();
    return { page_id: page!.id, caption: `Версия страницы ${suffix()}`, hide_from_menu: true };
  },
  // floors.storage and seo
  'floors.storage/floors': async (_t, clientId) => ({
    client_id: clientId,
    code: `floor-${suffix()}`,
    title: `Этаж ${suffix()}`,
    component: 'text',
    values: { title: 'О компании', body: 'Дилерский центр **с 1998 года**.' },
  }),
  'floors.storage/groups': async () => ({ name: `Группа этажей ${suffix()}`, description: 'Блоки страниц' }),
  'seo/redirects': async (t, clientId) => ({ site_id: await siteFor(t, clientId), from_uri: `/old-${suffix()}`, to_uri: `/new-${suffix()}`, code: 301 }),
  // One SEO settings record per site: each sample on a new site of the client.
  'seo/seo_configs': async (t, clientId) => {
    return { site_id: await moduleSite(t, clientId, `Сайт ${suffix()}`), robots_mode: 1, robots: 'User-agent: *\nDisallow: /admin', verification_codes: [{ provider: 'yandex', code: `y${suffix()}` }] };
  },
  'seo/seo_constants': async (t, clientId) => ({ site_id: await siteFor(t, clientId), placeholder: `CITY_${letters(suffix())}`, value: 'Казань' }),
  // content.storage stages and media.storage folders.
  'content.storage/stages': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Баннер ${suffix()}` }),
  'content.storage/stage_states': async (t, clientId) => {
    const [stage] = await t.database.db.insert(stages).values({ site_id: await siteFor(t, clientId), client_id: clientId, name: 'Весенняя акция' }).returning();
    return { stage_id: stage!.id, name: `Версия баннера ${suffix()}`, title: 'Весна в АвтоГраде', position: 'center' };
  },
  'media.storage/folders': async (_t, clientId) => ({ client_id: clientId, name: `Папка ${suffix()}` }),
  // cars.catalog: the platform's catalogue; each level under a new parent chain.
  'cars.catalog/brands': async () => ({ name: `Марка ${suffix()}` }),
  'cars.catalog/models': async (t) => ({ name: `Модель ${suffix()}`, name_ru: 'Модель', name_en: 'Model', brand_id: (await catalogChain(t)).brand }),
  'cars.catalog/generations': async (t) => ({ name: `Поколение ${suffix()}`, model_id: (await catalogChain(t)).model }),
  'cars.catalog/restylings': async (t) => ({ name: `Рестайлинг ${suffix()}`, marketing_name: 'Новый', sorting: 1, generation_id: (await catalogChain(t)).generation }),
  'cars.catalog/complectations': async (t) => ({ name: `Комплектация ${suffix()}`, restyling_id: (await catalogChain(t)).restyling }),
  'cars.catalog/bodies': async () => ({ name: `Кузов ${suffix()}`, name_ru: 'Седан', name_en: 'Sedan' }),
  'cars.catalog/fuels': async () => ({ name: `Топливо ${suffix()}`, name_ru: 'Бензин', name_en: 'Petrol' }),
  'cars.catalog/transmissions': async () => ({ name: `КПП ${suffix()}`, name_ru: 'Автомат', name_en: 'Automatic' }),
  'cars.catalog/wheel_drives': async () => ({ name: `Привод ${suffix()}`, name_ru: 'Полный', name_en: 'All-wheel' }),
  'cars.catalog/colors': async () => ({ name: `Цвет ${suffix()}`, hex: '1a2b3c' }),
  // cars.catalog: body colours and upholsteries of a new brand, a markup of a colour and a
  // marketing complectation of one brand, a gallery of a complectation with a platform image.
  'cars.catalog/body_colors': async (t) => ({ name: `Цвет кузова ${suffix()}`, code: `C${suffix()}`, hex: ['#FFFFFF', '1a1a1a'], brand_id: (await catalogChain(t)).brand }),
  'cars.catalog/upholsteries': async (t) => ({ name: `Обивка ${suffix()}`, code: `U${suffix()}`, material: 'leather', colors: ['#000000'], brand_id: (await catalogChain(t)).brand }),
  'cars.catalog/body_color_markups': async (t) => {
    const { brand, complectation, marketing } = await colorChain(t);
    const [color] = await t.database.db.insert(carBodyColors).values({ name: 'Белый', code: `W${suffix()}`, hex: ['#FFFFFF'], brand_id: brand }).returning();
    return { body_color_id: color!.id, marketing_complectation_id: marketing, price: 25000 + complectation };
  },
  'cars.catalog/marketing_galleries': async (t) => {
    const { complectation } = await colorChain(t);
    const [image] = await t.database.db
      .insert(mediaFiles)
      .values({ name: 'solaris.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 1000, driver: 'local', key: `gallery-${suffix()}-${suffix()}` })
      .returning();
    return { name: `Галерея ${suffix()}`, complectation_id: complectation, image_ids: [image!.id] };
  },
  // cars.catalog: a marketing complectation of a new complectation, option categories, dealer options.
  'cars.catalog/marketing_complectations': async (t) => {
    const chain = await catalogChain(t);
    const [complectation] = await t.database.db
      .insert(carComplectations)
      .values({ name: 'Престиж', restyling_id: chain.restyling, generation_id: chain.generation, model_id: chain.model, brand_id: chain.brand })
      .returning();
    return {
      code: `MC${suffix()}`,
      name: `Престиж ${suffix()}`,
      complectation_id: complectation!.id,
      engine: { name: '2.0 MPI', volume: { value: 2, unit: 'liter' }, power: { value: 150, unit: 'horse_power' }, torque: { value: 192, unit: 'newton_meter', rpm_from: 4000, rpm_to: 4500 } },
      specification_categories: [{ title: 'Двигатель', order: 1, specifications: [{ title: 'Объём', code: 'volume', value: '1999 см³', main: true, order: 1 }] }],
      base_price: 2_500_000,
    };
  },
  'cars.catalog/option_categories': async (t) => ({ name: `Категория опций ${suffix()}`, name_en: 'Comfort', order: 1, brand_id: (await catalogChain(t)).brand }),
  'cars.catalog/dealer_options': async () => ({ name: `Дилерская опция ${suffix()}`, name_en: 'Mats', order: 2 }),
  // cars.catalog labels: a site's label of cars with a condition.
  'cars.catalog/labels': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Метка ${suffix()}`, background: '#1677FF', conditions: [{ field: 'year', operator: 'more_or_equal', operands: [2024] }] }),
  // cars.stock: a new car of a site of the client, placed by its model.
  'cars.stock/cars': async (t, clientId) => ({ site_id: await siteFor(t, clientId), vin: `XW8${suffix().toUpperCase().replace(/[IOQ]/g, '0')}${String(Date.now()).slice(-8)}`, is_new: true, model_id: (await catalogChain(t)).model, year: 2024, price: 2_500_000 }),
  // dealerships: a dealership of the client, departments, employees and services of a new one.
  // A client's dealerships need the dealerships module on one of its sites.
  'dealerships/dealerships': async (t, clientId) => {
    await siteFor(t, clientId);
    return { client_id: clientId, title: `Дилерский центр ${suffix()}`, short_title: 'ДЦ', importer_code: `IMP${suffix()}`, main_email: 'info@dealer.test', phone: { country: '7', city: '843', subscriber: '2000000', internal: '' }, working_time: { mon: { from: 540, to: 1080, weekend: false }, tue: { from: 540, to: 1080, weekend: false }, wed: { from: 540, to: 1080, weekend: false }, thu: { from: 540, to: 1080, weekend: false }, fri: { from: 540, to: 1080, weekend: false }, sat: { weekend: true }, sun: { weekend: true } } };
  },
  'dealerships/departments': async (t, clientId) => ({ dealership_id: await dealershipFor(t, clientId), name_ru: `Отдел продаж ${suffix()}`, name_en: 'Sales', order: 1 }),
  'dealerships/employees': async (t, clientId) => ({ first_name_ru: 'Иван', last_name_ru: `Петров ${suffix()}`, position_ru: 'Менеджер', department_id: await departmentFor(t, clientId), phone: { country: 7, city: 843, subscriber: 2000000 } }),
  'dealerships/services': async (t, clientId) => ({ name: `Сервис ${suffix()}`, code: `svc-${suffix()}`, dealership_id: await dealershipFor(t, clientId), form_type: 'service_request' }),
  // benefits: a program of the client on a new brand; a discount of a new marketing complectation under a new program of the client.
  'benefits/programs': async (t, clientId) => ({ client_id: clientId, name: `Программа ${suffix()}`, code: `prog-${suffix()}`, brand_id: (await catalogChain(t)).brand, owners_from: 1, owners_to: 2, combined_program_ids: [await creditProgramFor(t, clientId)] }),
  'benefits/discounts': async (t, clientId) => {
    const [program] = await t.database.db.insert(benefitPrograms).values({ client_id: clientId, name: `Программа ${suffix()}`, code: `prog-${suffix()}` }).returning();
    return { client_id: clientId, program_id: program!.id, marketing_complectation_id: (await colorChain(t)).marketing, discount_sum: 150000, start_date: '2026-01-01', end_date: '2026-03-31' };
  },
  // credit.calc: a client's bank, programme (of a new bank), state (of a new programme), pack; a new site's settings.
  // A client's records need the credit_calc module on one of its sites.
  'credit.calc/banks': async (t, clientId) => {
    await siteFor(t, clientId);
    return { client_id: clientId, name: `Банк ${suffix()}` };
  },
  'credit.calc/programs': async (t, clientId) => ({ client_id: clientId, name: `Программа ${suffix()}`, bank_id: await creditBankFor(t, clientId), car_type: 'new', term_min: 12, term_max: 84, interest_rate: 9.9, down_payment_min: 10, down_payment_max: 90 }),
  'credit.calc/program_states': async (t, clientId) => ({ program_id: await creditProgramFor(t, clientId), description: `Версия ${suffix()}`, interest_rate: 7.5 }),
  'credit.calc/packs': async (t, clientId) => ({ client_id: clientId, name: `Пакет ${suffix()}`, program_ids: [await creditProgramFor(t, clientId)] }),
  'credit.calc/settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), default_period: 36, max_period: 84, fee_percent: 15, residual_percent: 0 }),
  // accessories.showroom: a client's attribute and category (the module on one of its sites), an accessory of its site, a new site's settings.
  'accessories.showroom/accessory_attributes': async (t, clientId) => {
    await siteFor(t, clientId);
    return { client_id: clientId, code: `attr_${suffix()}`, name: `Атрибут ${suffix()}`, type: 'string', is_filterable: true };
  },
  'accessories.showroom/categories': async (t, clientId) => {
    await siteFor(t, clientId);
    return { client_id: clientId, name: `Категория ${suffix()}`, code: `cat-${suffix()}`, sort_order: 1 };
  },
  'accessories.showroom/accessories': async (t, clientId) => ({
    site_id: await siteFor(t, clientId),
    name: `Коврики ${suffix()}`,
    article_code: `ART-${suffix()}`,
    price: 4990,
    category_id: (await t.database.db.insert(accessoryCategories).values({ client_id: clientId, name: `Категория ${suffix()}`, code: `cat-${suffix()}` }).returning())[0]!.id,
    image_ids: [await clientImage(t, clientId)],
  }),
  'accessories.showroom/settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), import_files: [] }),
  // custom.media: a profile of the client's site (items are made by imports: the gating suite inserts one).
  'custom.media/profiles': async (t, clientId) => ({ site_id: await siteFor(t, clientId), title: `Профиль ${suffix()}`, request_url: `https://media-${suffix()}.dealer.test/feed.json` }),
  // cars.vins: the platform's VIN data of a new brand; a client's retrieval profile; an allowed client (one per client: each sample on a new client).
  'cars.vins/vin_data': async (t) => ({ vin: sampleVin(), brand_id: (await catalogChain(t)).brand, marketing_complectation_code: 'RIO-16-AT', option_codes: ['PAN1'], gross_price: 1_890_000, images_id: `img-${suffix()}` }),
  'cars.vins/profile_data': async (t, clientId) => ({ client_id: clientId, brand_id: (await catalogChain(t)).brand, url: `https://vin-${suffix()}.importer.test/api/cars`, method: 'POST' }),
  'cars.vins/allowed_clients': async (t) => ({ client_id: await t.createClient(), is_allowed: true }),
  // cars.import and cars.import.alias: a profile, a hook, a new site's settings (one per site), an alias.
  'cars.import/import_file_profiles': async () => ({ code: `profile-${suffix()}`, name: `Профиль ${suffix()}`, format: 'autoru_xml' }),
  'cars.import/import_hooks': async () => ({ title: `Хук ${suffix()}`, code: `hook-${suffix()}`, handler_url: `https://hooks-${suffix()}.dealer.test/import` }),
  'cars.import/settings': async (t, clientId) => ({ site_id: await moduleSite(t, clientId, `Сайт импорта ${suffix()}`), timeout: 600_000_000_000 }),
  'cars.import.alias/field_alias': async () => ({ entity: 'brand', search: `KIA ${suffix()}`, replace: 'Kia' }),
  // importer.notifier: a manager's mail settings of a new site of the client.
  'importer.notifier/manager_settings': async (t, clientId) => ({ site_id: await moduleSite(t, clientId, `Сайт уведомлений ${suffix()}`), name: `Менеджеры ${suffix()}`, receivers: [`manager-${suffix()}@dealer.test`] }),
  // cars.stock.sites and cars.sorting: a showroom page of a new restyling on a page of the site, a custom filter group, a restyling's place.
  'cars.stock.sites/showroom_pages': async (t, clientId) => {
    const siteId = await siteFor(t, clientId);
    const [page] = await t.database.db.insert(pages).values({ site_id: siteId, client_id: clientId, uri: `/showroom-${suffix()}` }).returning();
    return { site_id: siteId, restyling_id: (await catalogChain(t)).restyling, page_id: page!.id, external_id: `EXT-${suffix()}` };
  },
  'cars.stock.sites/custom_filters': async (t, clientId) => ({ site_id: await siteFor(t, clientId), title_ru: `Фильтры ${suffix()}`, title_en: 'Filters', sort: 1, filters: [{ title_ru: 'Цена', title_en: 'Price', field: 'final_price', type: 'range' }] }),
  'cars.sorting/restyling_sort': async (t, clientId) => ({ site_id: await siteFor(t, clientId), restyling_id: (await catalogChain(t)).restyling, sort: 5 }),
  // request.storage: an offensive word, a site's consent text, request settings of a tag, a block of an address.
  'request.storage/offensive_words': async () => ({ raw: `слово${suffix()}` }),
  'request.storage/agreement_hash': async (t, clientId) => ({ site_id: await siteFor(t, clientId), text: `Согласие ${suffix()}` }),
  'request.storage/requests_settings': async (t, clientId) => ({ site_id: await siteFor(t, clientId), request_type: 1, tag: `tag-${suffix()}`, actions: [] }),
  'request.storage/request_block': async (t, clientId) => ({ site_id: await siteFor(t, clientId), source_type: 'ip', source: `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join('.')}` }),
  // request.storage: a new site's block settings (one per site).
  'request.storage/request_block_settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), enabled: true, by_ip: true, max_requests: 3 }),
  // sender: a site's e-mail template and proxy action; SMTP settings, one per site, each on a new site of the client.
  'sender/email_actions': async (t, clientId) => ({ site_id: await siteFor(t, clientId), title: `Шаблон ${suffix()}`, from: 'sales@dealer.test', to: ['manager@dealer.test'], subject: 'Заявка {{type}}', body: 'Имя: {{name}}' }),
  'sender/proxy_actions': async (t, clientId) => ({ site_id: await siteFor(t, clientId), title: `CRM ${suffix()}`, url: 'https://crm.dealer.test/leads', token: `token-${suffix()}` }),
  'sender/smtp_settings': async (t, clientId) => ({ site_id: await moduleSite(t, clientId, `Сайт SMTP ${suffix()}`), hostname: `smtp-${suffix()}.dealer.test`, port: 587, login: 'robot', password: 'Secret-1' }),
  // messenger_showroom: a new site's settings; a bot (its token answered by the Telegram stand-in of the suites), a service work, a special offer.
  'messenger_showroom/settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), name: `Шоурум ${suffix()}`, receivers: ['sales@dealer.test'], credit_token: 'credit-secret' }),
  'messenger_showroom/bots': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Бот ${suffix()}`, token: `${100_000 + randomBytes(3).readUIntBE(0, 3)}:${randomBytes(24).toString('base64url')}` }),
  'messenger_showroom/account_service_works': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Замена масла ${suffix()}` }),
  'messenger_showroom/collections': async (t, clientId) => ({ site_id: await siteFor(t, clientId), title: `Скидка ${suffix()}`, description: 'Только в этом месяце' }),
  'messenger_showroom/web_hooks': async (t, clientId) => ({ site_id: await siteFor(t, clientId), url: `https://hooks-${suffix()}.dealer.test/showroom`, events: ['callback', 'testdrive'], secret: `hook-secret-${suffix()}` }),
  // smart_contracts and calltracking: a new site's settings (one per site); the widgets switched off (one service on per site).
  // import_edit: the price of a car an import wrote (its report's row) on a new site of the client.
  'import_edit/import_edits': async (t, clientId) => {
    const db = t.database.db;
    const siteId = await newSite(t, clientId);
    const [car] = await db.insert(cars).values({ site_id: siteId, client_id: clientId, external_id: `ext-${suffix()}`, is_new: true, price: 2_000_000, final_price: 2_000_000 }).returning();
    const [settings] = await db.insert(importSettings).values({ site_id: siteId, client_id: clientId }).returning();
    const [report] = await db.insert(importReports).values({ site_id: siteId, client_id: clientId, settings_id: settings!.id, status: 'finished', is_finished: true }).returning();
    await db.insert(carReports).values({ report_id: report!.id, client_id: clientId, site_id: siteId, row: 1, car_id: car!.id, status: 'created', is_imported: true });
    return { site_id: siteId, car_id: car!.id, field: 'price', value: 1_900_000 };
  },
  'smart_contracts/settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), environment: 'test', kto_widget_ids: ['kto-1'] }),
  'calltracking/callkeeper_settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), widget_id: `ck-${suffix()}`, api_token: 'ck-secret', phones: ['+7 (495) 123-45-67'] }),
  // tradein.calculator: a new site's settings (one per site).
  'tradein.calculator/settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), brands: ['Kia'], max_age_years: 10 }),
  // reviewer: a new site's settings (one per site).
  'reviewer/settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), enabled: true, rate_threshold: 3 }),
  'calltracking/calltouch_settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), calltouch_site_id: '12345', mod_id: `mod-${suffix()}`, webhook_secret: 'ct-secret' }),
  // sender central proxy actions: the platform's, no site.
  'sender/central_proxy_actions': async () => ({ title: `Общая CRM ${suffix()}`, url: 'https://crm.platform.test/leads', token: `token-${suffix()}` }),
  // form-constructor: a form with one field in one row; captcha settings and a smart captcha key each on a new site (one per site, one per scheme).
  'form-constructor/custom_forms': async (t, clientId) => ({ site_id: await siteFor(t, clientId), title: `Форма ${suffix()}`, fields: [{ id: 'name', label: 'Имя', type: 'text', required: true }], grid: [{ title: null, fields: ['name'] }] }),
  'form-constructor/captcha_settings': async (t, clientId) => ({ site_id: await newSite(t, clientId), kind: 'proof_of_work' }),
  'form-constructor/smart_captcha_keys': async (t, clientId) => ({ site_id: await newSite(t, clientId), color_scheme: 'default', client_token: `client-${suffix()}`, secret_token: `secret-${suffix()}` }),

};

/** A chain down to a complectation and a marketing complectation of it (body colour samples). */
/** A marketing complectation (with its complectation) under a new catalogue chain. */
export async function colorChain(t: TestApp) {
  const chain = await catalogChain(t);
  const db = t.database.db;
  const [complectation] = await db
    .insert(carComplectations)
    .values({ name: 'Комплектация', restyling_id: chain.restyling, generation_id: chain.generation, model_id: chain.model, brand_id: chain.brand })
    .returning();
  const [marketing] = await db
    .insert(carMarketingComplectations)
    .values({ code: `MC${suffix()}`, name: 'Elegance', complectation_id: complectation!.id, restyling_id: chain.restyling, generation_id: chain.generation, model_id: chain.model, brand_id: chain.brand })
    .returning();
  return { ...chain, complectation: complectation!.id, marketing: marketing!.id };
}

/** A new brand → model → generation → restyling chain of the catalogue, for samples of its lower levels. */
export async function catalogChain(t: TestApp) {
  const db = t.database.db;
  const [brand] = await db.insert(carBrands).values({ name: `Марка ${suffix()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: `Модель ${suffix()}`, brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'I', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db
    .insert(carRestylings)
    .values({ name: 'Рестайлинг', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id })
    .returning();
  return { brand: brand!.id, model: model!.id, generation: generation!.id, restyling: restyling!.id };
}

/** A new bank of the client (credit.calc samples). */
async function creditBankFor(t: TestApp, clientId: number) {
  await siteFor(t, clientId);
  const [row] = await t.database.db.insert(creditBanks).values({ client_id: clientId, name: `Банк ${suffix()}` }).returning();
  return row!.id;
}
/** A new programme of the client, of a new bank. */
async function creditProgramFor(t: TestApp, clientId: number) {
  const bankId = await creditBankFor(t, clientId);
  const [row] = await t.database.db.insert(creditPrograms).values({ client_id: clientId, bank_id: bankId, name: `Программа ${suffix()}`, term_min: 12, term_max: 60, interest_rate: 10 }).returning();
  return row!.id;
}

/** A new image of the client's media library (accessories samples). */
async function clientImage(t: TestApp, clientId: number) {
  const [image] = await t.database.db
    .insert(mediaFiles)
    .values({ client_id: clientId, name: 'mats.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 1000, driver: 'local', key: `accessory-${suffix()}-${suffix()}` })
    .returning();
  return image!.id;
}

/** A new dealership of the client (dealerships samples). */
async function dealershipFor(t: TestApp, clientId: number) {
  await siteFor(t, clientId);
  const [row] = await t.database.db.insert(dealerships).values({ client_id: clientId, title: `ДЦ ${suffix()}` }).returning();
  return row!.id;
}
/** A new department of a new dealership of the client. */
export async function departmentFor(t: TestApp, clientId: number) {
  const dealershipId = await dealershipFor(t, clientId);
  const [row] = await t.database.db.insert(dealershipDepartments).values({ client_id: clientId, dealership_id: dealershipId, name_ru: 'Сервис' }).returning();
  return row!.id;
}

/** A random VIN (17 of the letters and digits a VIN allows: no I, O, Q). */
const sampleVin = () => Array.from(randomBytes(17), (byte) => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[byte % 33]).join('');

/** Hex digits as letters: placeholders take Latin letters and '_' only. */
const letters = (text: string) => text.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

/**
 * A site of the client with every module of the marketplace, as the demo's: the routes of its
 * modules' services answer there (the module check has its own suite, test/module-gating.test.ts).
 */
async function moduleSite(t: TestApp, clientId: number, name: string) {
  const [site] = await t.database.db.insert(sites).values({ name, client_id: clientId, type: 3 }).returning();
  await t.installModules(site!.id);
  return site!.id;
}

/** A new site of the client (records one per site: captcha settings). */
async function newSite(t: TestApp, clientId: number) {
  return moduleSite(t, clientId, `Сайт ${suffix()}`);
}

/** A site of the client for site-owned samples (one per client, made on first use). */
const sitesOfClients = new Map<string, number>();
async function siteFor(t: TestApp, clientId: number) {
  const key = `${t.config.dataDir}:${clientId}`;
  if (!sitesOfClients.has(key)) {
    sitesOfClients.set(key, await moduleSite(t, clientId, `Сайт ${suffix()}`));
  }
  return sitesOfClients.get(key)!;
}

/**
 * A valid new value for the text field the suite changes, where `changed-<id>` is not one (a page
 * address starts with '/'); by resource.
 */
export const TEXT_UPDATES: Record<string, (id: string) => string> = {
  'sites.context/pages': (id) => `/changed-${id}`,
  // seo
  'seo/redirects': (id) => `/changed-${id}`,
  'seo/seo_constants': (id) => `CHANGED_${letters(id)}`,
};
/** The field the suite changes and its new value, for resources without a text field (a price). */
export const FIELD_UPDATES: Record<string, (id: string) => { field: string; value: unknown }> = {
  'cars.catalog/body_color_markups': (id) => ({ field: 'price', value: 30000 + Number(id) }),
  // cars.stock: a car's price.
  'cars.stock/cars': (id) => ({ field: 'price', value: 1_500_000 + Number(id) }),
  // import_edit: an edit's value (a price).
  'import_edit/import_edits': (id) => ({ field: 'value', value: 1_000_000 + Number(id) }),
  // tradein.calculator: the settings have no text field; their mileage limit.
  'tradein.calculator/settings': (id) => ({ field: 'max_mileage', value: 100_000 + Number(id) }),
  // reviewer: the settings' mail subject.
  'reviewer/settings': (id) => ({ field: 'mail_subject', value: `Оцените нас ${id}` }),
  // cars.vins: the first text fields are a VIN and a URL.
  'cars.vins/vin_data': (id) => ({ field: 'production_number', value: `P${id}` }),
  'cars.vins/profile_data': (id) => ({ field: 'url', value: `https://vin.importer.test/changed-${id}` }),
  'messenger_showroom/web_hooks': (id) => ({ field: 'url', value: `https://hooks.dealer.test/changed-${id}` }),
  // cars.import: the settings have no text field; their timeout, whole minutes in nanoseconds.
  'cars.import/settings': (id) => ({ field: 'timeout', value: (1 + (Number(id) % 100)) * 60_000_000_000 }),
  'cars.vins/allowed_clients': () => ({ field: 'is_allowed', value: false }),
  // benefits: a discount's first text fields are dates.
  'benefits/discounts': (id) => ({ field: 'discount_sum', value: 100_000 + Number(id) }),
  // credit.calc: the settings have no text field; their default term.
  'credit.calc/settings': (id) => ({ field: 'default_period', value: 1 + (Number(id) % 80) }),
  // accessories.showroom: the settings' one field is their import files.
  'accessories.showroom/settings': (id) => ({ field: 'import_files', value: [{ name: `Прайс ${id}`, url: `https://feeds.dealer.test/accessories-${id}.csv`, profile: 'csv' }] }),
  // cars.stock.sites and cars.sorting: declared without generic forms.
  'cars.stock.sites/showroom_pages': (id) => ({ field: 'external_id', value: `EXT-${id}` }),
  'cars.stock.sites/custom_filters': (id) => ({ field: 'title_ru', value: `Фильтры ${id}` }),
  'cars.sorting/restyling_sort': (id) => ({ field: 'sort', value: 10 + Number(id) }),
  // request.storage: a block changes its kind.
  'request.storage/request_block': () => ({ field: 'block_type', value: 'silent' }),
  'request.storage/request_block_settings': () => ({ field: 'max_requests', value: 7 }),
  // form-constructor: the captcha settings' one field is their kind.
  'form-constructor/captcha_settings': () => ({ field: 'kind', value: 'smart_captcha' }),
};
export const fieldUpdateFor = (resource: AnyResource, id: string) => FIELD_UPDATES[resourceKey(resource)]?.(id);
export const textUpdateFor = (resource: AnyResource, id: string) => TEXT_UPDATES[resourceKey(resource)]?.(id) ?? `changed-${id}`;

/** What DELETE needs besides the id (a typed confirmation), by resource; nothing for most. */
export const DELETE_QUERIES: Record<string, (record: { attributes: Record<string, unknown> }) => string> = {
  'sites.context/sites': (record) => `?confirm=${encodeURIComponent(String(record.attributes.host ?? record.attributes.technical_host ?? record.attributes.name))}`,
};

export const deleteQueryFor = (resource: AnyResource, record: { attributes: Record<string, unknown> }) => DELETE_QUERIES[resourceKey(resource)]?.(record) ?? '';

export function sampleFor(resource: AnyResource): Sample {
  // Looked up when a test runs, so that a resource without a sample yet fails its own tests only.
  return (t, clientId) => {
    const sample = SAMPLES[resourceKey(resource)];
    if (!sample) throw new Error(`no sample for ${resourceKey(resource)}: add one to test/resource-samples.ts`);
    return sample(t, clientId);
  };
}
