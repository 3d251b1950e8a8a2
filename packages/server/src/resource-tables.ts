import {
  apiRouteResource,
  auditResource,
  clientGroupResource,
  clientResource,
  permissionResource,
  restrictionResource,
  roleResource,
  screenRouteResource,
  siteResource,
  userResource,
  type AnyResource,
} from '@dp/contracts';
import { moduleResource } from '@dp/contracts';
import type { ResourceRegistry } from './kit/crud-routes.ts';
// dealerships (issue 12, engineer "dealerships")
import { dealershipResource, dealershipServiceResource, departmentResource, employeeResource } from '@dp/contracts';
import { dealershipDepartments, dealershipEmployees, dealerships, dealershipServices } from './services/dealerships/dealership.table.ts';
import { dealershipHooks, dealershipServiceHooks, departmentHooks, employeeHooks } from './services/dealerships/dealership.hooks.ts';
import type { Config } from './kit/config.ts';
import { auditLog } from './kit/audit.table.ts';
import { clientGroups, clients } from './services/clients.storage/client.table.ts';
import { permissions, rolePermissions, roles, userClients, userGroups, userPermissions, userRoles, users } from './services/clients.storage/user.table.ts';
import { screenRoutes } from './services/clients.storage/screen-route.table.ts';
import { clientHooks, roleHooks, userHooks } from './services/clients.storage/user.hooks.ts';
import { auditHooks } from './services/clients.storage/audit-labels.ts';
import { apiRoutes } from './services/gateway.processing/api-route.table.ts';
import { restrictions } from './services/gateway.processing/restriction.table.ts';
import { dealers, siteGroups, sites } from './services/sites.context/site.table.ts';
import { siteHooks } from './services/sites.context/site.hooks.ts';
import { dealerResource, siteGroupResource } from '@dp/contracts';
import { modules } from './services/marketplace/module.table.ts';
import { moduleHooks } from './services/marketplace/module.hooks.ts';

// sites.context pages
import { layoutResource, layoutStateResource, pageResource, pageStateResource, templateResource } from '@dp/contracts';
import { layouts, layoutStates, pages, pageStates, templates } from './services/sites.context/content.table.ts';
import { siteOwnership } from './services/sites.context/site-ownership.ts';
import { layoutHooks, layoutStateHooks, pageHooks, pageStateHooks, parentSite, templateHooks } from './services/sites.context/content.hooks.ts';

// floors.storage and seo (issue 10, floors and SEO)
import { floorGroupResource, floorResource, redirectResource, seoConfigResource, seoConstantResource } from '@dp/contracts';
import { floorGroups, floors } from './services/floors.storage/floor.table.ts';
import { floorHooks } from './services/floors.storage/floor.hooks.ts';
import { redirects, seoConfigs, seoConstants } from './services/seo/seo.table.ts';
import { redirectHooks } from './services/seo/redirect.hooks.ts';
import { seoConfigHooks, seoConstantHooks } from './services/seo/seo.hooks.ts';
import { siteOwnership as seoSiteOwnership } from './services/sites.context/site-ownership.ts';

// content.storage stages and media.storage library (issue 10, media and stages)
import { mediaFileResource, mediaFolderResource, stageResource, stageStateResource } from '@dp/contracts';
import { stages, stageStates } from './services/content.storage/stage.table.ts';
import { stageHooks, stageSite, stageStateHooks } from './services/content.storage/stage.hooks.ts';
import { mediaFiles, mediaFolders } from './services/media.storage/media.table.ts';
import { fileHooks, folderHooks } from './services/media.storage/media.hooks.ts';
import { siteOwnership as stageSiteOwnership } from './services/sites.context/site-ownership.ts';

// cars.catalog: the reference catalogue (issue 12)
import { bodyResource, brandResource, colorResource, complectationResource, fuelResource, generationResource, modelResource, restylingResource, transmissionResource, wheelDriveResource } from '@dp/contracts';
import { carBodies, carBrands, carColors, carComplectations, carFuels, carGenerations, carModels, carRestylings, carTransmissions, carWheelDrives } from './services/cars.catalog/catalog.table.ts';
import { brandHooks, complectationHooks, generationHooks, modelHooks, restylingHooks } from './services/cars.catalog/catalog.hooks.ts';
// cars.catalog: marketing complectations and options (issue 12, "marketing")
import { dealerOptionResource, marketingComplectationResource, optionCategoryResource, optionResource } from '@dp/contracts';
import { carDealerOptions, carMarketingComplectations, carOptionCategories, carOptions } from './services/cars.catalog/marketing.table.ts';
import { marketingComplectationHooks, optionCategoryHooks, withMarketingBelow } from './services/cars.catalog/marketing.hooks.ts';

