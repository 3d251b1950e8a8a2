// Every table, for drizzle-kit and the typed database handle.
export * from '../services/clients.storage/client.table.ts';
export * from '../services/clients.storage/user.table.ts';
export * from '../services/clients.storage/screen-route.table.ts';
export * from '../services/gateway.processing/api-route.table.ts';
export * from '../services/auth.processing/session.table.ts';
export * from '../services/sites.context/site.table.ts';
export * from '../services/clients.storage/personalization.table.ts';
export * from '../services/gateway.processing/restriction.table.ts';
export * from '../services/auth.processing/custom-token.table.ts';
export * from '../services/auth.processing/auth-data.table.ts';
export * from '../services/auth.processing/second-factor.table.ts';
export * from './audit.table.ts';
export * from '../services/marketplace/module.table.ts';
export * from '../services/sites.controller/site-task.table.ts';
export * from '../services/sites.context/content.table.ts';
export * from '../services/content.storage/stage.table.ts';
// media.storage: the media library (issue 10, media and stages)
export * from '../services/media.storage/media.table.ts';
// floors.storage and seo (issue 10, floors and SEO)
export * from '../services/floors.storage/floor.table.ts';
export * from '../services/seo/seo.table.ts';
// cars.catalog: the reference catalogue (issue 12)
export * from '../services/cars.catalog/catalog.table.ts';
export * from '../services/cars.catalog/marketing.table.ts';
// cars.catalog: body colours, upholsteries, marketing galleries (issue 12, engineer "colors")
export * from '../services/cars.catalog/colors.table.ts';
// cars.catalog: option prices per marketing complectation (issue 12, engineer "catalog-imports")
export * from '../services/cars.catalog/option-prices.table.ts';
// cars.catalog: labels of a site's cars (issue 12)
export * from '../services/cars.catalog/labels.table.ts';
// cars.stock: cars of a site's stock (issue 12, engineer "stock")
export * from '../services/cars.stock/car.table.ts';
// cars.stock.sites and cars.sorting: stock settings, showroom pages, custom filters, list sort, restyling order (issue 12, engineer "stock-settings")
export * from '../services/cars.stock.sites/stock-settings.table.ts';
export * from '../services/cars.sorting/sorting.table.ts';
// dealerships: dealerships, departments, employees, services (issue 12, engineer "dealerships")
export * from '../services/dealerships/dealership.table.ts';
// cars.vins: VIN data, retrieval profiles, allowed clients (issue 12, engineer "vins")
export * from '../services/cars.vins/vin.table.ts';
// cars.import and cars.import.alias: profiles, hooks, settings, reports, rows, field aliases (issue 13, engineer "feeds-import")
export * from '../services/cars.import/import.table.ts';
export * from '../services/cars.import.alias/field-alias.table.ts';
// request.storage: requests, their actions to run, offensive words, consent hashes, request settings, blocks, used captchas (issue 14, engineer "requests")
export * from '../services/request.storage/request.table.ts';
// cars.export and importer.notifier: export settings; report mail settings and the mails sent (issue 13, engineer "feeds-export")
export * from '../services/cars.export/export.table.ts';
export * from '../services/importer.notifier/notifier.table.ts';
// form-constructor: custom forms, the files sent with them, captcha settings, smart captcha keys (issue 14, engineer "forms")
export * from '../services/form-constructor/form.table.ts';
// sender: e-mail templates, proxy actions, SMTP settings, request report mails, dismissed lost requests (issue 14, engineer "sender")
export * from '../services/sender/sender.table.ts';
