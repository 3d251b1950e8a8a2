import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { RESOURCES } from '@dp/contracts';
import type { Config } from './kit/config.ts';
import { openDatabase, type Database } from './kit/db.ts';
import { handleClientError, handleError, handleFrameworkError } from './kit/errors.ts';
import { registerBodyParser } from './kit/input-guard.ts';
import { registerOutboundAddressCheck } from './kit/outbound-address.ts';
import { registerGateway, RouteTable } from './kit/gateway.ts';
import { ResourceRegistry, registerResourceRoutes } from './kit/crud-routes.ts';
import { stopFileWorkers } from './kit/untrusted-file.ts';
import { startJobs, type JobQueue } from './kit/jobs.ts';
import { createMailer } from './kit/mail.ts';
import { loadSecret } from './kit/secrets.ts';
import { registerBrowserProtection } from './kit/browser-protection.ts';
import { serveWeb } from './kit/serve-web.ts';
import type { ServiceContext } from './kit/context.ts';
import { promoteExistingStaff, seedReferenceData } from './seed/reference-data.ts';
import { AccessTokens } from './services/auth.processing/access-token.ts';
import { authenticate, holdToEnrolment } from './services/auth.processing/authenticate.ts';
import { AccessCache } from './services/auth.processing/access-cache.ts';
import { registerAuthRoutes } from './services/auth.processing/auth.routes.ts';
import { registerCustomTokenRoutes } from './services/auth.processing/custom-token.routes.ts';
import { registerAuthDataRoutes } from './services/auth.processing/auth-data.routes.ts';
import { registerSecondFactorRoutes } from './services/auth.processing/second-factor.routes.ts';
import { RESTORE_MAIL_JOB, sendRestoreCodeMail } from './services/auth.processing/restore-password.ts';
import { registerMeRoutes } from './services/clients.storage/me.routes.ts';
import { registerClientSwitchRoutes } from './services/auth.processing/client-switch.routes.ts';
import { registerPersonalizationRoutes } from './services/clients.storage/personalization.routes.ts';
import { registerSatisfactionRoutes } from './services/clients.storage/satisfaction.routes.ts';
import { bindResourceTables } from './resource-tables.ts';
import { registerUserRoutes } from './services/clients.storage/user.routes.ts';
import { registerSiteRoutes } from './services/sites.context/site.routes.ts';
import { createFileStorage, registerFileRoutes } from './kit/files.ts';
import { registerMarketplaceRoutes } from './services/marketplace/marketplace.routes.ts';
import { moduleGate, moduleRows, ModuleStates, syncModulesAfterWrites } from './services/marketplace/module-gate.ts';
import { MODULE_NOTICE_JOB, sendModuleNotices, type ModuleNotice } from './services/marketplace/send-module-notices.ts';
// sites.controller: site tasks, virtual machines, their update streams (realtime kit).
import { Realtime } from './kit/realtime.ts';
import { registerSiteTaskRoutes } from './services/sites.controller/site-task.routes.ts';
import { runSiteTask, SITE_TASK_JOB } from './services/sites.controller/run-site-task.ts';
// floors.storage, render and seo (issue 10, floors and SEO)
import { registerFloorRoutes } from './services/floors.storage/floor.routes.ts';
import { registerRenderRoutes } from './services/render/render.routes.ts';
import { registerSeoRoutes } from './services/seo/seo.routes.ts';
// cars.catalog (issue 12, "marketing"): spec 001 §7's calls beside the catalogue's lists.
import { registerMarketingRoutes } from './services/cars.catalog/marketing.routes.ts';
import { registerLabelRoutes } from './services/cars.catalog/labels.routes.ts';
import { registerCatalogColorRoutes } from './services/cars.catalog/colors.routes.ts';
// cars.stock (issue 12, "stock"): manual creation, bulk sold, a client's cars with labels.
import { registerCarRoutes } from './services/cars.stock/car.routes.ts';
// dealerships (issue 12, "dealerships"): the import of a department's employees.
import { registerDealershipRoutes } from './services/dealerships/dealership.routes.ts';
// cars.stock.sites and cars.sorting (issue 12, "stock-settings"): stock settings per site, the sold job, list sort and restyling order.
import { registerStockSettingsRoutes } from './services/cars.stock.sites/stock-settings.routes.ts';
import { applySoldPeriods, SOLD_CARS_JOB, SOLD_CARS_SCHEDULE } from './services/cars.stock.sites/apply-sold-period.ts';
import { registerSortingRoutes } from './services/cars.sorting/sorting.routes.ts';
// cars.vins (issue 12, "vins"): invalidate images, the VIN data import.
import { registerVinRoutes } from './services/cars.vins/vin.routes.ts';
// cars.import (issue 13, "feeds-import"): settings, uploads, the run (a job), report rows and downloads.
import { registerImportRoutes } from './services/cars.import/import.routes.ts';
import { IMPORT_JOB, runImport } from './services/cars.import/run-import.ts';
// cars.import (issue 13, "feeds"): reports whose process died are resumed (at start-up and on a schedule).
import { RECOVER_IMPORTS_JOB, RECOVER_IMPORTS_SCHEDULE, recoverImports, recoverImportsAtStart } from './services/cars.import/run-import.ts';
// cars.import (issue 13, "feeds-screens"): import states and their actions, auto import on a schedule.
import { registerImportStateRoutes } from './services/cars.import/import-states.routes.ts';
import { AUTO_IMPORT_JOB, AUTO_IMPORT_SCHEDULE, enqueueDueImports } from './services/cars.import/auto-import.ts';
// cars.export and importer.notifier (issue 13, "feeds-export"): settings, public feeds, offers; the report mails on schedule.
import { registerExportRoutes } from './services/cars.export/export.routes.ts';
import { registerNotifierRoutes } from './services/importer.notifier/notifier.routes.ts';
import { NOTIFIER_JOB, NOTIFIER_SCHEDULE, sendDueNotices } from './services/importer.notifier/send-notices.ts';
// request.storage (issue 14, "requests"): the sites' intake, lists, exports, settings; depersonalization; the actions' queue (run by the sender).
import { registerRequestRoutes } from './services/request.storage/request.routes.ts';
import { DEPERSONALIZE_JOB, DEPERSONALIZE_SCHEDULE, depersonalizeRequests } from './services/request.storage/depersonalize-requests.ts';
import { REQUEST_ACTION_JOB } from './services/request.storage/intake.ts';
// form-constructor (issue 14, "forms"): custom forms and their site APIs, the intake's form check and smart captcha; the sweep of unclaimed files.
import { registerFormConstructorRoutes } from './services/form-constructor/form.routes.ts';
import { FORM_FILES_SWEEP_JOB, FORM_FILES_SWEEP_SCHEDULE, sweepFormFiles } from './services/form-constructor/sweep-files.ts';
// sender (issue 14, "sender"): the executor of request actions, its sweep, the request report mails; templates' preview, SMTP test, lost requests.
import { registerSenderRoutes } from './services/sender/sender.routes.ts';
import { REQUEST_ACTION_BATCH, runRequestAction, SWEEP_JOB, SWEEP_SCHEDULE, sweepPendingActions } from './services/sender/run-request-action.ts';
import { REPORT_JOB, REPORT_SCHEDULE, sendDueReports } from './services/sender/request-reports.ts';
// sites.context pages: content routes, the publication by time of every workflow state.
import { registerContentRoutes } from './services/sites.context/content.routes.ts';
import { publishStateJob } from './services/sites.context/content-workflows.ts';
import { PUBLISH_STATE_JOB } from './kit/state-workflow.ts';

