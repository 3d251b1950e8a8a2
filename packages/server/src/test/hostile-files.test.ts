import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FILE_READERS } from '../file-readers.ts';
import type { FileFormat } from '../kit/untrusted-file.ts';
import { HOSTILE_FORMAT, hostileFile, type HostileKind } from './hostile-files.ts';
import { multipart } from './images.ts';
import { waitUntil } from './wait.ts';

/**
 * The hostile-file pass (DESIGN.md §9, §10 untrusted files). Every route that takes a file a
 * reader reads (`untrustedUpload` in its config, kit/untrusted-file.ts) is sent, in each format its
 * reader reads, a file with one value far past every bound: a cell of an XLSX as an inline string
 * and as a shared string, an XML text node and attribute, XML nested a million deep, a CSV field.
 * Read without bounds, the XLSX cells and the feeds' text values would each need hundreds of
 * megabytes: the XLSX files are 150 kB, the feeds' text files stream from a local server.
 *
 * The app runs in a process of its own with `npm run serve`'s heap flags (hostile-app-child.ts),
 * as production runs it: a file read without bounds or outside its worker would end it. Each file
 * must end with a clear error in the caller's language (a 400 naming the cell, element or line;
 * for a feed, a failed import whose report says so), after which the app answers /healthz, its
 * heap is within its limit, and its peak resident memory (VmHWM) within MEMORY_BUDGET_MB of where
 * it started. A route or reader is covered by being declared; a route with no way to reach it
 * (file-upload-samples.ts) or a reader no route reaches fails the pass.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What reading the hostile files may add to the app's resident memory at most, MB (the readers' worker heap is 64 MB of it). */
const MEMORY_BUDGET_MB = 200;
/** Length of the hostile values: the tables' imports unpack at most 30 MB and upload at most 1 MB; the feeds 200 MB. */
const TABLE_CELL = 25_000_000;
const TABLE_CSV_FIELD = 900_000;
const FEED_VALUE = 150_000_000;
const NESTING = 1_000_000;

interface Upload {
  method: string;
  route: string;
  url: string | null;
  reader: string;
  formats: FileFormat[];
}

/** The message each kind of file must end with, as the app words it (any bound: the imports differ). */
const EXPECTED: Record<HostileKind, { ru: RegExp; en: RegExp }> = {
  'xlsx inline string': { ru: /Ячейка B2 длиннее [\d\u00a0]+ символов/, en: /Cell B2 is longer than [\d,]+ characters/ },
  'xlsx shared string': { ru: /Ячейка B2 длиннее [\d\u00a0]+ символов/, en: /Cell B2 is longer than [\d,]+ characters/ },
  'xml text node': { ru: /Элемент <description> в строке 1: текст длиннее [\d\u00a0]+ символов/, en: /Element <description> at line 1: its text is longer than [\d,]+ characters/ },
  'xml attribute': { ru: /Атрибут note элемента <car> в строке 1 длиннее [\d\u00a0]+ символов/, en: /Attribute note of element <car> at line 1 is longer than [\d,]+ characters/ },
  'xml nesting': { ru: /Элемент <a> в строке 1: вложенность глубже 100 уровней/, en: /Element <a> at line 1 is nested deeper than 100 levels/ },
  // The feed's scanner bounds the field (10,000), the tables' reader the record (64 KB) first.
  'csv field': { ru: /Ячейка B2 длиннее [\d\u00a0]+ символов|Строка 2: запись длиннее [\d\u00a0]+ символов/, en: /Cell B2 is longer than [\d,]+ characters|Line 2: the record is longer than [\d,]+ characters/ },
};
const KINDS = Object.keys(HOSTILE_FORMAT) as HostileKind[];

let child: ChildProcess;
let base = '';
let token = '';
let uploads: Upload[] = [];
let dataDir = '';
let dropDatabase: (() => Promise<void>) | null = null;
let streams: http.Server;
let streamBase = '';
const memoryAsked: ((memory: { heapUsed: number; heapLimit: number; rss: number }) => void)[] = [];

/** A signal aborted when the response closes (the app stopped reading it). */
function closed(response: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (response.destroyed) controller.abort();
  else response.once('close', () => controller.abort());
  return controller.signal;
}

/** npm run serve's heap flags, as package.json gives them. */
function serveFlags(): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(serverRoot, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (/\bnode ((?:--\S+ )*)scripts\/serve\.mjs/.exec(scripts.serve ?? '')?.[1] ?? '').split(' ').filter(Boolean);
}

