import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // A migrated database dumped once; each file's in-memory database loads it.
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Each file boots its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // A worker keeps its loaded modules from one file to the next (a third less CPU than loading
    // the whole server per file); each file still has its own app and database (test-app.ts).
    isolate: false,
    // Its own group: vitest runs projects with different worker settings one after the other.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
