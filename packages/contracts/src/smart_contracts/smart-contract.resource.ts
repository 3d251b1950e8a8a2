import { z } from 'zod';
import { defineResource, partialOf, siteSettingsListing } from '../kit/resource.ts';
import { id, optionalMultiLineText, optionalText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { dealershipRef } from '../dealerships/dealership.resource.ts';

/**
 * The smart contract widget of a site (spec 002 §2 /smart_contracts/settings/{siteId}/, §3 "Smart
 * contract widget setting", §7, §9; docs/decisions/widgets.md): one settings record per site, made
 * with the defaults on first read. Its widgets and service widgets name the client's dealerships;
 * the public site loads the widget's script with this configuration on its car pages and lists.
 */
const SERVICE = 'smart_contracts';

/** How the widget recognises a car: by its page address or by its VIN. */
export const CAR_IDENTITIES = ['url', 'vin'] as const;
/** Widget types (spec 002 §3). */
export const SMART_WIDGET_TYPES = ['any', 'new', 'used', 'standalone'] as const;
export type SmartWidgetType = (typeof SMART_WIDGET_TYPES)[number];
/** The environments that mean the live widget (spec 002 §3): empty, master, production. */
export const LIVE_ENVIRONMENTS = ['', 'master', 'production'] as const;
/** Body repair widget versions offered. */
export const BODY_REPAIR_VERSION_MAX = 9;

/** A widget id of the smart contract service: letters, digits, `-` and `_` (it goes into the script's configuration). */
const widgetId = () =>
  safeString()
    .trim()
    .min(1, { error: encodeMessage('required') })
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, { error: encodeMessage('smart_widget_id') });
const optionalWidgetId = () => z.union([z.literal('').transform(() => null), widgetId()]).nullable().optional();

/** A widget of a dealership (spec 002 §3 "Widget entry"): its standalone flags on by default, the bullet widget's off. */
export const smartWidgetEntry = z.strictObject({
  dealership_id: id(),
  smart_contract_widget_id: widgetId(),
  type: z.enum(SMART_WIDGET_TYPES, { error: encodeMessage('smart_widget_type') }).default('any'),
  use_for_credit_standalone: z.boolean().default(true),
  use_for_leasing_standalone: z.boolean().default(true),
  use_for_trade_in_standalone: z.boolean().default(true),
  use_for_buy_model_standalone: z.boolean().default(true),
  use_for_bullet_widget: z.boolean().default(false),
});
export type SmartWidgetEntry = z.output<typeof smartWidgetEntry>;
/** A service widget of a dealership. */
export const smartServiceWidgetEntry = z.strictObject({ dealership_id: id(), service_widget_id: widgetId() });
export type SmartServiceWidgetEntry = z.output<typeof smartServiceWidgetEntry>;

/**
 * The environment: empty, master or production for live, test, or a feature branch's name
 * (letters, digits, `.`, `_`, `-`, `/`).
 */
const environment = () =>
  z.union([
    z.literal('').transform(() => null),
    safeString()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: encodeMessage('smart_environment') }),
  ]).nullable().optional();

/** Cities in the order the body repair widget lists them, comma-separated: each a name of letters, spaces, `-` and `.`. */
const citiesOrder = () =>
  z.union([
    z.literal('').transform(() => null),
    safeString()
      .trim()
      .max(1000)
      .refine((value) => value.split(',').every((city) => /^[\p{L}][\p{L} .-]{0,99}$/u.test(city.trim())), { error: encodeMessage('smart_cities_order') }),
  ]).nullable().optional();

/** A CSS class name (or several, space-separated) of the widget's button. */
const cssClasses = () =>
  z.union([
    z.literal('').transform(() => null),
    safeString()
      .trim()
      .max(255)
      .regex(/^-?[A-Za-z_][\w-]*(?:\s+-?[A-Za-z_][\w-]*)*$/, { error: encodeMessage('smart_css_class') }),
  ]).nullable().optional();

const settingsFields = {
  car_identity: z.enum(CAR_IDENTITIES, { error: encodeMessage('invalid_choice') }).default('url'),
  environment: environment(),
  widgets: z.array(smartWidgetEntry).max(50).default([]),
  service_widgets: z.array(smartServiceWidgetEntry).max(50).default([]),
  service_test_env: z.boolean().default(false),
  replace_car_order_form: z.boolean().default(false),
  replace_buy_model_form: z.boolean().default(false),
  hide_tooltip: z.boolean().default(false),
  custom_button_class: cssClasses(),
  custom_credit_standalone_title: optionalText(255),
  disable_on_detail: z.boolean().default(false),
  disable_on_list: z.boolean().default(false),
  base_service_widget_id: optionalWidgetId(),
  trade_in_popup: z.boolean().default(false),
  trade_in_popup_text: optionalMultiLineText(2000),
  kto_enabled: z.boolean().default(false),
  kto_base_widget_id: optionalWidgetId(),
  kto_widget_ids: z.array(widgetId()).max(50).default([]),
  kto_custom_code: optionalMultiLineText(5000),
  body_repair_enabled: z.boolean().default(false),
  body_repair_widget_ids: z.array(widgetId()).max(50).default([]),
  body_repair_test_env: z.boolean().default(false),
  body_repair_version: z
    .preprocess((value) => (value === '' ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), z.number({ error: encodeMessage('integer') }).int({ error: encodeMessage('integer') }).min(1, { error: encodeMessage('smart_body_repair_version') }).max(BODY_REPAIR_VERSION_MAX, { error: encodeMessage('smart_body_repair_version') }).nullable())
    .optional(),
  body_repair_cities_order: citiesOrder(),
  use_dealer_locator: z.boolean().default(false),
};


