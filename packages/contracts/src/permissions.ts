import { workflowApiRoutes } from './kit/workflow.ts';
import type { Mode } from './kit/access.ts';
import { CLIENT, pathTargets, resourceTargets, target, type ModuleTarget } from './marketplace/module-routes.ts';
/** A customer request (request.storage's records, named by the server): module-tied routes on one find the site there. */
const REQUEST = 'request.storage/requests';
// request.storage (issue 14, engineer "requests"): the spec's list paths, one per request type.
const REQUEST_LIST_ROUTES = ['subscription_requests', 'callback_requests', 'test_drive_requests', 'service_requests', 'buy_model_requests', 'avn_requests', 'accessory_requests', 'custom_form_requests'];

/**
 * Services, permission codes, modes, the screens' route registry and the default API route
 * table. The database is seeded from here; after that the tables are the truth.
 */
export const SERVICES = [
  'auth.processing',
  'clients.storage',
  'gateway.processing',
  'sites.context',
  'content.storage',
  'seo',
  'marketplace',
  'sites.controller',
  'floors.storage',
  'notificator',
  'platform',
  'error-collection-system',
  'request.storage',
  'form-constructor',
  'cars.catalog',
  // media library (issue 10, media and stages)
  'media.storage',
  // render dictionaries (issue 10, floors and SEO): colour schemes, locales, title weights, colours, components.
  'render',
  // cars.stock: cars of a site's stock (issue 12, engineer "stock").
  'cars.stock',
  // dealerships (issue 12, engineer "dealerships"): dealerships, departments, employees, services.
  'dealerships',
  // cars.stock.sites and cars.sorting (issue 12, engineer "stock-settings"): stock settings per site, car sorting.
  'cars.stock.sites',
  'cars.sorting',
  // cars.vins: VIN data, retrieval profiles, allowed clients (issue 12, engineer "vins").
  'cars.vins',
  // cars.import and cars.import.alias (issue 13, engineer "feeds-import"): car import from feeds, field aliases.
  'cars.import',
  'cars.import.alias',
  // cars.export and importer.notifier (issue 13, engineer "feeds-export"): export feeds and commercial offers, report mails.
  'cars.export',
  'importer.notifier',
  // sender (issue 14, engineer "sender"): e-mail templates, SMTP settings, proxy actions; the executor of request actions.
  'sender',
] as const;
export type ServiceName = (typeof SERVICES)[number];

// Modes and the permission checks live in kit/access.ts, without this module's tables (first-load.ts).
export { MODES, modePermission, hasPermission, hasAnyPermission, hasMode, type Mode, type PermissionMap } from './kit/access.ts';

export interface PermissionDef {
  service: ServiceName;
  code: string;
}

const codes = (service: ServiceName, list: string[]): PermissionDef[] => list.map((code) => ({ service, code }));

/** Every permission code: the specification's (spec 000 §6) and the write codes it leaves unnamed. */
export const PERMISSIONS: PermissionDef[] = [
  ...codes('auth.processing', ['site_mode', 'dictionaries_mode', 'settings_mode', 'custom_tokens.view', 'root', 'read_and_write']),
  ...codes('clients.storage', [
    'clients.get_full_list', 'clients.create', 'clients.patch', 'clients.delete',
    'users.get_list', 'roles.get_list', 'permissions.get_list', 'routes.get_list',
    'groups.list', 'groups.create', 'groups.patch', 'groups.delete',
    'satisfaction.report',
    'users.create', 'users.patch', 'users.delete',
    'roles.create', 'roles.patch', 'roles.delete',
    'permissions.create', 'permissions.patch', 'permissions.delete',
    'routes.create', 'routes.patch', 'routes.delete',
    'audit.get_list',
  ]),
  ...codes('gateway.processing', [
    'routes.get_list', 'routes.create', 'routes.patch', 'routes.delete',
    'restrictions.get_list', 'restrictions.create', 'restrictions.patch', 'restrictions.delete',
  ]),
  ...codes('sites.context', [
    'sites.create', 'sites.patch', 'sites.delete', 'sites.get_full_list', 'pages.get_list', 'pages.patch',
    'layouts.patch', 'templates.patch', 'dealers.get_list', 'dealers.create',
    // sites.context codes the spec leaves unnamed (docs/decisions.md, "Sites").
    'sites.republish', 'dealers.patch', 'dealers.delete',
    'site_groups.get_list', 'site_groups.create', 'site_groups.patch', 'site_groups.delete',
  ]),
  // sites.context pages (issue 10): publishing on sites with strict publishing (docs/decisions.md, "Pages").
  ...codes('sites.context', ['pages.publish', 'layouts.publish']),
  // content.storage: the specials and news views over collection pages (pages engineer).
  ...codes('content.storage', ['collections.get_list']),
  ...codes('content.storage', ['op_news.create', 'op_news.patch']),
  // content.storage stages (issue 10): read, write (stages and their states), publish on strict sites.
  ...codes('content.storage', ['stages.get_list', 'stages.patch', 'stages.publish']),
  // media.storage: the media library (files, folders, crops, the clients' media elements).
  ...codes('media.storage', ['media.get_list', 'media.create', 'media.patch', 'media.delete']),
  ...codes('seo', ['seo_configs.patch']),
  // seo (issue 10, floors and SEO): codes the spec leaves unnamed for redirects, SEO settings and constants.
  ...codes('seo', [
    'seo_configs.get_list', 'redirects.get_list', 'redirects.create', 'redirects.patch', 'redirects.delete',
    'seo_constants.get_list', 'seo_constants.create', 'seo_constants.patch', 'seo_constants.delete',
  ]),
  // floors.storage (issue 10): floors (enable and disable with floors.patch) and their groups (read with floors.get_list).
  ...codes('floors.storage', ['floors.get_list', 'floors.create', 'floors.patch', 'floors.delete', 'floor_groups.create', 'floor_groups.patch', 'floor_groups.delete']),
  // marketplace: modules.install (unnamed by the spec) installs and uninstalls modules on reachable sites.
  ...codes('marketplace', ['modules.view', 'modules.patch', 'modules.install']),
  ...codes('sites.controller', ['tasks']),
  ...codes('error-collection-system', ['sso_show']),
  ...codes('request.storage', ['callback_requests.get_list', 'email_actions.get_list', 'proxy_actions.get_list', 'offensive_words.admin']),
  // request.storage (issue 14, engineer "requests"): the write codes the spec leaves unnamed (reading is callback_requests.get_list).
  ...codes('request.storage', ['requests.delete', 'requests_settings.create', 'requests_settings.patch', 'requests_settings.delete', 'request_blocks.create', 'request_blocks.patch', 'request_blocks.delete']),
  ...codes('form-constructor', ['form_constructor.get_list', 'form_constructor.create', 'form_constructor.edit']),
  // vin_data.import (spec 001 §6) is a code of cars.vins, below.
  ...codes('cars.catalog', ['brands.get_list', 'models.get_list', 'marketing_complectations.get_list', 'discounts.get_list', 'programs.get_list']),
  // cars.catalog (issue 12): the write codes the spec leaves unnamed; reading the model tree takes models.get_list.
  ...codes('cars.catalog', ['brands', 'models', 'generations', 'restylings', 'complectations', 'bodies', 'fuels', 'transmissions', 'wheel_drives', 'colors'].flatMap((entity) => [`${entity}.create`, `${entity}.patch`, `${entity}.delete`])),
  // cars.catalog (issue 12, "marketing"): marketing complectations, option categories, dealer options; options are only deleted.
  ...codes('cars.catalog', ['marketing_complectations', 'option_categories', 'dealer_options'].flatMap((entity) => [`${entity}.create`, `${entity}.patch`, `${entity}.delete`])),
  ...codes('cars.catalog', ['options.delete']),
  // cars.catalog (issue 12, "colors"): body colours (their markups too), upholsteries, galleries; models.restore restores a model from its history.
  ...codes('cars.catalog', ['body_colors', 'upholsteries', 'marketing_galleries'].flatMap((entity) => [`${entity}.create`, `${entity}.patch`, `${entity}.delete`])),
  ...codes('cars.catalog', ['models.restore']),
  // cars.catalog labels of a site's cars (issue 12): labels.patch also hides and orders a central label on a fork.
  ...codes('cars.catalog', ['labels.get_list', 'labels.create', 'labels.patch', 'labels.delete']),
  // cars.stock (issue 12): cars of a site's stock; cars.patch also marks cars as sold in bulk.
  ...codes('cars.stock', ['cars.get_list', 'cars.create', 'cars.patch', 'cars.delete']),
  // cars.stock.sites and cars.sorting (issue 12, "stock-settings"): settings, showroom pages, custom filters, viewed and favorites; list sort and restyling order.
  ...codes('cars.stock.sites', ['stock_settings.get_list', 'stock_settings.patch']),
  ...codes('cars.sorting', ['sorting.get_list', 'sorting.patch']),
  // dealerships (issue 12, engineer "dealerships"): the spec's dealers.get_list (reads all four) and dealers.create, the write codes it leaves unnamed.
  ...codes('dealerships', ['dealers.get_list', 'dealers.create', 'dealers.patch', 'dealers.delete', ...['departments', 'employees', 'services'].flatMap((entity) => [`${entity}.create`, `${entity}.patch`, `${entity}.delete`])]),
  // cars.vins (issue 12, engineer "vins"): VIN data (the spec's vin_data.import and the codes it leaves unnamed; vin_data.patch also invalidates images), retrieval profiles, allowed clients.
  ...codes('cars.vins', ['vin_data.get_list', 'vin_data.patch', 'vin_data.delete', 'vin_data.import', ...['vin_profiles', 'vin_clients'].flatMap((entity) => [`${entity}.get_list`, `${entity}.create`, `${entity}.patch`, `${entity}.delete`])]),
  // cars.import (issue 13, engineer "feeds-import"): a site's import settings and reports, running an import (dealer managers); profiles and hooks (provider staff).
  ...codes('cars.import', ['import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list', ...['import_profiles', 'import_hooks'].flatMap((entity) => [`${entity}.get_list`, `${entity}.create`, `${entity}.patch`, `${entity}.delete`])]),
  ...codes('cars.import.alias', ['field_aliases.get_list', 'field_aliases.create', 'field_aliases.patch', 'field_aliases.delete']),
  // cars.import import states (issue 13, engineer "feeds-screens"): every client's imports (provider staff).
  ...codes('cars.import', ['import_states.get_list', 'import_states.manage']),
  // cars.export and importer.notifier (issue 13, engineer "feeds-export"): a client's export settings, commercial offers; a site's report mails.
  ...codes('cars.export', ['export_settings.get_list', 'export_settings.patch', 'offers.create']),
  ...codes('importer.notifier', ['notifier_settings.get_list', 'notifier_settings.patch', 'notifier_reports.get_list']),
  // sender (issue 14, engineer "sender"): e-mail templates and proxy actions (the spec's read codes), SMTP settings; resending lost requests.
  ...codes('sender', [...['email_actions', 'proxy_actions'].flatMap((entity) => [`${entity}.get_list`, `${entity}.create`, `${entity}.patch`, `${entity}.delete`]), 'smtp_settings.get_list', 'smtp_settings.patch']),
  ...codes('request.storage', ['lost_requests.patch']),
  // sender (issue 14, engineer "central-proxy"): the platform's central proxy actions, written by provider staff only (read with proxy_actions.get_list).
  ...codes('sender', ['central_proxy_actions.create', 'central_proxy_actions.patch', 'central_proxy_actions.delete']),
];

