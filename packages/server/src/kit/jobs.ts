import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db.ts';

export type JobHandler = (data: any) => Promise<void>;

export interface JobQueue {
  /**
   * `singletonKey`: no second job of the same key while one waits or runs; `startAfter`: not
   * before that moment (publication by time). Answers the job's id (null when a singleton refused it).
   */
  send(name: string, data: object, options?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
  /**
   * Sends many jobs of one queue in one statement, with ids the caller chose (kept on its rows
   * beforehand: a row whose job never arrived is found by its missing job).
   */
  sendMany(name: string, jobs: { id: string; data: object }[]): Promise<void>;
  /** Cancels a job that has not run yet (a cancelled publication by time). */
  cancel(name: string, id: string): Promise<void>;
  /** Runs a failed job again (staff's retry on the queues screen); false when it is not failed. */
  retry(name: string, id: string): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Durable background jobs on pg-boss 10 over the app's own database (PGlite through the
 * executeSql adapter). `work: false` only enqueues: a separate `npm run worker` runs them.
 */
export async function startJobs(
  database: Database,
  log: FastifyBaseLogger,
  handlers: Record<string, JobHandler>,
  /**
   * `batchSizes`: queues of many short jobs (a lead's actions: thousands a minute when a CRM is
   * down and they retry) fetched and run that many at a time. pg-boss's worker waits its polling
   * interval (0.5 s at least) between fetches, so one job a fetch runs two a second at most
   * (docs/decisions/platform.md, "How do background jobs run?").
   */
  options: {
    work: boolean;
    schedules?: Record<string, string>;
    queues?: string[];
    batchSizes?: Record<string, number>;
    /**
     * Runs once the queue can send and before this process takes any job: the recovery of runs
     * whose process died sees only their jobs as "active", none this process just took (it used to
     * cancel and resend the job its own worker had fetched a moment before).
     */
    beforeWork?: (queue: JobQueue) => Promise<void>;
  },
): Promise<JobQueue> {
  // What this process still has under way: the handlers it runs and the statements pg-boss sent.
  // pg-boss records a job's outcome without waiting for it, so stop() waits for both: the
  // database may close right after, and an outcome sent to a closed pool would reject unheard.
  const handlersRunning = new Set<Promise<unknown>>();
  const statementsPending = new Set<Promise<unknown>>();
  const track = <T>(set: Set<Promise<unknown>>, promise: Promise<T>): Promise<T> => {
    set.add(promise);
    const forget = () => set.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => track(statementsPending, database.executeSql(text, values)) },
    schema: 'pgboss',
    supervise: options.work,
    schedule: options.work,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of Object.keys(handlers)) await boss.createQueue(name);
  // Queues whose jobs another process or a later service runs: sending to them must not fail.
  for (const name of options.queues ?? []) await boss.createQueue(name);
  // Recurring jobs (a cron per job name, UTC); pg-boss keeps one schedule per name however many processes start.
  if (options.work) for (const [name, cron] of Object.entries(options.schedules ?? {})) await boss.schedule(name, cron, {}, { tz: 'UTC' });
  // The workers of this process by queue: a job sent here wakes its worker instead of waiting for the next poll (up to 0.5 s).
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  // Retries with back-off: a mail server that is down for a minute loses nothing.
  const retries = { retryLimit: 5, retryDelay: 10, retryBackoff: true };
  const queue: JobQueue = {
    async send(name, data, options = {}) {
      const id = await boss.send(name, data, { ...retries, ...options });
      wake(name);
      return id;
    },
    async sendMany(name, jobs) {
      if (!jobs.length) return;
      await boss.insert(jobs.map(({ id, data }) => ({ id, name, data, ...retries })));
      wake(name);
    },
    async cancel(name, id) {
      await boss.cancel(name, id);
    },
    async retry(name, id) {
      const result = (await boss.retry(name, id)) as unknown as { affected?: number };
      wake(name);
      return (result.affected ?? 0) > 0;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
      // A handler past the 5 s is failed (to be retried) but still runs: let it end while the database is open.
      await Promise.allSettled([...handlersRunning]);
      // Outcomes are sent in the microtasks after a handler ends; setImmediate runs after them.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...statementsPending]);
    },
  };
  if (options.work) {
    await options.beforeWork?.(queue);
    for (const [name, handler] of Object.entries(handlers)) {
      const batchSize = options.batchSizes?.[name] ?? 1;
      const runJobs = async (jobs: PgBoss.Job<unknown>[]) => {
        if (batchSize === 1) {
          for (const job of jobs) {
            log.info({ job: { name, id: job.id } }, 'job started');
            await handler(job.data);
          }
          return;
        }
        // Each job of a batch fails alone (pg-boss would fail the whole batch for one throw); the rest complete.
        await Promise.all(
          jobs.map((job) =>
            handler(job.data).catch(async (error: unknown) => {
              log.error({ err: error, job: { name, id: job.id } }, 'job failed');
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }),
          ),
        );
      };
      const worker = await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize }, (jobs) => track(handlersRunning, runJobs(jobs)));
      workers.set(name, worker);
    }
  }
  return queue;
}
