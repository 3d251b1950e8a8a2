import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPgliteTemplate, openDatabase, type Db } from '../kit/db.ts';
import { createFileStorage } from '../kit/files.ts';
import { seedReferenceData } from '../seed/reference-data.ts';
import { loadDemoData } from '../seed/demo-data.ts';
import { PASSWORD } from './password.ts';

/**
 * Where a test file's database starts from (test-app.ts): on PGlite a dump to load, on
 * PostgreSQL a template database to copy (`create database … template`). The demo template
 * holds the demo data as `npm start` loads it (accounts with PASSWORD), and its stored files.
 */
export interface DatabaseTemplates {
  migrated: string;
  demo: { database: string; files: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function fillDemo(db: Db, dataDir: string) {
  await seedReferenceData(db);
  await loadDemoData(db, PASSWORD, createFileStorage({ dataDir }));
}

async function onPostgres(serverUrl: string, name: string, fill?: (db: Db) => Promise<void>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', memoryDb: false });
  try {
    await fill?.(database.db);
  } finally {
    await database.close();
  }
}

async function dropPostgres(serverUrl: string, names: string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** Once per run: a migrated database and one with the demo data, for every test file. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-test-templates-'));
  const demoDataDir = path.join(dir, 'demo');
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.DATABASE_URL : undefined;
  let templates: DatabaseTemplates;
  let cleanup = async () => {};
  if (serverUrl) {
    const suffix = randomBytes(6).toString('hex');
    templates = { migrated: `dp_tmpl_migrated_${suffix}`, demo: { database: `dp_tmpl_demo_${suffix}`, files: path.join(demoDataDir, 'files') } };
    cleanup = () => dropPostgres(serverUrl, [templates.migrated, templates.demo.database]);
    await onPostgres(serverUrl, templates.migrated);
    await onPostgres(serverUrl, templates.demo.database, (db) => fillDemo(db, demoDataDir));
  } else {
    templates = { migrated: path.join(dir, 'migrated.tar'), demo: { database: path.join(dir, 'demo.tar'), files: path.join(demoDataDir, 'files') } };
    await dumpPgliteTemplate(templates.migrated);
    await dumpPgliteTemplate(templates.demo.database, (db) => fillDemo(db, demoDataDir));
  }
  project.provide('databaseTemplates', templates);
  return async () => {
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
