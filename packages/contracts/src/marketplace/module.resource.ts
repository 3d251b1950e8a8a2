import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { actionBody } from '../kit/jsonapi.ts';
import { code, email, filterText, id, idList, integer, optionalMultiLineText, optionalText, requiredText, url } from '../kit/fields.ts';
import { encodeMessage, type Lang } from '../kit/messages.ts';

/**
 * The module codes spec 000 §2 ties site-menu entries to, with their names and descriptions in
 * both languages. They are seeded into the dictionary at every start (only what is missing),
 * in Russian; see moduleTitle for English.
 */
export const SPEC_MODULES = {
  available_cars: { category: 'cars', ru: ['Автомобили в наличии', 'Склад новых автомобилей на сайте: список, фильтры, карточки'], en: ['Cars in stock', 'New cars in stock on the site: list, filters, car pages'] },
  used_cars: { category: 'cars', ru: ['Автомобили с пробегом', 'Склад автомобилей с пробегом на сайте'], en: ['Used cars', 'Used cars in stock on the site'] },
  credit_calc: { category: 'cars', ru: ['Кредитный калькулятор', 'Расчёт кредита по программам банков'], en: ['Credit calculator', 'Loan calculation by bank programmes'] },
  tradein: { category: 'cars', ru: ['Трейд-ин', 'Оценка автомобиля клиента в зачёт нового'], en: ['Trade-in', 'Valuing the customer\'s car against a new one'] },
  accessories_stock: { category: 'cars', ru: ['Аксессуары', 'Витрина и склад аксессуаров'], en: ['Accessories', 'Accessories showroom and stock'] },
  dealerships: { category: 'cars', ru: ['Дилерские центры', 'Подразделения, сотрудники и услуги дилерских центров'], en: ['Dealerships', 'Departments, employees and services of dealerships'] },
  requests: { category: 'requests', ru: ['Заявки', 'Заявки с сайта, их настройки и действия'], en: ['Requests', 'Requests from the site, their settings and actions'] },
  calltracking: { category: 'requests', ru: ['Коллтрекинг', 'Виджеты отслеживания звонков и выгрузка звонков'], en: ['Call tracking', 'Call tracking widgets and call exports'] },
  captcha: { category: 'requests', ru: ['Капча', 'Защита форм сайта от роботов'], en: ['Captcha', 'Protects the site\'s forms from bots'] },
  'manager-notifier': { category: 'requests', ru: ['Уведомления менеджеров', 'Отчёты и уведомления для менеджеров'], en: ['Manager notifier', 'Reports and notices for managers'] },
  'importer-notifier': { category: 'requests', ru: ['Уведомления импортёра', 'Отчёты импортёру о заявках и складе'], en: ['Importer notifier', 'Reports on requests and stock for the importer'] },
  multiple_locales: { category: 'content', ru: ['Мультиязычность', 'Несколько языков сайта'], en: ['Multiple languages', 'Several languages of the site'] },
  custom_media: { category: 'content', ru: ['Медиа-профили', 'Собственные медиа-профили и материалы'], en: ['Custom media', 'Own media profiles and items'] },
  reviewer: { category: 'content', ru: ['Отзывы', 'Интеграция с сервисом отзывов'], en: ['Reviewer', 'Integration with a review service'] },
  smart_contracts: { category: 'integrations', ru: ['Смарт-контракты', 'Виджет смарт-контрактов'], en: ['Smart contracts', 'Smart contract widget'] },
  'messenger-showroom': { category: 'integrations', ru: ['Шоурум в мессенджере', 'Шоурум и боты в Telegram'], en: ['Messenger showroom', 'Showroom and bots in Telegram'] },
} as const satisfies Record<string, { category: string; ru: readonly [string, string]; en: readonly [string, string] }>;

export type SpecModuleCode = keyof typeof SPEC_MODULES;
export const MODULE_CODES = Object.keys(SPEC_MODULES) as SpecModuleCode[];