/** A screen of the admin: the side menu is built from these (spec 000 §2 Layout). */
export interface ScreenRoute {
  name: string;
  path: string;
  service: ServiceName;
  mode: Mode | null;
  /** Menu group title key; items of a group are shown together. */
  group: string;
  /** i18n key of the menu title. */
  title: string;
  permissions: string[];
  /** The site module that must be installed for a site-mode item (spec 000 §2). */
  module?: string | null;
  /** Fixed order inside the mode. */
  order: number;
  /** Hidden routes are reachable but not listed in the menu. */
  in_menu: boolean;
}

const screen = (
  service: ServiceName,
  name: string,
  path: string,
  mode: Mode | null,
  group: string,
  order: number,
  permissions: string[] = [],
  extra: Partial<ScreenRoute> = {},
): ScreenRoute => ({ service, name, path, mode, group, order, permissions, title: `menu.${name}`, module: null, in_menu: mode !== null, ...extra });

export const SCREEN_ROUTES: ScreenRoute[] = [
  screen('sites.context', 'site_select', '/sites.context/select', 'site', 'sites', 10, []),
  // sites.context: settings are shown read-only to those who may only read sites.
  screen('sites.context', 'site_settings', '/sites.context/sites/{siteId}/settings', 'site', 'site', 20, ['sites.get_full_list', 'sites.patch']),
  screen('sites.context', 'site_users', '/sites.context/sites/{siteId}/users', 'site', 'site', 25, ['sites.get_full_list']),
  screen('sites.context', 'site_create', '/sites.context/sites/create', null, 'sites', 12, ['sites.create']),
  screen('sites.context', 'pages', '/sites.context/sites/{siteId}/pages', 'site', 'content', 30, ['pages.get_list']),
  screen('sites.context', 'layouts', '/sites.context/sites/{siteId}/layouts', 'site', 'content', 40, ['layouts.patch']),
  screen('sites.context', 'templates', '/sites.context/sites/{siteId}/templates', 'site', 'content', 50, ['templates.patch']),
  // sites.context pages: editors of a page (and a state), a layout, a template; collections by type.
  screen('sites.context', 'page_edit', '/sites.context/sites/{siteId}/pages/{pageId}/{pageStateId?}', 'site', 'content', 31, ['pages.get_list'], { in_menu: false }),
  screen('sites.context', 'layout_edit', '/sites.context/sites/{siteId}/layouts/{layoutId}/{layoutStateId?}', 'site', 'content', 41, ['layouts.patch'], { in_menu: false }),
  screen('sites.context', 'template_edit', '/sites.context/sites/{siteId}/templates/{templateId}', 'site', 'content', 51, ['templates.patch'], { in_menu: false }),
  screen('sites.context', 'collections', '/sites.context/sites/{siteId}/collections/any', 'site', 'content', 55, ['pages.get_list']),
  screen('sites.context', 'collections_news', '/sites.context/sites/{siteId}/collections/news', 'site', 'content', 56, ['pages.get_list'], { in_menu: false }),
  screen('sites.context', 'collections_article', '/sites.context/sites/{siteId}/collections/article', 'site', 'content', 57, ['pages.get_list'], { in_menu: false }),
  screen('sites.context', 'collections_specials', '/sites.context/sites/{siteId}/collections/specials', 'site', 'content', 58, ['pages.get_list'], { in_menu: false }),
  // content.storage stages and media.storage library (issue 10, media and stages).
  screen('content.storage', 'stages', '/content.storage/stages/{siteId}', 'site', 'content', 60, ['stages.get_list', 'stages.patch']),
  screen('content.storage', 'stage_edit', '/content.storage/stages/{siteId}/{stageId}/{stageStateId?}', 'site', 'content', 61, ['stages.get_list', 'stages.patch'], { in_menu: false }),
  screen('media.storage', 'media_library', '/media.storage/library/{siteId}', 'site', 'content', 65, ['media.get_list']),
  // seo (issue 10, floors and SEO): redirects with their import, SEO settings, SEO constants.
  screen('seo', 'redirects', '/seo/sites/{siteId}/redirects', 'site', 'seo', 70, ['redirects.get_list']),
  screen('seo', 'seo_config', '/seo/sites/{siteId}/seo_config', 'site', 'seo', 80, ['seo_configs.get_list', 'seo_configs.patch']),
  screen('seo', 'seo_constants', '/seo/sites/{siteId}/constants', 'site', 'seo', 85, ['seo_constants.get_list']),
  screen('marketplace', 'site_marketplace', '/marketplace/marketplace/{siteId}', 'site', 'marketplace', 90, ['modules.view']),

  // cars.catalog (issue 12): the reference catalogue in the dictionaries menu (spec 001 §2).
  screen('cars.catalog', 'catalog_brands', '/cars.catalog/brands/', 'dictionaries', 'catalog', 40, ['brands.get_list']),
  screen('cars.catalog', 'catalog_models', '/cars.catalog/models/', 'dictionaries', 'catalog', 41, ['models.get_list']),
  screen('cars.catalog', 'catalog_generations', '/cars.catalog/generations/', 'dictionaries', 'catalog', 42, ['models.get_list']),
  screen('cars.catalog', 'catalog_restylings', '/cars.catalog/restylings/', 'dictionaries', 'catalog', 43, ['models.get_list']),
  screen('cars.catalog', 'catalog_complectations', '/cars.catalog/complectations/', 'dictionaries', 'catalog', 44, ['models.get_list']),
  screen('cars.catalog', 'catalog_bodies', '/cars.catalog/bodies/', 'dictionaries', 'catalog', 50, ['brands.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_fuels', '/cars.catalog/fuels/', 'dictionaries', 'catalog', 51, ['brands.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_transmissions', '/cars.catalog/transmissions/', 'dictionaries', 'catalog', 52, ['brands.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_wheel_drives', '/cars.catalog/wheel_drives/', 'dictionaries', 'catalog', 53, ['brands.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_colors', '/cars.catalog/colors/', 'dictionaries', 'catalog', 54, ['brands.get_list', 'models.get_list']),
  // cars.catalog (issue 12, "marketing"): marketing complectations (list and detail), option categories, options, dealer options.
  screen('cars.catalog', 'catalog_marketing_complectations', '/cars.catalog/marketing_complectations/', 'dictionaries', 'catalog', 45, ['marketing_complectations.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_marketing_complectation_edit', '/cars.catalog/marketing_complectations/{marketingComplectationId}', 'dictionaries', 'catalog', 46, ['marketing_complectations.get_list', 'models.get_list'], { in_menu: false }),
  screen('cars.catalog', 'catalog_option_categories', '/cars.catalog/option_categories/', 'dictionaries', 'catalog', 47, ['marketing_complectations.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_options', '/cars.catalog/options/', 'dictionaries', 'catalog', 48, ['marketing_complectations.get_list', 'models.get_list']),
  screen('cars.catalog', 'catalog_dealer_options', '/cars.catalog/dealer_options/', 'dictionaries', 'catalog', 49, ['marketing_complectations.get_list', 'models.get_list']),
  // cars.catalog (issue 12, "colors"): body colours (with markups and imports), upholsteries, marketing galleries.
  screen('cars.catalog', 'catalog_body_colors', '/cars.catalog/body_colors/', 'dictionaries', 'catalog', 55, ['brands.get_list']),
  screen('cars.catalog', 'catalog_upholsteries', '/cars.catalog/upholsteries/', 'dictionaries', 'catalog', 56, ['brands.get_list']),
  screen('cars.catalog', 'catalog_marketing_galleries', '/cars.catalog/marketing_galleries/', 'dictionaries', 'catalog', 57, ['models.get_list']),
  // cars.catalog labels (issue 12): a site's labels, in the site menu.
  screen('cars.catalog', 'catalog_labels', '/cars.catalog/tags/{siteId}', 'site', 'cars', 100, ['labels.get_list']),
  // cars.stock (issue 12): new and used cars of a site, manual creation and edit of a car.
  // Site-menu pages need their site module (spec 001 §2): available_cars for new cars, used_cars for used ones.
  screen('cars.stock', 'stock_new_cars', '/cars.stock/new_cars/{siteId}', 'site', 'cars', 96, ['cars.get_list'], { module: 'available_cars' }),
  screen('cars.stock', 'stock_used_cars', '/cars.stock/used_cars/{siteId}', 'site', 'cars', 97, ['cars.get_list'], { module: 'used_cars' }),
  screen('cars.stock', 'stock_car_create', '/cars.stock/create/{type}', null, 'cars', 98, ['cars.create', 'cars.patch'], { in_menu: false }),
  // cars.stock.sites and cars.sorting (issue 12, "stock-settings"): the site's stock settings; either stock module opens them.
  screen('cars.stock.sites', 'stock_settings', '/cars.stock.sites/settings/{siteId}', 'site', 'cars', 101, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
  screen('cars.stock.sites', 'stock_showroom_pages', '/cars.stock.sites/showroom_pages/{siteId}', 'site', 'cars', 102, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
  screen('cars.stock.sites', 'stock_custom_filters', '/cars.stock.sites/custom_filters/{siteId}', 'site', 'cars', 103, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
  screen('cars.stock.sites', 'stock_viewed_favorites', '/cars.stock.sites/viewed_favorites/{siteId}/', 'site', 'cars', 104, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
  screen('cars.sorting', 'cars_sorting', '/cars.sorting/settings/{siteId}', 'site', 'cars', 105, ['sorting.get_list'], { module: 'available_cars|used_cars' }),
  // dealerships (issue 12, engineer "dealerships"): dealers with their create and edit pages, departments, employees, services.
  screen('dealerships', 'dealerships_dealers', '/dealerships/dealers', 'dictionaries', 'dealerships', 60, ['dealers.get_list']),
  screen('dealerships', 'dealerships_dealer_create', '/dealerships/dealer/create', null, 'dealerships', 61, ['dealers.create'], { in_menu: false }),
  screen('dealerships', 'dealerships_dealer_edit', '/dealerships/dealer/edit/{id}', null, 'dealerships', 62, ['dealers.get_list'], { in_menu: false }),
  screen('dealerships', 'dealerships_departments', '/dealerships/departments', 'dictionaries', 'dealerships', 63, ['dealers.get_list']),
  screen('dealerships', 'dealerships_employees', '/dealerships/employees', 'dictionaries', 'dealerships', 64, ['dealers.get_list']),
  screen('dealerships', 'dealerships_services', '/dealerships/services', 'dictionaries', 'dealerships', 65, ['dealers.get_list']),
  // dealerships (issue 12, engineer "vins"): the spec's {siteId?} variants: with a site, the lists of the site's client, in the site menu when the site has the module.
  screen('dealerships', 'dealerships_site_dealers', '/dealerships/dealers/{siteId}', 'site', 'dealerships', 110, ['dealers.get_list'], { module: 'dealerships' }),
  screen('dealerships', 'dealerships_site_departments', '/dealerships/departments/{siteId}', 'site', 'dealerships', 111, ['dealers.get_list'], { module: 'dealerships' }),
  screen('dealerships', 'dealerships_site_employees', '/dealerships/employees/{siteId}', 'site', 'dealerships', 112, ['dealers.get_list'], { module: 'dealerships' }),
  screen('dealerships', 'dealerships_site_services', '/dealerships/services/{siteId}', 'site', 'dealerships', 113, ['dealers.get_list'], { module: 'dealerships' }),
  // cars.vins (issue 12, engineer "vins"): VIN data with its import, retrieval profiles, allowed clients (dictionaries menu).
  screen('cars.vins', 'vins_vin_data', '/cars.vins/vins/', 'dictionaries', 'vins', 70, ['vin_data.get_list']),
  screen('cars.vins', 'vins_profiles', '/cars.vins/profiles/', 'dictionaries', 'vins', 71, ['vin_profiles.get_list']),
  screen('cars.vins', 'vins_clients', '/cars.vins/clients/', 'dictionaries', 'vins', 72, ['vin_clients.get_list']),
  // cars.import (issue 13, engineer "feeds-import"): a site's import settings and reports (site menu, with a stock module), profiles, hooks, field aliases (dictionaries).
  screen('cars.import', 'import_settings', '/cars.import/settings/{siteId}', 'site', 'cars', 106, ['import_settings.get_list'], { module: 'available_cars|used_cars' }),
  screen('cars.import', 'import_reports', '/cars.import/reports/{siteId}', 'site', 'cars', 107, ['import_reports.get_list'], { module: 'available_cars|used_cars' }),
  screen('cars.import', 'import_profiles', '/cars.import/profiles/', 'dictionaries', 'import', 80, ['import_profiles.get_list']),
  screen('cars.import', 'import_hooks', '/cars.import/hooks/', 'dictionaries', 'import', 81, ['import_hooks.get_list']),
  screen('cars.import.alias', 'import_aliases', '/cars.import.alias/aliases/', 'dictionaries', 'import', 82, ['field_aliases.get_list']),
  // cars.import (issue 13, engineer "feeds-screens"): every client's import states (provider staff).
  screen('cars.import', 'import_states', '/cars.import/import_states/', 'dictionaries', 'import', 83, ['import_states.get_list']),
  // cars.export (issue 13, engineer "feeds-export"): export settings of the site's client.
  screen('cars.export', 'export_settings', '/cars.export/settings/{siteId}', 'site', 'cars', 108, ['export_settings.get_list'], { module: 'available_cars|used_cars' }),
  // importer.notifier (issue 13, engineer "notifier-screens"): a site's import report mails (module importer-notifier) and managers' mails (module manager-notifier).
  screen('importer.notifier', 'notifier_settings', '/importer.notifier/settings/{siteId}', 'site', 'notifier', 115, ['notifier_settings.get_list'], { module: 'importer-notifier' }),
  screen('importer.notifier', 'notifier_reports', '/importer.notifier/reports/{siteId}', 'site', 'notifier', 116, ['notifier_reports.get_list'], { module: 'importer-notifier' }),
  screen('importer.notifier', 'notifier_manager_settings', '/importer.notifier/manager_settings/{siteId}', 'site', 'notifier', 117, ['notifier_settings.get_list'], { module: 'manager-notifier' }),
  screen('importer.notifier', 'notifier_manager_reports', '/importer.notifier/manager_reports/{siteId}', 'site', 'notifier', 118, ['notifier_reports.get_list'], { module: 'manager-notifier' }),
  // request.storage (issue 14, engineer "requests"): the lists per type, all requests' export, settings, blocks, consent hashes (site menu, module requests); offensive words (dictionaries).
  ...REQUEST_LIST_ROUTES.map((list, index) => screen('request.storage', `requests_${list}`, `/request.storage/${list}/{siteId}`, 'site', 'requests', 120 + index, ['callback_requests.get_list'], { module: 'requests' })),
  screen('request.storage', 'requests_all_export', '/request.storage/all_requests_export/{siteId}', 'site', 'requests', 130, ['callback_requests.get_list'], { module: 'requests' }),
  screen('request.storage', 'requests_settings', '/request.storage/settings_requests/{siteId}', 'site', 'requests', 131, ['callback_requests.get_list'], { module: 'requests' }),
  screen('request.storage', 'requests_site_blocks', '/request.storage/site_blocks/{siteId}', 'site', 'requests', 132, ['callback_requests.get_list'], { module: 'requests' }),
  screen('request.storage', 'requests_agreement_hash', '/request.storage/agreement_hash/list/{siteId}', 'site', 'requests', 133, ['callback_requests.get_list'], { module: 'requests' }),
  screen('request.storage', 'offensive_words', '/request.storage/offensive_words', 'dictionaries', 'requests', 90, ['offensive_words.admin']),
  // sender (issue 14, engineer "central-proxy"): the platform's central proxy actions beside the offensive words (staff write, site editors read).
  screen('sender', 'sender_central_proxy_actions', '/sender/central_proxy_actions', 'dictionaries', 'requests', 91, ['proxy_actions.get_list']),
  // sender (issue 14, engineer "sender"): lost requests and report mails beside the requests; e-mail templates, proxy actions, SMTP settings (module requests).
  screen('request.storage', 'requests_lost_requests', '/request.storage/lost_requests/{siteId}', 'site', 'requests', 134, ['callback_requests.get_list'], { module: 'requests' }),
  screen('request.storage', 'requests_report_settings', '/request.storage/settings/{siteId}', 'site', 'requests', 135, ['callback_requests.get_list'], { module: 'requests' }),
  screen('sender', 'sender_email_actions', '/sender/email_actions/{siteId}', 'site', 'sender', 140, ['email_actions.get_list'], { module: 'requests' }),
  screen('sender', 'sender_proxy_actions', '/sender/proxy_actions/{siteId}', 'site', 'sender', 141, ['proxy_actions.get_list'], { module: 'requests' }),
  screen('sender', 'sender_smtp_settings', '/sender/smtp_settings/{siteId}', 'site', 'sender', 142, ['smtp_settings.get_list'], { module: 'requests' }),

  // form-constructor (issue 14, engineer "forms"): a site's forms with their builder (module requests); captcha settings and smart captcha keys (module captcha).
  screen('form-constructor', 'form_constructor_forms', '/form-constructor/{siteId}', 'site', 'requests', 136, ['form_constructor.get_list'], { module: 'requests' }),
  screen('form-constructor', 'form_constructor_create', '/form-constructor/{siteId}/create', 'site', 'requests', 137, ['form_constructor.create'], { module: 'requests', in_menu: false }),
  screen('form-constructor', 'form_constructor_edit', '/form-constructor/{siteId}/edit/{formId}', 'site', 'requests', 138, ['form_constructor.get_list'], { module: 'requests', in_menu: false }),
  screen('form-constructor', 'captcha_settings', '/widgets/captcha/{siteId}/', 'site', 'requests', 143, ['form_constructor.get_list'], { module: 'captcha' }),
  screen('form-constructor', 'smart_captcha_keys', '/smartchaptcha/table/{siteId}/', 'site', 'requests', 144, ['form_constructor.get_list'], { module: 'captcha' }),

  screen('clients.storage', 'client_groups', '/clients.storage/groups/', 'dictionaries', 'clients', 10, ['groups.list']),
  screen('sites.context', 'all_sites', '/sites.context/all_sites', 'dictionaries', 'sites', 20, ['sites.get_full_list']),
  screen('sites.context', 'site_groups', '/sites.context/groups', 'dictionaries', 'sites', 22, ['site_groups.get_list']),
  screen('sites.context', 'forks', '/sites.context/forks', 'dictionaries', 'sites', 24, ['sites.get_full_list']),
  screen('sites.context', 'dealers', '/sites.context/dealers', 'dictionaries', 'sites', 26, ['dealers.get_list']),
  // floors.storage (issue 10): floors and their groups; creation and editing on pages of their own.
  screen('floors.storage', 'floors', '/floors.storage/floors', 'dictionaries', 'content', 30, ['floors.get_list']),
  screen('floors.storage', 'floor_create', '/floors.storage/floors/create', null, 'content', 31, ['floors.create']),
  screen('floors.storage', 'floor_edit', '/floors.storage/floors/edit/{id}', null, 'content', 32, ['floors.get_list']),
  screen('floors.storage', 'floor_groups', '/floors.storage/groups', 'dictionaries', 'content', 33, ['floors.get_list']),
  screen('floors.storage', 'floor_group_create', '/floors.storage/groups/create', null, 'content', 34, ['floor_groups.create']),
  screen('floors.storage', 'floor_group_edit', '/floors.storage/groups/edit/{id}', null, 'content', 35, ['floors.get_list']),

  screen('clients.storage', 'clients', '/clients.storage/clients/', 'settings', 'access', 10, ['clients.get_full_list']),
  screen('clients.storage', 'users', '/clients.storage/users/', 'settings', 'access', 20, ['users.get_list']),
  screen('clients.storage', 'roles', '/clients.storage/roles/', 'settings', 'access', 30, ['roles.get_list']),
  screen('clients.storage', 'permissions', '/clients.storage/permissions/', 'settings', 'access', 40, ['permissions.get_list']),
  screen('clients.storage', 'routes', '/clients.storage/routes/', 'settings', 'access', 50, ['routes.get_list']),
  screen('clients.storage', 'audit', '/clients.storage/audit/', 'settings', 'access', 55, ['audit.get_list']),
  screen('clients.storage', 'client_edit', '/clients.storage/clients/{clientId}', null, 'access', 11, ['clients.get_full_list']),
  screen('clients.storage', 'user_edit', '/clients.storage/users/{userId}', null, 'access', 21, ['users.get_list']),
  screen('clients.storage', 'role_edit', '/clients.storage/roles/{roleId}', null, 'access', 31, ['roles.get_list']),
  screen('clients.storage', 'permission_edit', '/clients.storage/permissions/{permissionId}', null, 'access', 41, ['permissions.get_list']),
  screen('clients.storage', 'route_edit', '/clients.storage/routes/{routeId}', null, 'access', 51, ['routes.get_list']),
  screen('gateway.processing', 'gateway_route_edit', '/gateway.processing/routes/{routeId}', null, 'access', 61, ['routes.get_list']),
  screen('gateway.processing', 'restrictions', '/gateway.processing/restrictions/', 'settings', 'access', 65, ['restrictions.get_list']),
  screen('gateway.processing', 'gateway_routes', '/gateway.processing/routes/', 'settings', 'access', 60, ['routes.get_list']),
  screen('auth.processing', 'custom_tokens', '/auth.processing/custom_tokens/', 'settings', 'access', 70, ['custom_tokens.view']),
  screen('auth.processing', 'root', '/auth.processing/root/', 'settings', 'access', 80, ['root']),
  // The client choice after sign-in: outside the shell, shown only while authorising.
  screen('auth.processing', 'client_choice', '/auth.processing/auth/', null, 'main', 0, [], { in_menu: false }),
  screen('marketplace', 'marketplace_settings', '/marketplace/settings', 'settings', 'platform', 90, ['modules.patch']),
  screen('marketplace', 'module_edit', '/marketplace/settings/module_edit/{moduleCode}', null, 'platform', 91, ['modules.patch']),
  // marketplace: the first screen of a site module (spec 002 §2, path spelled so); no permission code.
  screen('sites.context', 'multilanguage_settings', '/mulitlanuge/settings/{siteId}', 'site', 'site', 28, [], { module: 'multiple_locales' }),
  screen('sites.controller', 'tasks', '/sites.controller/tasks_page/', 'settings', 'platform', 100, ['tasks']),
  screen('platform', 'news', '/platform/news', 'settings', 'platform', 110, []),
  screen('notificator', 'notifications', '/notificator/notifications/', 'settings', 'platform', 120, []),

  screen('platform', 'home', '/home-page', null, 'main', 0),
  screen('platform', 'personal', '/personal/', null, 'main', 0),
];

/** A row of the gateway's route table (spec 000 §3 route; DESIGN.md §5). */
export interface ApiRoute {
  service: ServiceName;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path below /gateway/<service>, parameters as {name}. */
  path: string;
  /** Any one of them lets the call through; empty means any signed-in user. */
  permissions: string[];
  /** Callable without a token (sign-in, refresh, recovery, health). */
  public: boolean;
  name: string;
  /**
   * The site module the route needs installed and active where it works (`a|b`: either; null:
   * none, whatever its service's). Unset: its resource's, else its service's (SERVICE_MODULES).
   */
  module?: string | null;
  /** Where the gateway finds the sites or clients the route works on (module-routes.ts). */
  targets?: ModuleTarget[];
}

/** A route's module and targets when its path alone does not say (module-routes.ts). */
export interface RouteTie {
  module?: string | null;
  targets?: ModuleTarget[];
}

/** A route on one record (or client) its path's {id} names: the module check looks where it belongs. */
const onRecord = (of: string): RouteTie => ({ targets: [target.path(of)] });

export const api = (
  service: ServiceName,
  method: ApiRoute['method'],
  path: string,
  permissions: string[] = [],
  isPublic = false,
  tie: string | null | RouteTie = {},
): ApiRoute => {
  const { module, targets } = typeof tie === 'object' && tie !== null ? tie : { module: tie, targets: undefined };
  return {
    service,
    method,
    path,
    permissions,
    public: isPublic,
    name: `${method} ${path}`,
    ...(module !== undefined ? { module } : {}),
    targets: targets ?? pathTargets(path),
  };
};

/** The five routes of a declared resource, with their module (the resource's) and targets. */
export function resourceApiRoutes(resource: Parameters<typeof resourceTargets>[0] & {
  readOnly?: boolean;
  module?: string | null;
  permissions: { list: string[]; get: string[]; create: string[]; update: string[]; delete: string[] };
}): ApiRoute[] {
  const base = `/api/v1/${resource.name}`;
  const p = resource.permissions;
  const targets = resourceTargets(resource);
  const route = (method: ApiRoute['method'], path: string, codes: string[], routeTargets: ModuleTarget[]) =>
    api(resource.service, method, path, codes, false, { ...(resource.module !== undefined ? { module: resource.module } : {}), targets: routeTargets });
  const read = [route('GET', base, p.list, targets.list), route('GET', `${base}/{id}`, p.get, targets.get)];
  if (resource.readOnly) return read;
  return [
    ...read,
    route('POST', base, p.create, targets.create),
    route('PATCH', `${base}/{id}`, p.update, targets.update),
    route('DELETE', `${base}/{id}`, p.delete, targets.delete),
  ];
}

/** Action routes of the services (resources add their own through resourceApiRoutes). */
export const ACTION_ROUTES: ApiRoute[] = [
  api('auth.processing', 'POST', '/api/v1/auth', [], true),
  api('auth.processing', 'POST', '/api/v1/refresh', [], true),
  api('auth.processing', 'POST', '/api/v1/logout'),
  api('auth.processing', 'GET', '/api/v1/me/auth_history'),
  api('auth.processing', 'POST', '/api/v1/change_password'),
  api('auth.processing', 'POST', '/api/v1/restore/code', [], true),
  api('auth.processing', 'GET', '/api/v1/restore/{id}/refresh', [], true),
  api('auth.processing', 'POST', '/api/v1/restore/password', [], true),
  api('auth.processing', 'POST', '/api/v1/auth_with_client'),
  api('auth.processing', 'POST', '/api/v1/join_client', ['root']),
  api('auth.processing', 'GET', '/api/v1/custom_tokens', ['custom_tokens.view']),
  api('auth.processing', 'POST', '/api/v1/custom_tokens', ['custom_tokens.view']),
  api('auth.processing', 'DELETE', '/api/v1/custom_tokens/{id}', ['custom_tokens.view']),
  api('auth.processing', 'GET', '/api/v1/auth/providers', [], true),
  api('auth.processing', 'POST', '/api/v1/auth/oidc/start', [], true),
  api('auth.processing', 'GET', '/api/v1/auth_data'),
  api('auth.processing', 'POST', '/api/v1/auth_data'),
  api('auth.processing', 'DELETE', '/api/v1/auth_data/{id}'),
  // The second factor: the sign-in's second step (public), the own factor in the personal area.
  api('auth.processing', 'POST', '/api/v1/auth/second_factor', [], true),
  api('auth.processing', 'GET', '/api/v1/me/second_factor'),
  api('auth.processing', 'POST', '/api/v1/me/second_factor'),
  api('auth.processing', 'POST', '/api/v1/me/second_factor/confirm'),
  api('auth.processing', 'POST', '/api/v1/me/second_factor/recovery_codes'),
  api('auth.processing', 'POST', '/api/v1/me/second_factor/disable'),
  api('clients.storage', 'GET', '/api/v1/me'),
  api('clients.storage', 'PATCH', '/api/v1/me'),
  // Account removal from the personal area: deactivates the own account (no codes: a person's route).
  api('clients.storage', 'DELETE', '/api/v1/me'),
  api('clients.storage', 'GET', '/api/v1/me/routes'),
  api('clients.storage', 'GET', '/api/v1/personalization'),
  api('clients.storage', 'POST', '/api/v1/personalization'),
  api('clients.storage', 'PATCH', '/api/v1/personalization'),
  api('clients.storage', 'POST', '/api/v1/satisfaction'),
  api('clients.storage', 'GET', '/api/v1/satisfaction/report/csv', ['satisfaction.report']),
  api('clients.storage', 'PATCH', '/api/v1/users/{id}/activate', ['users.patch']),
  api('clients.storage', 'GET', '/api/v1/users/{id}/sessions', ['users.get_list']),
  // Another user's second factor: whether it is set up; a reset under the takeover rule.
  api('clients.storage', 'GET', '/api/v1/users/{id}/second_factor', ['users.get_list']),
  api('clients.storage', 'DELETE', '/api/v1/users/{id}/second_factor', ['users.patch']),
  api('clients.storage', 'GET', '/api/v1/users/filtered', ['users.get_list']),
  api('clients.storage', 'GET', '/api/v1/clients/by_user', ['users.get_list']),
  // sites.controller: task lists and actions, VM lists, create_vm, update_vm_state, the two update streams.
  api('sites.controller', 'GET', '/api/v1/tasks/active', ['tasks']),
  api('sites.controller', 'GET', '/api/v1/tasks/archived', ['tasks']),
  api('sites.controller', 'GET', '/api/v1/tasks/users', ['tasks']),
  api('sites.controller', 'POST', '/api/v1/tasks/{id}/approve', ['tasks']),
  api('sites.controller', 'POST', '/api/v1/tasks/{id}/decline', ['tasks']),
  api('sites.controller', 'POST', '/api/v1/tasks/{id}/retry', ['tasks']),
  api('sites.controller', 'POST', '/api/v1/tasks/{id}/manual_complete', ['tasks']),
  api('sites.controller', 'GET', '/api/v1/vms/active', ['tasks']),
  api('sites.controller', 'GET', '/api/v1/vms/archived', ['tasks']),
  api('sites.controller', 'POST', '/api/v1/vms', ['tasks']),
  api('sites.controller', 'PATCH', '/api/v1/vms/{id}/state', ['tasks']),
  api('sites.controller', 'GET', '/api/v1/tasks/updates', ['tasks']),
  api('sites.controller', 'GET', '/api/v1/vms/updates', ['tasks']),
  // sites.context: transitions, copies, dealers, DNS check, images beside the site resource.
  api('sites.context', 'GET', '/api/v1/site_options', ['sites.get_full_list', 'sites.create']),
  api('sites.context', 'GET', '/api/v1/sites/official', ['sites.get_full_list', 'sites.create']),
  api('sites.context', 'GET', '/api/v1/sites/forks', ['sites.get_full_list']),
  api('sites.context', 'GET', '/api/v1/sites/with_modules', ['sites.get_full_list']),
  api('sites.context', 'GET', '/api/v1/sites/with_modules/csv', ['sites.get_full_list']),
  api('sites.context', 'POST', '/api/v1/sites/republish', ['sites.republish']),
  api('sites.context', 'POST', '/api/v1/sites/rerender', ['sites.republish']),
  api('sites.context', 'POST', '/api/v1/sites/generate', ['sites.create']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/publish', ['sites.patch']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/unpublish', ['sites.patch']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/render', ['sites.patch']),
  api('sites.context', 'PATCH', '/api/v1/sites/{id}/version', ['sites.patch']),
  api('sites.context', 'PATCH', '/api/v1/sites/{id}/core', ['sites.patch']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/normalize', ['sites.patch']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/copy', ['sites.create']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/fork', ['sites.create']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/dealers/append', ['sites.patch']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/dealers/remove', ['sites.patch']),
  api('sites.context', 'PATCH', '/api/v1/sites/{id}/display_priority', ['sites.patch']),
  api('sites.context', 'PATCH', '/api/v1/sites/{id}/locales', ['sites.patch'], false, 'multiple_locales'),
  api('sites.context', 'GET', '/api/v1/sites/{id}/dns_check', ['sites.get_full_list']),
  api('sites.context', 'GET', '/api/v1/sites/{id}/users', ['sites.get_full_list']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/favicons', ['sites.patch']),
  api('sites.context', 'DELETE', '/api/v1/sites/{id}/favicons', ['sites.patch']),
  api('sites.context', 'POST', '/api/v1/sites/{id}/logos/{kind}', ['sites.patch']),
  api('sites.context', 'DELETE', '/api/v1/sites/{id}/logos/{kind}', ['sites.patch']),
  // sites.context pages: the workflow of page and layout states (publishing on strict sites also
  // needs pages.publish / layouts.publish, checked by the kit), the tree's move, the restyling page
  // creation, collections by type; content.storage's specials and news views over collection pages.
  ...workflowApiRoutes('sites.context', 'page_states', { change: ['pages.patch'], publish: ['pages.patch', 'pages.publish'] }),
  ...workflowApiRoutes('sites.context', 'layout_states', { change: ['layouts.patch'], publish: ['layouts.patch', 'layouts.publish'] }),
  api('sites.context', 'POST', '/api/v1/pages/{id}/move', ['pages.patch']),
  api('sites.context', 'POST', '/api/v1/pages/{id}/restyle', ['pages.patch']),
  api('sites.context', 'GET', '/api/v1/sites/{siteId}/collections/{type}', ['pages.get_list']),
  api('sites.context', 'POST', '/api/v1/sites/{siteId}/collections/{type}', ['pages.patch']),
  api('content.storage', 'GET', '/api/v1/specials', ['collections.get_list']),
  api('content.storage', 'GET', '/api/v1/news', ['collections.get_list']),
  // content.storage stages: the workflow of stage states (publishing on strict sites also needs
  // stages.publish, checked by the kit).
  ...workflowApiRoutes('content.storage', 'stage_states', { change: ['stages.patch'], publish: ['stages.patch', 'stages.publish'] }),
  // media.storage: upload (spec 000 §7 POST /file), the bytes (GET /storage/{id}), files_size,
  // a file's change, delete and crop, the clients' media elements.
  api('media.storage', 'POST', '/api/v1/file', ['media.create']),
  api('media.storage', 'GET', '/api/v1/storage/{id}', ['media.get_list']),
  api('media.storage', 'GET', '/api/v1/files_size', ['media.get_list']),
  api('media.storage', 'PATCH', '/api/v1/files/{id}', ['media.patch']),
  api('media.storage', 'DELETE', '/api/v1/files/{id}', ['media.delete']),
  api('media.storage', 'POST', '/api/v1/files/{id}/crop', ['media.create']),
  api('media.storage', 'GET', '/api/v1/clients/{id}/media_elements', ['media.get_list']),
  api('media.storage', 'PUT', '/api/v1/clients/{id}/media_elements', ['media.patch']),
  // marketplace: a site's modules (install and uninstall for dealers holding modules.install,
  // suspend, resume and mass changes for staff), and the installed codes the shell reads for
  // any site the caller reaches (menu, guard, paused-module notice).
  api('marketplace', 'GET', '/api/v1/sites/{siteId}/modules', ['modules.view']),
  api('marketplace', 'GET', '/api/v1/sites/{siteId}/installed_modules'),
  api('marketplace', 'POST', '/api/v1/sites/{siteId}/modules/{code}/install', ['modules.install', 'modules.patch']),
  api('marketplace', 'POST', '/api/v1/sites/{siteId}/modules/{code}/uninstall', ['modules.install', 'modules.patch']),
  api('marketplace', 'POST', '/api/v1/sites/{siteId}/modules/{code}/suspend', ['modules.patch']),
  api('marketplace', 'POST', '/api/v1/sites/{siteId}/modules/{code}/resume', ['modules.patch']),
  api('marketplace', 'POST', '/api/v1/modules/mass_install', ['modules.patch']),
  api('marketplace', 'POST', '/api/v1/modules/mass_uninstall', ['modules.patch']),
  // floors.storage (issue 10): enable and disable a floor; sites.context's search of the sites that place a floor.
  api('floors.storage', 'POST', '/api/v1/floors/{id}/enable', ['floors.patch']),
  api('floors.storage', 'POST', '/api/v1/floors/{id}/disable', ['floors.patch']),
  api('sites.context', 'GET', '/api/v1/sites/search_by_floor', ['sites.get_full_list', 'pages.get_list']),
  // render (issue 10): the dictionaries of the page and floor editors, open to every signed-in user.
  api('render', 'GET', '/api/v1/color_schemes'),
  api('render', 'GET', '/api/v1/locales'),
  api('render', 'GET', '/api/v1/title_weights'),
  api('render', 'GET', '/api/v1/colors'),
  api('render', 'GET', '/api/v1/components'),
  // site-renderer (issue 11): short-lived preview links of draft page, layout and stage states.
  api('sites.context', 'POST', '/api/v1/page_states/{id}/preview', ['pages.get_list', 'pages.patch']),
  api('sites.context', 'POST', '/api/v1/layout_states/{id}/preview', ['layouts.patch']),
  api('content.storage', 'POST', '/api/v1/stage_states/{id}/preview', ['stages.get_list', 'stages.patch']),
  // seo (issue 10): import of redirects from a CSV or XLSX file, a preview first, then the apply.
  api('seo', 'POST', '/api/v1/sites/{siteId}/import_redirects/preview', ['redirects.create']),
  api('seo', 'POST', '/api/v1/sites/{siteId}/import_redirects', ['redirects.create']),
  // cars.catalog (issue 12, "marketing"): spec 001 §7's calls beside the catalogue's lists; read
  // like the lists (the model tree's or the marketing complectations' code), options deleted only.
  api('cars.catalog', 'DELETE', '/api/v1/options/{id}', ['options.delete']),
  api('cars.catalog', 'GET', '/api/v1/marketing_complectations/codes', ['marketing_complectations.get_list', 'models.get_list']),
  api('cars.catalog', 'GET', '/api/v1/marketing_complectations/{id}/prices', ['marketing_complectations.get_list', 'models.get_list']),
  api('cars.catalog', 'GET', '/api/v1/marketing_complectations/{id}/specifications', ['marketing_complectations.get_list', 'models.get_list']),
  api('cars.catalog', 'GET', '/api/v1/marketing_complectations/{id}/options', ['marketing_complectations.get_list', 'models.get_list']),
  api('cars.catalog', 'GET', '/api/v1/transmission_names', ['brands.get_list', 'models.get_list', 'marketing_complectations.get_list']),
  api('cars.catalog', 'GET', '/api/v1/wheel_drive_names', ['brands.get_list', 'models.get_list', 'marketing_complectations.get_list']),
  api('cars.catalog', 'GET', '/api/v1/engine_names', ['models.get_list', 'marketing_complectations.get_list']),
  api('cars.catalog', 'GET', '/api/v1/complectations/{id}/chain', ['models.get_list']),
  api('cars.catalog', 'GET', '/api/v1/engines/{level}/{id}', ['models.get_list', 'marketing_complectations.get_list']),
  api('cars.catalog', 'GET', '/api/v1/custom_filter/info', ['models.get_list', 'marketing_complectations.get_list']),
  api('cars.catalog', 'GET', '/api/v1/models/by/ids/{ids}', ['models.get_list']),
  // cars.catalog (issue 12, "colors"): file imports (a preview, then the apply) and the models' history with restoring.
  ...(['body_colors', 'price_body_colors', 'upholsteries'] as const).flatMap((kind) => [
    api('cars.catalog', 'POST', `/api/v1/import/${kind}/preview`, [kind === 'upholsteries' ? 'upholsteries.create' : 'body_colors.create']),
    api('cars.catalog', 'POST', `/api/v1/import/${kind}`, [kind === 'upholsteries' ? 'upholsteries.create' : 'body_colors.create']),
  ]),
  // cars.catalog (issue 12, "catalog-imports"): marketing complectations, and a restyling's specifications, prices and options.
  api('cars.catalog', 'POST', '/api/v1/import/marketing_complectations/preview', ['marketing_complectations.create']),
  api('cars.catalog', 'POST', '/api/v1/import/marketing_complectations', ['marketing_complectations.create']),
  ...(['specifications', 'prices', 'options'] as const).flatMap((kind) => [
    api('cars.catalog', 'POST', `/api/v1/import/${kind}/{restylingId}/preview`, ['marketing_complectations.patch']),
    api('cars.catalog', 'POST', `/api/v1/import/${kind}/{restylingId}`, ['marketing_complectations.patch']),
  ]),
  api('cars.catalog', 'GET', '/api/v1/restore/models/events', ['models.get_list']),
  api('cars.catalog', 'GET', '/api/v1/restore/models/{id}/events', ['models.get_list']),
  api('cars.catalog', 'POST', '/api/v1/events/{id}', ['models.restore']),
  // cars.catalog labels (issue 12): what a site shows (its own and its master's central labels), by type, and a fork's hide and order of a central one.
  api('cars.catalog', 'GET', '/api/v1/labels/by/site_id/{siteId}', ['labels.get_list']),
  api('cars.catalog', 'GET', '/api/v1/labels/by/type', ['labels.get_list']),
  api('cars.catalog', 'PATCH', '/api/v1/labels/{id}/sites/{siteId}', ['labels.patch']),
  // cars.stock (issue 12): manual creation with the spec's messages, bulk "mark as sold", a client's cars with labels.
  api('cars.stock', 'POST', '/api/v1/cars/manual', ['cars.create'], false, { targets: [target.siteBody('/data/attributes/site_id')] }),
  api('cars.stock', 'POST', '/api/v1/cars/sold/by_ids', ['cars.patch'], false, { targets: [target.body('cars.stock/cars', '/data/ids')] }),
  api('cars.stock', 'GET', '/api/v1/cars/where_client/{id}', ['cars.get_list'], false, onRecord(CLIENT)),
  // cars.stock.sites and cars.sorting (issue 12, "stock-settings"): a site's stock settings and their choices, list sort settings, the restylings' order.
  api('cars.stock.sites', 'GET', '/api/v1/settings/where_site/{siteId}', ['stock_settings.get_list']),
  api('cars.stock.sites', 'PATCH', '/api/v1/settings/where_site/{siteId}', ['stock_settings.patch']),
  api('cars.stock.sites', 'GET', '/api/v1/lss/{siteId}/selects', ['stock_settings.get_list']),
  api('cars.sorting', 'GET', '/api/v1/list_sort_settings/where_site/{siteId}', ['sorting.get_list']),
  api('cars.sorting', 'PATCH', '/api/v1/list_sort_settings/where_site/{siteId}', ['sorting.patch']),
  api('cars.sorting', 'GET', '/api/v1/sites/{siteId}/restylings', ['sorting.get_list']),
  api('cars.sorting', 'POST', '/api/v1/sites/{siteId}/restyling_sort/order', ['sorting.patch']),
  // dealerships (issue 12, engineer "dealerships"): a department's employees from a CSV or XLSX file, a preview first, then the apply.
  api('dealerships', 'POST', '/api/v1/departments/{id}/import_employees/preview', ['employees.create'], false, onRecord('dealerships/departments')),
  api('dealerships', 'POST', '/api/v1/departments/{id}/import_employees', ['employees.create'], false, onRecord('dealerships/departments')),
  // cars.vins (issue 12, engineer "vins"): the VIN data import (a preview, then the apply) and "invalidate images".
  api('cars.vins', 'POST', '/api/v1/import/vin_data/preview', ['vin_data.import']),
  api('cars.vins', 'POST', '/api/v1/import/vin_data', ['vin_data.import']),
  api('cars.vins', 'POST', '/api/v1/vin_data/invalidate_images', ['vin_data.patch']),
  // cars.import (issue 13, engineer "feeds-import"): a site's settings (made on first read), manual mode, feed uploads, the run, profiles a site may use, report downloads and rows.
  api('cars.import', 'GET', '/api/v1/settings/where_site/{siteId}', ['import_settings.get_list']),
  api('cars.import', 'PATCH', '/api/v1/settings/{id}/change_manual', ['import_settings.patch'], false, onRecord('cars.import/settings')),
  api('cars.import', 'POST', '/api/v1/import/{id}/manual', ['import_settings.patch'], false, onRecord('cars.import/settings')),
  api('cars.import', 'POST', '/api/v1/import/{id}/manual/start', ['import.run'], false, onRecord('cars.import/settings')),
  api('cars.import', 'GET', '/api/v1/import/profiles/for_site/{siteId}', ['import_settings.get_list']),
  api('cars.import', 'GET', '/api/v1/import/reports/{id}/xlsx', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
  api('cars.import', 'GET', '/api/v1/import/reports/{id}/errors', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
  api('cars.import', 'GET', '/api/v1/import/car_reports/by/report/{id}', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
  // cars.import import states (issue 13, engineer "feeds-screens"): the list, feed checks, abort, restart, reset, the catalogue cache.
  // The overview of every site's imports, stopping or resetting one and the catalogue cache need no module; checking a feed and running it again do.
  api('cars.import', 'GET', '/api/v1/import_states', ['import_states.get_list'], false, null),
  api('cars.import', 'POST', '/api/v1/import_states/{id}/check', ['import_states.get_list'], false, onRecord('cars.import/settings')),
  api('cars.import', 'POST', '/api/v1/import/abort/{id}', ['import_states.manage'], false, null),
  api('cars.import', 'POST', '/api/v1/import/restart/{id}', ['import_states.manage'], false, onRecord('cars.import/settings')),
  api('cars.import', 'POST', '/api/v1/import/reset/{id}', ['import_states.manage'], false, null),
  api('cars.import', 'POST', '/api/v1/catalog_cache/reset', ['import_states.manage'], false, null),
  // cars.export (issue 13, engineer "feeds-export"): a client's export settings, a channel's new token, the public feeds (the token is the key), offers.
  api('cars.export', 'GET', '/api/v1/settings/where_client_id/{id}', ['export_settings.get_list'], false, onRecord(CLIENT)),
  api('cars.export', 'PATCH', '/api/v1/settings/{id}', ['export_settings.patch'], false, onRecord('cars.export/settings')),
  api('cars.export', 'POST', '/api/v1/settings/{id}/regenerate', ['export_settings.patch'], false, onRecord('cars.export/settings')),
  api('cars.export', 'GET', '/api/v1/feeds/{token}', [], true),
  api('cars.export', 'GET', '/api/v1/feeds/{token}/{part}', [], true),
  ...(['pdf', 'docx'] as const).map((kind) =>
    api('cars.export', 'POST', `/api/v1/${kind}_offer`, ['offers.create'], false, { targets: [target.siteBody('/data/site_id'), target.body('cars.stock/cars', '/data/cars')] }),
  ),
  // importer.notifier (issue 13, engineer "feeds-export"): a site's importer mail settings (made on first read), a test send.
  api('importer.notifier', 'GET', '/api/v1/report_settings/where_site/{siteId}', ['notifier_settings.get_list']),
  api('importer.notifier', 'PATCH', '/api/v1/report_settings/{id}', ['notifier_settings.patch'], false, onRecord('importer.notifier/report_settings')),
  api('importer.notifier', 'POST', '/api/v1/report_settings/{id}/send_now', ['notifier_settings.patch'], false, onRecord('importer.notifier/report_settings')),
  // request.storage (issue 14, engineer "requests"): the lists per type and site, their XLSX, one request, delete; all requests' XLSX;
  // consent texts by hash; archive and unarchive of settings; the public intake is on the sites' own hosts (not the gateway).
  ...REQUEST_LIST_ROUTES.flatMap((list) => [
    api('request.storage', 'GET', `/api/v1/${list}/where_site/{siteId}`, ['callback_requests.get_list']),
    api('request.storage', 'GET', `/api/v1/${list}/where_site/{siteId}/format_xlsx`, ['callback_requests.get_list']),
    api('request.storage', 'GET', `/api/v1/${list}/where_site/{siteId}/format_csv`, ['callback_requests.get_list']),
    api('request.storage', 'DELETE', `/api/v1/${list}/{id}`, ['requests.delete'], false, onRecord(REQUEST)),
  ]),
  api('request.storage', 'GET', '/api/v1/requests/{id}', ['callback_requests.get_list'], false, onRecord(REQUEST)),
  api('request.storage', 'GET', '/api/v1/requests/where_site/{siteId}/format_xlsx', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/requests/where_site/{siteId}/format_csv', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/agreement_hash/list/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/agreement_hash/by/{siteId}/{hash}', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/requests_settings/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/requests_settings/archive/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'POST', '/api/v1/requests_settings/{id}/archive', ['requests_settings.patch'], false, onRecord('request.storage/requests_settings')),
  api('request.storage', 'POST', '/api/v1/requests_settings/{id}/unarchive', ['requests_settings.patch'], false, onRecord('request.storage/requests_settings')),
  api('request.storage', 'GET', '/api/v1/request_block/where_site_id/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'POST', '/api/v1/request_block/from_request', ['request_blocks.create'], false, { targets: [target.body(REQUEST, '/data/request_id')] }),
  api('request.storage', 'GET', '/api/v1/requests/{id}/actions', ['callback_requests.get_list'], false, onRecord(REQUEST)),
  // Requests whose smart captcha could not be checked: the site's summary; release (their held actions run, as a lost request's resend) or delete, many at once.
  api('request.storage', 'GET', '/api/v1/requests/captcha_unverified/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'POST', '/api/v1/requests/release/where_site/{siteId}', ['lost_requests.patch']),
  api('request.storage', 'POST', '/api/v1/requests/delete/where_site/{siteId}', ['requests.delete']),
  // sender (issue 14, engineer "sender"): the actions a setting may pick, lost requests (list, dismiss, archive, resend, restart of one action), report mails;
  // a template's preview on a sample request, a test mail through a site's SMTP settings.
  api('request.storage', 'GET', '/api/v1/requests_settings/available_actions/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/requests_settings/{id}/available_actions', ['callback_requests.get_list'], false, onRecord('request.storage/requests_settings')),
  api('request.storage', 'GET', '/api/v1/lost_requests/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/lost_requests/where_site/{siteId}/archive', ['callback_requests.get_list']),
  api('request.storage', 'DELETE', '/api/v1/lost_requests/{id}', ['lost_requests.patch'], false, onRecord(REQUEST)),
  api('request.storage', 'POST', '/api/v1/lost_requests/{id}/resend', ['lost_requests.patch'], false, onRecord(REQUEST)),
  api('request.storage', 'GET', '/api/v1/repeat_action/where_exec/{id}', ['lost_requests.patch'], false, onRecord('request.storage/request_actions')),
  api('request.storage', 'GET', '/api/v1/request_report_settings/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'POST', '/api/v1/request_report_settings', ['requests_settings.patch'], false, { targets: [target.siteBody('/data/site_id')] }),
  api('sender', 'POST', '/api/v1/email_actions/preview', ['email_actions.get_list'], false, { targets: [target.siteBody('/data/site_id')] }),
  api('sender', 'POST', '/api/v1/smtp_settings/{id}/test', ['smtp_settings.patch'], false, onRecord('sender/smtp_settings')),
  // form-constructor (issue 14, engineer "forms"): a site's forms with search, a copy, the choices a form offers (dealerships, brands, models, cities);
  // the site's captcha settings and smart captcha keys; the spec's custom form request list and the files sent with forms (request.storage's readers).
  api('form-constructor', 'GET', '/api/v1/custom_forms/list/{siteId}', ['form_constructor.get_list']),
  api('form-constructor', 'POST', '/api/v1/custom_forms/copy/from/{id}', ['form_constructor.create'], false, onRecord('form-constructor/custom_forms')),
  api('form-constructor', 'GET', '/api/v1/custom_forms/choices/{siteId}', ['form_constructor.get_list']),
  api('form-constructor', 'GET', '/api/v1/captcha_settings/where_site_id/{siteId}', ['form_constructor.get_list'], false, 'captcha'),
  api('form-constructor', 'GET', '/api/v1/smart_captcha_keys/where_site_id/{siteId}', ['form_constructor.get_list'], false, 'captcha'),
  api('request.storage', 'GET', '/api/v1/custom_form_request/where_site/{siteId}', ['callback_requests.get_list']),
  api('request.storage', 'GET', '/api/v1/custom_form_files/{id}', ['callback_requests.get_list'], false, onRecord('form-constructor/custom_form_files')),
];

/** The services as select options; their names are the web's common:services. */
export const serviceOptions = () => SERVICES.map((service) => ({ value: service, label: `common:services.${service}` }));
