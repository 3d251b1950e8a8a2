// The import graph of packages/*/src: fails (exit 1) on an import from a kit/ folder into a
// services/ folder of the same package, and on any import circle (type-only imports count: a
// circle of types is still a tangle to read). Run by `npm run typecheck`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : files(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const packages = fs.readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name, 'src')).filter((dir) => fs.existsSync(dir));
const all = packages.flatMap(files);
const known = new Set(all);

/** The file a relative specifier names, or null (a package, or a file outside the graph). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) if (known.has(candidate)) return candidate;
  return null;
}

const edges = new Map(all.map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target && target !== file) targets.add(target);
  }
  return [file, [...targets]];
}));

const rel = (file) => path.relative(root, file);
const problems = [];

// kit/ knows no service.
for (const [file, targets] of edges) {
  const kit = /\/src\/(?:.*\/)?kit\//.exec(file);
  if (!kit) continue;
  for (const target of targets) if (target.includes('/services/') && target.split('/src/')[0] === file.split('/src/')[0]) problems.push(`kit imports a service: ${rel(file)} -> ${rel(target)}`);
}

// Circles: strongly connected components of more than one file (Tarjan, iterative).
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
for (const start of all) {
  if (order.has(start)) continue;
  const work = [[start, 0]];
  order.set(start, index);
  low.set(start, index++);
  stack.push(start);
  onStack.add(start);
  while (work.length) {
    const frame = work[work.length - 1];
    const [node, at] = frame;
    const targets = edges.get(node);
    if (at < targets.length) {
      frame[1]++;
      const next = targets[at];
      if (!order.has(next)) {
        order.set(next, index);
        low.set(next, index++);
        stack.push(next);
        onStack.add(next);
        work.push([next, 0]);
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) problems.push(`import circle: ${component.map(rel).sort().join(' <-> ')}`);
    }
  }
}

if (problems.length) {
  console.error(`Import graph: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Import graph: ${all.length} files, kit/ imports no service, no circle`);