/** Categories of the marketplace screen (`site_category`); another code is shown as it is. */
export const MODULE_CATEGORIES = ['cars', 'requests', 'content', 'integrations'] as const;

/**
 * Named steps run when a module is installed or uninstalled (marketplace/module-handlers.ts on
 * the server). The dictionary names them; the server refuses names it does not know.
 */
export const MODULE_HANDLER_NAMES = ['add_site_locales', 'reset_site_locales'] as const;
export type ModuleHandlerName = (typeof MODULE_HANDLER_NAMES)[number];

/** The handlers the spec modules come with. */
export const SPEC_MODULE_HANDLERS: Partial<Record<SpecModuleCode, { install: ModuleHandlerName[]; uninstall: ModuleHandlerName[] }>> = {
  multiple_locales: { install: ['add_site_locales'], uninstall: ['reset_site_locales'] },
};

/**
 * A module's title in a language. The dictionary keeps one name, in Russian; like every seeded
 * text (seeded-texts.ts), a spec module still under its seeded name reads in English
 * for English readers, and an edited name is what everyone sees.
 */
export function moduleTitle(module: { code: string; name: string }, lang: Lang): string {
  const spec = SPEC_MODULES[module.code as SpecModuleCode];
  return lang === 'en' && spec && module.name === spec.ru[0] ? spec.en[0] : module.name;
}

export function moduleDescription(module: { code: string; description: string | null }, lang: Lang): string | null {
  const spec = SPEC_MODULES[module.code as SpecModuleCode];
  return lang === 'en' && spec && module.description === spec.ru[1] ? spec.en[1] : module.description;
}

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;

/** What a colour scheme may change of the module's card (spec 000 §3 per-color-scheme overrides). */
export const moduleOverride = z.strictObject({
  name: optionalText(255),
  description: optionalMultiLineText(2000),
  image: url().nullable().optional(),
  url: url().nullable().optional(),
});

const handlerList = z.array(z.enum(MODULE_HANDLER_NAMES, { error: encodeMessage('module_handler_unknown') })).max(20);

const fields = {
  code: code(100),
  name: requiredText(255),
  description: optionalMultiLineText(2000),
  promo_link: url().nullable().optional(),
  url: url().nullable().optional(),
  image: url().nullable().optional(),
  sort: integer(0, 100000),
  locales: z.array(z.enum(['ru', 'en'], { error: encodeMessage('locale') })).max(2),
  active: z.boolean(),
  site_category: code(50).nullable().optional(),
  /** Clients the module is offered to; empty: every client. */
  client_ids: idList(),
  billing_integration: z.boolean(),
  /** Per colour scheme code: what its sites see instead. */
  color_scheme_overrides: z.record(code(100), moduleOverride).refine((value) => Object.keys(value).length <= 50, { error: encodeMessage('max_items', { count: 50 }) }),
  handlers: z.strictObject({ install: handlerList, uninstall: handlerList }),
  /** Who hears of installs and uninstalls. */
  notification_emails: z.array(email()).max(20),
};
// The code is the module's identity (routes name it): set once, never changed.
const { code: _code, ...editable } = fields;

/**
 * The marketplace's module dictionary (spec 000 §3 Module; /marketplace/settings). A platform
 * dictionary: only staff write it. Its code never changes: gateway and screen routes name it.
 */
