import type { WebService } from './kit/webService.ts';
import { authProcessingWeb } from './services/auth.processing/index.ts';
import { clientsStorageWeb } from './services/clients.storage/index.ts';
import { gatewayProcessingWeb } from './services/gateway.processing/index.ts';
import { sitesContextWeb } from './services/sites.context/index.ts';
import { contentStorageWeb } from './services/content.storage/index.ts';
import { seoWeb } from './services/seo/index.ts';
import { marketplaceWeb } from './services/marketplace/index.ts';
import { sitesControllerWeb } from './services/sites.controller/index.ts';
import { floorsStorageWeb } from './services/floors.storage/index.ts';
import { platformWeb } from './services/platform/index.ts';
import { errorCollectionSystemWeb } from './services/error-collection-system/index.ts';
import { notificatorWeb } from './services/notificator/index.ts';
import { queuesWeb } from './services/queues/index.ts';
import { requestStorageWeb } from './services/request.storage/index.ts';
import { formConstructorWeb } from './services/form-constructor/index.ts';
import { carsCatalogWeb } from './services/cars.catalog/index.ts';
import { mediaStorageWeb } from './services/media.storage/index.ts';
import { carsStockWeb } from './services/cars.stock/index.ts';
import { dealershipsWeb } from './services/dealerships/index.ts';
import { benefitsWeb } from './services/benefits/index.ts';
import { carsStockSitesWeb } from './services/cars.stock.sites/index.ts';
import { carsSortingWeb } from './services/cars.sorting/index.ts';
import { carsVinsWeb } from './services/cars.vins/index.ts';
import { carsImportWeb } from './services/cars.import/index.ts';
import { carsExportWeb } from './services/cars.export/index.ts';
import { importerNotifierWeb } from './services/importer.notifier/index.ts';
import { senderWeb } from './services/sender/index.ts';
import { creditCalcWeb } from './services/credit.calc/index.ts';
import { messengerShowroomWeb } from './services/messenger_showroom/index.ts';
import { smartContractsWeb } from './services/smart_contracts/index.ts';
import { importEditWeb } from './services/import_edit/index.ts';
import { tradeinWeb } from './services/tradein.calculator/index.ts';
import { reviewerWeb } from './services/reviewer/index.ts';
import { calltrackingWeb } from './services/calltracking/index.ts';
import { accessoriesShowroomWeb } from './services/accessories.showroom/index.ts';
import { customMediaWeb } from './services/custom.media/index.ts';

/**
 * Every web service with pages, one line each, in the contracts' order (SERVICE_CONTRACTS).
 * app/screens.ts walks it for the router, the guards, the menu and the preloading of a page.
 */
export const WEB_SERVICES = [
  authProcessingWeb,
  clientsStorageWeb,
  gatewayProcessingWeb,
  sitesContextWeb,
  contentStorageWeb,
  seoWeb,
  marketplaceWeb,
  sitesControllerWeb,
  floorsStorageWeb,
  notificatorWeb,
  queuesWeb,
  platformWeb,
  errorCollectionSystemWeb,
  requestStorageWeb,
  formConstructorWeb,
  carsCatalogWeb,
  mediaStorageWeb,
  carsStockWeb,
  dealershipsWeb,
  benefitsWeb,
  carsStockSitesWeb,
  carsSortingWeb,
  carsVinsWeb,
  carsImportWeb,
  carsExportWeb,
  importerNotifierWeb,
  senderWeb,
  creditCalcWeb,
  messengerShowroomWeb,
  smartContractsWeb,
  importEditWeb,
  calltrackingWeb,
  accessoriesShowroomWeb,
  customMediaWeb,
  tradeinWeb,
  reviewerWeb,
] as const satisfies readonly WebService[];