/** A database for the child: PostgreSQL's copy of the demo template, or the PGlite dump to load. */
async function childDatabase(): Promise<Record<string, string>> {
  const template = inject('databaseTemplates').demo.database;
  if (!onPostgres) return { DATABASE_URL: '', MEMORY_DB_TEMPLATE: template };
  const name = `dp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

beforeAll(async () => {
  // The feeds' text files, streamed: `/feed/<kind>`.
  streams = http.createServer((request, response) => {
    const kind = decodeURIComponent(request.url!.slice('/feed/'.length)) as HostileKind;
    void hostileFile(kind, kind === 'xml nesting' ? NESTING : FEED_VALUE).then(async (chunks) => {
      response.on('error', () => undefined);
      // Written as the app reads; it stops reading (and closes) once its reader refused the file.
      const signal = closed(response);
      for (const chunk of chunks) {
        if (signal.aborted) return;
        if (!response.write(chunk)) await once(response, 'drain', { signal }).catch(() => undefined);
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => streams.listen(0, '127.0.0.1', resolve));
  streamBase = `http://127.0.0.1:${(streams.address() as AddressInfo).port}`;

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-hostile-files-'));
  child = spawn(process.execPath, [...serveFlags(), '--import', 'tsx', 'src/test/hostile-app-child.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...(await childDatabase()), DATA_DIR: dataDir, OUTBOUND_ALLOW_HOSTS: '127.0.0.1', LOG_LEVEL: 'warn', RUN_JOBS: 'true' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message: { ready?: { port: number; token: string; uploads: Upload[] }; memory?: { heapUsed: number; heapLimit: number; rss: number } }) => {
    if (message.ready) {
      base = `http://127.0.0.1:${message.ready.port}`;
      token = message.ready.token;
      uploads = message.ready.uploads;
    }
    if (message.memory) memoryAsked.shift()?.(message.memory);
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`the app exited (${code ?? signal}) before it was ready`)));
  await Promise.race([waitUntil('the app to be ready', () => base || undefined, 120_000), exited.then((why) => Promise.reject(new Error(why)))]);
}, 150_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  streams?.closeAllConnections();
  streams?.close();
  await dropDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (method: string, url: string, options: { lang?: string; body?: unknown; form?: ReturnType<typeof multipart> } = {}) =>
  fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'accept-language': options.lang ?? 'ru', ...(options.form ? { 'content-type': options.form.contentType } : options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: options.form ? options.form.body : options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });

/** The app's heap and peak resident memory now. */
async function memory() {
  const heap = await new Promise<{ heapUsed: number; heapLimit: number; rss: number }>((resolve) => {
    memoryAsked.push(resolve);
    child.send('memory');
  });
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return { ...heap, peakRss: Number(/VmHWM:\s+(\d+)/.exec(status)![1]) * 1024 };
}

/** The files of each kind, made once (an upload's whole body). */
const files = new Map<string, Buffer>();
async function fileOf(kind: HostileKind, length: number) {
  const key = `${kind}:${length}`;
  if (!files.has(key)) files.set(key, Buffer.concat(await hostileFile(kind, length)));
  return files.get(key)!;
}

/** A table import's route sent the file: the answer's status and first error. */
async function sendTable(upload: Upload, kind: HostileKind, lang: 'ru' | 'en') {
  const data = await fileOf(kind, HOSTILE_FORMAT[kind] === 'csv' ? TABLE_CSV_FIELD : TABLE_CELL);
  const response = await call(upload.method, upload.url!, { lang, form: multipart([{ field: 'file', name: `hostile.${HOSTILE_FORMAT[kind]}`, data }]) });
  const body = await response.text();
  const error = (JSON.parse(body) as { errors?: { title?: string }[] }).errors?.[0]?.title ?? body.slice(0, 200);
  return { status: response.status, text: error };
}

/**
 * A feed's route: the XLSX uploaded through it, a text feed given as a URL streaming it (too large
 * to upload); the import started and waited for. Answers the finished report's status and error.
 */
