import { defineService } from '../kit/service.ts';
import { entityCodes, special, text, WRITE_ACTIONS } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { brandResource } from './brand.resource.ts';
import { modelResource } from './model.resource.ts';
import { generationResource } from './generation.resource.ts';
import { restylingResource } from './restyling.resource.ts';
import { complectationResource } from './complectation.resource.ts';
import { bodyResource, colorResource, fuelResource, transmissionResource, wheelDriveResource } from './dictionary.resource.ts';
import { marketingComplectationResource } from './marketing-complectation.resource.ts';
import { dealerOptionResource, optionCategoryResource, optionResource } from './option.resource.ts';
import { bodyColorResource, upholsteryResource } from './body-color.resource.ts';
import { bodyColorMarkupResource, marketingGalleryResource } from './marketing-gallery.resource.ts';
import { labelResource } from './label.resource.ts';

export * from './catalog-fields.ts';
export * from './brand.resource.ts';
export * from './model.resource.ts';
export * from './generation.resource.ts';
export * from './restyling.resource.ts';
export * from './complectation.resource.ts';
export * from './dictionary.resource.ts';
export * from './marketing-fields.ts';
export * from './marketing-complectation.resource.ts';
export * from './option.resource.ts';
export * from './marketing-calls.ts';
export * from './body-color.resource.ts';
export * from './marketing-gallery.resource.ts';
export * from './catalog-import.ts';
export * from './label.resource.ts';

/**
 * cars.catalog: the reference catalogue (brands, the model tree, dictionaries), marketing
 * complectations with their options, colours and galleries, their file imports, the models'
 * history; the labels of a site's cars.
 */
