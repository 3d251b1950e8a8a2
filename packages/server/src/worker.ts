import Fastify from 'fastify';
import { loadConfig } from './kit/config.ts';
import { openDatabase } from './kit/db.ts';
import { startJobs } from './kit/jobs.ts';
import { createMailer } from './kit/mail.ts';
import { createFileStorage } from './kit/files.ts';
import { loadSecret } from './kit/secrets.ts';
import type { ServiceContext } from './kit/context.ts';
import { AccessTokens } from './services/auth.processing/access-token.ts';
import { jobBatchSizes, jobHandlers, jobSchedules } from './app.ts';
import { recoverImportsAtStart } from './services/cars.import/run-import.ts';

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
  const ctx = {
    db: database.db,
    config,
    log,
    mailer: createMailer(config, log),
    tokens: new AccessTokens(await loadSecret(database.db, 'jwt', config.jwtSecret), config.accessTokenTtlSeconds),
    codeKey: await loadSecret(database.db, 'restore-code', null),
    refreshKey: await loadSecret(database.db, 'refresh-successor', null),
    // Imports read uploaded feed files (cars.import), mails attach stored files.
    files: createFileStorage(config),
  } as ServiceContext;
  // cars.import (issue 13, "feeds"): imports left "in process" by a process that died resume before it takes a job.
  const jobs = await startJobs(database, log, jobHandlers(ctx), { work: true, schedules: jobSchedules(), batchSizes: jobBatchSizes(), beforeWork: recoverImportsAtStart(ctx) });
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
