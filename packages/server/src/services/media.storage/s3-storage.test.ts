import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, png } from '../../test/images.ts';
import { S3FileStorage } from '../../kit/files.ts';
import { parseStorageConfig } from '../../kit/config.ts';
import { image, MEDIA, MEDIA_CODES, upload } from './media.fixtures.ts';

/**
 * The `s3` storage driver against an S3-compatible server started here (s3rver, in process, on
 * a loopback port): the media library and the site favicons keep their bytes in the bucket,
 * public files are served from it, private ones only through the gateway, deletes remove objects.
 */
let server: S3rver;
let dir: string;
let endpoint: string;
let t: TestApp;
let editor: string;
let clientId: number;
const BUCKET = 'dealer-media';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // Configured the way a deployment is: by environment variables.
  const storage = parseStorageConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_PREFIX: '/media/' });
  expect(storage).toEqual({ driver: 's3', s3: { endpoint, region: 'us-east-1', bucket: BUCKET, ...credentials, forcePathStyle: true, prefix: 'media/' } });
  t = await buildTestApp({ storage });
  clientId = await t.createClient();
  editor = (await t.signIn((await t.createUser({ grants: { ...MEDIA_CODES, 'sites.context': ['sites.create', 'sites.patch', 'sites.get_full_list'] }, clientIds: [clientId] })).email)).access_token;
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const objectExists = async (key: string) => {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `media/${key}` }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
};

describe('the s3 driver', () => {
  it('stores an upload and its variants as objects under the prefix, serves them, and removes them with the file', async () => {
    const response = await upload(t, editor, { name: 'hero.png', data: await image(1920, 1080) }, { client_id: clientId });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json().data.attributes;
    expect(file.driver).toBe('s3');
    for (const key of [file.key, ...file.variants.map((v: any) => v.key)]) expect(await objectExists(key)).toBe(true);
    const pub = await t.request('GET', file.url);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/png');
    expect(pub.headers['x-content-type-options']).toBe('nosniff');
    const webp = await t.request('GET', file.variants.find((v: any) => v.name === 'webp').url);
    expect(webp.headers['content-type']).toBe('image/webp');
    const viaGateway = await t.request('GET', `${MEDIA}/storage/${response.json().data.id}`, { token: editor });
    expect(viaGateway.rawPayload.equals(pub.rawPayload)).toBe(true);

    expect((await t.request('DELETE', `${MEDIA}/files/${response.json().data.id}`, { token: editor })).statusCode).toBe(204);
    for (const key of [file.key, ...file.variants.map((v: any) => v.key)]) expect(await objectExists(key)).toBe(false);
    expect((await t.request('GET', file.url)).statusCode).toBe(404);
  });

  it('crops from the bucket: the original read back from the store, the crop stored beside it', async () => {
    const source = await upload(t, editor, { name: 'wide.png', data: await image(2560, 1440) }, { client_id: clientId });
    const cropped = await t.request('POST', `${MEDIA}/files/${source.json().data.id}/crop`, { token: editor, body: { data: { x: 0, y: 0, width: 2560, height: 1440, target: 'stage_tablet' } } });
    expect(cropped.statusCode, cropped.body).toBe(201);
    const file = cropped.json().data.attributes;
    expect(file).toMatchObject({ driver: 's3', width: 1280, height: 720 });
    expect(await objectExists(file.key)).toBe(true);
  });

  it('keeps a private object off the public address', async () => {
    const response = await upload(t, editor, { name: 'private.png', data: await image(50, 50) }, { client_id: clientId, access: 2 });
    const file = response.json().data.attributes;
    expect(await objectExists(file.key)).toBe(true);
    expect((await t.request('GET', `/files/${file.key}.png`)).statusCode).toBe(404);
    expect((await t.request('GET', `${MEDIA}/storage/${response.json().data.id}`, { token: editor })).statusCode).toBe(200);
  });

  it('keeps site favicons working', async () => {
    const site = await t.request('POST', '/gateway/sites.context/api/v1/sites', { token: editor, body: { data: { attributes: { name: 'Сайт в S3', client_id: clientId } } } });
    const { body, contentType } = multipart([
      { field: 'icon', name: 'icon.png', data: png(192, 192) },
      { field: 'apple', name: 'apple.png', data: png(180, 180) },
    ]);
    const saved = await t.request('POST', `/gateway/sites.context/api/v1/sites/${site.json().data.id}/favicons`, { token: editor, body, headers: { 'content-type': contentType } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { icon } = saved.json().data.attributes.favicons;
    expect(await objectExists(icon.file_id)).toBe(true);
    const served = await t.request('GET', icon.url);
    expect(served.rawPayload.equals(png(192, 192))).toBe(true);
  });

  it('refuses a start with a storage configuration that cannot work', () => {
    expect(() => parseStorageConfig({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER must be local or s3, not "ftp"');
    expect(() => parseStorageConfig({ STORAGE_DRIVER: 's3' })).toThrow('STORAGE_DRIVER=s3 needs S3_BUCKET');
    expect(parseStorageConfig({})).toEqual({ driver: 'local', s3: null });
  });

  it('answers a missing object as none', async () => {
    const storage = new S3FileStorage({ endpoint, region: 'us-east-1', bucket: BUCKET, ...credentials, forcePathStyle: true, prefix: 'media/' });
    expect(await storage.get('0123456789abcdef0123456789abcdef')).toBeNull();
    expect(await storage.get('../../etc/passwd')).toBeNull();
    storage.close();
  });
});
