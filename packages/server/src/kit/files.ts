import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, StorageConfig } from './config.ts';
import { AppError } from './errors.ts';

/**
 * The files kit (DESIGN.md §10): a storage driver (`local` under DATA_DIR/files, outside the web
 * root; `s3` for any S3-compatible store), types sniffed from the bytes, image dimensions, and the
 * one route that serves public stored files. Site favicons and logos and the media library
 * (services/media.storage) keep their bytes here.
 */
export interface StoredFile {
  /** 32 hex characters: unguessable, so a public file's address is its only key. */
  id: string;
  mime: string;
  ext: string;
  size: number;
  created_at: string;
  /** Private files (media access 2) are never served at /files/…, only through the gateway. */
  private?: boolean;
}

export interface FileStorage {
  /** The driver's name, kept with each media file (`local`, `s3`). */
  readonly driver: string;
  put(data: Buffer, type: { mime: string; ext: string }, options?: { private?: boolean }): Promise<StoredFile>;
  /** The file and its bytes as a stream (only `range`, inclusive, when given); null when there is none. */
  get(id: string, range?: ByteRange): Promise<{ meta: StoredFile; stream: Readable } | null>;
  remove(id: string): Promise<void>;
}

/** Bytes `start` to `end` of a file, both included (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range` header asks of `size` bytes (RFC 9110 §14): a range, 'unsatisfiable'
 * (416), or null to send the whole file — no header, another unit, several ranges or a malformed
 * one (which a server may ignore).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Infinity : Number(match[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Answers a stored file's bytes with range support (`Accept-Ranges: bytes` always; 206 with
 * `Content-Range` for one satisfiable range, 416 for an unsatisfiable one), so browsers seek in
 * videos. `open` gives the stream of the range asked (or of the whole file).
 */
export async function sendStoredBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  type: string,
  open: (range?: ByteRange) => Promise<Readable | null>,
) {
  reply.header('Accept-Ranges', 'bytes');
  const range = byteRange(request.headers.range, size);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  const stream = await open(range ?? undefined);
  if (!stream) {
    reply.removeHeader('Accept-Ranges').removeHeader('Content-Disposition');
    throw new AppError(404, 'file_unavailable');
  }
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else reply.header('Content-Length', String(size));
  return reply.type(type).send(stream);
}

const FILE_ID = /^[a-f0-9]{32}$/;
export const isFileId = (id: string) => FILE_ID.test(id);
const newFileMeta = (data: Buffer, type: { mime: string; ext: string }, isPrivate: boolean): StoredFile => ({
  id: randomBytes(16).toString('hex'),
  mime: type.mime,
  ext: type.ext,
  size: data.length,
  created_at: new Date().toISOString(),
  ...(isPrivate ? { private: true } : {}),
});

