/**
 * `npm run bench:credit`: credit calculations a second through the API for a site whose packs hold
 * 50 published loan programmes (the target: 2,000 a second on PostgreSQL).
 *
 * On a fresh database of DATABASE_URL (dropped after; without it, the embedded database): the app
 * started as `npm run serve` starts it seeds the demo data and is stopped; the demo manager's first
 * site then gets a pack of 50 programmes of both car types with a published state each (terms 12
 * to 84 months, rates 0 to 20 %, some with age limits) in place of its client's demo pack; the app
 * is started again and autocannon sends `POST /gateway/credit.calc/api/v1/calculations` with the
 * manager's token, BENCH_CREDIT_CONNECTIONS (default 16) at a time for BENCH_CREDIT_SECONDS
 * (default 10) after a 3 s warm-up, cycling through 64 cars, prices, down payments and terms: once
 * by price alone, once with the car's marketing complectation (its discounts looked up, the demo
 * dealer benefit lowering the price of the programmes it combines with). Prints calculations a
 * second, the latency, the offers a calculation found and the CPU the app and PostgreSQL used per
 * calculation. On PostgreSQL the cases run once per count of BENCH_CREDIT_PROCESSES (default
 * `1,2`: the app as one process, then serving from two, APP_PROCESSES). Figures:
 * docs/performance.md, "bench:credit".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/kit/db.ts';
import { cars } from '../../packages/server/src/services/cars.stock/car.table.ts';
import { creditBanks, creditPacks, creditPrograms, creditProgramStates } from '../../packages/server/src/services/credit.calc/credit.table.ts';
import { startServedApp } from '../api/served-app.ts';
import { BenchError, callApi, describeMachine, fmt, positive, postgresCpuMs, printTable, processTreeCpuMs, withDatabase } from '../kit.ts';

const SECONDS = positive('BENCH_CREDIT_SECONDS', 10);
const CONNECTIONS = Math.round(positive('BENCH_CREDIT_CONNECTIONS', 16));
const PROGRAMS = 50;
/** The app's process counts to measure (APP_PROCESSES), PostgreSQL only. */
const PROCESSES = (process.env.BENCH_CREDIT_PROCESSES ?? '1,2').split(',').map(Number);
const TARGET = 2000;
const PASSWORD = 'Bench-Credit-Pass1!';
const MANAGER = 'manager@avtograd-sever.test';
const CALCULATIONS = '/gateway/credit.calc/api/v1/calculations';

const signIn = async (base: string) =>
  (await callApi(base, null, 'POST', '/gateway/auth.processing/api/v1/auth', { data: { method: 'password', identity: MANAGER, secret: PASSWORD } })).data.access_token as string;

/** The site's client's packs become one pack of 50 published programmes; the marketing complectations of the site's new cars. */
async function seedPrograms(databaseUrl: string | null, dataDir: string, siteId: number) {
  const database = await openDatabase({ databaseUrl, dataDir, memoryDb: false });
  try {
    const db = database.db;
    const newCars = await db.selectDistinct({ client_id: cars.client_id, marketing: cars.marketing_complectation_id }).from(cars).where(and(eq(cars.site_id, siteId), eq(cars.is_new, true)));
    const clientId = newCars[0]?.client_id;
    if (!clientId) throw new BenchError('the demo site has no new cars');
    const [bank] = await db.insert(creditBanks).values({ client_id: clientId, name: 'Bench bank' }).returning();
    const programIds: number[] = [];
    for (let index = 0; index < PROGRAMS; index++) {
      const terms = { term_min: 12, term_max: 84, down_payment_min: index % 5, down_payment_max: 90, residual_min: 0, residual_max: 40, loan_amount_min: 100_000, loan_amount_max: 10_000_000, interest_rate: (index * 0.4) % 20 };
      const [program] = await db
        .insert(creditPrograms)
        .values({ client_id: clientId, bank_id: bank!.id, name: `Programme ${index}`, car_type: index % 4 === 3 ? 'used' : 'new', car_age_limit: index % 7 === 0 ? 5 : -1, ...terms })
        .returning();
      await db.insert(creditProgramStates).values({ program_id: program!.id, client_id: clientId, car_type: program!.car_type, car_age: -1, ...terms, redemption_values: [{ term: 36, percent: 30 }], status: 3, version: 1, published_at: new Date() });
      programIds.push(program!.id);
    }
    await db.update(creditPacks).set({ program_ids: programIds }).where(inArray(creditPacks.client_id, [clientId]));
    return newCars.map((car) => car.marketing!).filter(Boolean);
  } finally {
    await database.close();
  }
}