// cars.catalog: body colours with markups, upholsteries, marketing galleries (issue 12, "colors")
import { bodyColorMarkupResource, bodyColorResource, marketingGalleryResource, upholsteryResource } from '@dp/contracts';
import { carBodyColorMarkups, carBodyColors, carMarketingGalleries, carUpholsteries } from './services/cars.catalog/colors.table.ts';
import { bodyColorHooks, bodyColorMarkupHooks, marketingGalleryHooks, upholsteryHooks } from './services/cars.catalog/colors.hooks.ts';
// cars.catalog labels of a site's cars (issue 12)
import { labelResource } from '@dp/contracts';
import { carLabels } from './services/cars.catalog/labels.table.ts';
// cars.stock: cars of a site's stock (issue 12, engineer "stock")
import { carResource } from '@dp/contracts';
import { cars } from './services/cars.stock/car.table.ts';
import { carHooks } from './services/cars.stock/car.hooks.ts';
import { bindBrandScopes } from './services/cars.catalog/brand-scopes.ts';
// cars.stock.sites and cars.sorting: showroom pages, custom filters, restyling order (issue 12, engineer "stock-settings")
import { customFilterResource, restylingSortResource, showroomPageResource } from '@dp/contracts';
import { customFilterGroups, showroomPages } from './services/cars.stock.sites/stock-settings.table.ts';
import { showroomPageHooks } from './services/cars.stock.sites/showroom-page.hooks.ts';
import { restylingSorts } from './services/cars.sorting/sorting.table.ts';
import { restylingSortHooks } from './services/cars.sorting/sorting.routes.ts';
// cars.vins: VIN data, retrieval profiles, allowed clients (issue 12, engineer "vins")
import { vinAllowedClientResource, vinDataResource, vinProfileResource } from '@dp/contracts';
import { vinAllowedClients, vinData, vinProfiles } from './services/cars.vins/vin.table.ts';
import { vinAllowedClientHooks, vinDataHooks, vinProfileHooks } from './services/cars.vins/vin.hooks.ts';

// cars.import and cars.import.alias (issue 13, engineer "feeds-import")
import { carReportResource, fieldAliasResource, importHookResource, importProfileResource, importReportResource, importSettingsResource } from '@dp/contracts';
import { carReports, importHooks, importProfiles, importReports, importSettings } from './services/cars.import/import.table.ts';
import { importSettingsHooks } from './services/cars.import/import.hooks.ts';
import { fieldAliases } from './services/cars.import.alias/field-alias.table.ts';
// request.storage (issue 14, engineer "requests")
import { agreementHashResource, offensiveWordResource, requestBlockResource, requestSettingsResource } from '@dp/contracts';
import { agreementHashes, offensiveWords, requestActions, requestBlocks, requests, requestSettings } from './services/request.storage/request.table.ts';
import { agreementHashHooks, requestBlockHooks, requestSettingsHooks } from './services/request.storage/request.hooks.ts';

// importer.notifier (issue 13, engineer "feeds-export")
import { managerSettingsResource, notifierReportResource } from '@dp/contracts';
import { notifierManagerSettings, notifierReportSettings, notifierReports } from './services/importer.notifier/notifier.table.ts';
import { exportSettings } from './services/cars.export/export.table.ts';
import { managerSettingsHooks } from './services/importer.notifier/notifier.routes.ts';
// sender (issue 14, engineer "sender")
import { emailActionResource, proxyActionResource, smtpSettingsResource } from '@dp/contracts';
import { emailActions, proxyActions, smtpSettings } from './services/sender/sender.table.ts';
import { emailActionHooks, proxyActionHooks, smtpSettingsHooks } from './services/sender/sender.hooks.ts';
// sender central proxy actions (issue 14, engineer "central-proxy")
import { centralProxyActionResource } from '@dp/contracts';
import { centralProxyActions } from './services/sender/sender.table.ts';
import { centralProxyActionHooks } from './services/sender/sender.hooks.ts';

