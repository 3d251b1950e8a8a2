import { z } from 'zod';
import { defineResource, type ResourcePermissions } from '../kit/resource.ts';
import { filterText, id, integer, optionalText, requiredText, url } from '../kit/fields.ts';

/**
 * The media library (spec 000 §7 "Media: file meta by client; POST /file multipart {file, access,
 * client_id}; GET /storage/{id}; files_size"): files of a client in folders, their type sniffed from
 * the bytes, image variants made on upload, crops made on the server. Platform files (no client)
 * are staff's. See docs/decisions/media.md.
 */

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
export const mediaFolderRef = { service: 'media.storage', name: 'folders', label: 'name' } as const;

/** Spec 000 §9 "Media access value 1": 1 public (served to public sites), 2 private (signed-in users of the client only). */
export const MEDIA_ACCESS = { public: 1, private: 2 } as const;
export const MEDIA_ACCESS_VALUES = [1, 2] as const;
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Spec 000 §5 "Image upload accepts gif, jpeg, png, bmp; video mp4" (webp is produced, not taken). */
export const MEDIA_FORMATS: Record<string, { mime: string; kind: MediaKind }> = {
  gif: { mime: 'image/gif', kind: 'image' },
  jpg: { mime: 'image/jpeg', kind: 'image' },
  png: { mime: 'image/png', kind: 'image' },
  bmp: { mime: 'image/bmp', kind: 'image' },
  mp4: { mime: 'video/mp4', kind: 'video' },
};
/** What an upload field may accept in a browser (the server decides by the bytes). */
export const MEDIA_ACCEPT = { image: 'image/gif,image/jpeg,image/png,image/bmp', video: 'video/mp4' } as const;

/** Spec 000 §9 image sizes of a stage, with the work area the banner's text stays inside. */
export const STAGE_IMAGE_SIZES = {
  pc: { width: 1920, height: 1080, work: { width: 1308, height: 692 } },
  tablet: { width: 1280, height: 720, work: { width: 924, height: 476 } },
  mobile: { width: 504, height: 896, work: { width: 432, height: 768 } },
} as const;
export type StageScreen = keyof typeof STAGE_IMAGE_SIZES;
export const STAGE_SCREENS = ['pc', 'tablet', 'mobile'] as const;

/** Sizes a crop may be made for (the cropper's aspect ratios): the stage sizes, favicons and the Apple icon. */
export const CROP_TARGETS = {
  stage_pc: { width: 1920, height: 1080 },
  stage_tablet: { width: 1280, height: 720 },
  stage_mobile: { width: 504, height: 896 },
  favicon_192: { width: 192, height: 192 },
  favicon_512: { width: 512, height: 512 },
  apple_180: { width: 180, height: 180 },
} as const;
export type CropTarget = keyof typeof CROP_TARGETS;
export const CROP_TARGET_NAMES = Object.keys(CROP_TARGETS) as CropTarget[];

/** A stored variant of an image (webp, stage sizes, favicons, the library's thumbnail). */
export interface MediaVariant {
  name: string;
  key: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  /** `/files/<key>.<ext>` for public files; null for private ones (GET /storage/{id}?variant=). */
  url: string | null;
}

const mediaPermissions: ResourcePermissions = {
  list: ['media.get_list'],
  get: ['media.get_list'],
  create: ['media.create'],
  update: ['media.patch'],
  delete: ['media.delete'],
};

const folderFields = {
  name: requiredText(255),
  parent_id: id().nullable().optional(),
};

/** A folder of a client's media library; folders nest (`parent_id`) within one client. */
export const mediaFolderResource = defineResource({
  service: 'media.storage',
  name: 'folders',
  entity: z.object({ client_id: z.number().nullable(), parent_id: z.number().nullable(), name: z.string(), created_at: z.string(), updated_at: z.string() }),
  // Staff may leave client_id out: a platform folder. Dealers must give one of their clients.
  create: z.strictObject({ client_id: id().nullable().optional(), ...folderFields }),
  update: z.strictObject(folderFields).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    parent_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, parent_id: mediaFolderRef },
  permissions: mediaPermissions,
  columns: [
    { field: 'name', sortable: true },
    { field: 'client_id', render: 'refs', ref: clientRef },
    { field: 'created_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'parent_id', widget: 'select', ref: mediaFolderRef },
  ],
  screen: '/media.storage/library/{siteId}',
});

