import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(web, '../..');

/** Where a finished build records what it was built from (packages/web/precompress.ts writes it last). */
export const FINGERPRINT_FILE = '.build-fingerprint';

/** What the built web depends on: its sources, the contracts, the build setup and the installed packages. */
const INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/precompress.ts',
  'packages/web/antd-styles.tsx',
  'packages/web/build-fingerprint.ts',
  'packages/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
/** Tests are not part of the build. */
const IGNORED = /\.test\.tsx?$|[/\\]test[/\\]/;

function* files(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) return yield entry;
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/**
 * A digest of the name, size and modification time of every input file: a change, an addition or
 * a removal changes it. Reads no file contents, so it takes milliseconds.
 */
export function webInputsFingerprint(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(repo, input))) {
      if (IGNORED.test(file)) continue;
      const stat = fs.statSync(file);
      hash.update(`${path.relative(repo, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Whether `dist` holds a finished build of the current inputs. */
export function webBuildIsCurrent(dist: string): boolean {
  const file = path.join(dist, FINGERPRINT_FILE);
  if (!fs.existsSync(file) || !fs.existsSync(path.join(dist, 'index.html'))) return false;
  return fs.readFileSync(file, 'utf8').trim() === webInputsFingerprint();
}
