import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../kit/config.ts';
import type { Db } from '../../kit/db.ts';
import { carBrands, carModels, cars, clients, sites } from '../../schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { importReports, importSettings } from './import.table.ts';
import { startImport } from './import.routes.ts';
import { IMPORT_JOB, type ImportJobData } from './run-import.ts';
import { t as message } from '@dp/contracts';

/**
 * A process killed in the middle of an import (kill -9) leaves no half-imported state visible, a
 * run is resumed at most once, and a rerun creates no duplicates. A real worker process
 * (test/import-child.ts) runs the import job and is killed with SIGKILL mid-parse; the next worker
 * resumes it (recoverImports) and is killed inside the apply transaction (each says on stdout when
 * it is there and waits). The database then shows no car of the feed; the restarted app does not
 * resume the report a second time but ends it with 'the import stopped unexpectedly twice and was
 * not resumed', and refuses to start the same file again; once the file is replaced the import ends
 * with each car once, and a rerun adds none.
 *
 * On PGlite the worker owns the database folder while it runs (the test opens it only between the
 * workers); PGlite came back from each SIGKILL with the folder intact (docs/decisions/import.md,
 * "What if the process dies mid-import?").
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CARS = 1000;
const BATCH = 100;
const vin = (index: number) => `XWECR${String(index).padStart(12, '0')}`;

/** A line of the worker's log (pino's JSON) at level error or above. */
function isErrorLog(text: string): boolean {
  try {
    return text.startsWith('{') && (JSON.parse(text) as { level?: number }).level! >= 50;
  } catch {
    return false;
  }
}

