import Fastify from 'fastify';
import { loadConfig } from '../kit/config.ts';
import { openDatabase } from '../kit/db.ts';
import { startJobs } from '../kit/jobs.ts';
import { createFileStorage } from '../kit/files.ts';
import type { ServiceContext } from '../kit/context.ts';
import { IMPORT_JOB, recoverImports, runImport, type ImportJobData } from '../services/cars.import/run-import.ts';

/**
 * A worker process for the kill -9 test (import-crash.test.ts): it works the import jobs of the
 * database in DATABASE_URL (else the embedded one in DATA_DIR) like `npm run worker`, recovering
 * dead imports at start as every worker does, and says where its run is on stdout:
 * `parsed <rows>` after the parse's second batch (STOP_AT=parse), `applied <cars>` inside the
 * apply transaction after its first batch (STOP_AT=apply). Then it stays there until it is killed,
 * so the test kills it at a known point, mid-way, without timing anything.
 */
const stopAt = process.env.STOP_AT;
const batchSize = Number(process.env.BATCH_SIZE || 100);
const forever = () => new Promise<void>(() => setInterval(() => undefined, 60_000));

async function main() {
  const config = loadConfig();
  const log = Fastify({ logger: { level: 'warn' } }).log;
  const database = await openDatabase(config);
  const ctx = { db: database.db, config, log, files: createFileStorage(config) } as ServiceContext;
  const handlers = {
    [IMPORT_JOB]: (data: ImportJobData) =>
      runImport(ctx, data, {
        batchSize,
        onBatch: async (processed) => {
          if (stopAt !== 'parse' || processed < 2 * batchSize) return;
          process.stdout.write(`parsed ${processed}\n`);
          await forever();
        },
        onApplyBatch: async (applied) => {
          if (stopAt !== 'apply') return;
          process.stdout.write(`applied ${applied}\n`);
          await forever();
        },
      }),
  };
  // As every worker: the dead runs' imports are recovered before a job is taken.
  ctx.jobs = await startJobs(database, log, handlers, {
    work: true,
    beforeWork: async (queue) => {
      ctx.jobs = queue;
      process.stdout.write(`ready ${JSON.stringify(await recoverImports(ctx))}\n`);
    },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