const variant = z.object({
  name: z.string(),
  key: z.string(),
  ext: z.string(),
  mime: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  url: z.string().nullable(),
});

/**
 * A stored file's metadata. Read through the machinery (list with paging, search and filters by
 * client, folder and kind; get); written by its own routes: upload (`POST /file`), change and
 * delete (`PATCH`/`DELETE /files/{id}`), crop (`POST /files/{id}/crop`).
 */
export const mediaFileResource = defineResource({
  service: 'media.storage',
  name: 'files',
  readOnly: true,
  entity: z.object({
    client_id: z.number().nullable(),
    folder_id: z.number().nullable(),
    name: z.string(),
    mime: z.string(),
    ext: z.string(),
    kind: z.string(),
    size: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    access: z.number(),
    driver: z.string(),
    key: z.string(),
    /** `/files/<key>.<ext>` for a public file, null for a private one. */
    url: z.string().nullable(),
    variants: z.array(variant),
    /** The file this one was cropped from. */
    source_id: z.number().nullable(),
    created_by: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    folder_id: { op: 'eq', schema: id() },
    kind: { op: 'eq', schema: z.enum(MEDIA_KINDS), widget: 'select', options: MEDIA_KINDS.map((value) => ({ value, label: `media.storage:kinds.${value}` })) },
    access: { op: 'eq', schema: integer(1, 2) },
  },
  sort: ['id', 'name', 'size', 'kind', 'created_at'],
  defaultSort: '-created_at',
  pageSize: { default: 50, max: 500 },
  tenant: 'client_id',
  refs: { client_id: clientRef, folder_id: mediaFolderRef },
  permissions: mediaPermissions,
  columns: [
    { field: 'name', sortable: true },
    { field: 'kind', render: 'tag' },
    { field: 'size', sortable: true },
    { field: 'created_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'name', widget: 'text' }],
  screen: '/media.storage/library/{siteId}',
});

/** The multipart fields of an upload besides `file` (spec 000 §7 {file, access, client_id}). */
export const uploadFields = z.strictObject({
  access: integer(1, 2).pipe(z.literal(MEDIA_ACCESS_VALUES)).default(1),
  client_id: id().nullable().optional(),
  folder_id: id().nullable().optional(),
});

/** A change of a file's metadata: its name and folder (access is fixed at upload). */
export const fileChangeBody = z.strictObject({
  data: z.strictObject({ attributes: z.strictObject({ name: requiredText(255), folder_id: id().nullable() }).partial() }),
});

/** A crop box in the pixels of the original, and the size it is made for (none: the box as it is). */
export const cropBody = z.strictObject({
  data: z.strictObject({
    x: integer(0, 100_000),
    y: integer(0, 100_000),
    width: integer(1, 100_000),
    height: integer(1, 100_000),
    target: z.enum(CROP_TARGET_NAMES as [CropTarget, ...CropTarget[]]).nullable().optional(),
  }),
});

export const storageQuery = z.strictObject({
  /** A variant by name (webp, thumb, stage_pc …); the original when absent. */
  variant: z.string().max(40).regex(/^[a-z0-9_]+$/).optional(),
  download: z.enum(['1']).optional(),
});

export const filesSizeQuery = z.strictObject({ 'filter[client_id]': id().optional() });

/** Bytes and files per client (the variants counted), `files_size` of spec 000 §7. */
export interface FilesSize {
  client_id: number | null;
  files: number;
  bytes: number;
}

/** A media element of a client (spec 000 §3 Client, media elements): kept on the client, edited in the library. */
export const mediaElement = z.strictObject({
  id: requiredText(100),
  type: z.enum(['image', 'video', 'document']),
  url: z.union([url(), requiredText(2048).regex(/^\/files\/[A-Za-z0-9._-]+$/)]),
  title: optionalText(255),
});
export const mediaElementsBody = z.strictObject({ data: z.strictObject({ media_elements: z.array(mediaElement).max(200) }) });
export type MediaElement = z.output<typeof mediaElement>;
