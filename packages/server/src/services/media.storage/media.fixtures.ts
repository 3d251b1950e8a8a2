import sharp from 'sharp';
import { encode as encodeBmp } from 'bmp-ts';
import type { TestApp } from '../../test/test-app.ts';

/** Real image and video bytes for the media tests, made here rather than shipped. */
export const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();

/** An uncompressed BMP of grey pixels: 32 bits (alpha 0x80), or 24 bits (no alpha, as most BMPs). */
export function bmp(width: number, height: number, bitPP: 24 | 32 = 32): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return encodeBmp({ width, height, data, bitPP }).data;
}

/** The start of an MP4 (an ISO base media `ftyp` box and an empty `mdat`): enough for type sniffing. */
export function mp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 0x10]), Buffer.from('mdat'), Buffer.alloc(8)]);
  return Buffer.concat([ftyp, mdat]);
}

export const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
export const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/gateway/clients.storage/api/v1/me")</script></body></html>');

/** A multipart/form-data body with one file and text fields. */
export function uploadBody(file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string | number> = {}) {
  const boundary = `----media${Date.now().toString(16)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const MEDIA = '/gateway/media.storage/api/v1';

/** POST /file as the token's user. */
export function upload(t: TestApp, token: string, file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string | number> = {}, lang = 'en') {
  const { body, contentType } = uploadBody(file, fields);
  return t.request('POST', `${MEDIA}/file`, { token, lang, body, headers: { 'content-type': contentType } });
}

export const MEDIA_CODES = { 'media.storage': ['media.get_list', 'media.create', 'media.patch', 'media.delete'] };
