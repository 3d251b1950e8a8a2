import type { AnyResource } from './kit/resource.ts';
import { clientGroupResource, clientResource } from './clients.storage/client.resource.ts';
import { siteResource } from './sites.context/site.resource.ts';
import { siteGroupResource } from './sites.context/site-group.resource.ts';
import { dealerResource } from './sites.context/dealer.resource.ts';
import { userResource } from './clients.storage/user.resource.ts';
import { roleResource } from './clients.storage/role.resource.ts';
import { permissionResource } from './clients.storage/permission.resource.ts';
import { screenRouteResource } from './clients.storage/route.resource.ts';
import { auditResource } from './clients.storage/audit.resource.ts';
import { apiRouteResource, restrictionResource } from './gateway.processing/api-route.resource.ts';
import { moduleResource } from './marketplace/module.resource.ts';
import { layoutResource, layoutStateResource, pageResource, pageStateResource, templateResource } from './sites.context/content.resource.ts';
// media and stages (issue 10)
import { stageResource, stageStateResource } from './content.storage/stage.resource.ts';
import { mediaFileResource, mediaFolderResource } from './media.storage/media.resource.ts';
// floors and SEO (issue 10)
import { floorGroupResource, floorResource } from './floors.storage/floor.resource.ts';
import { redirectResource } from './seo/redirect.resource.ts';
import { seoConfigResource } from './seo/seo-config.resource.ts';
import { seoConstantResource } from './seo/seo-constant.resource.ts';
// cars.catalog: the reference catalogue (issue 12)
import { brandResource } from './cars.catalog/brand.resource.ts';
import { modelResource } from './cars.catalog/model.resource.ts';
import { generationResource } from './cars.catalog/generation.resource.ts';
import { restylingResource } from './cars.catalog/restyling.resource.ts';
import { complectationResource } from './cars.catalog/complectation.resource.ts';
import { bodyResource, colorResource, fuelResource, transmissionResource, wheelDriveResource } from './cars.catalog/dictionary.resource.ts';
// cars.catalog: marketing complectations and options (issue 12, "marketing")
import { marketingComplectationResource } from './cars.catalog/marketing-complectation.resource.ts';
import { dealerOptionResource, optionCategoryResource, optionResource } from './cars.catalog/option.resource.ts';
// cars.catalog: body colours, upholsteries, marketing galleries (issue 12, "colors")
import { bodyColorResource, upholsteryResource } from './cars.catalog/body-color.resource.ts';
import { bodyColorMarkupResource, marketingGalleryResource } from './cars.catalog/marketing-gallery.resource.ts';
// cars.catalog: labels of a site's cars (issue 12)
import { labelResource } from './cars.catalog/label.resource.ts';
// cars.stock: cars of a site's stock (issue 12, engineer "stock").
import { carResource } from './cars.stock/car.resource.ts';
// cars.stock.sites and cars.sorting (issue 12, engineer "stock-settings")
import { showroomPageResource } from './cars.stock.sites/showroom-page.resource.ts';
import { customFilterResource } from './cars.stock.sites/custom-filter.resource.ts';
import { restylingSortResource } from './cars.sorting/sorting.ts';
// dealerships (issue 12, engineer "dealerships")
import { dealershipResource, dealershipServiceResource, departmentResource, employeeResource } from './dealerships/dealership.resource.ts';
// cars.vins: VIN data, retrieval profiles, allowed clients (issue 12, engineer "vins")
import { vinAllowedClientResource, vinDataResource, vinProfileResource } from './cars.vins/vin.resource.ts';
// cars.import and cars.import.alias (issue 13, engineer "feeds-import").
import { carReportResource, importHookResource, importProfileResource, importReportResource, importSettingsResource } from './cars.import/import.resource.ts';
import { fieldAliasResource } from './cars.import.alias/field-alias.resource.ts';
// request.storage (issue 14, engineer "requests")
import { agreementHashResource, offensiveWordResource, requestBlockResource, requestSettingsResource } from './request.storage/request-settings.resource.ts';
// importer.notifier (issue 13, engineer "feeds-export")
import { managerSettingsResource, notifierReportResource } from './importer.notifier/notifier.resource.ts';
// sender (issue 14, engineer "sender")
import { centralProxyActionResource, emailActionResource, proxyActionResource, smtpSettingsResource } from './sender/sender.resource.ts';
// form-constructor (issue 14, engineer "forms")
import { captchaSettingsResource, customFormResource, smartCaptchaKeyResource } from './form-constructor/form-constructor.resource.ts';
import { ACTION_ROUTES, resourceApiRoutes, type ApiRoute } from './permissions.ts';
import { SERVICE_MODULES } from './marketplace/module-routes.ts';

