/**
 * `npm run bench:notifications`: the notifications list (`GET /gateway/notificator/api/v1/notifications`)
 * over BENCH_NOTIFICATIONS_ROWS notifications (default 1,000,000) on PostgreSQL.
 *
 * On a fresh database of DATABASE_URL (dropped after): the app is built in this process (its
 * migrations applied), the rows are written with one generate_series statement (six services, four
 * levels, eight types, 200 products, 10 brands, a year of creation times) and analysed; then a staff
 * user's token asks each case BENCH_NOTIFICATIONS_REQUESTS times (default 200) one after another,
 * through the app's whole request path (gateway, permissions, the CRUD list with its total): the
 * default page, the last pages, each field's filter, a period, a text search. Prints p50 and p99
 * per case in ms. Figures: docs/decisions/platform-operations.md, "How does the list stay fast?".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/kit/config.ts';
import type { Db } from '../../packages/server/src/kit/db.ts';
import { testHelpers } from '../../packages/server/src/test/app-helpers.ts';
import { BenchError, describeMachine, fmt, positive, printTable, withDatabase } from '../kit.ts';

const ROWS = Math.round(positive('BENCH_NOTIFICATIONS_ROWS', 1_000_000));
const REQUESTS = Math.round(positive('BENCH_NOTIFICATIONS_REQUESTS', 200));
const API = '/gateway/notificator/api/v1/notifications';

const CASES: [string, string][] = [
  ['default page (25, newest first)', ''],
  ['page 400', '?page[number]=400'],
  ['level = critical', '?filter[level]=critical'],
  ['service = cars.import', '?filter[service]=cars.import'],
  ['type = task_failed', '?filter[type]=task_failed'],
  ['product = one site', '?filter[product]=site-17.example'],
  ['brand = KIA', '?filter[brand]=KIA'],
  ['a week', '?filter[created_from]=2030-03-01&filter[created_to]=2030-03-07'],
  ['level + a month', '?filter[level]=error&filter[created_from]=2030-05-01&filter[created_to]=2030-05-31'],
  ['text search', '?filter[search]=report%2012345'],
];

async function fill(db: Db, rows: number) {
  await db.execute(sql`
    insert into notifications (service, product, brand, level, type, text, details, created)
    select (array['cars.import','sites.controller','marketplace','request.storage','captcha','queues'])[1 + i % 6],
           'site-' || (i % 200) || '.example',
           (array['KIA','Hyundai','Toyota','Skoda','Lada','BMW','Audi','Mazda','Nissan', null])[1 + i % 10],
           (array['info','warning','error','critical'])[1 + (i / 7) % 4],
           (array['import_failed','import_finished_with_errors','task_failed','module_suspended','module_paused','lost_requests','captcha_unreachable','queue_backlog'])[1 + i % 8],
           'Notification of report ' || i,
           jsonb_build_object('report_id', i),
           timestamptz '2030-01-01' + (i * interval '31 seconds')
    from generate_series(1, ${rows}) as i`);
  await db.execute(sql`analyze notifications`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new BenchError('bench:notifications needs DATABASE_URL (a PostgreSQL server; a database is created there and dropped after)');
  describeMachine(`bench:notifications, ${fmt(ROWS)} notifications, ${REQUESTS} requests a case`);
  await withDatabase(serverUrl, 'bench_notifications', async (url) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notifications-'));
    const config = loadConfig({}, { databaseUrl: url, dataDir, logLevel: 'warn', webDist: null, runJobs: false });
    const built = await buildApp(config);
    try {
      const started = Date.now();
      await fill(built.database.db, ROWS);
      console.log(`filled in ${fmt((Date.now() - started) / 1000, 1)} s`);
      const helpers = await testHelpers(built, config);
      const staff = await helpers.createUser({ email: `bench-${Date.now()}@platform.test`, grants: { notificator: ['notifications.get_list'] } });
      const token = (await helpers.signIn(staff.email)).access_token;
      const rows: string[][] = [];
      for (const [name, query] of CASES) {
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < REQUESTS + 5; i++) {
          const at = process.hrtime.bigint();
          const response = await built.app.inject({ method: 'GET', url: `${API}${query}`, headers: { authorization: `Bearer ${token}` } });
          const ms = Number(process.hrtime.bigint() - at) / 1e6;
          if (response.statusCode !== 200) throw new BenchError(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
          total = response.json().meta.page.total;
          if (i >= 5) times.push(ms);
        }
        times.sort((a, b) => a - b);
        rows.push([name, fmt(total), fmt(percentile(times, 50), 1), fmt(percentile(times, 99), 1)]);
      }
      printTable(['case', 'total', 'p50 ms', 'p99 ms'], rows);
    } finally {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
