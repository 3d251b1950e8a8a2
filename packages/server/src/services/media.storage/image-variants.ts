import type { ResizeOptions, Sharp } from 'sharp';
import { decode as decodeBmp } from 'bmp-ts';
import { CROP_TARGETS, STAGE_IMAGE_SIZES, type CropTarget, type MediaVariant } from '@dp/contracts';
import { AppError } from '../../kit/errors.ts';
import { fileUrl, imageDimensions, type FileStorage } from '../../kit/files.ts';
import { loadSharp } from '../../kit/lazy-packages.ts';

/**
 * Image work of the media library with sharp: reading (BMP through bmp-ts, which libvips does not
 * read), the variants made on upload, and crops. Only bytes whose type was sniffed as gif, jpeg,
 * png or bmp get here, so sharp never sees SVG or anything else it could be tricked with.
 */

/** The largest side of the full-size webp; larger originals are scaled down for it. */
const WEBP_MAX_SIDE = 4096;
const THUMB_SIDE = 320;
/** Two sizes have "the same" ratio within this relative difference. */
const RATIO_TOLERANCE = 0.01;

interface Decoded {
  raw: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** Width and height from the header, refused above the pixel limit before anything is decoded. */
export function checkedDimensions(data: Buffer, maxMegapixels: number): { width: number; height: number } {
  const size = imageDimensions(data);
  if (!size) throw new AppError(400, 'image_unreadable', undefined, 'file');
  if (size.width * size.height > maxMegapixels * 1_000_000) throw new AppError(400, 'image_too_many_pixels', { megapixels: maxMegapixels }, 'file');
  return size;
}

/**
 * RGBA pixels of a BMP made opaque when no pixel has any alpha: bmp-ts gives alpha 0 to a BMP
 * without an alpha channel (24 bits, or 32 bits whose fourth byte is unused, as most writers leave
 * it), which would make its variants wholly transparent. Browsers read such a BMP as opaque too.
 */
export function opaqueWithoutAlpha(rgba: Buffer): Buffer {
  for (let at = 3; at < rgba.length; at += 4) if (rgba[at] !== 0) return rgba;
  for (let at = 3; at < rgba.length; at += 4) rgba[at] = 255;
  return rgba;
}

/** Decodes the image once (turned upright by its EXIF orientation) into raw pixels. */
async function decode(data: Buffer, ext: string, maxMegapixels: number): Promise<Decoded> {
  const limitInputPixels = Math.round(maxMegapixels * 1_000_000);
  const sharp = await loadSharp();
  try {
    const input =
      ext === 'bmp'
        ? (() => {
            const bmp = decodeBmp(data, { toRGBA: true });
            return sharp(opaqueWithoutAlpha(bmp.data), { raw: { width: bmp.width, height: bmp.height, channels: 4 }, limitInputPixels });
          })()
        : sharp(data, { limitInputPixels, failOn: 'error' }).rotate();
    const { data: raw, info } = await input.raw().toBuffer({ resolveWithObject: true });
    return { raw, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw new AppError(400, 'image_unreadable', undefined, 'file');
  }
}

const fromRaw = async (image: Decoded) => (await loadSharp())(image.raw, { raw: { width: image.width, height: image.height, channels: image.channels } });

/** The format a variant of the source keeps: jpeg stays jpeg, everything else (png, gif, bmp) becomes png. */
const familyOf = (ext: string) => (ext === 'jpg' ? { ext: 'jpg', mime: 'image/jpeg' } : { ext: 'png', mime: 'image/png' });

function encode(pipeline: Sharp, format: 'jpg' | 'png' | 'webp') {
  if (format === 'jpg') return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
  if (format === 'webp') return pipeline.webp({ quality: 82 });
  return pipeline.png({ compressionLevel: 9 });
}

interface Rendered {
  name: string;
  data: Buffer;
  ext: string;
  mime: string;
  width: number;
  height: number;
}

async function render(image: Decoded, name: string, format: 'jpg' | 'png' | 'webp', resize: ResizeOptions | null): Promise<Rendered> {
  const pipeline = resize ? (await fromRaw(image)).resize(resize) : await fromRaw(image);
  const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
  const type = format === 'webp' ? { ext: 'webp', mime: 'image/webp' } : familyOf(format);
  return { name, data, ...type, width: info.width, height: info.height };
}

const sameRatio = (width: number, height: number, target: { width: number; height: number }) =>
  Math.abs(width / height - target.width / target.height) / (target.width / target.height) < RATIO_TOLERANCE;

/**
 * The variants of an image (spec 000 §9 sizes): a full-size webp and a thumbnail for every image;
 * the stage sizes (desktop 1920×1080, tablet 1280×720, mobile 504×896), each also as webp, when
 * the image has that ratio and is at least that large but not exactly it (then it is the size
 * itself); favicons 192 and 512 and the Apple icon 180 (png) when it is square and large enough.
 */
async function renderVariants(image: Decoded, sourceExt: string): Promise<Rendered[]> {
  const { width, height } = image;
  const family = familyOf(sourceExt).ext as 'jpg' | 'png';
  const jobs: Promise<Rendered>[] = [
    render(image, 'webp', 'webp', width > WEBP_MAX_SIDE || height > WEBP_MAX_SIDE ? { width: WEBP_MAX_SIDE, height: WEBP_MAX_SIDE, fit: 'inside' } : null),
    render(image, 'thumb', 'webp', { width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }),
  ];
  for (const screen of Object.keys(STAGE_IMAGE_SIZES) as (keyof typeof STAGE_IMAGE_SIZES)[]) {
    const size = STAGE_IMAGE_SIZES[screen];
    const exact = width === size.width && height === size.height;
    if (exact || !sameRatio(width, height, size) || width < size.width) continue;
    const resize = { width: size.width, height: size.height, fit: 'cover' as const };
    jobs.push(render(image, `stage_${screen}`, family, resize), render(image, `stage_${screen}_webp`, 'webp', resize));
  }
  if (width === height) {
    for (const [name, side] of [['favicon_192', 192], ['favicon_512', 512], ['apple_180', 180]] as const) {
      if (width >= side) jobs.push(render(image, name, 'png', { width: side, height: side }));
    }
  }
  return Promise.all(jobs);
}

/** Stores rendered variants beside the original; on a failure removes what it stored. */
async function storeVariants(files: FileStorage, rendered: Rendered[], isPrivate: boolean): Promise<MediaVariant[]> {
  const stored: MediaVariant[] = [];
  try {
    for (const variant of rendered) {
      const meta = await files.put(variant.data, { mime: variant.mime, ext: variant.ext }, { private: isPrivate });
      stored.push({ name: variant.name, key: meta.id, ext: meta.ext, mime: meta.mime, width: variant.width, height: variant.height, size: meta.size, url: isPrivate ? null : fileUrl(meta) });
    }
    return stored;
  } catch (error) {
    await removeVariants(files, stored);
    throw error;
  }
}

export async function removeVariants(files: FileStorage, variants: Pick<MediaVariant, 'key'>[]) {
  await Promise.all(variants.map((variant) => files.remove(variant.key).catch(() => undefined)));
}

/** Makes and stores the variants of an uploaded image; answers them with the upright image's size. */
export async function makeVariants(files: FileStorage, data: Buffer, ext: string, options: { private: boolean; maxMegapixels: number }) {
  const image = await decode(data, ext, options.maxMegapixels);
  const variants = await storeVariants(files, await renderVariants(image, ext), options.private);
  return { variants, width: image.width, height: image.height };
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Crops an image on the server (the browser only sends the box, never pixels): the box, in the
 * original's pixels, must lie inside it; with a target the result is exactly that size (a box of
 * a slightly different ratio is trimmed to it). The result keeps the source's format family.
 */
export async function cropImage(data: Buffer, ext: string, box: CropBox, target: CropTarget | null | undefined, maxMegapixels: number) {
  const image = await decode(data, ext, maxMegapixels);
  if (box.x + box.width > image.width || box.y + box.height > image.height) {
    throw new AppError(400, 'crop_outside', { width: image.width, height: image.height }, '/data');
  }
  const size = target ? CROP_TARGETS[target] : null;
  let pipeline = (await fromRaw(image)).extract({ left: box.x, top: box.y, width: box.width, height: box.height });
  if (size) pipeline = pipeline.resize({ width: size.width, height: size.height, fit: 'cover' });
  const format = target && target !== 'stage_pc' && target !== 'stage_tablet' && target !== 'stage_mobile' ? 'png' : (familyOf(ext).ext as 'jpg' | 'png');
  const { data: out, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
  return { data: out, ext: format, mime: format === 'jpg' ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
}
