// End-to-end tests in Debian's Chromium. Without Chromium they are skipped with a clear line,
// unless E2E=required (CI), which makes a missing browser an error.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

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
if (run('npm', ['run', 'build:web']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]));
