import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.ts';

/** `APP_PROCESSES=N npm run serve`: the port served from N processes, on PostgreSQL only. */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serve = path.join(repoRoot, 'scripts/serve.mjs');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function start(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [serve], { cwd: repoRoot, env: { ...process.env, HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** The server processes the primary started (Linux keeps a process's children in /proc). */
const childrenOf = (pid: number) => fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

describe('APP_PROCESSES', () => {
  it('is refused on the embedded database, and when it is not a count, with a message naming the setting', async () => {
    const embedded = start({ APP_PROCESSES: '2', DATABASE_URL: '', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dp-processes-')) });
    expect(await embedded.exited).toBe(1);
    expect(embedded.stderr()).toContain('APP_PROCESSES above 1 needs DATABASE_URL');
    const wrong = start({ APP_PROCESSES: 'two', DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await wrong.exited).toBe(1);
    expect(wrong.stderr()).toContain('APP_PROCESSES must be a whole number from 1 to 64');
  });
});

describe.runIf(onPostgres)('APP_PROCESSES on PostgreSQL', () => {
  let t: TestApp | undefined;
  let primary: ChildProcess | undefined;
  afterAll(async () => {
    primary?.kill('SIGKILL');
    await t?.close();
  });

  it('serves the port from that many processes, and ends them all when one of them ends', { timeout: 120_000 }, async () => {
    t = await buildTestApp({});
    const port = await freePort();
    const served = start({ APP_PROCESSES: '2', DATABASE_URL: t.config.databaseUrl!, PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dp-processes-')) });
    primary = served.child;
    // The first process listens alone, then the second starts; the primary says when both listen.
    await expect.poll(() => served.stdout(), { timeout: 90_000, interval: 200 }).toContain('Serving from 2 processes.');
    expect(childrenOf(primary.pid!)).toHaveLength(2);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const sessions = await Promise.all(Array.from({ length: 8 }, () => fetch(`http://127.0.0.1:${port}/gateway/clients.storage/api/v1/me`).then((response) => response.status)));
    expect(sessions.every((status) => status === 401)).toBe(true);

    const [first, second] = childrenOf(primary.pid!);
    process.kill(second!, 'SIGKILL');
    expect(await served.exited).toBe(1);
    expect(served.stderr()).toContain('stopping the others');
    expect(() => process.kill(first!, 0)).toThrow();
  });
});
