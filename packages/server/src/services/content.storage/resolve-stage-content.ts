import { and, eq, inArray } from 'drizzle-orm';
import { STAGE_IMAGE_SIZES, type Lang, type MediaVariant, type StageScreen } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import type { Row } from '../../kit/crud-routes.ts';
import { findFile } from '../media.storage/media.hooks.ts';
import { pages } from '../sites.context/content.table.ts';
import type { StageImage, StageVideo } from './stage.table.ts';

type Images = Record<StageScreen, StageImage | null>;
type ImageInput = { file_id: number; alt?: string | null; title?: string | null } | null;
const SCREEN_NAMES: Record<StageScreen, Record<Lang, string>> = {
  pc: { ru: 'ПК', en: 'PC' },
  tablet: { ru: 'планшет', en: 'tablet' },
  mobile: { ru: 'мобильный', en: 'mobile' },
};

/**
 * A library file a stage of the site may show: reachable by the caller, of the site's client (or
 * a platform file), public (a public site shows it) and of the kind needed. Anything else looks
 * missing, so another client's files are not revealed.
 */
async function usableFile(tx: DbOrTx, auth: AuthContext, site: { client_id: number }, fileId: number, kind: 'image' | 'video', pointer: string): Promise<Row> {
  const file = await findFile(tx, auth, fileId).catch(() => null);
  if (!file || (file.client_id !== null && file.client_id !== site.client_id)) throw badRequest('invalid_reference', pointer, { id: fileId });
  if (file.kind !== kind) throw badRequest('file_kind', pointer, { kind });
  if (file.access !== 1) throw badRequest('file_private', pointer);
  return file;
}

/**
 * The address of an image at a stage size (spec 000 §9): the file itself when it is exactly that
 * size, else its variant of that size (made on upload for images of the same ratio); otherwise
 * the editor crops it to size first.
 */
function sizedImage(file: Row, screen: StageScreen, input: NonNullable<ImageInput>, lang: Lang, pointer: string): StageImage {
  const size = STAGE_IMAGE_SIZES[screen];
  const variants = file.variants as MediaVariant[];
  const variant = (name: string) => variants.find((v) => v.name === name) ?? null;
  const text = { alt: input.alt ?? null, title: input.title ?? null };
  if (file.width === size.width && file.height === size.height) {
    return { file_id: file.id, url: file.url as string, webp_url: variant('webp')?.url ?? null, width: size.width, height: size.height, ...text };
  }
  const sized = variant(`stage_${screen}`);
  if (sized?.url) return { file_id: file.id, url: sized.url, webp_url: variant(`stage_${screen}_webp`)?.url ?? null, width: sized.width, height: sized.height, ...text };
  throw badRequest('stage_image_size', pointer, { screen: SCREEN_NAMES[screen][lang], width: size.width, height: size.height, actual: `${file.width}×${file.height}` });
}

/**
 * The images a write gives, as stored: a file kept from before (a copy's included) keeps its
 * addresses and only takes the new alt and title; a new one is checked and sized.
 */
export async function resolveStageImages(tx: DbOrTx, auth: AuthContext, site: { client_id: number }, given: Partial<Record<StageScreen, ImageInput>>, before: Images | null, lang: Lang): Promise<Images> {
  const result: Images = { pc: before?.pc ?? null, tablet: before?.tablet ?? null, mobile: before?.mobile ?? null };
  for (const screen of Object.keys(STAGE_IMAGE_SIZES) as StageScreen[]) {
    if (!(screen in given)) continue;
    const input = given[screen] ?? null;
    const pointer = `/data/attributes/images/${screen}/file_id`;
    if (!input) result[screen] = null;
    else if (before?.[screen]?.file_id === input.file_id) result[screen] = { ...before[screen]!, alt: input.alt ?? null, title: input.title ?? null };
    else result[screen] = sizedImage(await usableFile(tx, auth, site, input.file_id, 'image', pointer), screen, input, lang, pointer);
  }
  return result;
}

/** A native video is an mp4 of the library (its public address kept); a hosted one was checked by the contract. */
export async function resolveStageVideo(tx: DbOrTx, auth: AuthContext, site: { client_id: number }, video: Omit<StageVideo, 'url' | 'file_id'> & { url?: string | null; file_id?: number | null } | null, before: StageVideo | null): Promise<StageVideo | null> {
  if (!video) return null;
  if (video.type !== 'native') return { ...video, url: video.url ?? null, file_id: null };
  if (before?.type === 'native' && before.file_id === video.file_id) return { ...video, url: before.url, file_id: before.file_id };
  const file = await usableFile(tx, auth, site, video.file_id!, 'video', '/data/attributes/video/file_id');
  return { ...video, url: file.url as string, file_id: file.id };
}

/** Personalization pages are pages of the stage's own site. */
export async function assertPagesOfSite(tx: DbOrTx, siteId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await tx.select({ id: pages.id }).from(pages).where(and(inArray(pages.id, wanted), eq(pages.site_id, siteId)));
  const missing = wanted.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw badRequest('invalid_reference', '/data/attributes/personalization_page_ids', { id: missing });
}

