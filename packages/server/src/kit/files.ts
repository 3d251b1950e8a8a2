import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

/**
 * The files kit (DESIGN.md §10): a storage driver (`local` under DATA_DIR/files, outside the web
 * root; an S3-compatible one plugs in behind the same interface), types sniffed from the bytes,
 * image dimensions, and the one route that serves stored files. Site favicons and logos use it
 * now; the media library grows out of it.
 */
export interface StoredFile {
  /** 32 hex characters: unguessable, so a file's address is its only key. */
  id: string;
  mime: string;
  ext: string;
  size: number;
  created_at: string;
}

export interface FileStorage {
  put(data: Buffer, type: { mime: string; ext: string }): Promise<StoredFile>;
  /** The file and its bytes as a stream; null when there is none. */
  get(id: string): Promise<{ meta: StoredFile; stream: Readable } | null>;
  remove(id: string): Promise<void>;
}

const FILE_ID = /^[a-f0-9]{32}$/;
export const isFileId = (id: string) => FILE_ID.test(id);

/** Files in a folder: `<id>` holds the bytes, `<id>.json` what they are. */
export class LocalFileStorage implements FileStorage {
  constructor(private dir: string) {}

  async put(data: Buffer, type: { mime: string; ext: string }): Promise<StoredFile> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const meta: StoredFile = { id: randomBytes(16).toString('hex'), mime: type.mime, ext: type.ext, size: data.length, created_at: new Date().toISOString() };
    // Written under temporary names and renamed: a reader never sees half a file.
    const file = path.join(this.dir, meta.id);
    await fs.promises.writeFile(`${file}.tmp`, data);
    await fs.promises.writeFile(`${file}.json.tmp`, JSON.stringify(meta));
    await fs.promises.rename(`${file}.tmp`, file);
    await fs.promises.rename(`${file}.json.tmp`, `${file}.json`);
    return meta;
  }

  async get(id: string) {
    if (!isFileId(id)) return null;
    const file = path.join(this.dir, id);
    try {
      const meta = JSON.parse(await fs.promises.readFile(`${file}.json`, 'utf8')) as StoredFile;
      return { meta, stream: fs.createReadStream(file) };
    } catch {
      return null;
    }
  }

  async remove(id: string) {
    if (!isFileId(id)) return;
    const file = path.join(this.dir, id);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(`${file}.json`, { force: true });
  }
}

export function createFileStorage(config: Pick<Config, 'dataDir'>): FileStorage {
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}

/** The public address of a stored file (served by registerFileRoutes). */
export const fileUrl = (meta: Pick<StoredFile, 'id' | 'ext'>) => `/files/${meta.id}.${meta.ext}`;

/** What the bytes are, whatever the name or the declared type say; null when unknown. */
export async function sniffFile(data: Buffer): Promise<{ mime: string; ext: string } | null> {
  const found = await fileTypeFromBuffer(data);
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** Width and height of an image; for an icon file, its largest image. */
export function imageDimensions(data: Buffer): { width: number; height: number } | null {
  try {
    const size = imageSize(data);
    const images = size.images?.length ? size.images : [size];
    const largest = images.reduce((best, image) => ((image.width ?? 0) > (best.width ?? 0) ? image : best));
    return largest.width && largest.height ? { width: largest.width, height: largest.height } : null;
  } catch {
    return null;
  }
}

/** Image types an upload may have (spec 000 §5 "Image upload accepts gif, jpeg, png, bmp"); icons add ico. */
export const IMAGE_MIME = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', ico: 'image/x-icon' } as const;
export type ImageExt = keyof typeof IMAGE_MIME;

/** Types a browser could run: served as attachments, never inline. */
const ACTIVE_TYPES = /^(image\/svg\+xml|text\/html|application\/xhtml\+xml|text\/xml|application\/xml|application\/javascript|text\/javascript)$/;

/**
 * GET /files/<id>.<ext>: public, as favicons and logos are part of public sites; the address is
 * unguessable. `nosniff`, and anything that could run as an attachment.
 */
export function registerFileRoutes(app: FastifyInstance, storage: FileStorage) {
  app.get('/files/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const found = await storage.get(String(name).split('.')[0] ?? '');
    if (!found) throw new AppError(404, 'not_found');
    const { meta, stream } = found;
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('Content-Length', String(meta.size));
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (ACTIVE_TYPES.test(meta.mime)) reply.header('Content-Disposition', `attachment; filename="${meta.id}.${meta.ext}"`);
    return reply.type(meta.mime).send(stream);
  });
}

/** One file of a multipart upload, read whole (the plugin's size limit applies). */
export interface UploadedPart {
  field: string;
  data: Buffer;
}

/**
 * The files of a multipart request, read into memory within `maxBytes` each; other fields are
 * ignored. A request that is not multipart, or has no file, gives an empty list.
 */
export async function readUploadedFiles(request: FastifyRequest, maxBytes: number): Promise<UploadedPart[]> {
  if (!request.isMultipart()) return [];
  const parts: UploadedPart[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > maxBytes) throw new AppError(400, 'file_too_large', { size: Math.round(maxBytes / 1024 / 1024) });
      parts.push({ field: part.fieldname, data });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, 'file_too_large', { size: Math.round(maxBytes / 1024 / 1024) });
    throw new AppError(400, 'upload_failed');
  }
  return parts;
}
