import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM API (its `register` installs the loader in the thread that calls it), as a file URL. */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/**
 * A worker thread running an entry of the server: its bundled file when the server runs bundled
 * (scripts/serve.mjs defines the path), else its TypeScript source through tsx's loader, which
 * Node 20 does not pass on to worker threads by itself (the tests, `DP_SERVE_SOURCES=1`).
 */
export function startThread(bundled: string | undefined, source: URL, options: WorkerOptions): Worker {
  if (bundled) return new Worker(pathToFileURL(bundled), options);
  const boot = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
