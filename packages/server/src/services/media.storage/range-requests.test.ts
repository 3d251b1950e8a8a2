import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { byteRange } from '../../kit/files.ts';
import { parseStorageConfig } from '../../kit/config.ts';
import { MEDIA, MEDIA_CODES, mp4, upload } from './media.fixtures.ts';

/**
 * Range requests (RFC 9110 §14) on stored files, so browsers seek in mp4 videos: `GET /storage/{id}`
 * and the public `/files/…` answer one `bytes=` range with 206 and Content-Range, an
 * unsatisfiable one with 416, always `Accept-Ranges: bytes`, the security headers kept — for the
 * local disk and for an S3-compatible store (s3rver started here, as s3-storage.test.ts does).
 */
describe('the Range header', () => {
  it('gives one range of the size, "unsatisfiable", or null for the whole file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=5-2', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b']) expect(byteRange(ignored, 1000), String(ignored)).toBeNull();
  });
});

const drivers = ['local', 's3'] as const;

describe.each(drivers)('ranges with the %s driver', (driver) => {
  let t: TestApp;
  let editor: string;
  let clientId: number;
  let server: S3rver | undefined;
  let dir: string | undefined;
  // An mp4 of 64 KiB + 7 bytes with every byte telling its place, so a slice can be checked.
  const video = Buffer.concat([mp4(), Buffer.from(Array.from({ length: 64 * 1024 + 7 }, (_, i) => i % 251))]);
  let id: string;
  let url: string;

  beforeAll(async () => {
    let storage;
    if (driver === 's3') {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-s3-range-'));
      server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'range-media' }] });
      const { port } = await server.run();
      storage = parseStorageConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'range-media', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    }
    t = await buildTestApp(storage ? { storage } : {});
    clientId = await t.createClient();
    editor = (await t.signIn((await t.createUser({ grants: MEDIA_CODES, clientIds: [clientId] })).email)).access_token;
    const response = await upload(t, editor, { name: 'clip.mp4', data: video }, { client_id: clientId });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.attributes.driver).toBe(driver);
    id = response.json().data.id;
    url = response.json().data.attributes.url;
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (range?: string, address = `${MEDIA}/storage/${id}`) => t.request('GET', address, { token: editor, headers: range ? { range } : {} });

  it('answers the whole file with Accept-Ranges when no range is asked', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-type': 'video/mp4', 'content-length': String(video.length), 'x-content-type-options': 'nosniff' });
    expect(whole.rawPayload.equals(video)).toBe(true);
  });

  it('answers one range with 206 and Content-Range, keeping the security headers', async () => {
    for (const [range, start, end] of [['bytes=0-1023', 0, 1023], ['bytes=40000-', 40000, video.length - 1], ['bytes=-500', video.length - 500, video.length - 1]] as const) {
      const part = await get(range);
      expect(part.statusCode, range).toBe(206);
      expect(part.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${video.length}`,
        'content-length': String(end - start + 1),
        'content-type': 'video/mp4',
        'x-content-type-options': 'nosniff',
      });
      expect(part.headers['content-disposition']).toMatch(/^inline/);
      expect(part.headers['content-security-policy']).toContain('sandbox');
      expect(part.rawPayload.equals(video.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size for a range past the end, and the whole file for what it does not take', async () => {
    const past = await get(`bytes=${video.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(past.headers['accept-ranges']).toBe('bytes');
    const several = await get('bytes=0-1,10-20');
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(video.length);
  });

  it('serves ranges of public files at their address too, and never a file of another client', async () => {
    const part = await t.request('GET', url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': `bytes 100-199/${video.length}`, 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' });
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const otherClient = await t.createClient();
    const stranger = (await t.signIn((await t.createUser({ grants: MEDIA_CODES, clientIds: [otherClient] })).email)).access_token;
    const refused = await t.request('GET', `${MEDIA}/storage/${id}`, { token: stranger, headers: { range: 'bytes=0-9' } });
    expect(refused.statusCode).toBe(404);
  });

  it('a range of a download is still an attachment', async () => {
    const part = await get('bytes=0-9', `${MEDIA}/storage/${id}?download=1`);
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-disposition']).toMatch(/^attachment/);
    expect(part.headers['content-type']).toBe('application/octet-stream');
  });
});
