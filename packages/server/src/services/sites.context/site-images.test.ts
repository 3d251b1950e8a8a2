import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, png } from '../../test/images.ts';
import { LocalFileStorage, sniffFile } from '../../kit/files.ts';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../schema.ts';

/**
 * Favicons and logos through the files kit: checked by their bytes and sizes, stored under
 * DATA_DIR/files, served with nosniff; multipart only on the upload routes.
 */
let t: TestApp;
let token: string;
let siteId: string;
const API = '/gateway/sites.context/api/v1';

beforeAll(async () => {
  t = await buildTestApp();
  const clientId = await t.createClient();
  const user = await t.createUser({ grants: { 'sites.context': ['sites.create', 'sites.patch', 'sites.get_full_list'] }, clientIds: [clientId] });
  token = (await t.signIn(user.email)).access_token;
  const created = await t.request('POST', `${API}/sites`, { token, body: { data: { attributes: { name: 'С картинками', client_id: clientId } } } });
  siteId = created.json().data.id;
});
afterAll(() => t?.close());

const upload = (url: string, files: Parameters<typeof multipart>[0], lang = 'en') => {
  const { body, contentType } = multipart(files);
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang } });
};

describe('favicons and logos', () => {
  it('takes a favicon pair of the right sizes, stores it outside the web root and serves it with nosniff', async () => {
    const response = await upload(`${API}/sites/${siteId}/favicons`, [
      { field: 'icon', name: 'icon.png', data: png(192, 192), type: 'image/png' },
      { field: 'apple', name: 'apple.png', data: png(180, 180) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { icon, apple } = response.json().data.attributes.favicons;
    expect(icon).toMatchObject({ width: 192, height: 192, mime: 'image/png', url: expect.stringMatching(/^\/files\/[a-f0-9]{32}\.png$/) });
    expect(apple).toMatchObject({ width: 180, height: 180 });
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', icon.file_id))).toBe(true);
    const served = await t.request('GET', icon.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png(192, 192))).toBe(true);
    expect((await t.request('GET', '/files/0123456789abcdef0123456789abcdef.png')).statusCode).toBe(404);
    expect((await t.request('GET', '/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('refuses a wrong size, a missing icon, a file that is no image, in the caller\'s language', async () => {
    const wrongSize = await upload(`${API}/sites/${siteId}/favicons`, [
      { field: 'icon', name: 'icon.png', data: png(200, 200) },
      { field: 'apple', name: 'apple.png', data: png(180, 180) },
    ]);
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().errors[0]).toMatchObject({ title: 'The image must be 192×192 / 512×512 pixels, not 200×200', source: { parameter: 'icon' } });
    const missing = await upload(`${API}/sites/${siteId}/favicons`, [{ field: 'icon', name: 'icon.png', data: png(512, 512) }], 'ru');
    expect(missing.json().errors[0]).toMatchObject({ title: 'Выберите файл', source: { parameter: 'apple' } });
    // A script named like an image is not one: the bytes decide.
    const disguised = await upload(`${API}/sites/${siteId}/logos/pc`, [{ field: 'file', name: 'logo.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/png' }]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errors[0].title).toBe('Incorrect file format: gif, jpeg, png, bmp allowed');
    const big = await upload(`${API}/sites/${siteId}/logos/pc`, [{ field: 'file', name: 'big.png', data: Buffer.alloc(3 * 1024 * 1024, 1) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].code).toBe('file_too_large');
    // A JSON body to the upload route has no file.
    const json = await t.request('POST', `${API}/sites/${siteId}/logos/pc`, { token, body: { data: {} } });
    expect(json.statusCode).toBe(400);
  });

  it('sets and removes a logo, each change in the audit trail', async () => {
    const set = await upload(`${API}/sites/${siteId}/logos/mobile`, [{ field: 'file', name: 'logo.png', data: png(300, 80) }]);
    expect(set.json().data.attributes.logos.mobile).toMatchObject({ width: 300, height: 80 });
    const removed = await t.request('DELETE', `${API}/sites/${siteId}/logos/mobile`, { token });
    expect(removed.json().data.attributes.logos.mobile).toBeNull();
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'sites'), eq(auditLog.record_id, siteId)));
    const logoChanges = entries.filter((entry) => entry.action === 'update' && entry.changes && 'logos' in entry.changes);
    expect(logoChanges).toHaveLength(2);
    expect((logoChanges[1]!.changes as any).logos[1].mobile).toBeNull();
  });

  it('the local driver sniffs types from bytes and refuses ids that are not its own', async () => {
    const storage = new LocalFileStorage(path.join(t.config.dataDir, 'kit-files'));
    const stored = await storage.put(png(2, 2), { mime: 'image/png', ext: 'png' });
    expect((await storage.get(stored.id))?.meta).toMatchObject({ mime: 'image/png', size: png(2, 2).length });
    expect(await storage.get('../../etc/passwd')).toBeNull();
    expect(await sniffFile(Buffer.from('hello'))).toBeNull();
    expect(await sniffFile(png(1, 1))).toEqual({ mime: 'image/png', ext: 'png' });
    await storage.remove(stored.id);
    expect(await storage.get(stored.id)).toBeNull();
  });
});
