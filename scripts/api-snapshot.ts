// Prints what the API declares, as JSON: the stored gateway route table, the screens registry,
// the permission codes and the OpenAPI document, each sorted. Two builds print the same text when
// a refactoring kept the contract: `npx tsx scripts/api-snapshot.ts > a.json`, then compare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/kit/config.ts';
import { apiRoutes, permissions, screenRoutes } from '../packages/server/src/schema.ts';

/** The value with every object's keys in order: the order routes were registered in is not the contract. */
const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]))
      : value;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-api-snapshot-'));
const config = loadConfig({}, { memoryDb: true, databaseUrl: null, dataDir, logLevel: 'silent', webDist: null, runJobs: false });
const built = await buildApp(config);
try {
  await built.app.ready();
  const strip = <T extends Record<string, unknown>>(rows: T[]) => rows.map(({ id: _id, created_at: _c, updated_at: _u, ...rest }) => rest);
  const db = built.database.db;
  const key = (row: Record<string, unknown>) => JSON.stringify(row);
  const sorted = <T extends Record<string, unknown>>(rows: T[]) => strip(rows).sort((a, b) => key(a).localeCompare(key(b)));
  const snapshot = {
    routes: sorted(await db.select().from(apiRoutes).orderBy(asc(apiRoutes.id))),
    screens: sorted(await db.select().from(screenRoutes).orderBy(asc(screenRoutes.id))),
    permissions: sorted(await db.select().from(permissions).orderBy(asc(permissions.id))),
    openapi: sortKeys(built.app.swagger()),
  };
  process.stdout.write(`${JSON.stringify(snapshot, null, 1)}\n`);
} finally {
  await built.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
