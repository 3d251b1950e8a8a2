import type { FastifyInstance } from 'fastify';
import type { Config } from './kit/config.ts';
import type { ServiceContext } from './kit/context.ts';
import type { AnyResource } from '@dp/contracts';
import type { ResourceRegistry } from './kit/crud-routes.ts';
import type { JobHandler, JobQueue } from './kit/jobs.ts';
import type { ServerService } from './kit/service.ts';
import { authProcessing } from './services/auth.processing/index.ts';
import { clientsStorage } from './services/clients.storage/index.ts';
import { gatewayProcessing } from './services/gateway.processing/index.ts';
import { sitesContext } from './services/sites.context/index.ts';
import { contentStorage } from './services/content.storage/index.ts';
import { mediaStorage } from './services/media.storage/index.ts';
import { marketplace } from './services/marketplace/index.ts';
import { sitesController } from './services/sites.controller/index.ts';
import { floorsStorage } from './services/floors.storage/index.ts';
import { render } from './services/render/index.ts';
import { seo } from './services/seo/index.ts';
import { carsCatalog } from './services/cars.catalog/index.ts';
import { carsStock } from './services/cars.stock/index.ts';
import { dealerships } from './services/dealerships/index.ts';
import { benefits } from './services/benefits/index.ts';
import { carsStockSites } from './services/cars.stock.sites/index.ts';
import { carsSorting } from './services/cars.sorting/index.ts';
import { carsVins } from './services/cars.vins/index.ts';
import { carsImport } from './services/cars.import/index.ts';
import { carsImportAlias } from './services/cars.import.alias/index.ts';
import { carsExport } from './services/cars.export/index.ts';
import { importerNotifier } from './services/importer.notifier/index.ts';
import { requestStorage } from './services/request.storage/index.ts';
import { formConstructor } from './services/form-constructor/index.ts';
import { sender } from './services/sender/index.ts';
import { siteRenderer } from './services/site-renderer/index.ts';
import { creditCalc } from './services/credit.calc/index.ts';
import { accessoriesShowroom } from './services/accessories.showroom/index.ts';
import { customMedia } from './services/custom.media/index.ts';
import { platform } from './services/platform/index.ts';
import { errorCollectionSystem } from './services/error-collection-system/index.ts';
import { notificator } from './services/notificator/index.ts';
import { queues } from './services/queues/index.ts';
import { messengerShowroom } from './services/messenger_showroom/index.ts';
import { smartContracts } from './services/smart_contracts/index.ts';
import { importEdit } from './services/import_edit/index.ts';
import { calltracking } from './services/calltracking/index.ts';
import { tradeinCalculator } from './services/tradein.calculator/index.ts';
import { reviewer } from './services/reviewer/index.ts';
import { currencyRates } from './services/currency.rates/index.ts';

/**
 * Every server service, one line each; each declares itself in its folder's index.ts. The app
 * binds their resources, then registers every resource's CRUD routes, then each service's routes,
 * in this order. Fastify answers a URL by its most specific route whatever the order routes were
 * added in, so the order changes no answer (nor the API document); it matters where one
 * registration uses another's: form-constructor adds its checks to request.storage's intake
 * (requestStorageOf), so it comes after it, as do tradein.calculator and reviewer. The site renderer's hooks come before the gateway's
 * whatever its place here (beforeGateway).
 */
export const SERVICES: readonly ServerService[] = [
  authProcessing,
  clientsStorage,
  gatewayProcessing,
  sitesContext,
  contentStorage,
  mediaStorage,
  marketplace,
  sitesController,
  floorsStorage,
  notificator,
  queues,
  platform,
  errorCollectionSystem,
  render,
  seo,
  carsCatalog,
  carsStock,
  dealerships,
  benefits,
  carsStockSites,
  carsSorting,
  carsVins,
  carsImport,
  carsImportAlias,
  carsExport,
  importerNotifier,
  requestStorage,
  formConstructor,
  sender,
  creditCalc,
  messengerShowroom,
  smartContracts,
  importEdit,
  calltracking,
  accessoriesShowroom,
  customMedia,
  tradeinCalculator,
  reviewer,
  currencyRates,
  siteRenderer,
];

/** Binds every service's resources and records to their tables; then what reaches across services (brand scopes). */
export function bindResources(registry: ResourceRegistry, config: Config) {
  for (const service of SERVICES) {
    for (const { resource, table, ...options } of service.resources(registry, config)) registry.bind(resource as AnyResource, table, options);
    for (const [kind, table] of Object.entries(service.records)) registry.record(kind, table);
  }
  for (const service of SERVICES) service.bindLast?.(registry);
}

/** The job handlers of every service; main and `npm run worker` run the same list. */
export const jobHandlers = (ctx: ServiceContext): Record<string, JobHandler> => Object.assign({}, ...SERVICES.map((service) => service.jobs(ctx)));

/** Recurring jobs: their cron (UTC). */
export const jobSchedules = (): Record<string, string> => Object.assign({}, ...SERVICES.map((service) => service.schedules));

/** Queues run in batches (kit/jobs.ts). */
export const jobBatchSizes = (): Record<string, number> => Object.assign({}, ...SERVICES.map((service) => service.batchSizes));

/** Queues sent to whose jobs another service runs. */
export const jobQueues = (): string[] => SERVICES.flatMap((service) => service.queues);

/** Every service's work before this process takes a job, in order. */
export const beforeWork = (ctx: ServiceContext) => async (queue: JobQueue) => {
  for (const service of SERVICES) await service.beforeWork?.(ctx, queue);
};

/**
 * Every service's usual requests, once, before the server listens. A warm-up that fails is logged
 * and skipped: it only spares the first visitors V8's first compilation.
 */
export async function warmUp(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  for (const service of SERVICES) await service.warmUp?.(app, ctx).catch((error: unknown) => ctx.log.warn({ err: error, service: service.name }, 'warm-up failed'));
}
