import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { IMMUTABLE } from './serve-web.ts';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const ASSET = '/assets/start-Ab12Cd34.js';

/** A built web as packages/web/precompress.ts leaves it: each asset with its .br and .gz. */
function writeWeb(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Dealer Platform</title></head><body></body></html>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const file = path.join(dir, ASSET);
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
}

describe('the built web', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-web-'));
    writeWeb(webDist);
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, encoding: string) => t.request('GET', url, { headers: { 'accept-encoding': encoding } });

  it('sends hashed assets precompressed, brotli first, then gzip, then as they are, cached for a year', async () => {
    const br = await get(ASSET, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(ASSET, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('has the page and unhashed files revalidated on every load', async () => {
    for (const url of ['/', '/index.html', '/clients.storage/clients/']) {
      const page = await get(url, 'br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('csp-nonce');
    }
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for an asset that is not there, not the page', async () => {
    const missing = await get('/assets/start-Gone0000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});
