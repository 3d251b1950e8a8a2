// `npm run typecheck`: the three projects and the benchmarks checked side by side, then the import
// graph (scripts/import-graph.mjs: kit/ imports no service, no import circle). Each tsc uses one
// core, so on the 2-core CI machine the check takes about as long as the slowest project.
import { spawn } from 'node:child_process';

const projects = ['packages/contracts', 'packages/server', 'packages/web', 'bench'];
const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
const codes = await Promise.all(projects.map((project) => run('npx', ['tsc', '-p', project, '--noEmit'])));
const failed = projects.filter((_, i) => codes[i] !== 0);
if (failed.length) console.error(`Type check failed: ${failed.join(', ')}`);
const graph = await run('node', ['scripts/import-graph.mjs']);
process.exit(failed.length || graph !== 0 ? 1 : 0);
