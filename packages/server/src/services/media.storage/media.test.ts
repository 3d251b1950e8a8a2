import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../../schema.ts';
import { HTML, image, bmp, MEDIA, MEDIA_CODES, mp4, SVG, upload } from './media.fixtures.ts';

/**
 * The media library on the real database and the local driver: sniffing, limits, variants,
 * crops, access, tenancy, folders, files_size, deletion and the clients' media elements.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let editorA: string;
let editorB: string;
let staff: string;

beforeAll(async () => {
  // Small limits, so that "too large" needs no huge test files.
  t = await buildTestApp({ media: { imageMaxBytes: 3 * 1024 * 1024, videoMaxBytes: 1024 * 1024, maxMegapixels: 12 } });
  clientA = await t.createClient('АвтоГрад Север');
  clientB = await t.createClient('Мотор Сити Казань');
  editorA = (await t.signIn((await t.createUser({ grants: MEDIA_CODES, clientIds: [clientA] })).email)).access_token;
  editorB = (await t.signIn((await t.createUser({ grants: MEDIA_CODES, clientIds: [clientB] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: 'media-staff@platform.test', grants: MEDIA_CODES })).email)).access_token;
});
afterAll(() => t?.close());

const attrs = (response: { json(): any }) => response.json().data.attributes;
const variant = (file: any, name: string) => file.variants.find((v: any) => v.name === name);
const bytesOf = async (token: string, id: string, query = '') => {
  const response = await t.request('GET', `${MEDIA}/storage/${id}${query}`, { token });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
};
const sizeOf = async (data: Buffer) => {
  const meta = await sharp(data).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
};

describe('sniffing and limits', () => {
  it('takes the type from the bytes: a PNG named .jpg is a PNG, served inline with nosniff', async () => {
    const response = await upload(t, editorA, { name: 'banner.jpg', data: await image(640, 360), type: 'image/jpeg' }, { client_id: clientA });
    expect(response.statusCode, response.body).toBe(201);
    const file = attrs(response);
    expect(file).toMatchObject({ name: 'banner.jpg', mime: 'image/png', ext: 'png', kind: 'image', width: 640, height: 360, access: 1, client_id: clientA, driver: 'local' });
    expect(file.url).toBe(`/files/${file.key}.png`);
    const served = await bytesOf(editorA, response.json().data.id);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="banner\.png"/);
    // Even what may show inline is sandboxed: nothing in it could run with the admin's origin.
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const download = await bytesOf(editorA, response.json().data.id, '?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="banner\.png"/);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    const pub = await t.request('GET', file.url);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['an SVG named .png', SVG, 'logo.png', 'image/png'],
    ['an SVG as itself', SVG, 'logo.svg', 'image/svg+xml'],
    ['HTML named .jpg', HTML, 'photo.jpg', 'image/jpeg'],
  ])('refuses %s: the bytes are not an accepted format', async (_label, data, name, type) => {
    const response = await upload(t, editorA, { name, data, type }, { client_id: clientA });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'file_format', title: 'Incorrect file format: gif, jpeg, png, bmp, mp4 allowed', source: { pointer: '/data/file' } });
  });

  it('refuses a file over the limit of its kind, and an image over the pixel limit, in the caller\'s language', async () => {
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const tooLarge = await upload(t, editorA, { name: 'big.png', data: big }, { client_id: clientA }, 'ru');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors[0]).toMatchObject({ code: 'file_too_large', title: 'Файл больше 3 МБ' });
    const video = Buffer.concat([mp4(), Buffer.alloc(1024 * 1024 + 10)]);
    expect((await upload(t, editorA, { name: 'clip.mp4', data: video }, { client_id: clientA })).json().errors[0].code).toBe('file_too_large');
    const wide = await image(5000, 3000);
    const pixels = await upload(t, editorA, { name: 'wide.png', data: wide }, { client_id: clientA });
    expect(pixels.statusCode).toBe(400);
    expect(pixels.json().errors[0]).toMatchObject({ code: 'image_too_many_pixels', title: 'The image is too large: at most 12 megapixels' });
  });

  it('needs a file, and takes only its own fields', async () => {
    expect((await upload(t, editorA, null, { client_id: clientA })).json().errors[0]).toMatchObject({ code: 'file_required', source: { pointer: '/data/file' } });
    const unknown = await upload(t, editorA, { name: 'a.png', data: await image(10, 10) }, { client_id: clientA, owner: 'x' });
    expect(unknown.statusCode).toBe(400);
    const access = await upload(t, editorA, { name: 'a.png', data: await image(10, 10) }, { client_id: clientA, access: 7 });
    expect(access.json().errors[0].source.pointer).toBe('/data/access');
  });

  it('accepts gif, bmp and mp4; a video has no variants', async () => {
    const gif = attrs(await upload(t, editorA, { name: 'a.gif', data: await image(40, 30, 'gif') }, { client_id: clientA }));
    expect(gif).toMatchObject({ mime: 'image/gif', width: 40, height: 30 });
    const bitmap = attrs(await upload(t, editorA, { name: 'a.bmp', data: bmp(64, 48) }, { client_id: clientA }));
    expect(bitmap).toMatchObject({ mime: 'image/bmp', ext: 'bmp', width: 64, height: 48 });
    expect(variant(bitmap, 'webp')).toMatchObject({ width: 64, height: 48, mime: 'image/webp' });
    // A BMP without alpha (24 bits) is opaque, as browsers show it, in its variants too.
    const flat = attrs(await upload(t, editorA, { name: 'flat.bmp', data: bmp(64, 48, 24) }, { client_id: clientA }));
    const thumb = await t.request('GET', variant(flat, 'thumb').url);
    expect(thumb.statusCode).toBe(200);
    const stats = await sharp(thumb.rawPayload).stats();
    expect(stats.isOpaque).toBe(true);
    expect(Math.round(stats.channels[0]!.mean)).toBe(0x80);
    const video = attrs(await upload(t, editorA, { name: 'clip.mp4', data: mp4() }, { client_id: clientA }));
    expect(video).toMatchObject({ kind: 'video', mime: 'video/mp4', variants: [], width: null });
  });
});

describe('variants and crops', () => {
  it('makes the webp, the thumbnail and the stage sizes of a 16:9 image, stored beside it', async () => {
    const response = await upload(t, editorA, { name: 'hero.jpg', data: await image(3840, 2160, 'jpeg') }, { client_id: clientA });
    const file = attrs(response);
    expect(file.variants.map((v: any) => v.name).sort()).toEqual(['stage_pc', 'stage_pc_webp', 'stage_tablet', 'stage_tablet_webp', 'thumb', 'webp']);
    expect(variant(file, 'stage_pc')).toMatchObject({ width: 1920, height: 1080, mime: 'image/jpeg' });
    expect(variant(file, 'stage_tablet_webp')).toMatchObject({ width: 1280, height: 720, mime: 'image/webp' });
    expect(variant(file, 'thumb')).toMatchObject({ width: 320, height: 180 });
    // The stored bytes are what the metadata says.
    const pc = await bytesOf(editorA, response.json().data.id, '?variant=stage_pc');
    expect(await sizeOf(pc.rawPayload)).toEqual({ width: 1920, height: 1080, format: 'jpeg' });
    const webp = await t.request('GET', variant(file, 'webp').url);
    expect(await sizeOf(webp.rawPayload)).toEqual({ width: 3840, height: 2160, format: 'webp' });
  });

  it('makes the mobile stage size of a 9:16 image and the favicons of a square one', async () => {
    const tall = attrs(await upload(t, editorA, { name: 'tall.png', data: await image(1008, 1792) }, { client_id: clientA }));
    expect(variant(tall, 'stage_mobile')).toMatchObject({ width: 504, height: 896 });
    expect(variant(tall, 'stage_pc')).toBeUndefined();
    const square = attrs(await upload(t, editorA, { name: 'icon.png', data: await image(600, 600) }, { client_id: clientA }));
    expect(['favicon_192', 'favicon_512', 'apple_180'].map((name) => [variant(square, name).width, variant(square, name).height])).toEqual([[192, 192], [512, 512], [180, 180]]);
  });

  it('makes only the sizes an image can give: none from a smaller one, the exact size is the file itself', async () => {
    const names = (file: any) => file.variants.map((v: any) => v.name).sort();
    const small = attrs(await upload(t, editorA, { name: 'small.png', data: await image(960, 540) }, { client_id: clientA }));
    expect(names(small)).toEqual(['thumb', 'webp']);
    const exact = attrs(await upload(t, editorA, { name: 'exact.png', data: await image(1280, 720) }, { client_id: clientA }));
    // 1280×720 is the tablet size itself; the PC size would need enlarging.
    expect(names(exact)).toEqual(['thumb', 'webp']);
    const mobile = attrs(await upload(t, editorA, { name: 'mobile.png', data: await image(504, 896) }, { client_id: clientA }));
    expect(names(mobile)).toEqual(['thumb', 'webp']);
    const mid = attrs(await upload(t, editorA, { name: 'mid.png', data: await image(300, 300) }, { client_id: clientA }));
    expect(names(mid)).toEqual(['apple_180', 'favicon_192', 'thumb', 'webp']);
    expect(variant(mid, 'favicon_192')).toMatchObject({ width: 192, height: 192, mime: 'image/png' });
    const tiny = attrs(await upload(t, editorA, { name: 'tiny.gif', data: await image(64, 64, 'gif') }, { client_id: clientA }));
    expect(names(tiny)).toEqual(['thumb', 'webp']);
    // A thumbnail never enlarges.
    expect(variant(tiny, 'thumb')).toMatchObject({ width: 64, height: 64 });
  });

  it('serves every stored variant as what its metadata says', async () => {
    const response = await upload(t, editorA, { name: 'square.jpg', data: await image(1024, 1024, 'jpeg') }, { client_id: clientA });
    const file = attrs(response);
    for (const v of file.variants) {
      const served = await bytesOf(editorA, response.json().data.id, `?variant=${v.name}`);
      expect(served.headers['content-type']).toBe(v.mime);
      expect(await sizeOf(served.rawPayload), v.name).toEqual({ width: v.width, height: v.height, format: v.ext === 'jpg' ? 'jpeg' : v.ext });
    }
    const missing = await t.request('GET', `${MEDIA}/storage/${response.json().data.id}?variant=stage_pc`, { token: editorA, lang: 'en' });
    expect(missing.statusCode).toBe(404);
  });

  it('crops on the server to the chosen size: a new file from the original, which stays', async () => {
    const source = await upload(t, editorA, { name: 'showroom.png', data: await image(3000, 2000) }, { client_id: clientA });
    const sourceId = source.json().data.id;
    const crop = (data: Record<string, unknown>, token = editorA) => t.request('POST', `${MEDIA}/files/${sourceId}/crop`, { token, lang: 'en', body: { data } });
    const cropped = await crop({ x: 100, y: 200, width: 1600, height: 900, target: 'stage_pc' });
    expect(cropped.statusCode, cropped.body).toBe(201);
    const file = attrs(cropped);
    expect(file).toMatchObject({ width: 1920, height: 1080, source_id: Number(sourceId), client_id: clientA, name: 'showroom (1920×1080).png' });
    expect(await sizeOf((await bytesOf(editorA, cropped.json().data.id)).rawPayload)).toMatchObject({ width: 1920, height: 1080 });
    expect(variant(file, 'webp')).toMatchObject({ width: 1920, height: 1080 });
    const free = attrs(await crop({ x: 0, y: 0, width: 500, height: 300 }));
    expect([free.width, free.height]).toEqual([500, 300]);
    const apple = attrs(await crop({ x: 0, y: 0, width: 400, height: 400, target: 'apple_180' }));
    expect([apple.width, apple.height, apple.mime]).toEqual([180, 180, 'image/png']);
    const outside = await crop({ x: 2000, y: 0, width: 1600, height: 900, target: 'stage_pc' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].title).toBe('The crop box goes beyond the edges of the 3000×2000 image');
    expect((await crop({ x: 0, y: 0, width: 10, height: 10 }, editorB)).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.record_id, cropped.json().data.id));
    expect(audit.find((entry) => entry.action === 'crop' && entry.resource === 'files')).toBeTruthy();
  });

  it('does not crop a video', async () => {
    const video = await upload(t, editorA, { name: 'v.mp4', data: mp4() }, { client_id: clientA });
    const response = await t.request('POST', `${MEDIA}/files/${video.json().data.id}/crop`, { token: editorA, lang: 'en', body: { data: { x: 0, y: 0, width: 1, height: 1 } } });
    expect(response.json().errors[0].title).toBe('Only an image can be cropped');
  });
});

describe('access and tenancy', () => {
  it('keeps a private file off the public address; its client reads it through the gateway', async () => {
    const response = await upload(t, editorA, { name: 'contract.png', data: await image(100, 100) }, { client_id: clientA, access: 2 });
    const file = attrs(response);
    expect(file).toMatchObject({ access: 2, url: null });
    expect(variant(file, 'webp').url).toBeNull();
    expect((await t.request('GET', `/files/${file.key}.png`)).statusCode).toBe(404);
    expect((await t.request('GET', `/files/${variant(file, 'webp').key}.webp`)).statusCode).toBe(404);
    expect((await bytesOf(editorA, response.json().data.id)).headers['content-type']).toBe('image/png');
    expect((await t.request('GET', `${MEDIA}/storage/${response.json().data.id}`, { token: editorB })).statusCode).toBe(404);
  });

  it("answers another client's file like a missing one on every route, and lists only one's own", async () => {
    const own = await upload(t, editorB, { name: 'b.png', data: await image(20, 20) }, {});
    expect(attrs(own).client_id).toBe(clientB);
    const id = own.json().data.id;
    for (const [method, url, body] of [
      ['GET', `${MEDIA}/files/${id}`],
      ['GET', `${MEDIA}/storage/${id}`],
      ['PATCH', `${MEDIA}/files/${id}`, { data: { attributes: { name: 'x.png' } } }],
      ['DELETE', `${MEDIA}/files/${id}`],
    ] as const) {
      expect((await t.request(method, url, { token: editorA, body })).statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = (await t.request('GET', `${MEDIA}/files?page[size]=500`, { token: editorA })).json();
    expect(listed.data.every((row: any) => row.attributes.client_id === clientA)).toBe(true);
    const foreign = await upload(t, editorA, { name: 'a.png', data: await image(10, 10) }, { client_id: clientB });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ code: 'invalid_reference', source: { pointer: '/data/client_id' } });
  });

  it('lets staff keep platform files (no client) that dealers do not see', async () => {
    const platform = await upload(t, staff, { name: 'platform.png', data: await image(30, 30) }, {});
    expect(attrs(platform).client_id).toBeNull();
    expect((await t.request('GET', `${MEDIA}/files/${platform.json().data.id}`, { token: editorA })).statusCode).toBe(404);
    expect((await t.request('GET', `${MEDIA}/files/${platform.json().data.id}`, { token: staff })).statusCode).toBe(200);
  });
});

describe('folders', () => {
  const folder = async (token: string, attributes: Record<string, unknown>) => t.request('POST', `${MEDIA}/folders`, { token, lang: 'en', body: { data: { attributes } } });

  it('nest within one client, never into themselves; a file moves into one of its client only', async () => {
    const banners = (await folder(editorA, { name: 'Баннеры' })).json().data;
    expect(banners.attributes.client_id).toBe(clientA);
    const spring = (await folder(editorA, { name: 'Весна', parent_id: Number(banners.id) })).json().data;
    const cycle = await t.request('PATCH', `${MEDIA}/folders/${banners.id}`, { token: editorA, lang: 'en', body: { data: { attributes: { parent_id: Number(spring.id) } } } });
    expect(cycle.json().errors[0]).toMatchObject({ code: 'folder_cycle', source: { pointer: '/data/attributes/parent_id' } });
    const foreignFolder = (await folder(editorB, { name: 'Чужая' })).json().data;
    expect((await folder(editorA, { name: 'x', parent_id: Number(foreignFolder.id) })).statusCode).toBe(400);

    const file = (await upload(t, editorA, { name: 'f.png', data: await image(10, 10) }, { folder_id: spring.id })).json().data;
    expect(file.attributes.folder_id).toBe(Number(spring.id));
    const moved = await t.request('PATCH', `${MEDIA}/files/${file.id}`, { token: editorA, body: { data: { attributes: { folder_id: Number(foreignFolder.id), name: 'g.png' } } } });
    expect(moved.statusCode).toBe(400);
    const renamed = await t.request('PATCH', `${MEDIA}/files/${file.id}`, { token: editorA, body: { data: { attributes: { name: 'Весна-2025.png', folder_id: Number(banners.id) } } } });
    expect(attrs(renamed)).toMatchObject({ name: 'Весна-2025.png', folder_id: Number(banners.id) });
    const inFolder = (await t.request('GET', `${MEDIA}/files?filter[folder_id]=${banners.id}`, { token: editorA })).json();
    expect(inFolder.data.map((row: any) => row.id)).toEqual([file.id]);

    // Deleting a folder moves what it holds up to its parent.
    const third = (await upload(t, editorA, { name: 'h.png', data: await image(10, 10) }, { folder_id: spring.id })).json().data;
    expect((await t.request('DELETE', `${MEDIA}/folders/${spring.id}`, { token: editorA })).statusCode).toBe(204);
    expect(attrs(await t.request('GET', `${MEDIA}/files/${third.id}`, { token: editorA })).folder_id).toBe(Number(banners.id));
  });
});

describe('files_size, deletion and media elements', () => {
  it('counts the bytes of each client, variants included, within reach', async () => {
    const before = (await t.request('GET', `${MEDIA}/files_size?filter[client_id]=${clientB}`, { token: editorB })).json().data;
    const data = await image(200, 100);
    const file = attrs(await upload(t, editorB, { name: 's.png', data }, {}));
    const after = (await t.request('GET', `${MEDIA}/files_size`, { token: editorB })).json().data;
    expect(after).toHaveLength(1);
    const added = file.size + file.variants.reduce((sum: number, v: any) => sum + v.size, 0);
    expect(after[0]).toEqual({ client_id: clientB, files: (before[0]?.files ?? 0) + 1, bytes: (before[0]?.bytes ?? 0) + added });
  });

  it('removes the record, the bytes and the variants, in the audit trail', async () => {
    const response = await upload(t, editorA, { name: 'gone.png', data: await image(600, 600) }, { client_id: clientA });
    const file = attrs(response);
    expect((await t.request('DELETE', `${MEDIA}/files/${response.json().data.id}`, { token: editorA })).statusCode).toBe(204);
    expect((await t.request('GET', file.url)).statusCode).toBe(404);
    const stored = fs.readdirSync(path.join(t.config.dataDir, 'files'));
    for (const key of [file.key, ...file.variants.map((v: any) => v.key)]) expect(stored).not.toContain(key);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.record_id, response.json().data.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
  });

  it("keeps a client's media elements for the media codes, within reach", async () => {
    const elements = [
      { id: 'hero', type: 'image', url: '/files/0123456789abcdef0123456789abcdef.png', title: 'Главный баннер' },
      { id: 'price', type: 'document', url: 'https://avtograd.example/price.pdf', title: null },
    ];
    const put = await t.request('PUT', `${MEDIA}/clients/${clientA}/media_elements`, { token: editorA, body: { data: { media_elements: elements } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(attrs(put).media_elements).toEqual(elements);
    expect(attrs(await t.request('GET', `${MEDIA}/clients/${clientA}/media_elements`, { token: editorA })).media_elements).toEqual(elements);
    expect((await t.request('GET', `${MEDIA}/clients/${clientA}/media_elements`, { token: editorB })).statusCode).toBe(404);
    const bad = await t.request('PUT', `${MEDIA}/clients/${clientA}/media_elements`, { token: editorA, lang: 'en', body: { data: { media_elements: [{ ...elements[0], url: 'javascript:alert(1)' }] } } });
    expect(bad.statusCode).toBe(400);
  });
});
