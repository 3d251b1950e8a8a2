/**
 * `npm run bench:requests`: the customer requests' intake and XLSX export.
 *
 * The app runs in a child process (target.ts) on a fresh database of DATABASE_URL (dropped
 * afterwards), or on the embedded database without it (BENCH_EMBEDDED=1 runs both). This process
 * is the load generator and a CRM stand-in that is down (every call answers 500).
 *
 * 1. Intake (target: >= 1,000 requests a second accepted on PostgreSQL, none lost): autocannon
 *    posts valid callback requests to the demo site's public intake (`/_api/requests/callback_requests`
 *    on its host), each with its own phone, visitor address (X-Forwarded-For, TRUST_PROXY) and a
 *    solved captcha challenge; prints the accepted req/s, p50/p99 and non-2xx. Then checks every
 *    accepted request is stored with its required proxy action queued, waits until the sender's
 *    retries (BENCH_ATTEMPTS runs, back-off from BENCH_RETRY_MS) run out against the CRM, and checks
 *    every request is in lost requests.
 * 2. Export (target: 1,000,000 requests at >= 50,000 rows/s, peak RSS <= 256 MB): BENCH_EXPORT_ROWS
 *    requests (default 1,000,000) inserted with generate_series; then the target stops and the app
 *    starts as `npm run serve` runs it in production (bench/api/served-app.ts) on that database, and
 *    the site's XLSX export is read through HTTP; prints rows/s, bytes, that process's RSS at idle
 *    and its peak while exporting (sampled from /proc), the CPU the app and PostgreSQL used, and
 *    the rows the workbook holds (unzip, when installed). The search's trigram indexes are dropped for the insert and built after it.
 *    BENCH_PARTS=intake or export runs one part.
 *
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of the app during the intake, and of the served app's
 * whole life for the export (node --cpu-prof); read them with `npx tsx bench/profile.ts <file>`. Figures: docs/performance.md, "bench:requests".
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BenchError, describeMachine, fmt, positive, postgresCpuMs, printTable, processCpuMs, rssMb, withDatabase } from '../kit.ts';
import { profiled, startTargetScript, stopTarget } from '../api/target-process.ts';
import { startServedApp, type ServedApp } from '../api/served-app.ts';
import type { TargetInput, TargetReady } from './target.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = positive('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(positive('BENCH_CONNECTIONS', 32));
const ATTEMPTS = Math.round(positive('BENCH_ATTEMPTS', 3));
const RETRY_MS = positive('BENCH_RETRY_MS', 200);
const EXPORT_ROWS = Math.round(positive('BENCH_EXPORT_ROWS', 1_000_000));
const PARTS = (process.env.BENCH_PARTS || 'intake,export').split(',').map((part) => part.trim());
/** More challenges than the intake can take at 3,000 a second: none is used twice. */
const POOL = Math.ceil(3000 * (DURATION + WARMUP));
const TARGET_RPS = 1000;
const TARGET_ROWS_PER_S = 50_000;
const TARGET_RSS_MB = 256;
const SETUP_LIMIT_MS = 300_000;
const RETRIES_LIMIT_MS = 20 * 60_000;

/** What an interrupted run still has to undo. */
const pending = { child: null as ChildProcess | null, dropDatabase: null as (() => Promise<void>) | null };
process.on('SIGINT', () => {
  pending.child?.kill('SIGKILL');
  void (pending.dropDatabase?.() ?? Promise.resolve()).finally(() => process.exit(130));
});


/** Sends a message to the app and waits for its `<type>-done` answer. */
function ask<T = Record<string, unknown>>(child: ChildProcess, message: { type: string } & Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (answer: { type?: string; error?: string }) => {
      if (answer?.type !== `${message.type}-done`) return;
      child.off('message', listener);
      if (answer.error) reject(new BenchError(`${message.type}: ${answer.error}`));
      else resolve(answer as T);
    };
    child.on('message', listener);
    child.send(message);
  });
}