export const carsCatalogContract = defineService({
  name: 'cars.catalog',
  permissions: {
    codes: [
      // The spec's codes (vin_data.import, spec 001 §6, is a code of cars.vins).
      'brands.get_list', 'models.get_list', 'marketing_complectations.get_list', 'discounts.get_list', 'programs.get_list',
      // The write codes the spec leaves unnamed; reading the model tree takes models.get_list.
      ...entityCodes(['brands', 'models', 'generations', 'restylings', 'complectations', 'bodies', 'fuels', 'transmissions', 'wheel_drives', 'colors'], WRITE_ACTIONS),
      // Marketing complectations, option categories, dealer options; options are only deleted.
      ...entityCodes(['marketing_complectations', 'option_categories', 'dealer_options'], WRITE_ACTIONS),
      'options.delete',
      // Body colours (their markups too), upholsteries, galleries; models.restore restores a model from its history.
      ...entityCodes(['body_colors', 'upholsteries', 'marketing_galleries'], WRITE_ACTIONS),
      'models.restore',
      // Labels of a site's cars: labels.patch also hides and orders a central label on a fork.
      'labels.get_list', 'labels.create', 'labels.patch', 'labels.delete',
    ],
    entities: {
      brands: text('Марки', 'Brands'),
      models: text('Модели', 'Models'),
      generations: text('Поколения', 'Generations'),
      restylings: text('Рестайлинги', 'Restylings'),
      complectations: text('Комплектации', 'Trims'),
      bodies: text('Кузова', 'Bodies'),
      fuels: text('Виды топлива', 'Fuels'),
      transmissions: text('Коробки передач', 'Transmissions'),
      wheel_drives: text('Приводы', 'Wheel drives'),
      colors: text('Цвета', 'Colours'),
      marketing_complectations: text('Маркетинговые комплектации', 'Marketing trims'),
      option_categories: text('Категории опций', 'Option categories'),
      options: text('Опции', 'Options'),
      dealer_options: text('Дилерские опции', 'Dealer options'),
      discounts: text('Скидки', 'Discounts'),
      programs: text('Кредитные программы', 'Credit programs'),
      labels: text('Метки автомобилей', 'Car labels'),
      body_colors: text('Цвета кузова', 'Body colours'),
      upholsteries: text('Обивки салона', 'Upholsteries'),
      marketing_galleries: text('Маркетинговые галереи', 'Marketing galleries'),
    },
    special: {
      'models.restore': special(text('Модели: восстановление', 'Models: restore'), text('Восстанавливать модели из истории изменений', 'Restore models from their history of changes')),
    },
  },
  resources: [
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
    marketingComplectationResource,
    optionCategoryResource,
    optionResource,
    dealerOptionResource,
    bodyColorResource,
    bodyColorMarkupResource,
    upholsteryResource,
    marketingGalleryResource,
    labelResource,
  ],
  screens: [
    // The reference catalogue in the dictionaries menu (spec 001 §2).
    screen('catalog_brands', '/cars.catalog/brands/', 'dictionaries', 'catalog', 40, ['brands.get_list']),
    screen('catalog_models', '/cars.catalog/models/', 'dictionaries', 'catalog', 41, ['models.get_list']),
    screen('catalog_generations', '/cars.catalog/generations/', 'dictionaries', 'catalog', 42, ['models.get_list']),
    screen('catalog_restylings', '/cars.catalog/restylings/', 'dictionaries', 'catalog', 43, ['models.get_list']),
    screen('catalog_complectations', '/cars.catalog/complectations/', 'dictionaries', 'catalog', 44, ['models.get_list']),
    screen('catalog_bodies', '/cars.catalog/bodies/', 'dictionaries', 'catalog', 50, ['brands.get_list', 'models.get_list']),
    screen('catalog_fuels', '/cars.catalog/fuels/', 'dictionaries', 'catalog', 51, ['brands.get_list', 'models.get_list']),
    screen('catalog_transmissions', '/cars.catalog/transmissions/', 'dictionaries', 'catalog', 52, ['brands.get_list', 'models.get_list']),
    screen('catalog_wheel_drives', '/cars.catalog/wheel_drives/', 'dictionaries', 'catalog', 53, ['brands.get_list', 'models.get_list']),
    screen('catalog_colors', '/cars.catalog/colors/', 'dictionaries', 'catalog', 54, ['brands.get_list', 'models.get_list']),
    // Marketing complectations (list and detail), option categories, options, dealer options.
    screen('catalog_marketing_complectations', '/cars.catalog/marketing_complectations/', 'dictionaries', 'catalog', 45, ['marketing_complectations.get_list', 'models.get_list']),
    screen('catalog_marketing_complectation_edit', '/cars.catalog/marketing_complectations/{marketingComplectationId}', 'dictionaries', 'catalog', 46, ['marketing_complectations.get_list', 'models.get_list'], { in_menu: false }),
    screen('catalog_option_categories', '/cars.catalog/option_categories/', 'dictionaries', 'catalog', 47, ['marketing_complectations.get_list', 'models.get_list']),
    screen('catalog_options', '/cars.catalog/options/', 'dictionaries', 'catalog', 48, ['marketing_complectations.get_list', 'models.get_list']),
    screen('catalog_dealer_options', '/cars.catalog/dealer_options/', 'dictionaries', 'catalog', 49, ['marketing_complectations.get_list', 'models.get_list']),
    // Body colours (with markups and imports), upholsteries, marketing galleries.
    screen('catalog_body_colors', '/cars.catalog/body_colors/', 'dictionaries', 'catalog', 55, ['brands.get_list']),
    screen('catalog_upholsteries', '/cars.catalog/upholsteries/', 'dictionaries', 'catalog', 56, ['brands.get_list']),
    screen('catalog_marketing_galleries', '/cars.catalog/marketing_galleries/', 'dictionaries', 'catalog', 57, ['models.get_list']),
    // A site's labels, in the site menu.
    screen('catalog_labels', '/cars.catalog/tags/{siteId}', 'site', 'cars', 100, ['labels.get_list']),
  ],
  routes: [
    // Spec 001 §7's calls beside the catalogue's lists; read
    // like the lists (the model tree's or the marketing complectations' code), options deleted only.
    api('DELETE', '/api/v1/options/{id}', ['options.delete']),
    api('GET', '/api/v1/marketing_complectations/codes', ['marketing_complectations.get_list', 'models.get_list']),
    api('GET', '/api/v1/marketing_complectations/{id}/prices', ['marketing_complectations.get_list', 'models.get_list']),
    api('GET', '/api/v1/marketing_complectations/{id}/specifications', ['marketing_complectations.get_list', 'models.get_list']),
    api('GET', '/api/v1/marketing_complectations/{id}/options', ['marketing_complectations.get_list', 'models.get_list']),
    api('GET', '/api/v1/transmission_names', ['brands.get_list', 'models.get_list', 'marketing_complectations.get_list']),
    api('GET', '/api/v1/wheel_drive_names', ['brands.get_list', 'models.get_list', 'marketing_complectations.get_list']),
    api('GET', '/api/v1/engine_names', ['models.get_list', 'marketing_complectations.get_list']),
    api('GET', '/api/v1/complectations/{id}/chain', ['models.get_list']),
    api('GET', '/api/v1/engines/{level}/{id}', ['models.get_list', 'marketing_complectations.get_list']),
    api('GET', '/api/v1/custom_filter/info', ['models.get_list', 'marketing_complectations.get_list']),
    api('GET', '/api/v1/models/by/ids/{ids}', ['models.get_list']),
    // File imports (a preview, then the apply) and the models' history with restoring.
    ...(['body_colors', 'price_body_colors', 'upholsteries'] as const).flatMap((kind) => [
      api('POST', `/api/v1/import/${kind}/preview`, [kind === 'upholsteries' ? 'upholsteries.create' : 'body_colors.create']),
      api('POST', `/api/v1/import/${kind}`, [kind === 'upholsteries' ? 'upholsteries.create' : 'body_colors.create']),
    ]),
    // Imports of marketing complectations, and of a restyling's specifications, prices and options.
    api('POST', '/api/v1/import/marketing_complectations/preview', ['marketing_complectations.create']),
    api('POST', '/api/v1/import/marketing_complectations', ['marketing_complectations.create']),
    ...(['specifications', 'prices', 'options'] as const).flatMap((kind) => [
      api('POST', `/api/v1/import/${kind}/{restylingId}/preview`, ['marketing_complectations.patch']),
      api('POST', `/api/v1/import/${kind}/{restylingId}`, ['marketing_complectations.patch']),
    ]),
    api('GET', '/api/v1/restore/models/events', ['models.get_list']),
    api('GET', '/api/v1/restore/models/{id}/events', ['models.get_list']),
    api('POST', '/api/v1/events/{id}', ['models.restore']),
    // Labels: what a site shows (its own and its master's central labels), by type, and a fork's hide and order of a central one.
    api('GET', '/api/v1/labels/by/site_id/{siteId}', ['labels.get_list']),
    api('GET', '/api/v1/labels/by/type', ['labels.get_list']),
    api('PATCH', '/api/v1/labels/{id}/sites/{siteId}', ['labels.patch']),
  ],
});