/** Files in a folder: `<id>` holds the bytes, `<id>.json` what they are. */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local';
  constructor(private dir: string) {}

  async put(data: Buffer, type: { mime: string; ext: string }, options: { private?: boolean } = {}): Promise<StoredFile> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const meta = newFileMeta(data, type, options.private === true);
    // Written under temporary names and renamed: a reader never sees half a file.
    const file = path.join(this.dir, meta.id);
    await fs.promises.writeFile(`${file}.tmp`, data);
    await fs.promises.writeFile(`${file}.json.tmp`, JSON.stringify(meta));
    await fs.promises.rename(`${file}.tmp`, file);
    await fs.promises.rename(`${file}.json.tmp`, `${file}.json`);
    return meta;
  }

  async get(id: string, range?: ByteRange) {
    if (!isFileId(id)) return null;
    const file = path.join(this.dir, id);
    try {
      const meta = JSON.parse(await fs.promises.readFile(`${file}.json`, 'utf8')) as StoredFile;
      return { meta, stream: fs.createReadStream(file, range ? { start: range.start, end: range.end } : undefined) };
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

/**
 * Objects of an S3-compatible bucket: `<prefix><id>`, what they are in the object's content type
 * and metadata. Checksums only when the operation requires them, since S3-compatible stores
 * (MinIO, Ceph, the tests' s3rver) differ in the newer default ones.
 */
/** Loaded with the first S3 storage, not with the app: the SDK is a good part of a start that stores files locally. */
const s3Sdk = () => import('@aws-sdk/client-s3');

export class S3FileStorage implements FileStorage {
  readonly driver = 's3';
  private client: Promise<S3Client>;
  constructor(private options: NonNullable<StorageConfig['s3']>) {
    this.client = s3Sdk().then(({ S3Client }) => new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    }));
    // A failure is reported by the first call that needs the client, not as an unhandled rejection.
    this.client.catch(() => undefined);
  }

  private key = (id: string) => `${this.options.prefix}${id}`;

  async put(data: Buffer, type: { mime: string; ext: string }, options: { private?: boolean } = {}): Promise<StoredFile> {
    const meta = newFileMeta(data, type, options.private === true);
    const { PutObjectCommand } = await s3Sdk();
    await (await this.client).send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(meta.id),
        Body: data,
        ContentType: meta.mime,
        ContentLength: data.length,
        Metadata: { ext: meta.ext, created: meta.created_at, private: meta.private ? '1' : '0' },
      }),
    );
    return meta;
  }

  async get(id: string, range?: ByteRange) {
    if (!isFileId(id)) return null;
    try {
      const { GetObjectCommand } = await s3Sdk();
      const object = await (await this.client).send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(id), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const metadata = object.Metadata ?? {};
      const meta: StoredFile = {
        id,
        mime: object.ContentType ?? 'application/octet-stream',
        ext: metadata.ext ?? 'bin',
        // A range's answer names the whole size after the slash of its Content-Range.
        size: Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? object.ContentLength ?? 0),
        created_at: metadata.created ?? '',
        ...(metadata.private === '1' ? { private: true } : {}),
      };
      return { meta, stream: object.Body as Readable };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(id: string) {
    if (!isFileId(id)) return;
    const { DeleteObjectCommand } = await s3Sdk();
    await (await this.client).send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(id) }));
  }

  close() {
    void this.client.then((client) => client.destroy(), () => undefined);
  }
}

export function createFileStorage(config: Pick<Config, 'dataDir'> & { storage?: StorageConfig }): FileStorage {
  if (config.storage?.driver === 's3' && config.storage.s3) return new S3FileStorage(config.storage.s3);
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
 * GET /files/<id>.<ext>: public, as favicons, logos and public media files are part of public
 * sites; the address is unguessable. `nosniff`, and anything that could run as an attachment.
 */
export function registerFileRoutes(app: FastifyInstance, storage: FileStorage) {
  app.get('/files/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const found = await storage.get(String(name).split('.')[0] ?? '');
    // A private media file answers like a missing one: only the gateway serves it (GET /storage/{id}).
    if (!found || found.meta.private) {
      found?.stream.destroy();
      throw new AppError(404, 'not_found');
    }
    const { meta, stream } = found;
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (ACTIVE_TYPES.test(meta.mime)) reply.header('Content-Disposition', `attachment; filename="${meta.id}.${meta.ext}"`);
    // The whole file's stream is the answer unless a range is asked: then the range's own.
    return sendStoredBytes(request, reply, meta.size, meta.mime, async (range) => {
      if (!range) return stream;
      stream.destroy();
      return (await storage.get(meta.id, range))?.stream ?? null;
    });
  });
}

/** One file of a multipart upload, read whole (the plugin's size limit applies). */
export interface UploadedPart {
  field: string;
  data: Buffer;
  /** The name the browser gave (never trusted for the type). */
  filename: string;
}

/**
 * The files and text fields of a multipart request, files read into memory within `maxBytes`
 * each. A request that is not multipart, or has no file, gives empty lists.
 */
export async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<{ files: UploadedPart[]; fields: Record<string, string> }> {
  const files: UploadedPart[] = [];
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return { files, fields };
  const tooLarge = () => new AppError(400, 'file_too_large', { size: Math.round(maxBytes / 1024 / 1024) });
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > maxBytes) throw tooLarge();
      files.push({ field: part.fieldname, data, filename: part.filename ?? '' });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(400, 'upload_failed');
  }
  return { files, fields };
}

/** The files of a multipart request (see readMultipart); other fields are ignored. */
export async function readUploadedFiles(request: FastifyRequest, maxBytes: number): Promise<UploadedPart[]> {
  return (await readMultipart(request, maxBytes)).files;
}