// content.storage stages and media.storage library (issue 10, media and stages); the stage
// states' workflow joins the shared registry of the publication job on import.
import { registerStageRoutes } from './services/content.storage/stage.routes.ts';
import { registerMediaRoutes } from './services/media.storage/media.routes.ts';
// site-renderer (issue 11): the public sites at their hosts, preview links of drafts.
import { registerSiteRenderer } from './services/site-renderer/serve-site.ts';
import { registerPreviewRoutes } from './services/site-renderer/preview.routes.ts';

export interface App {
  app: FastifyInstance;
  database: Database;
  ctx: ServiceContext;
  routeTable: RouteTable;
  /** Every route registered below /gateway/, as registered (the hostile-input pass walks them). */
  routes: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>[];
  close(): Promise<void>;
}

/** The job handlers of every service; main and `npm run worker` run the same list. */
export function jobHandlers(ctx: ServiceContext) {
  return {
    [RESTORE_MAIL_JOB]: (data: { restore_id: string; lang: 'ru' | 'en' }) => sendRestoreCodeMail(ctx, data),
    // marketplace
    [MODULE_NOTICE_JOB]: (data: ModuleNotice) => sendModuleNotices(ctx, data),
    [SITE_TASK_JOB]: (data: { task_id: number }) => runSiteTask(ctx, data),
    // sites.context pages: page, layout (and stage) states published at their chosen moment.
    [PUBLISH_STATE_JOB]: publishStateJob(ctx),
    // cars.stock.sites (issue 12, "stock-settings"): sold cars past their site's sold period go, with the strategy's redirects.
    [SOLD_CARS_JOB]: async () => void ctx.log.info({ sold: await applySoldPeriods(ctx.db) }, 'sold period applied'),
    // cars.import (issue 13, "feeds-import"): one import of a site's feeds.
    [IMPORT_JOB]: (data: { report_id: number; lang?: 'ru' | 'en' }) => runImport(ctx, data),
    // cars.import (issue 13, "feeds-screens"): the auto imports that are due.
    [AUTO_IMPORT_JOB]: async () => void ctx.log.info({ started: await enqueueDueImports(ctx) }, 'auto imports started'),
    // cars.import (issue 13, "feeds"): imports whose process died resume.
    [RECOVER_IMPORTS_JOB]: async () => void (await recoverImports(ctx)),
    // importer.notifier (issue 13, "feeds-export"): the due report mails of every site.
    [NOTIFIER_JOB]: async () => void ctx.log.info({ sent: await sendDueNotices(ctx, new Date()) }, 'notifier mails sent'),
    // request.storage (issue 14, "requests"): personal fields of requests past their site's period are erased.
    [DEPERSONALIZE_JOB]: async () => void ctx.log.info({ erased: await depersonalizeRequests(ctx.db) }, 'requests depersonalized'),
    // form-constructor (issue 14, "forms"): files of forms no request names.
    [FORM_FILES_SWEEP_JOB]: async () => void ctx.log.info({ removed: await sweepFormFiles(ctx) }, 'unclaimed form files removed'),
    // sender (issue 14, "sender"): one run of a request's action; pending actions whose job is gone; the due request report mails.
    [REQUEST_ACTION_JOB]: (data: { request_action_id: number }) => runRequestAction(ctx, data),
    [SWEEP_JOB]: async () => void ctx.log.info({ queued: await sweepPendingActions(ctx) }, 'pending request actions queued again'),
    [REPORT_JOB]: async () => void ctx.log.info({ sent: await sendDueReports(ctx, new Date()) }, 'request report mails sent'),
  };
}

