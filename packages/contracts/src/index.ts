export * from './kit/messages.ts';
export * from './kit/fields.ts';
export * from './kit/jsonapi.ts';
export * from './kit/resource.ts';
export * from './permissions.ts';
export * from './auth.processing/auth.ts';
export * from './auth.processing/client-switch.ts';
export * from './clients.storage/personalization.ts';
export * from './auth.processing/custom-token.ts';
export * from './auth.processing/auth-data.ts';
export * from './auth.processing/second-factor.ts';
export * from './clients.storage/client.resource.ts';
export * from './sites.context/site.resource.ts';
export * from './clients.storage/user.resource.ts';
export * from './clients.storage/role.resource.ts';
export * from './clients.storage/permission.resource.ts';
export * from './clients.storage/route.resource.ts';
export * from './clients.storage/audit.resource.ts';
export * from './gateway.processing/api-route.resource.ts';
export * from './resources.ts';
export * from './sites.controller/site-task.ts';
export * from './clients.storage/permission-texts.ts';
export * from './clients.storage/seeded-texts.ts';
// marketplace
export * from './marketplace/module.resource.ts';
export * from './marketplace/module-routes.ts';
// sites.context
export * from './sites.context/host.ts';
export * from './sites.context/site-group.resource.ts';
export * from './sites.context/dealer.resource.ts';
export * from './sites.context/site-actions.ts';
export * from './kit/realtime.ts';
export * from './kit/workflow.ts';
// sites.context pages
export * from './sites.context/content-fields.ts';
export * from './sites.context/content.resource.ts';
// content.storage stages and media.storage library (issue 10, media and stages)
export * from './content.storage/stage.resource.ts';
export * from './media.storage/media.resource.ts';
export * from './sites.context/content-actions.ts';
// floors.storage, render and seo (issue 10, floors and SEO)
export * from './floors.storage/rich-text.ts';
export * from './floors.storage/components.ts';
export * from './floors.storage/floor.resource.ts';
export * from './floors.storage/demo-floor-groups.ts';
export * from './render/dictionaries.ts';
export * from './seo/redirect.resource.ts';
export * from './seo/seo-config.resource.ts';
export * from './seo/seo-constant.resource.ts';
export * from './seo/redirect-import.ts';
// cars.catalog: the reference catalogue (issue 12).
export * from './cars.catalog/catalog-fields.ts';
export * from './cars.catalog/brand.resource.ts';
export * from './cars.catalog/model.resource.ts';
export * from './cars.catalog/generation.resource.ts';
export * from './cars.catalog/restyling.resource.ts';
export * from './cars.catalog/complectation.resource.ts';
export * from './cars.catalog/dictionary.resource.ts';
// cars.catalog: marketing complectations and options (issue 12, "marketing").
export * from './cars.catalog/marketing-fields.ts';
export * from './cars.catalog/marketing-complectation.resource.ts';
export * from './cars.catalog/option.resource.ts';
export * from './cars.catalog/marketing-calls.ts';
// cars.catalog: body colours, upholsteries, marketing galleries, imports, model history (issue 12, "colors").
export * from './kit/file-import.ts';
export * from './cars.catalog/body-color.resource.ts';
export * from './cars.catalog/marketing-gallery.resource.ts';
export * from './cars.catalog/catalog-import.ts';
export * from './cars.catalog/label.resource.ts';
// cars.stock: cars of a site's stock (issue 12, engineer "stock").
export * from './cars.stock/car.resource.ts';
// cars.stock.sites and cars.sorting: stock settings per site, showroom pages, custom filters, car sorting (issue 12, engineer "stock-settings").
export * from './cars.stock.sites/stock-settings.ts';
export * from './cars.stock.sites/showroom-page.resource.ts';
export * from './cars.stock.sites/custom-filter.resource.ts';
export * from './cars.sorting/sorting.ts';
// dealerships (issue 12, engineer "dealerships"): dealerships, departments, employees, services.
export * from './dealerships/dealership-fields.ts';
export * from './dealerships/dealership.resource.ts';
export * from './dealerships/employee-import.ts';
// cars.vins (issue 12, engineer "vins"): VIN data, retrieval profiles, allowed clients, the VIN import.
export * from './cars.vins/vin.resource.ts';
export * from './cars.vins/vin-import.ts';
// cars.import and cars.import.alias (issue 13, engineer "feeds-import"): profiles, hooks, settings, reports, field aliases.
export * from './cars.import/import.resource.ts';
export * from './cars.import.alias/field-alias.resource.ts';
// request.storage (issue 14, engineer "requests"): request types and intake, offensive words, consent hashes, request settings, blocks.
export * from './request.storage/request-types.ts';
export * from './request.storage/request-settings.resource.ts';
export * from './request.storage/captcha-check.ts';
// cars.export and importer.notifier (issue 13, engineer "feeds-export"): export settings, feeds, offers; the importer's and managers' report mails.
export * from './cars.export/export.resource.ts';
export * from './importer.notifier/notifier.resource.ts';
// sender (issue 14, engineer "sender"): e-mail templates, proxy actions, SMTP settings, lost requests, report mails.
export * from './sender/sender.resource.ts';
// form-constructor (issue 14, engineer "forms"): custom forms, their checks and markup, captcha settings and smart captcha keys.
export * from './form-constructor/custom-form.ts';
export * from './form-constructor/render-form.ts';
export * from './form-constructor/form-constructor.resource.ts';
