import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // A migrated database dumped once; each file's in-memory database loads it.
    globalSetup: ['src/test/global-setup.ts'],
    // Fails a test that gives a connection two queries at once (pg 9 refuses it).
    setupFiles: ['src/test/setup-pg-warnings.ts'],
    pool: 'forks',
    // A worker imports the app's modules once for all its files (about 4 s a file otherwise): every
    // file builds its own app and database, and module-level state is registration only.
    isolate: false,
    // Each file boots its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Its own group: vitest runs projects with different worker settings one after the other.
    sequence: { groupOrder: 1 },
    // No test reads the exchange rate from the network (apps built from the environment included).
    env: { EXCHANGE_RATE_URL: 'off' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
