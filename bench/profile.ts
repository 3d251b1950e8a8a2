/**
 * `npx tsx bench/profile.ts <file.cpuprofile> [top]`: where a V8 CPU profile (BENCH_CPU_PROF of
 * bench:api and bench:peer, or `node --cpu-prof`) spends its time: self time by package or file,
 * and the functions with the most self time. Idle and garbage collection are listed apart.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** A package (node_modules/<name>), a file of this repository, or V8's own. */
function placeOf(url: string): string {
  if (!url) return '(native / V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const repo = url.indexOf('/packages/');
  return repo >= 0 ? url.slice(repo + 1) : url.replace(/^file:\/\//, '');
}

const selfByNode = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfByNode.values()].reduce((a, b) => a + b, 0);
const special = new Map<string, number>();
const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, time] of selfByNode) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (['(idle)', '(program)', '(garbage collector)'].includes(functionName)) {
    special.set(functionName, (special.get(functionName) ?? 0) + time);
    continue;
  }
  const place = placeOf(url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + time);
  const name = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
}
const busy = total - (special.get('(idle)') ?? 0);
const pct = (time: number, of: number) => `${((100 * time) / of).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle)`);
for (const [name, time] of special) console.log(`  ${name.padEnd(22)} ${pct(time, total)} of all`);
console.log(`\nSelf time by package or file (share of busy time):`);
for (const [place, time] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(time, busy)}  ${place}`);
console.log(`\nFunctions with the most self time:`);
for (const [name, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(time, busy)}  ${name}`);