// form-constructor (issue 14, engineer "forms")
import { captchaSettingsResource, customFormResource, smartCaptchaKeyResource } from '@dp/contracts';
import { captchaSettings, customFormFiles, customForms, smartCaptchaKeys } from './services/form-constructor/form.table.ts';
import { customFormHooks, smartCaptchaKeyHooks } from './services/form-constructor/form.hooks.ts';

const bindable = (r: unknown) => r as AnyResource;

/** Each declared resource and the table that stores it: the one line a new resource adds here. */
export function bindResourceTables(registry: ResourceRegistry, config: Pick<Config, 'internalEmailDomains' | 'technicalDomain'>) {
  registry.bind(bindable(clientResource), clients, { hooks: clientHooks });
  registry.bind(bindable(clientGroupResource), clientGroups);
  // sites.context
  registry.bind(bindable(siteResource), sites, { hooks: siteHooks(config, () => registry) });
  registry.bind(bindable(siteGroupResource), siteGroups);
  registry.bind(bindable(dealerResource), dealers);
  registry.bind(bindable(userResource), users, {
    links: {
      client_ids: { table: userClients, owner: userClients.user_id, target: userClients.client_id },
      group_ids: { table: userGroups, owner: userGroups.user_id, target: userGroups.group_id },
      role_ids: { table: userRoles, owner: userRoles.user_id, target: userRoles.role_id },
      permission_ids: { table: userPermissions, owner: userPermissions.user_id, target: userPermissions.permission_id },
    },
    hooks: userHooks(config),
  });
  registry.bind(bindable(roleResource), roles, {
    links: { permission_ids: { table: rolePermissions, owner: rolePermissions.role_id, target: rolePermissions.permission_id } },
    hooks: roleHooks,
    sharedWhenNull: true,
  });
  registry.bind(bindable(permissionResource), permissions);
  registry.bind(bindable(screenRouteResource), screenRoutes);
  registry.bind(bindable(auditResource), auditLog as never, { hooks: auditHooks(registry) });
  registry.bind(bindable(apiRouteResource), apiRoutes);
  registry.bind(bindable(restrictionResource), restrictions);
  // marketplace
  registry.bind(bindable(moduleResource), modules, { hooks: moduleHooks(Object.keys(moduleResource.entity.shape)) });
  // sites.context pages: site-owned content; states name their layout or page, whose site they take.
  const site = siteOwnership(registry);
  registry.bind(bindable(templateResource), templates, { hooks: templateHooks, siteOwned: site });
  registry.bind(bindable(layoutResource), layouts, { hooks: layoutHooks, siteOwned: site });
  registry.bind(bindable(layoutStateResource), layoutStates, {
    hooks: layoutStateHooks,
    siteOwned: siteOwnership(registry, { field: 'layout_id', siteOf: parentSite(() => registry, layouts, layoutResource) }),
  });
  registry.bind(bindable(pageResource), pages, { hooks: pageHooks, siteOwned: site });
  registry.bind(bindable(pageStateResource), pageStates, {
    hooks: pageStateHooks,
    siteOwned: siteOwnership(registry, { field: 'page_id', siteOf: parentSite(() => registry, pages, pageResource) }),
  });
  // floors.storage: platform floors (no client) are every client's to read and staff's to write.
  registry.bind(bindable(floorResource), floors, { hooks: floorHooks, sharedWhenNull: true });
  registry.bind(bindable(floorGroupResource), floorGroups);
  // seo: records of a site (its client is the site's).
  const seoSite = seoSiteOwnership(registry);
  registry.bind(bindable(redirectResource), redirects, { hooks: redirectHooks, siteOwned: seoSite });
  registry.bind(bindable(seoConfigResource), seoConfigs, { hooks: seoConfigHooks, siteOwned: seoSite });
  registry.bind(bindable(seoConstantResource), seoConstants, { hooks: seoConstantHooks, siteOwned: seoSite });
  // content.storage stages: site-owned; a state names its stage, whose site it takes.
  registry.bind(bindable(stageResource), stages, { hooks: stageHooks, siteOwned: stageSiteOwnership(registry) });
  registry.bind(bindable(stageStateResource), stageStates, {
    hooks: stageStateHooks(),
    siteOwned: stageSiteOwnership(registry, { field: 'stage_id', siteOf: stageSite(() => registry) }),
  });
  // media.storage: a client's folders and files (platform ones, without a client, are staff's).
  registry.bind(bindable(mediaFolderResource), mediaFolders, { hooks: folderHooks });
  registry.bind(bindable(mediaFileResource), mediaFiles as never, { hooks: fileHooks });
  // cars.catalog: the platform's reference catalogue (staff write it, readers of every client read it).
  registry.bind(bindable(brandResource), carBrands, { hooks: brandHooks });
  registry.bind(bindable(modelResource), carModels, { hooks: withMarketingBelow('models', modelHooks) });
  registry.bind(bindable(generationResource), carGenerations, { hooks: withMarketingBelow('generations', generationHooks) });
  registry.bind(bindable(restylingResource), carRestylings, { hooks: withMarketingBelow('restylings', restylingHooks) });
  registry.bind(bindable(complectationResource), carComplectations, { hooks: withMarketingBelow('complectations', complectationHooks) });
  registry.bind(bindable(bodyResource), carBodies);
  registry.bind(bindable(fuelResource), carFuels);
  registry.bind(bindable(transmissionResource), carTransmissions);
  registry.bind(bindable(wheelDriveResource), carWheelDrives);
  registry.bind(bindable(colorResource), carColors);
  // cars.catalog (issue 12, "marketing"): marketing complectations below complectations, options and their categories.
  registry.bind(bindable(marketingComplectationResource), carMarketingComplectations, { hooks: marketingComplectationHooks });
  registry.bind(bindable(optionCategoryResource), carOptionCategories, { hooks: optionCategoryHooks });
  registry.bind(bindable(optionResource), carOptions);
  registry.bind(bindable(dealerOptionResource), carDealerOptions);
  // cars.catalog (issue 12, "colors"): body colours and their markups, upholsteries, marketing galleries.
  registry.bind(bindable(bodyColorResource), carBodyColors, { hooks: bodyColorHooks });
  registry.bind(bindable(bodyColorMarkupResource), carBodyColorMarkups, { hooks: bodyColorMarkupHooks });
  registry.bind(bindable(upholsteryResource), carUpholsteries, { hooks: upholsteryHooks });
  registry.bind(bindable(marketingGalleryResource), carMarketingGalleries, { hooks: marketingGalleryHooks });
  // cars.catalog labels: a site's (its client is the site's); an official master's are central, its forks only hide and order them.
  registry.bind(bindable(labelResource), carLabels, { siteOwned: seoSiteOwnership(registry) });
  // cars.stock: a site's cars (its client is the site's); stock is the site's own data, so an official master's cars are not central content.
  registry.bind(bindable(carResource), cars, { hooks: carHooks, siteOwned: { ...seoSiteOwnership(registry), assertEditable: async () => undefined } });
  // cars.stock.sites and cars.sorting: a site's own settings records (a fork of an official master keeps its own, so not central content).
  const stockSite = { ...seoSiteOwnership(registry), assertEditable: async () => undefined };
  registry.bind(bindable(showroomPageResource), showroomPages, { hooks: showroomPageHooks, siteOwned: stockSite });
  registry.bind(bindable(customFilterResource), customFilterGroups, { siteOwned: stockSite });
  registry.bind(bindable(restylingSortResource), restylingSorts, { hooks: restylingSortHooks, siteOwned: stockSite });
  // dealerships: a client's dealerships; departments and services take their client from the dealership, employees from the department.
  registry.bind(bindable(dealershipResource), dealerships, { hooks: dealershipHooks });
  registry.bind(bindable(departmentResource), dealershipDepartments, { hooks: departmentHooks });
  registry.bind(bindable(employeeResource), dealershipEmployees, { hooks: employeeHooks });
  registry.bind(bindable(dealershipServiceResource), dealershipServices, { hooks: dealershipServiceHooks });
  // cars.vins: the platform's VIN data (read by staff and allowed clients), a client's retrieval profiles, the allowed clients (staff write them).
  registry.bind(bindable(vinDataResource), vinData, { hooks: vinDataHooks });
  registry.bind(bindable(vinProfileResource), vinProfiles, { hooks: vinProfileHooks });
  registry.bind(bindable(vinAllowedClientResource), vinAllowedClients, { hooks: vinAllowedClientHooks });
  // cars.import (issue 13, "feeds-import"): the provider's profiles, hooks and aliases (staff write them); a site's settings and its reports (the client's, written by the import).
  registry.bind(bindable(importProfileResource), importProfiles);
  registry.bind(bindable(importHookResource), importHooks);
  registry.bind(bindable(importSettingsResource), importSettings, { hooks: importSettingsHooks, siteOwned: { ...seoSiteOwnership(registry), assertEditable: async () => undefined } });
  registry.bind(bindable(importReportResource), importReports as never);
  registry.bind(bindable(carReportResource), carReports as never);
  registry.bind(bindable(fieldAliasResource), fieldAliases);
  // importer.notifier (issue 13, "feeds-export"): a site's managers' mail settings and the mails sent (written by the job only).
  registry.bind(bindable(managerSettingsResource), notifierManagerSettings, { hooks: managerSettingsHooks, siteOwned: { ...seoSiteOwnership(registry), assertEditable: async () => undefined } });
  registry.bind(bindable(notifierReportResource), notifierReports as never, { siteOwned: { ...seoSiteOwnership(registry), assertEditable: async () => undefined } });
  // request.storage (issue 14, "requests"): offensive words (the platform's, staff holding offensive_words.admin); a site's consent texts, request settings and blocks (the site's own records, not central content).
  registry.bind(bindable(offensiveWordResource), offensiveWords);
  const requestSite = { ...seoSiteOwnership(registry), assertEditable: async () => undefined };
  registry.bind(bindable(agreementHashResource), agreementHashes, { hooks: agreementHashHooks, siteOwned: requestSite });
  registry.bind(bindable(requestSettingsResource), requestSettings, { hooks: requestSettingsHooks, siteOwned: requestSite });
  registry.bind(bindable(requestBlockResource), requestBlocks, { hooks: requestBlockHooks, siteOwned: requestSite });
  // sender (issue 14, "sender"): a site's e-mail templates, proxy actions and SMTP settings (the site's own records); secrets sealed by the hooks.
  const senderSite = { ...seoSiteOwnership(registry), assertEditable: async () => undefined };
  registry.bind(bindable(emailActionResource), emailActions, { hooks: emailActionHooks, siteOwned: senderSite });
  registry.bind(bindable(proxyActionResource), proxyActions as never, { hooks: proxyActionHooks, siteOwned: senderSite });
  registry.bind(bindable(smtpSettingsResource), smtpSettings as never, { hooks: smtpSettingsHooks, siteOwned: senderSite });
  // sender central proxy actions (issue 14, "central-proxy"): the platform's (no tenant), read by site editors to pick them, written by provider staff only (the hooks refuse others).
  registry.bind(bindable(centralProxyActionResource), centralProxyActions as never, { hooks: centralProxyActionHooks });
  // form-constructor (issue 14, "forms"): a site's forms, captcha settings and smart captcha keys (the site's own records).
  const formSite = { ...seoSiteOwnership(registry), assertEditable: async () => undefined };
  registry.bind(bindable(customFormResource), customForms, { hooks: customFormHooks, siteOwned: formSite });
  registry.bind(bindable(captchaSettingsResource), captchaSettings, { siteOwned: formSite });
  registry.bind(bindable(smartCaptchaKeyResource), smartCaptchaKeys as never, { hooks: smartCaptchaKeyHooks, siteOwned: formSite });
  // Records beside the resources that module-tied routes name by id (contracts permissions.ts): the gateway finds their site or client.
  registry.record('request.storage/requests', requests);
  registry.record('request.storage/request_actions', requestActions);
  registry.record('form-constructor/custom_form_files', customFormFiles);
  registry.record('importer.notifier/report_settings', notifierReportSettings);
  registry.record('cars.export/settings', exportSettings);
  // Last, once every resource is bound: brand-limited custom tokens (issue 12) reach only their brands' catalogue entries, cars and VIN data.
  bindBrandScopes(registry);
}