/** Queues run in batches (kit/jobs.ts), for main and `npm run worker`. */
export const jobBatchSizes = (): Record<string, number> => ({
  // sender (issue 14): a lead's actions
  [REQUEST_ACTION_JOB]: REQUEST_ACTION_BATCH,
});

/** Recurring jobs: their cron (UTC), for main and `npm run worker`. */
export const jobSchedules = (): Record<string, string> => ({
  // cars.stock.sites (issue 12, "stock-settings")
  [SOLD_CARS_JOB]: SOLD_CARS_SCHEDULE,
  // cars.import (issue 13, "feeds-screens")
  [AUTO_IMPORT_JOB]: AUTO_IMPORT_SCHEDULE,
  // cars.import (issue 13, "feeds")
  [RECOVER_IMPORTS_JOB]: RECOVER_IMPORTS_SCHEDULE,
  // importer.notifier (issue 13, "feeds-export")
  [NOTIFIER_JOB]: NOTIFIER_SCHEDULE,
  // request.storage (issue 14, "requests")
  [DEPERSONALIZE_JOB]: DEPERSONALIZE_SCHEDULE,
  // form-constructor (issue 14, "forms")
  [FORM_FILES_SWEEP_JOB]: FORM_FILES_SWEEP_SCHEDULE,
  // sender (issue 14, "sender")
  [SWEEP_JOB]: SWEEP_SCHEDULE,
  [REPORT_JOB]: REPORT_SCHEDULE,
});

