/**
 * What the benchmarks share: measuring one case with autocannon, the settings from the
 * environment, a fresh database on the DATABASE_URL server, printing tables, and the files an
 * import fetches.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
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

/**
 * The node flags `npm run serve` starts the app with (package.json: the heap limit), so that a
 * bench that spawns `node scripts/serve.mjs` itself measures the app as it runs.
 */
export function serveFlags(): string[] {
  const scripts = (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const flags = /\bnode ((?:--\S+ )*)scripts\/serve\.mjs/.exec(scripts.serve ?? '')?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

export interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: number;
  /**
   * CPU per completed request, ms, during the measured run (Linux /proc): of the server process
   * (`MeasureOptions.pid`, all its threads) and of every PostgreSQL process of the machine. On a
   * machine shared with other work these stay meaningful where req/s do not: a quiet machine of
   * N cores serves about N / (server + PostgreSQL + load generator CPU) requests a second.
   */
  serverCpu?: number;
  postgresCpu?: number;
}

export interface MeasureOptions {
  connections: number;
  warmup: number;
  duration: number;
  /** The server's process, for `serverCpu`. */
  pid?: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU (user + system) a process has used so far, ms; with `reaped`, also that of its children
 * that have ended; null where /proc is not there.
 */
export function processCpuMs(pid: number, reaped = false): number | null {
  try {
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return (fields[11]! + fields[12]! + (reaped ? fields[13]! + fields[14]! : 0)) * TICK_MS;
  } catch {
    return null;
  }
}

/** CPU used so far by a process and every process under it (an app serving from several, APP_PROCESSES), ms. */
export function processTreeCpuMs(pid: number): number {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Gone, or no children to list.
  }
  return (processCpuMs(pid) ?? 0) + children.reduce((sum, child) => sum + processTreeCpuMs(child), 0);
}

/** Resident memory of a process, MB: now (VmRSS) and its peak since it started (VmHWM); 0 once it is gone. */
export function rssMb(pid: number): { now: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return { now: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024, peak: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 };
  } catch {
    return { now: 0, peak: 0 };
  }
}

/**
 * CPU used so far by PostgreSQL, ms: every process named postgres (the server and its live
 * backends), plus the backends that have ended, which the server counts as its reaped children.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += processCpuMs(Number(entry), true) ?? 0;
  }
  return total;
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
  const serverBefore = options.pid ? processCpuMs(options.pid) : null;
  const postgresBefore = fs.existsSync('/proc') ? postgresCpuMs() : null;
  const result = await around(() => run(options.duration));
  const serverAfter = options.pid ? processCpuMs(options.pid) : null;
  const postgresAfter = postgresBefore === null ? null : postgresCpuMs();
  const completed = Math.max(1, result['2xx']);
  return {
    ...(serverBefore !== null && serverAfter !== null ? { serverCpu: (serverAfter - serverBefore) / completed } : {}),
    ...(postgresBefore !== null && postgresAfter !== null ? { postgresCpu: (postgresAfter - postgresBefore) / completed } : {}),
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

/** A TCP port free on 127.0.0.1 at the time of asking. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Resident memory of a process and its descendants, MB (the serve script runs the app as its child). */
export function treeRssMb(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      for (const task of fs.readdirSync(`/proc/${id}/task`)) {
        const children = fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      /* ended */
    }
  };
  visit(pid);
  return total;
}

/** A JSON call of the app's API (`token`: a bearer token, or none): its parsed answer, or a BenchError naming the call and its status. */
export async function callApi(base: string, token: string | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new BenchError(`${method} ${url} answered ${response.status}: ${text.slice(0, 400)}`);
  return text ? JSON.parse(text) : null;
}

/** A picture the media library takes: an uncompressed 24-bit BMP of `width` × `height` pixels. */
export function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const data = Buffer.alloc(54 + row * height);
  data.write('BM', 0);
  data.writeUInt32LE(data.length, 2);
  data.writeUInt32LE(54, 10);
  data.writeUInt32LE(40, 14);
  data.writeInt32LE(width, 18);
  data.writeInt32LE(height, 22);
  data.writeUInt16LE(1, 26);
  data.writeUInt16LE(24, 28);
  data.writeUInt32LE(row * height, 34);
  return data;
}

/** A local server of the files an import fetches (`served`: path → type and body), on `port` (0: any free one). */
export async function serveFiles(port = 0): Promise<{ served: Map<string, { type: string; body: Buffer | string }>; base: string; close: () => void }> {
  const served = new Map<string, { type: string; body: Buffer | string }>();
  const server = http.createServer((req, res) => {
    const file = served.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    served,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
