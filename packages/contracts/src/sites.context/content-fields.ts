import { z } from 'zod';
import { id, idList, integer, isoDateTime, optionalMultiLineText, optionalText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Fields of site content (pages, layouts, templates, collections; spec 000 §3), shared by their
 * resources, the collection screens and the floors' components (the video block).
 */

/** A page address: '/', or '/' and segments of Latin letters, digits, '-', '_' (spec: '/' separated). */
export const PAGE_URI = /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/;
export const pageUri = () => safeString().trim().min(1).max(500).regex(PAGE_URI, { error: encodeMessage('page_uri') });

/** The address of a page below its parent: `${parent}/${slug}` ('/' as the parent adds nothing). */
export const childUri = (parentUri: string | null | undefined, slug: string) => `${!parentUri || parentUri === '/' ? '' : parentUri}/${slug.replace(/^\/+/, '')}`;

/** A JSON value a floor takes on a page (text, numbers, switches, lists and nested groups), bounded. */
export type FloorValue = string | number | boolean | null | FloorValue[] | { [key: string]: FloorValue };
const valueKey = () => safeString().min(1).max(100);
export const floorValue: z.ZodType<FloorValue> = z.lazy(() =>
  z.union([
    safeString({ lines: true }).max(20_000),
    z.number().finite(),
    z.boolean(),
    z.null(),
    z.array(floorValue).max(200),
    z.record(valueKey(), floorValue),
  ]),
);

/** A floor placed on a page, a layout or a template: the floor and the values it takes there. */
export const placedFloor = z.strictObject({
  floor_id: id(),
  values: z.record(valueKey(), floorValue).optional(),
});
/** Floors in display order (drag and drop in the editors). */
export const placedFloors = () => z.array(placedFloor).max(100);
export type PlacedFloorInput = z.output<typeof placedFloor>;

/** An image address: an absolute http(s) URL, or a file of the files kit / media library (`/files/…`). */
export const imageUrl = () =>
  safeString()
    .trim()
    .min(1)
    .max(2048)
    .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) || /^\/files\/[A-Za-z0-9._-]+$/.test(value), { error: encodeMessage('image_url') });

/** An image with its title and alt text (collection pages, stages, floors). */
export const imageWithText = z.strictObject({
  url: imageUrl(),
  file_id: optionalText(100),
  title: optionalText(255),
  alt: optionalText(255),
});

/** A moment with its offset (kit/dates.ts rules). */
export const dateTime = () => isoDateTime();

/** Video types of the video block (spec 000 §3 Video block, stages). */
export const VIDEO_TYPES = ['youtube', 'vimeo', 'rutube', 'native'] as const;
export const VIDEO_RATIOS = ['16:9', '4:3', '1:1', '9:16', '21:9'] as const;

/** An ISO 8601 duration of the video markup: PT1M30S, PT2H, P0DT45S. */
export const videoDuration = () =>
  safeString()
    .trim()
    .max(40)
    .regex(/^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/, { error: encodeMessage('video_duration') });

/**
 * The video block with its schema.org VideoObject markup (spec 000 §3): a floor value of the
 * `video` component and a field of collection pages.
 */
export const videoBlock = z.strictObject({
  type: z.enum(VIDEO_TYPES),
  url: imageUrl(),
  poster: imageUrl().nullable().optional(),
  ratio: z.enum(VIDEO_RATIOS).optional(),
  schema_markup: z
    .strictObject({
      name: requiredText(255),
      description: optionalMultiLineText(2000),
      uploadDate: dateTime().nullable().optional(),
      duration: videoDuration().nullable().optional(),
      isFamilyFriendly: z.boolean().optional(),
      thumbnail: imageUrl().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type VideoBlock = z.output<typeof videoBlock>;

/** Collection types (spec 000 §9). */
export const COLLECTION_TYPES = ['any', 'news', 'article', 'specials'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

/** The collection block of a page state (spec 000 §3 Page state, Collection page). */
export const collectionBlock = z.strictObject({
  type: z.enum(COLLECTION_TYPES),
  order: integer(0, 1_000_000).default(0),
  title: requiredText(255),
  description: optionalMultiLineText(5000),
  publication_date: dateTime().nullable().optional(),
  image: imageWithText.nullable().optional(),
  dealer_ids: idList(100).default([]),
  tags: z.array(requiredText(50)).max(30).default([]),
  video: videoBlock.nullable().optional(),
});
export type CollectionBlockInput = z.output<typeof collectionBlock>;

/** SEO properties of a page state. */
export const seoProperties = z.strictObject({
  title: optionalText(255),
  description: optionalMultiLineText(1000),
  keywords: optionalText(500),
  canonical: optionalText(2048),
  og_title: optionalText(255),
  og_description: optionalMultiLineText(1000),
  og_image: imageUrl().nullable().optional(),
  noindex: z.boolean().optional(),
});
