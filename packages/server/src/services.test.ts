import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { RESOURCES, resourceKey } from '@dp/contracts';
import { loadConfig } from './kit/config.ts';
import type { ServiceContext } from './kit/context.ts';
import { ResourceRegistry } from './kit/crud-routes.ts';
import * as auditTables from './kit/audit.table.ts';
import * as schema from './schema.ts';
import { SERVICES } from './services.ts';

/** What the app, the worker and drizzle-kit rely on when they walk the list of services. */
const servicesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'services');
const count = (names: string[]) => names.reduce((counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1), new Map<string, number>());
const tablesOf = (modules: object[]) => modules.flatMap((module) => Object.values(module).filter((value) => is(value, PgTable)));

describe('SERVICES', () => {
  it('holds every service folder with an index.ts exactly once, under its folder name', () => {
    const folders = fs.readdirSync(servicesDir).filter((name) => fs.existsSync(path.join(servicesDir, name, 'index.ts')));
    expect(SERVICES.map((service) => service.name).sort()).toEqual(folders.sort());
  });

  it('binds every contracts resource to exactly one table, and nothing else', () => {
    const registry = new ResourceRegistry();
    const config = loadConfig({}, { memoryDb: true, databaseUrl: null, logLevel: 'silent', webDist: null });
    const bound = SERVICES.flatMap((service) => service.resources(registry, config).map((binding) => resourceKey(binding.resource)));
    expect([...count(bound)].filter(([, n]) => n !== 1)).toEqual([]);
    expect(bound.sort()).toEqual(RESOURCES.map(resourceKey).sort());
  });

  it('declares every table of schema.ts in exactly one service (the audit log is the kit\'s)', () => {
    const declared = [...tablesOf([auditTables]), ...SERVICES.flatMap((service) => tablesOf(service.tables))];
    expect(new Set(declared).size).toBe(declared.length);
    expect(new Set(declared)).toEqual(new Set(tablesOf([schema])));
  });

  it('names each job handler once, and schedules and batch sizes only handled queues', () => {
    const ctx = {} as ServiceContext;
    const handled = SERVICES.flatMap((service) => Object.keys(service.jobs(ctx)));
    expect([...count(handled)].filter(([, n]) => n !== 1)).toEqual([]);
    const scheduled = SERVICES.flatMap((service) => Object.keys(service.schedules));
    const batched = SERVICES.flatMap((service) => Object.keys(service.batchSizes));
    expect([...scheduled, ...batched].filter((name) => !handled.includes(name))).toEqual([]);
  });
});
