// The package's exports: the kit, then each service's own files (its folder's index.ts), then
// what is walked from the list of services and the files built from it.
export * from './kit/messages.ts';
export * from './kit/fields.ts';
export * from './kit/jsonapi.ts';
export * from './kit/resource.ts';
export * from './kit/realtime.ts';
export * from './kit/workflow.ts';
export * from './kit/file-import.ts';
export * from './kit/module-targets.ts';
export * from './kit/routes.ts';
export * from './kit/permission-texts.ts';
export * from './kit/service.ts';

export * from './auth.processing/index.ts';
export * from './clients.storage/index.ts';
export * from './gateway.processing/index.ts';
export * from './sites.context/index.ts';
export * from './content.storage/index.ts';
export * from './seo/index.ts';
export * from './marketplace/index.ts';
export * from './sites.controller/index.ts';
export * from './floors.storage/index.ts';
export * from './notificator/index.ts';
export * from './queues/index.ts';
export * from './platform/index.ts';
export * from './error-collection-system/index.ts';
export * from './request.storage/index.ts';
export * from './form-constructor/index.ts';
export * from './cars.catalog/index.ts';
export * from './media.storage/index.ts';
export * from './render/index.ts';
export * from './cars.stock/index.ts';
export * from './dealerships/index.ts';
export * from './benefits/index.ts';
export * from './credit.calc/index.ts';
export * from './accessories.showroom/index.ts';
export * from './cars.stock.sites/index.ts';
export * from './cars.sorting/index.ts';
export * from './cars.vins/index.ts';
export * from './cars.import/index.ts';
export * from './cars.import.alias/index.ts';
export * from './cars.export/index.ts';
export * from './importer.notifier/index.ts';
export * from './sender/index.ts';
export * from './messenger_showroom/index.ts';
export * from './smart_contracts/index.ts';
export * from './calltracking/index.ts';

export * from './services.ts';
export * from './permissions.ts';
export * from './resources.ts';
export * from './seeded-texts.ts';
// Declared in their services' folders, built from the walked lists (resources.ts says why).
export * from './clients.storage/permission.resource.ts';
export * from './clients.storage/route.resource.ts';
export * from './clients.storage/audit.resource.ts';
export * from './gateway.processing/api-route.resource.ts';
