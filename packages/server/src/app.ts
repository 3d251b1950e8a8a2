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
import { startJobs } from './kit/jobs.ts';
import { takeRequestsInTurns } from './kit/turns.ts';
import { registerBrowserProtection } from './kit/browser-protection.ts';
import { serveWeb } from './kit/serve-web.ts';
import { registerFileRoutes } from './kit/files.ts';
import { Realtime } from './kit/realtime.ts';
import type { ServiceContext } from './kit/context.ts';
import { promoteExistingStaff, seedReferenceData } from './seed/reference-data.ts';
import { createServiceContext } from './context.ts';
import { authenticate, holdToEnrolment } from './services/auth.processing/authenticate.ts';
import { AccessCache } from './services/auth.processing/access-cache.ts';
import { moduleGate, moduleRows, ModuleStates, syncModulesAfterWrites } from './services/marketplace/module-gate.ts';
import { beforeWork, bindResources, jobBatchSizes, jobHandlers, jobQueues, jobSchedules, SERVICES } from './services.ts';

export interface App {
  app: FastifyInstance;
  database: Database;
  ctx: ServiceContext;
  routeTable: RouteTable;
  /** Every route registered below /gateway/, as registered (the hostile-input pass walks them). */
  routes: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>[];
  close(): Promise<void>;
}

/** What a load balancer asks: answered at once, ahead of the requests waiting for their turn. */
const HEALTH = '/healthz';
const redact = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.secret', '*.new_password', '*.old_password', '*.refresh_token', '*.access_token', '*.code'];

/** Builds the whole server: database, reference data, context, jobs, gateway, then every service (services.ts). */
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
  // The main thread's work in turns, earliest request first (kit/turns.ts); the health check at once.
  takeRequestsInTurns(app, [HEALTH]);
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

  const ctx = await createServiceContext(database, config, app.log);
  const jobs = await startJobs(database, app.log, jobHandlers(ctx), { work: config.runJobs, schedules: jobSchedules(), batchSizes: jobBatchSizes(), queues: jobQueues(), beforeWork: beforeWork(ctx) });
  ctx.jobs = jobs;
  for (const service of SERVICES) await service.beforeGateway?.(app, ctx, { database });

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
  // Who each bearer token is, cached per process; every change of access is NOTIFYed by triggers
  // and drops what it concerns (access-cache.ts); route edits reload the table.
  const access = new AccessCache({ onRoutesChanged: () => void routeTable.reload().catch((error) => app.log.warn({ err: error }, 'route table reload failed')) });
  await access.start(database);
  access.syncAfterWrites(app);
  ctx.access = access;
  const registry = new ResourceRegistry(database.db);
  bindResources(registry, config);
  // Routes of a site module refuse sites (and clients) without it; a dealer's list naming no site
  // shows the sites with it; the module states are kept per process.
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
  registerGateway(app, routeTable, async (token, request) => holdToEnrolment(await authenticate(ctx, token, { ip: request.ip }), request.method, request.url), moduleGate(database.db, moduleStates, registry, ctx.notifier));

  app.get(HEALTH, { schema: { hide: true } }, async (_request, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unavailable' });
  });
  // Stored files: site images and the media library's public files.
  registerFileRoutes(app, ctx.files);
  for (const resource of RESOURCES) registerResourceRoutes(app, database.db, registry, resource);
  for (const service of SERVICES) await service.register(app, ctx, { database, registry, realtime });
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