describe(`an import killed with kill -9 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  /** PostgreSQL: the test's database, open all along. PGlite: a folder only one process may hold, opened between the workers. */
  let t: TestApp | undefined;
  let folder = '';
  let restarted: App | undefined;
  let server: http.Server;
  let feed = '';
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    server = http.createServer((_req, res) => res.end(feed));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    if (onPostgres) t = await buildTestApp({ runJobs: false });
    else folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-import-crash-'));
  });
  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await restarted?.close();
    await t?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    server?.closeAllConnections();
    server?.close();
  });

  /** The app on the test's database, as a restart starts it (`runJobs`: it works the jobs and recovers dead imports). */
  const open = (runJobs: boolean) =>
    buildApp(loadConfig({}, onPostgres ? { databaseUrl: t!.config.databaseUrl, dataDir: t!.config.dataDir, logLevel: 'silent', webDist: null, runJobs } : { databaseUrl: null, dataDir: folder, memoryDb: false, logLevel: 'silent', webDist: null, runJobs }));
  /** Reads the database between workers. */
  async function read<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (t) return fn(t.database.db);
    const app = await open(false);
    try {
      return await fn(app.database.db);
    } finally {
      await app.close();
    }
  }

  /** A worker process on the test's database; resolves with it once it printed a line starting with `line`. */
  async function worker(stopAt: 'parse' | 'apply', line: string) {
    const database = onPostgres ? { DATABASE_URL: t!.config.databaseUrl! } : { DATABASE_URL: '', DATA_DIR: folder };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/import-child.ts'], {
      cwd: serverRoot,
      env: { ...process.env, ...database, STOP_AT: stopAt, BATCH_SIZE: String(BATCH), OUTBOUND_ALLOW_HOSTS: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    // What the worker said: its line, an error it logged, or its exit; so a failed run is reported
    // with its reason instead of leaving the test waiting.
    const printed: string[] = [];
    let told: string | undefined;
    const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exited (${code ?? signal})`)));
    void exited.then((text) => (told ??= text));
    readline.createInterface({ input: child.stdout! }).on('line', (text) => {
      printed.push(text);
      if (!told && (text.startsWith(line) || isErrorLog(text))) told = text;
    });
    const said = await waitUntil(`the worker to say "${line}"`, () => told, 75_000).catch((error: Error) => {
      throw new Error(`${error.message}; it printed: ${printed.join(' | ')}`);
    });
    expect(said, `the worker said ${said}`).toMatch(new RegExp(`^${line}`));
    return { said, exited, child };
  }

  /** SIGKILL, then (PostgreSQL) until the server let its session go, and its run lock with it. */
  async function kill(run: { child: ChildProcess; exited: Promise<string> }) {
    run.child.kill('SIGKILL');
    expect(await run.exited).toBe('exited (SIGKILL)');
    if (!t) return;
    await waitUntil('the killed worker session to end', async () => {
      const { rows } = (await t!.database.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 13001 and database = (select oid from pg_database where datname = current_database())`)) as unknown as { rows: { n: number }[] };
      return rows[0]!.n === 0;
    });
  }

  /** The report's import jobs, oldest first. */
  async function importJobs(db: Db, reportId: number) {
    const { rows } = (await db.execute(sql`select state, data, created_on, started_on, completed_on from pgboss.job where name = ${IMPORT_JOB} and data->>'report_id' = ${String(reportId)} order by created_on`)) as unknown as { rows: { state: string; data: ImportJobData }[] };
    return rows;
  }
  /** The report's state and its jobs, for a failure's message. */
  async function describeRun(db: Db, reportId: number) {
    const state = await reportOf(db, reportId);
    return `report ${JSON.stringify({ status: state.status, processed: state.processed_count, finished: state.is_finished })}, jobs ${JSON.stringify(await importJobs(db, reportId))}`;
  }
  const siteCars = (db: Db, siteId: number) => db.select({ vin: cars.vin, status: cars.status }).from(cars).where(eq(cars.site_id, siteId));
  const reportOf = async (db: Db, id: number) => (await db.select().from(importReports).where(eq(importReports.id, id)))[0]!;

  it('shows no half-imported car after a kill mid-parse or mid-apply, resumes once, refuses the same file after a second death, and a rerun adds no duplicate', async () => {
    const brand = `Crash${Date.now().toString(36)}`;
    feed = `<?xml version="1.0" encoding="UTF-8"?>\n<data><cars>${Array.from({ length: CARS }, (_, index) => `<car><mark_id>${brand}</mark_id><folder_id>Ceed</folder_id><vin>${vin(index)}</vin><year>2024</year><price>${1_000_000 + index}</price><availability>в наличии</availability></car>`).join('\n')}</cars></data>`;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
    const setup = t ?? (await open(false));
    const db = setup.database.db;
    const clientId = (await db.insert(clients).values({ name: 'Crash client', code: `crash-${Date.now()}` }).returning())[0]!.id;
    const siteId = (await db.insert(sites).values({ name: 'Crash site', client_id: clientId, type: 3 }).returning())[0]!.id;
    const brandId = (await db.insert(carBrands).values({ name: brand }).returning())[0]!.id;
    await db.insert(carModels).values({ name: 'Ceed', brand_id: brandId });
    const [settings] = await db.insert(importSettings).values({ site_id: siteId, client_id: clientId, files: [{ kind: 'url', url, name: 'feed.xml' }] }).returning();
    const report = await startImport(setup.ctx, settings!, { userId: null, type: 'manual', lang: 'en' });
    if (!t) await setup.close();

    // 1. Killed while it parses: two batches staged, no car written.
    const parsing = await worker('parse', 'parsed');
    expect(Number(parsing.said.split(' ')[1])).toBeGreaterThanOrEqual(2 * BATCH);
    await kill(parsing);
    await read(async (db) => {
      expect(await siteCars(db, siteId)).toHaveLength(0);
      const state = await reportOf(db, report.id);
      expect(state).toMatchObject({ is_finished: false, status: 'in_process' });
      expect(state.processed_count).toBeGreaterThanOrEqual(2 * BATCH);
    });

    // 2. The next worker resumes it at its start and is killed inside the apply: the cars it had written in the transaction are gone.
    const applying = await worker('apply', 'applied');
    expect(applying.said).toBe(`applied ${BATCH}`);
    await kill(applying);
    await read(async (db) => {
      expect(await siteCars(db, siteId)).toHaveLength(0);
      expect((await reportOf(db, report.id)).is_finished).toBe(false);
    });

    // 3. The app restarts: the report's resumed run died as well, so it is not resumed again. It
    // ends with an error saying so, no car written, the site free to import.
    restarted = await open(true);
    const after = restarted.database.db;
    const ended = await waitUntil('the twice-stopped import to end', async () => {
      const state = await reportOf(after, report.id);
      return state.is_finished && state;
    }, 60_000).catch(async (error: Error) => {
      throw new Error(`${error.message}; ${await describeRun(after, report.id)}`);
    });
    expect(ended).toMatchObject({ status: 'finished_with_error', created_count: 0, error: message('import_stopped_twice', 'en') });
    expect(ended.error).toBe('The import stopped unexpectedly twice and was not resumed: no cars were changed. Replace the feed file to run it again');
    expect(await siteCars(after, siteId)).toHaveLength(0);
    const [stopped] = await after.select().from(importSettings).where(eq(importSettings.id, settings!.id));
    expect(stopped!.in_process).toBe(false);
    // Resumed once (by the second worker), never twice: no job of the report with resumed 2, none left to run.
    const jobs = await importJobs(after, report.id);
    expect(jobs.map((job) => job.data.resumed ?? 0)).toEqual([0, 1]);
    expect(jobs.filter((job) => ['created', 'retry', 'active'].includes(job.state))).toEqual([]);

    // 4. A new start of the same file is refused with that message, in the caller's language.
    await expect(startImport(restarted.ctx, stopped!, { userId: null, type: 'manual', lang: 'ru' })).rejects.toMatchObject({ status: 409, key: 'import_stopped_twice' });
    expect(message('import_stopped_twice', 'ru')).toMatch(/^Импорт дважды прервался из-за остановки процесса и не возобновлён/);

    // 5. The feed file replaced (another address): the import runs and ends with each car once.
    const replaced = [{ kind: 'url', url: `${url}?fixed=1`, name: 'feed.xml' }];
    const [fixed] = await after.update(importSettings).set({ files: replaced }).where(eq(importSettings.id, settings!.id)).returning();
    const again = await startImport(restarted.ctx, fixed!, { userId: null, type: 'manual', lang: 'en' });
    const done = await waitUntil('the import of the replaced file to finish', async () => {
      const state = await reportOf(after, again.id);
      return state.is_finished && state;
    }, 60_000);
    expect(done).toMatchObject({ status: 'finished', total_count: CARS, created_count: CARS, errored_count: 0 });
    const stock = await siteCars(after, siteId);
    expect(stock).toHaveLength(CARS);
    expect(new Set(stock.map((car) => car.vin)).size).toBe(CARS);

    // 6. A rerun of the same feed matches every car: none is added twice.
    const [current] = await after.select().from(importSettings).where(eq(importSettings.id, settings!.id));
    const rerunReport = await startImport(restarted.ctx, current!, { userId: null, type: 'manual', lang: 'en' });
    const rerun = await waitUntil('the rerun to finish', async () => {
      const state = await reportOf(after, rerunReport.id);
      return state.is_finished && state;
    }, 60_000);
    expect(rerun).toMatchObject({ status: 'finished', total_count: CARS, created_count: 0, unchanged_count: CARS });
    expect(await siteCars(after, siteId)).toHaveLength(CARS);
  }, 180_000);
});