export const moduleResource = defineResource({
  service: 'marketplace',
  name: 'modules',
  entity: z.object({
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    promo_link: z.string().nullable(),
    url: z.string().nullable(),
    image: z.string().nullable(),
    sort: z.number(),
    locales: z.array(z.string()),
    active: z.boolean(),
    site_category: z.string().nullable(),
    client_ids: z.array(z.number()),
    billing_integration: z.boolean(),
    color_scheme_overrides: z.record(z.string(), z.record(z.string(), z.string().nullable().optional())),
    handlers: z.object({ install: z.array(z.string()), uninstall: z.array(z.string()) }),
    notification_emails: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    ...fields,
    sort: fields.sort.default(0),
    locales: fields.locales.default(['ru', 'en']),
    active: fields.active.default(true),
    client_ids: fields.client_ids.default([]),
    billing_integration: fields.billing_integration.default(false),
    color_scheme_overrides: fields.color_scheme_overrides.default({}),
    handlers: fields.handlers.default({ install: [], uninstall: [] }),
    notification_emails: fields.notification_emails.default([]),
  }),
  update: z.strictObject(editable).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    active: { op: 'eq', schema: z.enum(['true', 'false']).transform((v) => v === 'true'), widget: 'boolean' },
    code: { op: 'eq', schema: filterText(100) },
    client_id: { op: 'contains', columns: ['client_ids'], schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'code', 'name', 'sort', 'created_at'],
  defaultSort: 'sort,name',
  pageSize: { default: 100, max: 1000 },
  tenant: null,
  refs: { client_ids: clientRef },
  unique: ['code'],
  permissions: { list: ['modules.view'], get: ['modules.view'], create: ['modules.patch'], update: ['modules.patch'], delete: ['modules.patch'] },
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'code', sortable: true, render: 'tag', width: 170 },
    { field: 'site_category', render: 'tag', width: 130 },
    { field: 'active', render: 'boolean', width: 130 },
    { field: 'billing_integration', render: 'boolean', width: 100 },
    { field: 'client_ids', render: 'refs', ref: clientRef, width: 180 },
    { field: 'sort', sortable: true, width: 100 },
  ],
  form: [
    { field: 'code', widget: 'text', only: 'create' },
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
    { field: 'site_category', widget: 'select', options: MODULE_CATEGORIES.map((value) => ({ value, label: `categories.${value}` })) },
    { field: 'sort', widget: 'number' },
    { field: 'active', widget: 'switch' },
  ],
  screen: '/marketplace/settings',
});

/** POST .../uninstall {reason} and .../suspend {reason}: why, kept in the audit trail. */
export const moduleReasonBody = actionBody(z.strictObject({ reason: requiredText(1000) }));

const siteIds = idList(1000).min(1);
const moduleCodes = z.array(code(100)).min(1).max(50);

/** POST /api/v1/modules/mass_install: every module on every site, all or nothing. */
export const massInstallBody = actionBody(z.strictObject({ site_ids: siteIds, module_codes: moduleCodes }));
/** POST /api/v1/modules/mass_uninstall: the same, with the reason of spec 000 §7. */
export const massUninstallBody = actionBody(z.strictObject({ site_ids: siteIds, module_codes: moduleCodes, reason: requiredText(1000) }));

/** A module's installation on a site as GET /sites/{siteId}/modules includes it. */
export interface ModuleInstallationAttributes {
  site_id: number;
  module_id: number;
  module_code: string;
  active: boolean;
  suspended_reason: string | null;
  suspended_at: string | null;
  installed_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A module as a site sees it (its colour scheme's overrides applied). */
export interface SiteModuleAttributes {
  code: string;
  name: string;
  description: string | null;
  promo_link: string | null;
  url: string | null;
  image: string | null;
  sort: number;
  locales: string[];
  active: boolean;
  site_category: string | null;
  billing_integration: boolean;
}

/** The result of a mass install or uninstall, per site. */
export interface MassModulesResult {
  site_id: number;
  /** Codes changed on the site. */
  changed: string[];
  /** Codes already so (installed, or not installed for an uninstall). */
  unchanged: string[];
}

/** GET /sites/{siteId}/installed_modules: what the shell needs for menu, guard and notice. */
export interface InstalledModules {
  site_id: number;
  /** Every installed module, paused ones included (they still count as available). */
  modules: string[];
  /** Installed but inactive (suspended) modules. */
  paused: string[];
}