/** Every declared resource; the server registers and the conformance suite tests each one. */
export const RESOURCES: AnyResource[] = [
  clientResource,
  clientGroupResource,
  siteResource,
  siteGroupResource,
  dealerResource,
  userResource,
  roleResource,
  permissionResource,
  screenRouteResource,
  auditResource,
  apiRouteResource,
  restrictionResource,
  // marketplace
  moduleResource,
  // sites.context pages: templates, layouts and their states, pages and their states.
  templateResource,
  layoutResource,
  layoutStateResource,
  pageResource,
  pageStateResource,
  // content.storage stages and media.storage library (issue 10, media and stages).
  stageResource,
  stageStateResource,
  mediaFolderResource,
  mediaFileResource,
  // floors.storage and seo (issue 10, floors and SEO).
  floorResource,
  floorGroupResource,
  redirectResource,
  seoConfigResource,
  seoConstantResource,
  // cars.catalog: the reference catalogue (issue 12).
  brandResource,
  modelResource,
  generationResource,
  restylingResource,
  complectationResource,
  bodyResource,
  fuelResource,
  transmissionResource,
  wheelDriveResource,
  colorResource,
  // cars.catalog: marketing complectations and options (issue 12, "marketing").
  marketingComplectationResource,
  optionCategoryResource,
  optionResource,
  dealerOptionResource,
  // cars.catalog: body colours with markups, upholsteries, marketing galleries (issue 12, "colors").
  bodyColorResource,
  bodyColorMarkupResource,
  upholsteryResource,
  marketingGalleryResource,
  // cars.catalog: labels of a site's cars (issue 12).
  labelResource,
  // cars.stock: cars of a site's stock (issue 12, engineer "stock").
  carResource,
  // cars.stock.sites and cars.sorting (issue 12, engineer "stock-settings").
  showroomPageResource,
  customFilterResource,
  restylingSortResource,
  // dealerships (issue 12, engineer "dealerships").
  dealershipResource,
  departmentResource,
  employeeResource,
  dealershipServiceResource,
  // cars.vins (issue 12, engineer "vins").
  vinDataResource,
  vinProfileResource,
  vinAllowedClientResource,
  // cars.import and cars.import.alias (issue 13, engineer "feeds-import").
  importProfileResource,
  importHookResource,
  importSettingsResource,
  importReportResource,
  carReportResource,
  fieldAliasResource,
  // request.storage (issue 14, engineer "requests").
  offensiveWordResource,
  agreementHashResource,
  requestSettingsResource,
  requestBlockResource,
  // importer.notifier (issue 13, engineer "feeds-export").
  managerSettingsResource,
  notifierReportResource,
  // sender (issue 14, engineer "sender").
  emailActionResource,
  proxyActionResource,
  smtpSettingsResource,
  // sender central proxy actions (issue 14, engineer "central-proxy").
  centralProxyActionResource,
  // form-constructor (issue 14, engineer "forms").
  customFormResource,
  captchaSettingsResource,
  smartCaptchaKeyResource,
] as unknown as AnyResource[];

export const resourceKey = (r: { service: string; name: string }) => `${r.service}/${r.name}`;

export function findResource(service: string, name: string): AnyResource | undefined {
  return RESOURCES.find((r) => r.service === service && r.name === name);
}

/** A route's module: its own or its resource's (null: none), else its service's (public routes have no caller to refuse). */
const withServiceModule = (route: ApiRoute): ApiRoute => {
  const { module = route.public ? null : (SERVICE_MODULES[route.service] ?? null), ...rest } = route;
  return module ? { ...rest, module } : rest;
};

/** The default gateway route table: action routes and the five routes of each resource, tied to their modules. */
export const DEFAULT_API_ROUTES: ApiRoute[] = [...ACTION_ROUTES, ...RESOURCES.flatMap(resourceApiRoutes)].map(withServiceModule);
