/**
 * `npm start`'s first step: builds the web (`npm run build:web`) unless packages/web/dist holds a
 * finished build of the current sources (packages/web/build-fingerprint.ts), so that a start
 * without changes goes straight to the server.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildIsCurrent } from '../packages/web/build-fingerprint.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/web/dist');

if (webBuildIsCurrent(dist)) {
  console.log('The web build is up to date (packages/web/dist): not rebuilt.');
} else {
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