/** The CRM stand-in, down: every call answers 500; counts the calls. */
async function startDownCrm() {
  let calls = 0;
  const server = http.createServer((request, response) => {
    calls++;
    request.resume();
    request.on('end', () => response.writeHead(500, { 'content-type': 'text/plain' }).end('CRM is down'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** CPU seconds (user + system) used so far by a process, or by every PostgreSQL process (pid null; bench/kit.ts). */
const cpuSeconds = (pid: number | null) => (pid === null ? postgresCpuMs() : (processCpuMs(pid) ?? 0)) / 1000;

const pad = (value: number, length: number) => String(value).padStart(length, '0');
/** The i-th visitor: a phone and an address of its own. */
const phoneOf = (i: number) => `+7 (9${pad(Math.floor(i / 10_000_000) % 100, 2)}) ${pad(Math.floor(i / 10_000) % 1000, 3)}-${pad(Math.floor(i / 100) % 100, 2)}-${pad(i % 100, 2)}`;
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function intake(child: ChildProcess, target: TargetReady, crm: Awaited<ReturnType<typeof startDownCrm>>, label: string) {
  const { answers } = await ask<{ answers: { challenge: string; nonce: string }[] }>(child, { type: 'challenges', count: POOL });
  let next = 0;
  const bodyOf = (i: number) =>
    JSON.stringify({
      data: {
        attributes: {
          name: `Посетитель ${i}`,
          phone: phoneOf(i),
          email: `visitor${i}@example.ru`,
          text: 'Перезвоните, пожалуйста, по поводу кредита',
          subject: 'Кредит',
          processing_of_personal_data: true,
          agreement_hash: target.agreementHash,
          analytics: { ya_client_id: String(1_700_000_000 + i), utm: { source: 'yandex', medium: 'cpc', campaign: 'winter' }, page: { page_url: 'https://kia-avtograd.ru/credit', page_title: 'Кредит' } },
        },
        captcha: answers[i % answers.length],
      },
    });
  const run = (duration: number) =>
    autocannon({
      url: target.appUrl,
      connections: CONNECTIONS,
      duration,
      pipelining: 1,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          path: '/_api/requests/callback_requests',
          setupRequest: (request) => {
            const i = next++;
            return { ...request, body: bodyOf(i), headers: { host: target.siteHost, 'content-type': 'application/json', 'accept-language': 'ru', 'x-forwarded-for': addressOf(i) } };
          },
        },
      ],
    });
  const warm = await run(WARMUP);
  if (warm.non2xx + warm.errors + warm.timeouts > 0) throw new BenchError(`intake warm-up: ${warm.non2xx} non-2xx answers, ${warm.errors} errors, ${warm.timeouts} timeouts`);
  const cpuBefore = { app: cpuSeconds(child.pid!), postgres: cpuSeconds(null), bench: process.cpuUsage() };
  const result = await profiled(child, 'requests-intake', () => run(DURATION));
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const cpu = { app: cpuSeconds(child.pid!) - cpuBefore.app, postgres: cpuSeconds(null) - cpuBefore.postgres, bench: (benchCpu.user + benchCpu.system) / 1e6 };
  const accepted = warm['2xx'] + result['2xx'];
  console.log(`\n${label}: the public intake, ${CONNECTIONS} connections, ${DURATION} s (after ${WARMUP} s warm-up); target ${fmt(TARGET_RPS)} req/s on PostgreSQL\n`);
  printTable(
    ['case', 'accepted req/s', 'p50, ms', 'p99, ms', 'non-2xx', 'errors', 'timeouts', 'requests'],
    [['POST callback request (captcha, consent, limits, blocks, words; 1 proxy action)', fmt(result['2xx'] / result.duration), fmt(result.latency.p50), fmt(result.latency.p99), fmt(result.non2xx), fmt(result.errors), fmt(result.timeouts), fmt(result.requests.total)]],
  );
  const perRequest = (seconds: number) => fmt((seconds * 1000) / Math.max(1, result.requests.total), 2);
  console.log(`\n   CPU per request: app ${perRequest(cpu.app)} ms (${fmt((100 * cpu.app) / result.duration)} % of a core), PostgreSQL ${perRequest(cpu.postgres)} ms (every postgres process on the machine), load generator ${perRequest(cpu.bench)} ms`);
  if (next > POOL) console.log(`   warning: ${next} requests for ${POOL} challenges; the later ones reused a challenge (captcha_used)`);

  type Counts = { stored: number; actions: number; queued: number; without: number; pending: number; failed: number; lost: number };
  const counts = () => ask<Counts>(child, { type: 'counts' });
  const started = performance.now();
  let now = await counts();
  // Jobs are sent just after the answer; the last ones may be a moment behind.
  while (now.queued < now.actions && performance.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = await counts();
  }
  // autocannon stops with a request in flight on each connection: those are stored but not counted as answered.
  const inFlight = 2 * CONNECTIONS;
  console.log(`\n   answered 201: ${fmt(accepted)} (warm-up included); stored ${fmt(now.stored)} (at most ${inFlight} more: in flight when autocannon stopped); actions ${fmt(now.actions)}, queued ${fmt(now.queued)}; requests without an action ${fmt(now.without)}`);
  if (now.stored < accepted || now.stored > accepted + inFlight || now.actions !== now.stored || now.queued !== now.stored || now.without !== 0) console.log('   FAILED: not every accepted request is stored with its action queued');
  const retriesStarted = performance.now();
  const crmBefore = crm.calls();
  while (now.pending > 0) {
    if (performance.now() - retriesStarted > RETRIES_LIMIT_MS) throw new BenchError(`${now.pending} actions still pending after ${RETRIES_LIMIT_MS / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    now = await counts();
  }
  const retriesSeconds = (performance.now() - retriesStarted) / 1000;
  console.log(`   retries ran out in ${fmt(retriesSeconds, 1)} s after the intake (${ATTEMPTS} runs each, back-off from ${RETRY_MS} ms): CRM called ${fmt(crm.calls())} times (${fmt(crm.calls() - crmBefore)} after the intake; ${fmt(now.stored * ATTEMPTS)} expected in all)`);
  console.log(`   failed after ${ATTEMPTS} runs: ${fmt(now.failed)}; in lost requests: ${fmt(now.lost)}${now.failed === now.stored && now.lost === now.stored ? ' (every stored request)' : '  FAILED: some are missing'}`);
  return { accepted, stored: now.stored };
}

/**
 * The export is read from the app as it runs in production (bench/api/served-app.ts), started on
 * the seeded database once the target has stopped: its RSS is the production figure.
 */
async function exportXlsx(child: ChildProcess, target: TargetReady, label: string, databaseUrl: string | null, dataDir: string) {
  const seeded = await ask<{ seconds: number; total: number }>(child, { type: 'seed-export', rows: EXPORT_ROWS });
  console.log(`\n${label}: ${fmt(EXPORT_ROWS)} requests inserted in ${fmt(seeded.seconds, 1)} s (generate_series); the site holds ${fmt(seeded.total)}`);
  await stopTarget(child);
  const served = await startServedApp(databaseUrl, dataDir);
  try {
    await exportFromServed(served, target, seeded, label);
  } finally {
    await served.stop();
  }
}

async function exportFromServed(served: ServedApp, target: TargetReady, seeded: { total: number }, label: string) {
  const pid = served.pid;
  const idle = rssMb(pid).now;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid).now)), 50);
  const file = path.join(os.tmpdir(), `dp-bench-requests-${process.pid}.xlsx`);
  let bytes = 0;
  let firstByteMs = 0;
  const cpuBefore = { app: cpuSeconds(pid), postgres: cpuSeconds(null) };
  const started = performance.now();
  try {
    await (async () => {
      const response = await fetch(`${served.url}/gateway/request.storage/api/v1/requests/where_site/${target.siteId}/format_xlsx`, { headers: { authorization: `Bearer ${target.token}`, 'accept-language': 'ru' } });
      if (response.status !== 200) throw new BenchError(`the export answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
      const out = fs.createWriteStream(file);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (!bytes) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve) => out.end(() => resolve()));
    })();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = { app: cpuSeconds(pid) - cpuBefore.app, postgres: cpuSeconds(null) - cpuBefore.postgres };
  peak = Math.max(peak, rssMb(pid).now);
  // The rows the workbook really holds (the header row less).
  let rows: number | null = null;
  const unzip = spawnSync('sh', ['-c', `unzip -p '${file}' xl/worksheets/sheet1.xml | grep -o '<row ' | wc -l`], { encoding: 'utf8' });
  if (unzip.status === 0 && unzip.stdout.trim()) rows = Number(unzip.stdout.trim()) - 1;
  fs.rmSync(file, { force: true });
  console.log(`\n${label}: the site's requests as XLSX through HTTP; targets ${fmt(TARGET_ROWS_PER_S)} rows/s, peak RSS ${TARGET_RSS_MB} MB\n`);
  printTable(
    ['case', 'rows', 'time, s', 'rows/s', 'first byte, ms', 'MB sent', 'app RSS idle, MB', 'app peak RSS, MB', 'app VmHWM, MB'],
    [['GET requests/where_site/:id/format_xlsx', rows === null ? `${fmt(seeded.total)}?` : fmt(rows), fmt(seconds, 1), fmt(seeded.total / seconds), fmt(firstByteMs), fmt(bytes / 1024 / 1024, 1), fmt(idle), fmt(peak), fmt(rssMb(pid).peak)]],
  );
  console.log('   (the app as `npm run serve` runs it, started on the seeded database; VmHWM is its peak since it started)');
  const perMillion = (value: number) => fmt((value * 1_000_000) / Math.max(1, seeded.total), 1);
  console.log(`   CPU: app ${fmt(cpu.app, 1)} s (${perMillion(cpu.app)} s per 1,000,000 rows), PostgreSQL ${fmt(cpu.postgres, 1)} s (${perMillion(cpu.postgres)} s per 1,000,000 rows; every postgres process on the machine); load average ${os.loadavg()[0]!.toFixed(2)}`);
  if (rows !== null && rows !== seeded.total) console.log(`   FAILED: the workbook holds ${fmt(rows)} rows, the site ${fmt(seeded.total)}`);
}

async function benchOn(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-bench-requests-'));
  const crm = await startDownCrm();
  const { child, ready } = startTargetScript<TargetReady>(path.join(here, 'target.ts'), { databaseUrl, dataDir, crmUrl: crm.url, attempts: ATTEMPTS, retryBaseMs: RETRY_MS, captchaBits: 4 } satisfies TargetInput, SETUP_LIMIT_MS);
  pending.child = child;
  try {
    const target = await ready;
    if (PARTS.includes('intake')) await intake(child, target, crm, label);
    if (PARTS.includes('export')) await exportXlsx(child, target, label, databaseUrl, dataDir);
  } finally {
    await stopTarget(child);
    pending.child = null;
    await crm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describeMachine('Customer requests benchmark');
try {
  if (process.env.DATABASE_URL) await withDatabase(process.env.DATABASE_URL, 'bench_requests', (url) => benchOn('PostgreSQL', url), (drop) => (pending.dropDatabase = drop));
  if (!process.env.DATABASE_URL || process.env.BENCH_EMBEDDED === '1') await benchOn('Embedded database (PGlite)', null);
} catch (error) {
  if (error instanceof BenchError) {
    console.error(error.message);
    pending.child?.kill('SIGKILL');
    process.exit(1);
  }
  throw error;
}