const identityOptions = CAR_IDENTITIES.map((value) => ({ value, label: `car_identities.${value}` }));
export const smartWidgetTypeOptions = SMART_WIDGET_TYPES.map((value) => ({ value, label: `widget_types.${value}` }));

export const smartContractSettingsResource = defineResource({
  service: SERVICE,
  name: 'settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    car_identity: z.enum(CAR_IDENTITIES),
    environment: z.string().nullable(),
    widgets: z.array(z.object({ dealership_id: z.number(), smart_contract_widget_id: z.string(), type: z.enum(SMART_WIDGET_TYPES), use_for_credit_standalone: z.boolean(), use_for_leasing_standalone: z.boolean(), use_for_trade_in_standalone: z.boolean(), use_for_buy_model_standalone: z.boolean(), use_for_bullet_widget: z.boolean() })),
    service_widgets: z.array(z.object({ dealership_id: z.number(), service_widget_id: z.string() })),
    service_test_env: z.boolean(),
    replace_car_order_form: z.boolean(),
    replace_buy_model_form: z.boolean(),
    hide_tooltip: z.boolean(),
    custom_button_class: z.string().nullable(),
    custom_credit_standalone_title: z.string().nullable(),
    disable_on_detail: z.boolean(),
    disable_on_list: z.boolean(),
    base_service_widget_id: z.string().nullable(),
    trade_in_popup: z.boolean(),
    trade_in_popup_text: z.string().nullable(),
    kto_enabled: z.boolean(),
    kto_base_widget_id: z.string().nullable(),
    kto_widget_ids: z.array(z.string()),
    kto_custom_code: z.string().nullable(),
    body_repair_enabled: z.boolean(),
    body_repair_widget_ids: z.array(z.string()),
    body_repair_test_env: z.boolean(),
    body_repair_version: z.number().nullable(),
    body_repair_cities_order: z.string().nullable(),
    use_dealer_locator: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...settingsFields }),
  update: partialOf(settingsFields),
  ...siteSettingsListing,
  permissions: { list: ['settings.get_list'], get: ['settings.get_list'], create: ['settings.patch'], update: ['settings.patch'], delete: ['settings.patch'] },
  columns: [
    { field: 'site_id', width: 120, key: true },
    { field: 'environment', width: 160 },
    { field: 'updated_at', render: 'date', width: 160 },
  ],
  form: [
    { field: 'car_identity', widget: 'select', options: identityOptions },
    { field: 'environment', widget: 'text' },
    { field: 'widgets', widget: 'text', span: 2 },
    { field: 'service_widgets', widget: 'text', span: 2 },
    { field: 'base_service_widget_id', widget: 'text' },
    { field: 'service_test_env', widget: 'switch' },
    { field: 'replace_car_order_form', widget: 'switch' },
    { field: 'replace_buy_model_form', widget: 'switch' },
    { field: 'disable_on_detail', widget: 'switch' },
    { field: 'disable_on_list', widget: 'switch' },
    { field: 'hide_tooltip', widget: 'switch' },
    { field: 'use_dealer_locator', widget: 'switch' },
    { field: 'custom_button_class', widget: 'text' },
    { field: 'custom_credit_standalone_title', widget: 'text' },
    { field: 'trade_in_popup', widget: 'switch' },
    { field: 'trade_in_popup_text', widget: 'textarea' },
    { field: 'kto_enabled', widget: 'switch' },
    { field: 'kto_base_widget_id', widget: 'text' },
    { field: 'kto_widget_ids', widget: 'tags' },
    { field: 'kto_custom_code', widget: 'textarea' },
    { field: 'body_repair_enabled', widget: 'switch' },
    { field: 'body_repair_widget_ids', widget: 'tags' },
    { field: 'body_repair_test_env', widget: 'switch' },
    { field: 'body_repair_version', widget: 'number' },
    { field: 'body_repair_cities_order', widget: 'text', span: 2 },
  ],
  screen: '/smart_contracts/settings/{siteId}/',
  label: ['site_id'],
});
/** The dealership a widget entry names (for the web's picker). */
export const smartDealershipRef = dealershipRef;