async function sendFeed(upload: Upload, kind: HostileKind, lang: 'ru' | 'en') {
  const settings = upload.url!.replace(/\/manual$/, '').replace(/.*\/import\//, '');
  const api = upload.url!.replace(/\/import\/\d+\/manual$/, '');
  const setFiles = (files: unknown[]) => call('PATCH', `${api}/settings/${settings}`, { body: { data: { attributes: { files } } } });
  if (HOSTILE_FORMAT[kind] === 'xlsx') {
    expect((await setFiles([])).status).toBe(200);
    const uploaded = await call('POST', upload.url!, { form: multipart([{ field: 'file', name: 'hostile.xlsx', data: await fileOf(kind, FEED_VALUE) }]) });
    expect(uploaded.status, await uploaded.text()).toBe(200);
  } else {
    const changed = await setFiles([{ kind: 'url', url: `${streamBase}/feed/${encodeURIComponent(kind)}`, name: `${kind}.${HOSTILE_FORMAT[kind]}` }]);
    expect(changed.status, await changed.text()).toBe(200);
  }
  const started = await call('POST', `${upload.url!}/start`, { lang, body: { data: {} } });
  expect(started.status, await started.clone().text()).toBe(202);
  const reportId = (await started.json()).data.id as string;
  const report = await waitUntil(`the import of ${kind} to end`, async () => {
    const attributes = (await (await call('GET', `${api}/reports/${reportId}`)).json()).data.attributes as { is_finished: boolean; status: string; error: string | null; created_count: number };
    return attributes.is_finished && attributes;
  }, 120_000);
  expect(report.created_count).toBe(0);
  return { status: report.status === 'finished_with_error' ? 400 : 200, text: report.error ?? '' };
}

const SENDERS: Record<string, typeof sendTable> = { spreadsheet: sendTable, 'cars.import.feed': sendFeed, 'accessories.yml': sendTable };

describe('the hostile-file pass over every route that takes an untrusted file', () => {
  it('has a way to every declared upload, and every reader is reached by one', () => {
    expect(uploads.filter((upload) => !upload.url).map((upload) => `${upload.method} ${upload.route}: no sample in file-upload-samples.ts`)).toEqual([]);
    expect(uploads.filter((upload) => !SENDERS[upload.reader]).map((upload) => `${upload.method} ${upload.route}: no way to send files to reader ${upload.reader}`)).toEqual([]);
    expect(Object.keys(FILE_READERS).filter((reader) => !uploads.some((upload) => upload.reader === reader))).toEqual([]);
    for (const [name, reader] of Object.entries(FILE_READERS)) expect(uploads.filter((upload) => upload.reader === name).every((upload) => upload.formats.every((format) => reader.formats.includes(format))), name).toBe(true);
    // Every kind is sent somewhere; the imports named in the issue among the routes.
    expect(KINDS.filter((kind) => !uploads.some((upload) => upload.formats.includes(HOSTILE_FORMAT[kind])))).toEqual([]);
    for (const route of ['/gateway/cars.import/api/v1/import/:id/manual', '/gateway/cars.vins/api/v1/import/vin_data', '/gateway/dealerships/api/v1/departments/:id/import_employees', '/gateway/seo/api/v1/sites/:siteId/import_redirects', '/gateway/cars.catalog/api/v1/import/body_colors']) {
      expect(uploads.map((upload) => upload.route)).toContain(route);
    }
  });

  it('ends each hostile file with a clear error in the caller\'s language; the app answers, within its heap and memory budget', { timeout: 600_000 }, async () => {
    const start = await memory();
    const failures: string[] = [];
    let count = 0;
    for (const upload of uploads.filter((item) => item.url && SENDERS[item.reader])) {
      for (const kind of KINDS.filter((item) => upload.formats.includes(HOSTILE_FORMAT[item]))) {
        const lang = count++ % 2 ? 'en' : 'ru';
        const label = `${upload.method} ${upload.route} ${kind} (${lang})`;
        const answer = await SENDERS[upload.reader]!(upload, kind, lang);
        if (answer.status !== 400 || !EXPECTED[kind][lang].test(answer.text)) failures.push(`${label}: ${answer.status} ${answer.text}`);
        const health = await fetch(`${base}/healthz`).then((response) => response.status, (error: Error) => error.message);
        if (health !== 200) {
          failures.push(`${label}: /healthz answered ${health}`);
          break;
        }
        const now = await memory();
        if (now.heapUsed >= now.heapLimit) failures.push(`${label}: heap ${now.heapUsed} of ${now.heapLimit}`);
      }
    }
    const end = await memory();
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(uploads.length * 3);
    expect((end.peakRss - start.rss) / 1024 / 1024, `peak RSS ${Math.round(end.peakRss / 1024 / 1024)} MB, ${Math.round(start.rss / 1024 / 1024)} MB at the start`).toBeLessThan(MEMORY_BUDGET_MB);
  });
});
