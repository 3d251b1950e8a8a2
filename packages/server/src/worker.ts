import Fastify from 'fastify';
import { loadConfig } from './kit/config.ts';
import { openDatabase } from './kit/db.ts';
import { startJobs } from './kit/jobs.ts';
import { createServiceContext } from './context.ts';
import { beforeWork, jobBatchSizes, jobHandlers, jobSchedules } from './services.ts';

/**
 * `npm run worker`: runs the background jobs in their own process. It needs PostgreSQL
 * (DATABASE_URL): the embedded database belongs to one process, which then runs the jobs itself.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: with the embedded database the app process runs the jobs itself.');
    process.exit(2);
  }
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const database = await openDatabase(config);
  const ctx = await createServiceContext(database, config, log);
  // Runs whose process died resume before this process takes a job (beforeWork).
  const jobs = await startJobs(database, log, jobHandlers(ctx), { work: true, schedules: jobSchedules(), batchSizes: jobBatchSizes(), beforeWork: beforeWork(ctx) });
  ctx.jobs = jobs;
  log.info('worker started');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      jobs.stop().then(() => database.close()).then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
