/**
 * `npm run bench:credit`: credit calculations a second for a site whose packs hold 50 published
 * loan programmes (the target: 2,000 a second on PostgreSQL).
 *
 * On a fresh database of DATABASE_URL (BENCH_DB_PREFIX names it; without DATABASE_URL, the embedded
 * database), migrated as the app does: a client, a site with calculator settings, a bank, 50
 * programmes of both car types with a published state each (terms 12 to 84 months, rates 0 to
 * 20 %, some with brand or age limits), one pack of all 50. Then BENCH_CREDIT_SECONDS (default 10)
 * of calculations through `calculateCredit` (the function the admin route and the public sites
 * call: one query for the programmes, one for the settings, then 50 schedules), BENCH_CREDIT_CONCURRENCY
 * (default 4) at a time over the database pool, each with another price, term, down payment and
 * car, with the site's terms kept per process as the route keeps them (credit-cache.ts); a write
 * to the credit tables drops them. BENCH_CREDIT_CACHE=0 reads the database on every calculation. Prints calculations a second, the latency p50/p95/max, the offers a calculation found and
 * the CPU this process and PostgreSQL used. Figures: docs/performance.md, "bench:credit".
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import { calculationInput } from '@dp/contracts';
import { openDatabase } from '../../packages/server/src/kit/db.ts';
import { clients, sites } from '../../packages/server/src/schema.ts';
import { creditBanks, creditPacks, creditPrograms, creditProgramStates, creditSettings } from '../../packages/server/src/services/credit.calc/credit.table.ts';
import { calculateCredit } from '../../packages/server/src/services/credit.calc/calculate-credit.ts';
import { CreditTermsCache } from '../../packages/server/src/services/credit.calc/credit-cache.ts';
import { describeMachine, fmt, positive, postgresCpuMs, printTable, withDatabase } from '../kit.ts';

const SECONDS = positive('BENCH_CREDIT_SECONDS', 10);
const CONCURRENCY = Math.round(positive('BENCH_CREDIT_CONCURRENCY', 4));
const PROGRAMS = 50;
const TARGET = 2000;

async function benchOn(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-credit-'));
  const database = await openDatabase({ databaseUrl, dataDir, memoryDb: !databaseUrl });
  try {
    const db = database.db;
    const [client] = await db.insert(clients).values({ name: 'Bench client', code: `bench-${Date.now()}` }).returning();
    const [site] = await db.insert(sites).values({ name: 'Bench site', client_id: client!.id, type: 3 }).returning();
    await db.insert(creditSettings).values({ site_id: site!.id, client_id: client!.id, default_period: 36, max_period: 84, fee_percent: 20, residual_percent: 0 });
    const [bank] = await db.insert(creditBanks).values({ client_id: client!.id, name: 'Bench bank' }).returning();
    const programIds: number[] = [];
    for (let index = 0; index < PROGRAMS; index++) {
      const terms = { term_min: 12, term_max: 84, down_payment_min: index % 5, down_payment_max: 90, residual_min: 0, residual_max: 40, loan_amount_min: 100_000, loan_amount_max: 10_000_000, interest_rate: (index * 0.4) % 20 };
      const [program] = await db
        .insert(creditPrograms)
        .values({ client_id: client!.id, bank_id: bank!.id, name: `Programme ${index}`, car_type: index % 4 === 3 ? 'used' : 'new', car_age_limit: index % 7 === 0 ? 5 : -1, ...terms })
        .returning();
      await db.insert(creditProgramStates).values({ program_id: program!.id, client_id: client!.id, car_type: program!.car_type, car_age: -1, ...terms, redemption_values: [{ term: 36, percent: 30 }], status: 3, version: 1, published_at: new Date() });
      programIds.push(program!.id);
    }
    await db.insert(creditPacks).values({ client_id: client!.id, name: 'Bench pack', program_ids: programIds });
    // As the route runs it: the site's terms kept per process, dropped by the tables' NOTIFY.
    const cache = new CreditTermsCache();
    await cache.start(database);
    const scope = { site: { id: site!.id, client_id: client!.id }, clientIds: [client!.id], cache: process.env.BENCH_CREDIT_CACHE === '0' ? null : cache };
    const inputs = Array.from({ length: 64 }, (_, index) =>
      calculationInput.parse({ price: 900_000 + index * 37_000, car_type: index % 3 === 0 ? 'used' : 'new', car_age: index % 9, down_payment_percent: 10 + (index % 5) * 5, term: [12, 24, 36, 48, 60, 84][index % 6], site_id: site!.id }),
    );
    // Warm-up: the statements prepared, the code compiled.
    for (const input of inputs.slice(0, 20)) await calculateCredit(db, input, scope, 'ru');

    const latencies: number[] = [];
    let offers = 0;
    let next = 0;
    const cpuBefore = process.cpuUsage();
    const pgBefore = databaseUrl ? postgresCpuMs() : 0;
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const input = inputs[next++ % inputs.length]!;
          const at = performance.now();
          const result = await calculateCredit(db, input, scope, 'ru');
          latencies.push(performance.now() - at);
          offers += result.offers.length;
        }
      }),
    );
    await cache.stop();
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const pgCpu = databaseUrl ? postgresCpuMs() - pgBefore : 0;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    const rate = latencies.length / elapsed;
    console.log(`\n${label}: ${PROGRAMS} published programmes in the site's pack, ${CONCURRENCY} calculations at a time for ${SECONDS} s`);
    printTable(
      ['calculations', 'per second', 'p50 ms', 'p95 ms', 'max ms', 'offers each', 'node CPU s', 'PostgreSQL CPU s', 'target'],
      [[fmt(latencies.length), fmt(rate), fmt(at(0.5), 2), fmt(at(0.95), 2), fmt(latencies.at(-1)!, 2), fmt(offers / latencies.length, 1), fmt((cpu.user + cpu.system) / 1e6, 1), databaseUrl ? fmt(pgCpu / 1000, 1) : '—', rate >= TARGET ? `≥ ${fmt(TARGET)}: met` : `≥ ${fmt(TARGET)}: NOT met`]],
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describeMachine('bench:credit');
if (process.env.DATABASE_URL) await withDatabase(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX ?? 'bench_credit', (url) => benchOn('PostgreSQL', url));
else await benchOn('Embedded database (PGlite)', null);
