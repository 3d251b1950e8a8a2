// `npm run typecheck`: the three projects checked side by side. Each tsc uses one core, so on the
// 2-core CI machine the check takes as long as the slowest project instead of the sum of all three.
import { spawn } from 'node:child_process';

const projects = ['packages/contracts', 'packages/server', 'packages/web'];
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
const codes = await Promise.all(projects.map(run));
const failed = projects.filter((_, i) => codes[i] !== 0);
if (failed.length) console.error(`Type check failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
