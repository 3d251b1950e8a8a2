/**
 * What the benchmarks share: measuring one case with autocannon, the settings from the
 * environment, a fresh database on the DATABASE_URL server, and printing tables.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';

export const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
};

export class BenchError extends Error {}

export interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: number;
}

export interface MeasureOptions {
  connections: number;
  warmup: number;
  duration: number;
}

/**
 * A warm-up (any failure stops the run), then the measured run: completed 2xx answers per second.
 * `around` wraps the measured run only (a CPU profile of it).
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  options: MeasureOptions,
  around: (run: () => Promise<autocannon.Result>) => Promise<autocannon.Result> = (run) => run(),
): Promise<CaseResult> {
  const run = (duration: number) =>
    autocannon({ url, connections: options.connections, duration, headers, method: 'GET', pipelining: 1, timeout: 10 });
  const warm = await run(options.warmup);
  if (warm.non2xx + warm.errors + warm.timeouts > 0)
    throw new BenchError(`${name}: warm-up had ${warm.non2xx} non-2xx answers, ${warm.errors} errors, ${warm.timeouts} timeouts`);
  const result = await around(() => run(options.duration));
  return {
    name,
    // Completed 2xx requests over the measured time (autocannon's per-second average drops the tail).
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests: result.requests.total,
  };
}

export const failuresOf = (r: CaseResult) => r.non2xx + r.errors + r.timeouts;

export const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A Markdown table, the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of rows) console.log(line(row));
}

/** The machine and its load, printed before a run: figures taken on a busy machine are lower and noisier. */
export function describeMachine(title: string) {
  const [load1] = os.loadavg();
  console.log(`${title}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average ${load1!.toFixed(2)}`);
  if (load1! > 0.5 * os.cpus().length) console.log('   warning: the machine is busy with other work; the figures will be lower and noisier.');
}

/**
 * A fresh database on the DATABASE_URL server, dropped afterwards; the database named in the URL
 * is only used to create and drop it. `register` receives the drop, for an interrupted run.
 */
export async function withDatabase<T>(serverUrl: string, prefix: string, use: (url: string) => Promise<T>, register?: (drop: (() => Promise<void>) | null) => void): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    let dropped = false;
    const drop = async () => {
      if (dropped) return;
      dropped = true;
      register?.(null);
      await admin.query(`drop database if exists ${name} with (force)`);
    };
    register?.(drop);
    try {
      return await use(url.toString());
    } finally {
      await drop();
    }
  } finally {
    await admin.end();
  }
}
