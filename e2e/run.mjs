// End-to-end tests in Debian's Chromium. Without Chromium they are skipped with a clear line,
// unless E2E=required (CI), which makes a missing browser an error.
//
// The spec files are split into E2E_SHARDS groups (2 by default, one per core of CI) balanced by
// the durations in e2e/durations.json; each group runs in its own Playwright process against its
// own started app and embedded database, so the groups share no account, language or record.
// Named files or other arguments run in one process, as Playwright would.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const line = `End-to-end tests: Chromium not found at ${chromium} (Debian package "chromium").`;
  if (process.env.E2E === 'required') {
    console.error(`${line} E2E=required, so this is a failure.`);
    process.exit(1);
  }
  console.log(`${line} Skipped; set E2E=required to make this an error.`);
  process.exit(0);
}
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;
// WEB_DIST names a web build made beforehand (the app serves it): no build then.
if (!process.env.WEB_DIST && run('npm', ['run', 'build:web']) !== 0) process.exit(1);

const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.E2E_SHARDS || 2));
if (args.length || shards === 1) process.exit(run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args]));

/** Spec files in groups of about equal recorded duration (a file not recorded counts 60 s). */
function groups(count) {
  const durations = JSON.parse(fs.readFileSync(path.join(here, 'durations.json'), 'utf8'));
  const files = fs.readdirSync(here).filter((f) => f.endsWith('.spec.ts'));
  const weight = (f) => durations[f] ?? 60;
  const bins = Array.from({ length: count }, () => ({ files: [], total: 0 }));
  for (const file of files.sort((a, b) => weight(b) - weight(a))) {
    const lightest = bins.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return bins.filter((b) => b.files.length);
}

/** One group's Playwright process; its output lines carry the group's number. */
function runGroup(group, index) {
  const port = Number(process.env.E2E_PORT || 3210) + index;
  console.log(`[e2e ${index + 1}] ${group.files.length} files, about ${Math.round(group.total / 60)} min: ${group.files.join(' ')}`);
  const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--output', `test-results/e2e-${index + 1}`, ...group.files.map((f) => `e2e/${f}`)], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[e2e ${index + 1}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[e2e ${index + 1}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(groups(shards).map(runGroup));
const failed = codes.filter((code) => code !== 0).length;
console.log(failed ? `End-to-end tests: ${failed} of ${codes.length} groups failed.` : `End-to-end tests: all ${codes.length} groups passed.`);
process.exit(failed ? 1 : 0);
