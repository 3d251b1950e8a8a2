import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { FINGERPRINT_FILE, webInputsFingerprint } from './build-fingerprint.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing (fonts and images come compressed). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/;
/**
 * What the Content-Encoding header costs: a variant that does not save more is not written, and the
 * file goes as it is. Small files too are worth it: the sign-in page loads nine under 1 KB, which
 * brotli makes about 40 % smaller (docs/performance.md).
 */
const HEADER_BYTES = 32;

/** Written beside, then renamed: an interrupted build never leaves a truncated file to be served. */
async function writeWhole(file: string, data: Buffer) {
  await fs.writeFile(`${file}.tmp`, data);
  await fs.rename(`${file}.tmp`, file);
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every
 * compressible built file where they save bytes, once at build time, so that the server sends them as they are
 * (`preCompressed` of @fastify/static, server app.ts) instead of compressing on every request or
 * not at all. index.html is left alone: the server rewrites it per request (its CSP nonce).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Taken before the build's files are read: an input changed during the build makes the next start rebuild.
      const fingerprint = webInputsFingerprint();
      const files = (await fs.readdir(outDir, { recursive: true })).map((name) => path.join(outDir, name));
      const targets = files.filter((file) => COMPRESSIBLE.test(file) && path.basename(file) !== 'index.html');
      await Promise.all(
        targets.map(async (file) => {
          const data = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          const worth = (variant: Buffer) => variant.length + HEADER_BYTES < data.length;
          await Promise.all([worth(br) && writeWhole(`${file}.br`, br), worth(gz) && writeWhole(`${file}.gz`, gz)]);
        }),
      );
      // Last: the build is whole; `npm start` skips building while the inputs stay the same (scripts/build-web-if-stale.ts).
      await writeWhole(path.join(outDir, FINGERPRINT_FILE), Buffer.from(fingerprint));
    },
  };
}
