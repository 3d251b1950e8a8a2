/**
 * `npm run serve`: starts the server (packages/server/src/main.ts) from one bundled file, rebuilt
 * only when its sources changed, so that a start loads one JavaScript file instead of
 * transpiling and resolving several hundred TypeScript modules through a loader hook
 * (docs/performance.md, "bench:start"). Packages stay in node_modules (not bundled); the workspace's
 * own TypeScript (server and contracts) is bundled. `import.meta.url` keeps meaning the file it is
 * written in, so paths computed from it (the migrations folder) are the same as from the sources.
 * The file readers' worker (packages/server/src/file-readers.ts, run in a worker thread by
 * kit/untrusted-file.ts) is bundled beside it as file-readers.mjs; the server finds it through
 * DP_FILE_READERS_BUNDLE, which the build defines as that file's path; the embedded database's
 * thread (src/database-thread.ts, kit/pglite-thread.ts) likewise as database-thread.mjs.
 *
 * DP_SERVE_SOURCES=1 runs the sources through tsx instead, as the tests do.
 *
 * APP_PROCESSES=N (PostgreSQL only; 1 by default) serves the port from N processes (node:cluster:
 * the connections are shared among them). One process's main thread serves a core; the processes
 * keep their caches in step as separate app processes do (docs/scale-out.md). The first is started
 * alone, so that it alone migrates and loads the demo data, and the others once it listens.
 */
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'packages/server/src/main.ts');
const readersEntry = path.join(root, 'packages/server/src/file-readers.ts');
const databaseEntry = path.join(root, 'packages/server/src/database-thread.ts');
const outDir = path.join(root, 'packages/server/dist');
const bundle = path.join(outDir, 'main.mjs');
const readersBundle = path.join(outDir, 'file-readers.mjs');
const databaseBundle = path.join(outDir, 'database-thread.mjs');
const fingerprintFile = path.join(outDir, 'main.fingerprint');
/** What the bundle is made of: the workspace's TypeScript and the installed packages' versions. */
const INPUTS = ['packages/server/src', 'packages/contracts/src', 'packages/server/package.json', 'packages/contracts/package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/serve.mjs'];
const IGNORED = /\.test\.ts$|[/\\]test[/\\]/;

function* files(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) return yield [entry, stat];
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** Name, size and modification time of every input: any change, addition or removal changes it. */
function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const [file, stat] of files(path.join(root, input))) {
      if (!IGNORED.test(file)) hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** `import.meta.url` (and its dirname, filename) of each source file, as the file's own. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const url = pathToFileURL(args.path).href;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/** Packages are imported from node_modules at run time; the workspace's own (@dp/*) are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@dp/') ? undefined : { path: args.path, external: true }));
  },
};

/** esbuild as tsx (a dependency of the project) has it: no second copy to install. */
async function loadEsbuild() {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  const module = await import(pathToFileURL(fromTsx.resolve('esbuild')).href);
  return module.build ? module : module.default;
}

async function buildBundle(current) {
  const esbuild = await loadEsbuild();
  const started = performance.now();
  const result = await esbuild.build({
    entryPoints: { main: entry, 'file-readers': readersEntry, 'database-thread': databaseEntry },
    bundle: true,
    // The entry's dynamic imports load their packages only when imported: the server's code loads
    // while the embedded database opens in its thread (packages/server/src/main.ts).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    sourcemap: 'linked',
    // Stack traces need the maps' positions only: the sources' text would stay in the server's memory.
    sourcesContent: false,
    write: false,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    define: { DP_FILE_READERS_BUNDLE: JSON.stringify(readersBundle), DP_DATABASE_THREAD_BUNDLE: JSON.stringify(databaseBundle) },
    logLevel: 'warning',
    plugins: [packagesOutside, ownImportMeta],
  });
  // esbuild's service process (about 95 MB) would otherwise live as long as the server.
  await esbuild.stop();
  fs.mkdirSync(outDir, { recursive: true });
  // Written beside and renamed: another start building at the same moment never reads half a file.
  const suffix = `.${process.pid}.tmp`;
  for (const file of result.outputFiles) fs.writeFileSync(file.path + suffix, file.contents);
  for (const file of result.outputFiles) fs.renameSync(file.path + suffix, file.path);
  const written = new Set(result.outputFiles.map((file) => path.basename(file.path)));
  for (const name of fs.readdirSync(outDir)) if (/^chunk-.*\.mjs(\.map)?$/.test(name) && !written.has(name)) fs.rmSync(path.join(outDir, name), { force: true });
  fs.writeFileSync(fingerprintFile + suffix, current);
  fs.renameSync(fingerprintFile + suffix, fingerprintFile);
  console.log(`Server bundled in ${Math.round(performance.now() - started)} ms (packages/server/dist/main.mjs, file-readers.mjs, database-thread.mjs).`);
}

if (process.env.DP_SERVE_SOURCES === '1') {
  // The node flags `npm run serve` gave (the heap limit) apply to the server it starts.
  const child = spawn(process.execPath, [...process.execArgv, '--import', 'tsx', entry], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const processes = appProcesses();
  const current = fingerprint();
  const built = fs.existsSync(bundle) && fs.existsSync(readersBundle) && fs.existsSync(databaseBundle) && fs.existsSync(fingerprintFile) && fs.readFileSync(fingerprintFile, 'utf8') === current;
  if (!built) await buildBundle(current);
  if (processes > 1) serveFromProcesses(processes);
  else {
    // Stack traces name the TypeScript sources.
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(bundle).href);
  }
}

/** APP_PROCESSES, checked: a whole number from 1 to 64, more than one only on PostgreSQL. */
function appProcesses() {
  const raw = process.env.APP_PROCESSES ?? '1';
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1 || count > 64) fail(`APP_PROCESSES must be a whole number from 1 to 64, not "${raw}"`);
  if (count > 1 && !process.env.DATABASE_URL) fail('APP_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process (docs/scale-out.md)');
  return count;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * This process as the primary of `count` server processes: the first alone until it listens, then
 * the rest. A process that ends on its own ends them all (whatever supervises the server restarts
 * it whole); SIGINT and SIGTERM are passed on, and this process ends when they have.
 */
function serveFromProcesses(count) {
  cluster.setupPrimary({ exec: bundle, execArgv: [...process.execArgv, '--enable-source-maps'] });
  let stopping = false;
  const stopAll = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      console.error(`server process ${worker.process.pid} ended (${signal ?? code}): stopping the others`);
      stopAll('SIGTERM');
      process.exitCode = 1;
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === count) console.log(`Serving from ${count} processes.`);
  });
  cluster.fork().once('listening', () => {
    for (let i = 1; i < count; i++) cluster.fork();
  });
}
