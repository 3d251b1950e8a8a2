import v8 from 'node:v8';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kit/config.ts';
import { permissions } from '../schema.ts';
import { testHelpers } from './app-helpers.ts';
import { uploadSampleFor } from './file-upload-samples.ts';
import type { TestApp } from './test-app.ts';

/**
 * The app of the hostile-file suite (hostile-files.test.ts) in a process of its own, started with
 * `npm run serve`'s heap flags, so that a file read without bounds or outside its worker would end
 * it as it would end production. It runs on DATABASE_URL, else on an in-memory PGlite loaded from
 * the dump MEMORY_DB_TEMPLATE (the demo data), works the jobs (the feed import reads in its job),
 * and tells the suite over IPC:
 * - `{ ready }` once listening: its port, a staff token holding every permission, and every route
 *   that takes an untrusted file, with its path parameters filled in (file-upload-samples.ts), or
 *   with `missing` where no sample says how;
 * - `{ memory }` whenever asked (`'memory'`): its heap in use, the heap's limit and its RSS.
 */
async function main() {
  const config = loadConfig(process.env, {
    databaseUrl: process.env.DATABASE_URL || null,
    memoryDb: !process.env.DATABASE_URL,
    memoryDbTemplate: process.env.MEMORY_DB_TEMPLATE || null,
    logLevel: 'warn',
    webDist: null,
    runJobs: true,
  });
  const built = await buildApp(config);
  const t = { ...built, config, ...(await testHelpers(built, config)) } as TestApp;
  const grants: Record<string, string[]> = {};
  for (const p of await built.database.db.select({ service: permissions.service, code: permissions.code }).from(permissions)) (grants[p.service] ??= []).push(p.code);
  const staff = await t.createUser({ email: `hostile-files-${Date.now()}@platform.test`, grants });
  const token = (await t.signIn(staff.email)).access_token as string;
  const uploads = [];
  for (const route of built.routes) {
    const upload = route.config?.untrustedUpload;
    if (!upload) continue;
    for (const method of [route.method].flat()) {
      const sample = uploadSampleFor(String(method), route.url);
      const values = sample ? await sample(t) : null;
      const url = values ? route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(values[name])) : null;
      uploads.push({ method: String(method), route: route.url, url, ...upload });
    }
  }
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  process.on('message', (message) => {
    if (message !== 'memory') return;
    const { heapUsed, rss } = process.memoryUsage();
    process.send!({ memory: { heapUsed, rss, heapLimit: v8.getHeapStatistics().heap_size_limit } });
  });
  process.send!({ ready: { port, token, uploads } });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
