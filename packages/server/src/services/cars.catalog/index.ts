import {
  bodyColorMarkupResource,
  bodyColorResource,
  bodyResource,
  brandResource,
  colorResource,
  complectationResource,
  dealerOptionResource,
  fuelResource,
  generationResource,
  labelResource,
  marketingComplectationResource,
  marketingGalleryResource,
  modelResource,
  optionCategoryResource,
  optionResource,
  restylingResource,
  transmissionResource,
  upholsteryResource,
  wheelDriveResource,
} from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as catalogTables from './catalog.table.ts';
import * as colorTables from './colors.table.ts';
import * as labelTables from './labels.table.ts';
import * as marketingTables from './marketing.table.ts';
import * as optionPriceTables from './option-prices.table.ts';
import { bindBrandScopes } from './brand-scopes.ts';
import { brandHooks, complectationHooks, generationHooks, modelHooks, restylingHooks } from './catalog.hooks.ts';
import { bodyColorHooks, bodyColorMarkupHooks, marketingGalleryHooks, upholsteryHooks } from './colors.hooks.ts';
import { marketingComplectationHooks, optionCategoryHooks, withMarketingBelow } from './marketing.hooks.ts';
import { registerCatalogColorRoutes } from './colors.routes.ts';
import { registerLabelRoutes } from './labels.routes.ts';
import { registerMarketingRoutes } from './marketing.routes.ts';

const { carBodies, carBrands, carColors, carComplectations, carFuels, carGenerations, carModels, carRestylings, carTransmissions, carWheelDrives } = catalogTables;
const { carDealerOptions, carMarketingComplectations, carOptionCategories, carOptions } = marketingTables;
const { carBodyColorMarkups, carBodyColors, carMarketingGalleries, carUpholsteries } = colorTables;

/**
 * The platform's reference catalogue (staff write it, readers of every client read it): brands
 * down to complectations, their marketing complectations, options, colours and galleries; the
 * labels of a site's cars.
 */
export const carsCatalog = defineServerService({
  name: 'cars.catalog',
  tables: [catalogTables, marketingTables, colorTables, optionPriceTables, labelTables],
  resources: (registry) => [
    { resource: brandResource, table: carBrands, hooks: brandHooks },
    { resource: modelResource, table: carModels, hooks: withMarketingBelow('models', modelHooks) },
    { resource: generationResource, table: carGenerations, hooks: withMarketingBelow('generations', generationHooks) },
    { resource: restylingResource, table: carRestylings, hooks: withMarketingBelow('restylings', restylingHooks) },
    { resource: complectationResource, table: carComplectations, hooks: withMarketingBelow('complectations', complectationHooks) },
    { resource: bodyResource, table: carBodies },
    { resource: fuelResource, table: carFuels },
    { resource: transmissionResource, table: carTransmissions },
    { resource: wheelDriveResource, table: carWheelDrives },
    { resource: colorResource, table: carColors },
    { resource: marketingComplectationResource, table: carMarketingComplectations, hooks: marketingComplectationHooks },
    { resource: optionCategoryResource, table: carOptionCategories, hooks: optionCategoryHooks },
    { resource: optionResource, table: carOptions },
    { resource: dealerOptionResource, table: carDealerOptions },
    { resource: bodyColorResource, table: carBodyColors, hooks: bodyColorHooks },
    { resource: bodyColorMarkupResource, table: carBodyColorMarkups, hooks: bodyColorMarkupHooks },
    { resource: upholsteryResource, table: carUpholsteries, hooks: upholsteryHooks },
    { resource: marketingGalleryResource, table: carMarketingGalleries, hooks: marketingGalleryHooks },
    // A site's labels (its client is the site's); an official master's are central, its forks only hide and order them.
    { resource: labelResource, table: labelTables.carLabels, siteOwned: siteOwnership(registry) },
  ],
  // Brand-limited custom tokens reach only their brands' catalogue entries, and also cars (cars.stock) and VIN data (cars.vins).
  bindLast: bindBrandScopes,
  async register(app, ctx, { registry }) {
    registerMarketingRoutes(app, ctx, registry);
    registerLabelRoutes(app, ctx, registry);
    // Imports of body colours, their prices and upholsteries; the models' history.
    await registerCatalogColorRoutes(app, ctx);
  },
});