/** 64 calculations: another price, car type, age, down payment and term each; with complectations, a new car's. */
function calculationBodies(siteId: number, complectations: number[]) {
  return Array.from({ length: 64 }, (_, index) => {
    const isNew = complectations.length ? true : index % 3 !== 0;
    const input = {
      price: 900_000 + index * 37_000,
      car_type: isNew ? 'new' : 'used',
      car_age: isNew ? 0 : index % 9,
      down_payment_percent: 10 + (index % 5) * 5,
      term: [12, 24, 36, 48, 60, 84][index % 6],
      site_id: siteId,
      ...(complectations.length ? { marketing_complectation_id: complectations[index % complectations.length] } : {}),
    };
    return JSON.stringify({ data: input });
  });
}

async function measureCase(url: string, token: string, pid: number, bodies: string[]) {
  const run = (duration: number) =>
    autocannon({
      url: `${url}${CALCULATIONS}`,
      connections: CONNECTIONS,
      duration,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: bodies.map((body) => ({ method: 'POST' as const, body })),
      timeout: 10,
    });
  const warm = await run(3);
  if (warm.non2xx + warm.errors + warm.timeouts) throw new BenchError(`warm-up: ${warm.non2xx} non-2xx, ${warm.errors} errors, ${warm.timeouts} timeouts`);
  const appBefore = processTreeCpuMs(pid);
  const pgBefore = postgresCpuMs();
  const result = await run(SECONDS);
  const done = Math.max(1, result['2xx']);
  return { result, rate: result['2xx'] / result.duration, appCpu: (processTreeCpuMs(pid) - appBefore) / done, pgCpu: (postgresCpuMs() - pgBefore) / done };
}

async function benchOn(label: string, databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-credit-'));
  try {
    const seeding = await startServedApp(databaseUrl, dataDir, { DEMO_DATA: 'true', DEMO_PASSWORD: PASSWORD });
    const [site] = (await callApi(seeding.url, await signIn(seeding.url), 'GET', '/gateway/sites.context/api/v1/sites?page%5Bsize%5D=1')).data;
    await seeding.stop();
    const siteId = Number(site.id);
    const complectations = await seedPrograms(databaseUrl, dataDir, siteId);

    const rows: string[][] = [];
    for (const processes of databaseUrl ? PROCESSES : [1]) {
      const app = await startServedApp(databaseUrl, dataDir, { APP_PROCESSES: String(processes) });
      try {
        const token = await signIn(app.url);
        for (const [name, bodies] of [
          ['price, car type, age, down payment, term', calculationBodies(siteId, [])],
          ["with the car's marketing complectation (its discounts)", calculationBodies(siteId, complectations)],
        ] as const) {
          const sample = (await callApi(app.url, token, 'POST', CALCULATIONS, JSON.parse(bodies[0]!))).data;
          const { result, rate, appCpu, pgCpu } = await measureCase(app.url, token, app.pid, bodies);
          rows.push([name, String(processes), fmt(result['2xx']), fmt(rate), `${fmt(result.latency.p50)} / ${fmt(result.latency.p99)}`, `${sample.offers.length} / ${sample.benefits.length}`, fmt(appCpu, 2), databaseUrl ? fmt(pgCpu, 2) : '—', rate >= TARGET ? `≥ ${fmt(TARGET)}: met` : `≥ ${fmt(TARGET)}: NOT met`]);
        }
      } finally {
        await app.stop();
      }
    }
    console.log(`\n${label}: ${PROGRAMS} published programmes in the site's pack, ${CONNECTIONS} connections, ${SECONDS} s a case`);
    printTable(['case', 'app processes', 'calculations', 'per second', 'p50 / p99 ms', 'offers / discounts (first car)', 'app CPU ms/calc', 'PostgreSQL CPU ms/calc', 'target'], rows);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describeMachine('bench:credit');
if (process.env.DATABASE_URL) await withDatabase(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX ?? 'bench_credit', (url) => benchOn('PostgreSQL', url));
else await benchOn('Embedded database (PGlite)', null);
