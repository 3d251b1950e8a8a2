import type { ServiceContract } from './kit/service.ts';
import { authProcessingContract } from './auth.processing/index.ts';
import { clientsStorageContract } from './clients.storage/index.ts';
import { gatewayProcessingContract } from './gateway.processing/index.ts';
import { sitesContextContract } from './sites.context/index.ts';
import { contentStorageContract } from './content.storage/index.ts';
import { seoContract } from './seo/index.ts';
import { marketplaceContract } from './marketplace/index.ts';
import { sitesControllerContract } from './sites.controller/index.ts';
import { floorsStorageContract } from './floors.storage/index.ts';
import { notificatorContract } from './notificator/index.ts';
import { queuesContract } from './queues/index.ts';
import { platformContract } from './platform/index.ts';
import { errorCollectionSystemContract } from './error-collection-system/index.ts';
import { requestStorageContract } from './request.storage/index.ts';
import { formConstructorContract } from './form-constructor/index.ts';
import { carsCatalogContract } from './cars.catalog/index.ts';
import { mediaStorageContract } from './media.storage/index.ts';
import { renderContract } from './render/index.ts';
import { carsStockContract } from './cars.stock/index.ts';
import { dealershipsContract } from './dealerships/index.ts';
import { benefitsContract } from './benefits/index.ts';
import { carsStockSitesContract } from './cars.stock.sites/index.ts';
import { carsSortingContract } from './cars.sorting/index.ts';
import { carsVinsContract } from './cars.vins/index.ts';
import { carsImportContract } from './cars.import/index.ts';
import { carsImportAliasContract } from './cars.import.alias/index.ts';
import { carsExportContract } from './cars.export/index.ts';
import { importerNotifierContract } from './importer.notifier/index.ts';
import { senderContract } from './sender/index.ts';
import { creditCalcContract } from './credit.calc/index.ts';
import { messengerShowroomContract } from './messenger_showroom/index.ts';
import { smartContractsContract } from './smart_contracts/index.ts';
import { importEditContract } from './import_edit/index.ts';
import { calltrackingContract } from './calltracking/index.ts';
import { accessoriesShowroomContract } from './accessories.showroom/index.ts';
import { customMediaContract } from './custom.media/index.ts';
import { tradeinContract } from './tradein.calculator/index.ts';
import { reviewerContract } from './reviewer/index.ts';
import { currencyRatesContract } from './currency.rates/index.ts';

/**
 * Every service, one line each, in the order the service choices list them (the route, permission
 * and screen forms, the OpenAPI enums). permissions.ts and resources.ts walk it for the permission
 * codes, the screens registry, the site modules, the resources and the gateway's route table.
 */
export const SERVICE_CONTRACTS = [
  authProcessingContract,
  clientsStorageContract,
  gatewayProcessingContract,
  sitesContextContract,
  contentStorageContract,
  seoContract,
  marketplaceContract,
  sitesControllerContract,
  floorsStorageContract,
  notificatorContract,
  queuesContract,
  platformContract,
  errorCollectionSystemContract,
  requestStorageContract,
  formConstructorContract,
  carsCatalogContract,
  mediaStorageContract,
  renderContract,
  carsStockContract,
  dealershipsContract,
  benefitsContract,
  carsStockSitesContract,
  carsSortingContract,
  carsVinsContract,
  carsImportContract,
  carsImportAliasContract,
  carsExportContract,
  importerNotifierContract,
  senderContract,
  creditCalcContract,
  messengerShowroomContract,
  smartContractsContract,
  importEditContract,
  calltrackingContract,
  accessoriesShowroomContract,
  customMediaContract,
  tradeinContract,
  reviewerContract,
  currencyRatesContract,
] as const satisfies readonly ServiceContract[];
