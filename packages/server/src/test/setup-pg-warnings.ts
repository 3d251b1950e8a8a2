import { afterEach } from 'vitest';

/**
 * pg queues a query given to a client that is already running one, warns once per process, and
 * pg 9 will refuse it. Here that is a bug: two queries at once inside a transaction (one client),
 * usually a Promise.all over a `tx`. The test during which pg warned fails with the warning's stack.
 * Files share a worker process (isolate: false), so the listener is added once.
 */
const state = globalThis as { pgQueueWarnings?: string[] };
if (!state.pgQueueWarnings) {
  const found: string[] = [];
  state.pgQueueWarnings = found;
  process.on('warning', (warning) => {
    if (warning.message.includes('already executing a query')) found.push(warning.stack ?? warning.message);
  });
}

afterEach(async () => {
  // process.emitWarning emits on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  const [first] = state.pgQueueWarnings!.splice(0);
  if (first) throw new Error(`a query was given to a connection that was running another one (a Promise.all over a transaction?): ${first}`);
});