const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.secret',
  '*.new_password',
  '*.old_password',
  '*.refresh_token',
  '*.access_token',
  '*.code',
];

/** Builds the whole server: database, migrations, reference data, jobs, gateway, services. */
export async function buildApp(config: Config, options: { database?: Database } = {}): Promise<App> {
  const database = options.database ?? (await openDatabase(config));
  await seedReferenceData(database.db);
  await promoteExistingStaff(database.db, config);

  const app = Fastify({
    logger: { level: config.logLevel, redact, ...(config.logStream ? { stream: config.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Bad input Fastify or Node refuse before any hook still gets errors[] in the caller's language.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerBodyParser(app);
  // Addresses the server will call are refused at save time when inside the platform's network.
  registerOutboundAddressCheck(app);
  const routes: App['routes'] = [];
  app.addHook('onRoute', ({ method, url, schema, config }) => {
    if (url.startsWith('/gateway/')) routes.push({ method, url, schema, config });
  });
  await registerBrowserProtection(app, config);

  const ctx = {
    db: database.db,
    config,
    log: app.log,
    mailer: createMailer(config, app.log),
    tokens: new AccessTokens(await loadSecret(database.db, 'jwt', config.jwtSecret), config.accessTokenTtlSeconds),
    codeKey: await loadSecret(database.db, 'restore-code', null),
    refreshKey: await loadSecret(database.db, 'refresh-successor', null),
    files: createFileStorage(config),
  } as ServiceContext;
  // request.storage's actions queue exists without a worker here: the sender service runs its jobs.
  // cars.import (issue 13, "feeds"): imports left "in process" by a process that died resume at start, not in pg-boss's 15 minutes.
  const jobs: JobQueue = await startJobs(database, app.log, jobHandlers(ctx), { work: config.runJobs, schedules: jobSchedules(), batchSizes: jobBatchSizes(), queues: [REQUEST_ACTION_JOB], beforeWork: recoverImportsAtStart(ctx) });
  ctx.jobs = jobs;
  // site-renderer (issue 11): a request for a public site (any host but the admin's) is answered here, before the gateway.
  const siteRenderer = await registerSiteRenderer(app, ctx, database);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dealer platform back office API', version: '1.0.0', description: 'Every call goes through /gateway/<service>/...' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // BaseLayout: no top bar, whose logo is an inline <style> the strict CSP refuses (kit/browser-protection.ts).
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { layout: 'BaseLayout' } });

  const routeTable = new RouteTable(database.db);
  await routeTable.reload();
  routeTable.startPolling(2000, (error) => app.log.warn({ err: error }, 'route table reload failed'));
  // auth.processing: who each bearer token is, cached per process; every change of access is
  // NOTIFYed by triggers and drops what it concerns (access-cache.ts); route edits reload the table.
  const access = new AccessCache({ onRoutesChanged: () => void routeTable.reload().catch((error) => app.log.warn({ err: error }, 'route table reload failed')) });
  await access.start(database);
  access.syncAfterWrites(app);
  ctx.access = access;
  const registry = new ResourceRegistry(database.db);
  bindResourceTables(registry, config);
  // marketplace: routes of a site module refuse sites (and clients) without it; a dealer's list
  // naming no site shows the sites with it; the module states are kept per process.
  const moduleStates = new ModuleStates(database.db);
  await moduleStates.start(database);
  syncModulesAfterWrites(app, moduleStates);
  ctx.modules = moduleStates;
  registry.moduleRows = moduleRows;
  // Update streams: sockets authenticate like gateway calls; changes fan out through LISTEN/NOTIFY.
  // Registered before the gateway, so that an upgrade the gateway refuses still has its socket closed.
  const realtime = new Realtime({ database, routeTable, authenticate: (token, request) => authenticate(ctx, token, { ip: request?.ip ?? null }), log: app.log });
  await realtime.register(app);
  // A session held to enrolment of a second factor reaches only the enrolment (authenticate.ts holdToEnrolment).
  registerGateway(app, routeTable, async (token, request) => holdToEnrolment(await authenticate(ctx, token, { ip: request.ip }), request.method, request.url), moduleGate(database.db, moduleStates, registry));

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unavailable' });
  });

  registerAuthRoutes(app, ctx);
  registerCustomTokenRoutes(app, ctx);
  registerAuthDataRoutes(app, ctx);
  registerSecondFactorRoutes(app, ctx);
  registerMeRoutes(app, ctx);
  registerClientSwitchRoutes(app, ctx);
  registerPersonalizationRoutes(app, ctx);
  registerSatisfactionRoutes(app, ctx);
  for (const resource of RESOURCES) registerResourceRoutes(app, database.db, registry, resource);
  registerUserRoutes(app, ctx, registry);
  // sites.context: transitions, copies, DNS check, images (files kit) beside the site resource.
  await registerSiteRoutes(app, ctx, registry, ctx.files);
  registerFileRoutes(app, ctx.files);
  // content.storage stages and media.storage library (issue 10, media and stages).
  registerStageRoutes(app, ctx, registry);
  await registerMediaRoutes(app, ctx);
  registerMarketplaceRoutes(app, ctx, registry);
  // sites.context pages: workflow of page and layout states, tree moves, restyling, collections.
  registerContentRoutes(app, ctx, registry);
  registerSiteTaskRoutes(app, ctx, realtime);
  // floors.storage: enable, disable, search sites by floor; render dictionaries; seo: redirect import.
  registerFloorRoutes(app, ctx, registry);
  registerRenderRoutes(app);
  await registerSeoRoutes(app, ctx, registry);
  registerMarketingRoutes(app, ctx, registry);
  registerLabelRoutes(app, ctx, registry);
  // cars.catalog (issue 12, "colors"): imports of body colours, their prices and upholsteries; the models' history.
  await registerCatalogColorRoutes(app, ctx);
  registerCarRoutes(app, ctx, registry);
  await registerDealershipRoutes(app, ctx);
  registerStockSettingsRoutes(app, ctx, registry);
  registerSortingRoutes(app, ctx, registry);
  await registerVinRoutes(app, ctx);
  await registerImportRoutes(app, ctx, registry);
  await registerImportStateRoutes(app, ctx, registry);
  registerExportRoutes(app, ctx, registry);
  registerNotifierRoutes(app, ctx, registry);
  // request.storage (issue 14, "requests")
  await registerRequestRoutes(app, ctx, registry);
  // form-constructor (issue 14, "forms"): after request.storage, whose intake it extends.
  await registerFormConstructorRoutes(app, ctx, registry);
  // sender (issue 14, "sender")
  registerSenderRoutes(app, ctx, registry);
  registerPreviewRoutes(app, ctx, registry, siteRenderer.previewKey);

  serveWeb(app, config.webDist);

  return {
    app,
    database,
    ctx,
    routeTable,
    routes,
    async close() {
      routeTable.stop();
      try {
        await access.stop();
        await moduleStates.stop();
        await realtime.close();
        await app.close();
        await jobs.stop().catch(() => undefined);
        await stopFileWorkers();
      } finally {
        await database.close();
      }
    },
  };
}
