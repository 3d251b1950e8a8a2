import { eq } from 'drizzle-orm';
import { FAVICON_SIZES, IMAGE_MAX_BYTES, type SiteImage } from '@dp/contracts';
import type { Row } from '../../kit/crud-routes.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { fileUrl, imageDimensions, sniffFile, type FileStorage, type ImageExt, type UploadedPart } from '../../kit/files.ts';
import { sites } from './site.table.ts';
import type { TransitionContext } from './site-transitions.ts';

/** Favicons accept png, ico, gif, jpeg and bmp; logos the image types of spec 000 §5. */
const FAVICON_TYPES: ImageExt[] = ['png', 'ico', 'gif', 'jpg', 'bmp'];
const LOGO_TYPES: ImageExt[] = ['gif', 'jpg', 'png', 'bmp'];
const LOGO_MAX_SIDE = 4096;
const formats = (types: ImageExt[]) => types.map((ext) => (ext === 'jpg' ? 'jpeg' : ext)).join(', ');

/** Checks one uploaded image by its bytes (type and size) and stores it. */
async function storeImage(files: FileStorage, part: UploadedPart | undefined, types: ImageExt[], sizes: readonly (readonly [number, number])[] | null, pointer: string): Promise<SiteImage> {
  if (!part || !part.data.length) throw new AppError(400, 'file_required', undefined, pointer);
  const type = await sniffFile(part.data);
  if (!type || !(types as string[]).includes(type.ext)) throw new AppError(400, 'file_format', { formats: formats(types) }, pointer);
  const size = imageDimensions(part.data);
  if (!size) throw new AppError(400, 'file_format', { formats: formats(types) }, pointer);
  if (sizes && !sizes.some(([w, h]) => w === size.width && h === size.height)) {
    throw new AppError(400, 'image_size', { sizes: sizes.map(([w, h]) => `${w}×${h}`).join(' / '), width: size.width, height: size.height }, pointer);
  }
  if (!sizes && (size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE)) throw new AppError(400, 'image_too_large', { max: LOGO_MAX_SIDE }, pointer);
  const stored = await files.put(part.data, type);
  return { file_id: stored.id, url: fileUrl(stored), width: size.width, height: size.height, mime: stored.mime };
}

async function saveImages(ctx: TransitionContext, site: Row, field: 'favicons' | 'logos', next: Record<string, SiteImage | null>) {
  const before = site[field] as Record<string, SiteImage | null>;
  const value = { ...before, ...next };
  const [fresh] = await ctx.tx.update(sites).set({ [field]: value, updated_at: new Date() }).where(eq(sites.id, site.id)).returning();
  await recordAudit(ctx.tx, ctx.auth, {
    action: 'update',
    service: 'sites.context',
    resource: 'sites',
    recordId: site.id,
    changes: { [field]: [before, value] },
    clientId: site.client_id as number,
    ip: ctx.ip,
  });
  return fresh as unknown as Row;
}

/**
 * Favicons (spec 000 §5 "icons in both formats required"): one upload with both files, `icon`
 * 192×192 or 512×512 and `apple` 180×180, checked by their bytes.
 */
export async function setFavicons(ctx: TransitionContext, files: FileStorage, site: Row, parts: UploadedPart[]) {
  const icon = await storeImage(files, parts.find((p) => p.field === 'icon'), FAVICON_TYPES, FAVICON_SIZES.icon, 'icon');
  const apple = await storeImage(files, parts.find((p) => p.field === 'apple'), FAVICON_TYPES, FAVICON_SIZES.apple, 'apple');
  return saveImages(ctx, site, 'favicons', { icon, apple });
}

/** A brand logo for PC or mobile (one file, `file`). */
export async function setLogo(ctx: TransitionContext, files: FileStorage, site: Row, kind: 'pc' | 'mobile', parts: UploadedPart[]) {
  const logo = await storeImage(files, parts.find((p) => p.field === 'file') ?? parts[0], LOGO_TYPES, null, 'file');
  return saveImages(ctx, site, 'logos', { [kind]: logo });
}

/** Removes the favicons or a logo from the site (the stored files stay: copies may share them). */
export async function clearImages(ctx: TransitionContext, site: Row, field: 'favicons' | 'logos', kinds: string[]) {
  return saveImages(ctx, site, field, Object.fromEntries(kinds.map((kind) => [kind, null])));
}

export { IMAGE_MAX_BYTES };
