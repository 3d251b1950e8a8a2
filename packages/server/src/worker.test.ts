import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.ts';
import { codeOf, startSmtpListener } from './test/smtp-listener.ts';

/**
 * `npm run worker` runs the jobs in a process of its own. Two processes can share only a
 * PostgreSQL database (the embedded one belongs to one process), so this runs with TEST_DB=postgres.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.DATABASE_URL);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.runIf(onPostgres)('separate worker process (PostgreSQL)', () => {
  let t: TestApp | undefined;
  let worker: ChildProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>> | undefined;
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await t?.close();
    await smtp?.close();
  });

  it('runs the recovery mail job that the app process only enqueued', async () => {
    smtp = await startSmtpListener();
    const smtpConfig = { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null };
    t = await buildTestApp({ runJobs: false, smtp: smtpConfig });
    const user = await t.createUser({});
    await t.request('POST', '/gateway/auth.processing/api/v1/restore/code', { body: { data: { identity: user.email } } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(0);

    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: t.config.databaseUrl!, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.to).toEqual([user.email]);
    const code = codeOf(mail!);
    const done = await t.request('POST', '/gateway/auth.processing/api/v1/restore/password', {
      body: { data: { identity: user.email, code, new_password: 'Worker-Pass5%' } },
    });
    expect(done.statusCode).toBe(204);
  });
});

describe.skipIf(onPostgres)('separate worker process', () => {
  it.skip('needs PostgreSQL: runs in the TEST_DB=postgres pass of npm test', () => {});
});
