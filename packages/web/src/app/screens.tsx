// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy, type LazyScreen } from '../kit/lazyScreen.ts';

/**
 * The screens the web has, by registry path. A route of the registry without an entry here is
 * neither listed in the menu nor reachable.
 */
/** A plain list screen of the car catalogue (cars.catalog, issue 12). */
const catalogScreen = (name: string) => lazy(() => import('../services/cars.catalog/CatalogPages.tsx').then((module) => ({ default: module.CATALOG_PAGES[name]! })));
/** Marketing complectations and options (cars.catalog, issue 12 "marketing"). */
const marketingScreen = (name: string) => lazy(() => import('../services/cars.catalog/MarketingPages.tsx').then((module) => ({ default: module.MARKETING_PAGES[name]! })));

export const SCREENS: Record<string, LazyScreen> = {
  '/home-page': lazy(() => import('../services/platform/HomePage.tsx')),
  '/personal/': lazy(() => import('../services/clients.storage/PersonalPage.tsx')),
  '/sites.context/select': lazy(() => import('../services/sites.context/SiteSelectPage.tsx')),
  '/sites.context/all_sites': lazy(() => import('../services/sites.context/AllSitesPage.tsx')),
  // sites.context
  '/sites.context/sites/create': lazy(() => import('../services/sites.context/SiteCreatePage.tsx')),
  '/sites.context/sites/{siteId}/settings': lazy(() => import('../services/sites.context/SiteSettingsPage.tsx')),
  '/sites.context/sites/{siteId}/users': lazy(() => import('../services/sites.context/SiteUsersPage.tsx')),
  '/sites.context/groups': lazy(() => import('../services/sites.context/SiteGroupsPage.tsx')),
  '/sites.context/forks': lazy(() => import('../services/sites.context/ForksPage.tsx')),
  '/sites.context/dealers': lazy(() => import('../services/sites.context/DealersPage.tsx')),
  '/clients.storage/clients/': lazy(() => import('../services/clients.storage/ClientsPage.tsx')),
  '/clients.storage/groups/': lazy(() => import('../services/clients.storage/GroupsPage.tsx')),
  '/auth.processing/root/': lazy(() => import('../services/auth.processing/RootPage.tsx')),
  '/auth.processing/custom_tokens/': lazy(() => import('../services/auth.processing/CustomTokensPage.tsx')),
  '/clients.storage/clients/{clientId}': lazy(() => import('../services/clients.storage/ClientPage.tsx')),
  '/clients.storage/users/': lazy(() => import('../services/clients.storage/UsersPage.tsx')),
  '/clients.storage/users/{userId}': lazy(() => import('../services/clients.storage/UserPage.tsx')),
  '/clients.storage/roles/': lazy(() => import('../services/clients.storage/RolesPage.tsx')),
  '/clients.storage/roles/{roleId}': lazy(() => import('../services/clients.storage/RolePage.tsx')),
  '/clients.storage/permissions/': lazy(() => import('../services/clients.storage/PermissionsPage.tsx')),
  '/clients.storage/permissions/{permissionId}': lazy(() => import('../services/clients.storage/PermissionPage.tsx')),
  '/clients.storage/routes/': lazy(() => import('../services/clients.storage/RoutesPage.tsx')),
  '/clients.storage/routes/{routeId}': lazy(() => import('../services/clients.storage/RoutePage.tsx')),
  '/clients.storage/audit/': lazy(() => import('../services/clients.storage/AuditPage.tsx')),
  '/gateway.processing/routes/': lazy(() => import('../services/gateway.processing/GatewayRoutesPage.tsx')),
  '/gateway.processing/routes/{routeId}': lazy(() => import('../services/gateway.processing/GatewayRoutePage.tsx')),
  '/gateway.processing/restrictions/': lazy(() => import('../services/gateway.processing/RestrictionsPage.tsx')),
  // marketplace
  '/marketplace/settings': lazy(() => import('../services/marketplace/MarketplaceSettingsPage.tsx')),
  '/marketplace/settings/module_edit/{moduleCode}': lazy(() => import('../services/marketplace/ModuleEditPage.tsx')),
  '/marketplace/marketplace/{siteId}': lazy(() => import('../services/marketplace/SiteMarketplacePage.tsx')),
  '/mulitlanuge/settings/{siteId}': lazy(() => import('../services/marketplace/MultiLanguageSettingsPage.tsx')),
  // sites.context pages: the page tree and editor, layouts, templates, collections by type.
  '/sites.context/sites/{siteId}/pages': lazy(() => import('../services/sites.context/content/PagesPage.tsx')),
  '/sites.context/sites/{siteId}/pages/{pageId}/{pageStateId?}': lazy(() => import('../services/sites.context/content/PageEditPage.tsx')),
  '/sites.context/sites/{siteId}/layouts': lazy(() => import('../services/sites.context/content/LayoutsPage.tsx')),
  '/sites.context/sites/{siteId}/layouts/{layoutId}/{layoutStateId?}': lazy(() => import('../services/sites.context/content/LayoutEditPage.tsx')),
  '/sites.context/sites/{siteId}/templates': lazy(() => import('../services/sites.context/content/TemplatesPage.tsx')),
  '/sites.context/sites/{siteId}/templates/{templateId}': lazy(() => import('../services/sites.context/content/TemplateEditPage.tsx')),
  '/sites.context/sites/{siteId}/collections/any': lazy(() => import('../services/sites.context/content/CollectionsPage.tsx')),
  '/sites.context/sites/{siteId}/collections/news': lazy(() => import('../services/sites.context/content/CollectionsPage.tsx')),
  '/sites.context/sites/{siteId}/collections/article': lazy(() => import('../services/sites.context/content/CollectionsPage.tsx')),
  '/sites.context/sites/{siteId}/collections/specials': lazy(() => import('../services/sites.context/content/CollectionsPage.tsx')),
  // floors.storage (issue 10): floors with their editor, floor groups.
  '/floors.storage/floors': lazy(() => import('../services/floors.storage/FloorsPage.tsx')),
  '/floors.storage/floors/create': lazy(() => import('../services/floors.storage/FloorEditPage.tsx')),
  '/floors.storage/floors/edit/{id}': lazy(() => import('../services/floors.storage/FloorEditPage.tsx')),
  '/floors.storage/groups': lazy(() => import('../services/floors.storage/FloorGroupsPage.tsx')),
  '/floors.storage/groups/create': lazy(() => import('../services/floors.storage/FloorGroupEditPage.tsx')),
  '/floors.storage/groups/edit/{id}': lazy(() => import('../services/floors.storage/FloorGroupEditPage.tsx')),
  // seo (issue 10): redirects and their import, SEO settings, SEO constants of the current site.
  '/seo/sites/{siteId}/redirects': lazy(() => import('../services/seo/RedirectsPage.tsx')),
  '/seo/sites/{siteId}/seo_config': lazy(() => import('../services/seo/SeoConfigPage.tsx')),
  '/seo/sites/{siteId}/constants': lazy(() => import('../services/seo/SeoConstantsPage.tsx')),
  // sites.controller
  '/sites.controller/tasks_page/': lazy(() => import('../services/sites.controller/TasksPage.tsx')),
  // content.storage stages and media.storage library (issue 10, media and stages)
  '/content.storage/stages/{siteId}': lazy(() => import('../services/content.storage/StagesPage.tsx')),
  '/content.storage/stages/{siteId}/{stageId}/{stageStateId?}': lazy(() => import('../services/content.storage/StageEditPage.tsx')),
  '/media.storage/library/{siteId}': lazy(() => import('../services/media.storage/MediaLibraryPage.tsx')),
  // cars.catalog (issue 12): the reference catalogue's lists and forms.
  '/cars.catalog/tags/{siteId}': lazy(() => import('../services/cars.catalog/LabelsPage.tsx')),
  '/cars.catalog/brands/': catalogScreen('brands'),
  // The models list with each model's history and the deleted models (issue 12, "colors").
  '/cars.catalog/models/': lazy(() => import('../services/cars.catalog/ModelsPage.tsx')),
  '/cars.catalog/generations/': catalogScreen('generations'),
  '/cars.catalog/restylings/': catalogScreen('restylings'),
  '/cars.catalog/complectations/': catalogScreen('complectations'),
  '/cars.catalog/bodies/': catalogScreen('bodies'),
  '/cars.catalog/fuels/': catalogScreen('fuels'),
  '/cars.catalog/transmissions/': catalogScreen('transmissions'),
  '/cars.catalog/wheel_drives/': catalogScreen('wheel_drives'),
  '/cars.catalog/colors/': catalogScreen('colors'),
  // cars.catalog (issue 12, "marketing"): marketing complectations (list and own page), option categories, options, dealer options.
  '/cars.catalog/marketing_complectations/': lazy(() => import('../services/cars.catalog/MarketingPages.tsx').then((module) => ({ default: module.MarketingComplectationsPage }))),
  '/cars.catalog/marketing_complectations/{marketingComplectationId}': lazy(() => import('../services/cars.catalog/MarketingPages.tsx')),
  '/cars.catalog/option_categories/': marketingScreen('option_categories'),
  '/cars.catalog/options/': marketingScreen('options'),
  '/cars.catalog/dealer_options/': marketingScreen('dealer_options'),
  // cars.catalog (issue 12, "colors"): body colours with markups and imports, upholsteries, marketing galleries.
  '/cars.catalog/body_colors/': lazy(() => import('../services/cars.catalog/ColorPages.tsx').then((module) => ({ default: module.BodyColorsPage }))),
  '/cars.catalog/upholsteries/': lazy(() => import('../services/cars.catalog/ColorPages.tsx').then((module) => ({ default: module.UpholsteriesPage }))),
  '/cars.catalog/marketing_galleries/': lazy(() => import('../services/cars.catalog/ColorPages.tsx').then((module) => ({ default: module.MarketingGalleriesPage }))),
  // cars.stock (issue 12, "stock"): new and used cars of a site, a car made or changed by hand.
  '/cars.stock/new_cars/{siteId}': lazy(() => import('../services/cars.stock/CarsPage.tsx').then((module) => ({ default: module.NewCarsPage }))),
  '/cars.stock/used_cars/{siteId}': lazy(() => import('../services/cars.stock/CarsPage.tsx').then((module) => ({ default: module.UsedCarsPage }))),
  '/cars.stock/create/{type}': lazy(() => import('../services/cars.stock/CarEditPage.tsx')),
  // cars.stock.sites and cars.sorting (issue 12, "stock-settings"): stock settings, showroom pages, custom filters, viewed and favorites, car sorting.
  '/cars.stock.sites/settings/{siteId}': lazy(() => import('../services/cars.stock.sites/StockSettingsPage.tsx')),
  '/cars.stock.sites/showroom_pages/{siteId}': lazy(() => import('../services/cars.stock.sites/SiteRecordsPages.tsx').then((module) => ({ default: module.ShowroomPagesPage }))),
  '/cars.stock.sites/custom_filters/{siteId}': lazy(() => import('../services/cars.stock.sites/SiteRecordsPages.tsx').then((module) => ({ default: module.CustomFiltersPage }))),
  '/cars.stock.sites/viewed_favorites/{siteId}/': lazy(() => import('../services/cars.stock.sites/StockSettingsPage.tsx').then((module) => ({ default: module.ViewedFavoritesPage }))),
  '/cars.sorting/settings/{siteId}': lazy(() => import('../services/cars.sorting/SortingPage.tsx')),
  // dealerships (issue 12, "dealerships"): dealerships with their create and edit pages, departments, employees, services.
  '/dealerships/dealers': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.DealersPage }))),
  '/dealerships/dealer/create': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.DealerCreatePage }))),
  '/dealerships/dealer/edit/{id}': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.DealerEditPage }))),
  '/dealerships/departments': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.DepartmentsPage }))),
  '/dealerships/employees': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.EmployeesPage }))),
  '/dealerships/services': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.ServicesPage }))),
  // dealerships of a site's client (the spec's {siteId?} variants; issue 12, "vins").
  '/dealerships/dealers/{siteId}': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.SiteDealersPage }))),
  '/dealerships/departments/{siteId}': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.SiteDepartmentsPage }))),
  '/dealerships/employees/{siteId}': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.SiteEmployeesPage }))),
  '/dealerships/services/{siteId}': lazy(() => import('../services/dealerships/DealershipPages.tsx').then((module) => ({ default: module.SiteServicesPage }))),
  // cars.vins (issue 12, "vins"): VIN data with its import, retrieval profiles, allowed clients.
  '/cars.vins/vins/': lazy(() => import('../services/cars.vins/VinPages.tsx').then((module) => ({ default: module.VinDataPage }))),
  '/cars.vins/profiles/': lazy(() => import('../services/cars.vins/VinPages.tsx').then((module) => ({ default: module.VinProfilesPage }))),
  '/cars.vins/clients/': lazy(() => import('../services/cars.vins/VinPages.tsx').then((module) => ({ default: module.VinClientsPage }))),
  // cars.import and cars.import.alias (issue 13, "feeds-screens"): a site's import settings and reports, profiles, hooks, aliases, every client's import states.
  '/cars.import/settings/{siteId}': lazy(() => import('../services/cars.import/ImportSettingsPage.tsx')),
  '/cars.import/reports/{siteId}': lazy(() => import('../services/cars.import/ImportReportsPage.tsx')),
  '/cars.import/profiles/': lazy(() => import('../services/cars.import/ImportDictionaryPages.tsx').then((module) => ({ default: module.ImportProfilesPage }))),
  '/cars.import/hooks/': lazy(() => import('../services/cars.import/ImportDictionaryPages.tsx').then((module) => ({ default: module.ImportHooksPage }))),
  '/cars.import.alias/aliases/': lazy(() => import('../services/cars.import/ImportDictionaryPages.tsx').then((module) => ({ default: module.FieldAliasesPage }))),
  '/cars.import/import_states/': lazy(() => import('../services/cars.import/ImportStatesPage.tsx')),
  // cars.export (issue 13, "feeds-export"): export settings of the site's client, feed links per channel.
  '/cars.export/settings/{siteId}': lazy(() => import('../services/cars.export/ExportSettingsPage.tsx')),
  // importer.notifier (issue 13, "notifier-screens"): a site's import report mails and managers' mails, with the mails sent.
  '/importer.notifier/settings/{siteId}': lazy(() => import('../services/importer.notifier/NotifierPages.tsx').then((module) => ({ default: module.ReportSettingsPage }))),
  '/importer.notifier/reports/{siteId}': lazy(() => import('../services/importer.notifier/NotifierPages.tsx').then((module) => ({ default: module.ImporterReportsPage }))),
  '/importer.notifier/manager_settings/{siteId}': lazy(() => import('../services/importer.notifier/NotifierPages.tsx').then((module) => ({ default: module.ManagerSettingsPage }))),
  '/importer.notifier/manager_reports/{siteId}': lazy(() => import('../services/importer.notifier/NotifierPages.tsx').then((module) => ({ default: module.ManagerReportsPage }))),
  // request.storage (issue 14, "requests"): the lists per type, all requests' export, request settings, blocks, consent texts, offensive words.
  '/request.storage/subscription_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.SubscriptionRequestsPage }))),
  '/request.storage/callback_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.CallbackRequestsPage }))),
  '/request.storage/test_drive_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.TestDriveRequestsPage }))),
  '/request.storage/service_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.ServiceRequestsPage }))),
  '/request.storage/buy_model_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.BuyModelRequestsPage }))),
  '/request.storage/avn_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.AvnRequestsPage }))),
  '/request.storage/accessory_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.AccessoryRequestsPage }))),
  '/request.storage/custom_form_requests/{siteId}': lazy(() => import('../services/request.storage/RequestListPage.tsx').then((module) => ({ default: module.CustomFormRequestsPage }))),
  '/request.storage/all_requests_export/{siteId}': lazy(() => import('../services/request.storage/RequestSettingsPages.tsx').then((module) => ({ default: module.AllRequestsExportPage }))),
  '/request.storage/settings_requests/{siteId}': lazy(() => import('../services/request.storage/RequestSettingsPages.tsx').then((module) => ({ default: module.RequestSettingsPage }))),
  '/request.storage/site_blocks/{siteId}': lazy(() => import('../services/request.storage/RequestSettingsPages.tsx').then((module) => ({ default: module.SiteBlocksPage }))),
  '/request.storage/agreement_hash/list/{siteId}': lazy(() => import('../services/request.storage/RequestSettingsPages.tsx').then((module) => ({ default: module.AgreementHashPage }))),
  '/request.storage/offensive_words': lazy(() => import('../services/request.storage/RequestSettingsPages.tsx').then((module) => ({ default: module.OffensiveWordsPage }))),
  // sender (issue 14, "sender"): lost requests, request report mails; e-mail templates, proxy actions, SMTP settings.
  '/request.storage/lost_requests/{siteId}': lazy(() => import('../services/sender/LostRequestsPage.tsx').then((module) => ({ default: module.LostRequestsPage }))),
  '/request.storage/settings/{siteId}': lazy(() => import('../services/sender/ReportSettingsPage.tsx').then((module) => ({ default: module.ReportSettingsPage }))),
  '/sender/email_actions/{siteId}': lazy(() => import('../services/sender/SenderPages.tsx').then((module) => ({ default: module.EmailActionsPage }))),
  '/sender/proxy_actions/{siteId}': lazy(() => import('../services/sender/SenderPages.tsx').then((module) => ({ default: module.ProxyActionsPage }))),
  '/sender/smtp_settings/{siteId}': lazy(() => import('../services/sender/SenderPages.tsx').then((module) => ({ default: module.SmtpSettingsPage }))),
  // sender central proxy actions (issue 14, "central-proxy"): the platform's, in the dictionaries beside the offensive words.
  '/sender/central_proxy_actions': lazy(() => import('../services/sender/CentralProxyActionsPage.tsx').then((module) => ({ default: module.CentralProxyActionsPage }))),
  // form-constructor (issue 14, "forms"): a site's forms, the builder (create and edit), captcha settings, smart captcha keys.
  '/form-constructor/{siteId}': lazy(() => import('../services/form-constructor/FormListPage.tsx')),
  '/form-constructor/{siteId}/create': lazy(() => import('../services/form-constructor/FormEditPage.tsx')),
  '/form-constructor/{siteId}/edit/{formId}': lazy(() => import('../services/form-constructor/FormEditPage.tsx')),
  '/widgets/captcha/{siteId}/': lazy(() => import('../services/form-constructor/CaptchaPages.tsx').then((module) => ({ default: module.CaptchaSettingsPage }))),
  '/smartchaptcha/table/{siteId}/': lazy(() => import('../services/form-constructor/CaptchaPages.tsx').then((module) => ({ default: module.SmartCaptchaKeysPage }))),
};

export const SCREEN_PATHS = Object.keys(SCREENS);

/** '/sites/{siteId}/pages/{pageStateId?}' → '/sites/:siteId/pages/:pageStateId?' for React Router. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)(\?)?\}/g, (_whole, name: string, optional?: string) => `:${name}${optional ?? ''}`);
}
