import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { serveDatabase } from './kit/pglite-thread.ts';

/**
 * The entry of the embedded database's thread (kit/pglite-thread.ts): it imports no more than
 * the database needs.
 */
const start = (workerData as { databaseThread?: { dataDir: string; migrationsFolder: string; nice?: number } } | null)?.databaseThread;
if (!isMainThread && start) void serveDatabase(parentPort!, start);
