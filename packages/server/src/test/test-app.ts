import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../kit/config.ts';
import { testHelpers, type TestHelpers } from './app-helpers.ts';

export { PASSWORD } from './password.ts';

/**
 * A database for one test file: in-memory PGlite by default; a fresh database on the server of
 * DATABASE_URL when TEST_DB=postgres (dropped at close), a copy of `template`.
 */
async function testDatabaseUrl(template: string): Promise<{ url: string | null; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !base) return { url: null, drop: async () => {} };
  const name = `dp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends App, TestHelpers {
  config: Config;
}

/**
 * The app on its own database. `demo`: the database holds the demo data as `npm start` loads it
 * (the demo accounts' password is PASSWORD) with its stored files, copied from a template made
 * once per run (global-setup.ts), not loaded again by every file that reads it.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, options: { demo?: boolean } = {}): Promise<TestApp> {
  const templates = inject('databaseTemplates');
  const template = options.demo ? templates.demo.database : templates.migrated;
  const database = await testDatabaseUrl(template);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-test-'));
  if (options.demo && fs.existsSync(templates.demo.files)) fs.cpSync(templates.demo.files, path.join(dataDir, 'files'), { recursive: true });
  // No test reads the exchange rate from the network: the rates' own tests give a stand-in's address.
  const config = loadConfig({}, { memoryDb: true, memoryDbTemplate: template, databaseUrl: database.url, dataDir, logLevel: 'silent', webDist: null, exchangeRateUrl: null, ...overrides });
  const built = await buildApp(config);
  const helpers = await testHelpers(built, config);
  return {
    ...built,
    config,
    async close() {
      // A test may have closed the database itself; the drop must still happen.
      await built.close().catch(() => undefined);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    ...helpers,
  };
}

