import { z } from 'zod';
import { defineResource, type ResourcePermissions } from '../kit/resource.ts';
import { email, filterText, id, idList, integer, optionalMultiLineText, optionalText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { STATE_ENTITY_FIELDS, STATE_STATUS } from '../kit/workflow.ts';
import { siteGroupRef } from '../sites.context/site.resource.ts';

/**
 * Stages: the hero banners of a site's main page (spec 000 §1), and their states (spec 000 §3 Stage
 * state) under the workflow of spec 000 §4 (server kit/state-workflow.ts). A stage is one banner of
 * the main page's slider; what it shows is its published state. Images come from the media library,
 * cropped to the sizes of spec 000 §9. See docs/decisions/content.md, "What are stages?".
 */

const owned = { site_id: z.number(), client_id: z.number() };
const times = { created_at: z.string(), updated_at: z.string() };
const stateFields = Object.fromEntries(
  STATE_ENTITY_FIELDS.map((field) => [field, ['published_at', 'superseded_at', 'publish_at', 'publication_error'].includes(field) ? z.string().nullable() : z.number().nullable()]),
) as Record<(typeof STATE_ENTITY_FIELDS)[number], z.ZodNullable<z.ZodString> | z.ZodNullable<z.ZodNumber>>;

const read = ['stages.get_list', 'stages.patch'];
const stagePermissions: ResourcePermissions = { list: read, get: read, create: ['stages.patch'], update: ['stages.patch'], delete: ['stages.patch'] };

export const STAGE_POSITIONS = ['left', 'center', 'right'] as const;
export const STAGE_VIDEO_TYPES = ['youtube', 'vimeo', 'rutube', 'native'] as const;
export const STAGE_BUTTON_TYPES = ['link', 'phone', 'email', 'anchor'] as const;
export const STAGE_BUTTON_STYLES = ['primary', 'secondary', 'outline', 'text'] as const;
export const STAGE_BUTTON_SIZES = ['small', 'medium', 'large'] as const;
export const STAGE_ICON_POSITIONS = ['left', 'right'] as const;
/** Icons a button or a card may show (the public renderer draws them). */
export const STAGE_ICONS = ['arrow-right', 'arrow-left', 'phone', 'mail', 'car', 'calendar', 'gift', 'percent', 'info', 'download', 'play', 'star', 'location'] as const;
export const STAGE_MAX_BUTTONS = 4;
export const STAGE_MAX_CARDS = 4;

/** The hosts each hosted video type may come from (spec 000 §3: YouTube, Vimeo, Rutube). */
export const VIDEO_HOSTS: Record<'youtube' | 'vimeo' | 'rutube', string[]> = {
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com'],
  vimeo: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
  rutube: ['rutube.ru', 'www.rutube.ru'],
};

/** Whether `value` is an https address on one of the hosts of a hosted video type. */
export function isVideoUrl(type: keyof typeof VIDEO_HOSTS, value: string): boolean {
  if (!URL.canParse(value)) return false;
  const parsed = new URL(value);
  return parsed.protocol === 'https:' && !parsed.username && !parsed.password && !parsed.port && VIDEO_HOSTS[type].includes(parsed.hostname.toLowerCase());
}

/** #rgb, #rrggbb or #rrggbbaa. */
export const hexColor = () => safeString().trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: encodeMessage('color_format') });
const optionalColor = () => hexColor().nullable().optional();

/** Where a button or card leads: a site path or http(s) address, a phone, an e-mail, an anchor on the page. */
const LINK_RULES: Record<(typeof STAGE_BUTTON_TYPES)[number], RegExp> = {
  link: /^(\/[^\s]*|https?:\/\/[^\s/$.?#][^\s]*)$/i,
  phone: /^\+?[0-9][0-9\s()-]{4,24}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  anchor: /^#[A-Za-z][A-Za-z0-9_-]{0,99}$/,
};
export const isStageLink = (type: (typeof STAGE_BUTTON_TYPES)[number], value: string) => LINK_RULES[type].test(value) && (type !== 'email' || email().safeParse(value).success);

const linkText = () => safeString().trim().min(1).max(2048);

export const stageButton = z
  .strictObject({
    text: requiredText(100),
    type: z.enum(STAGE_BUTTON_TYPES).default('link'),
    link: linkText(),
    icon: z.enum(STAGE_ICONS).nullable().optional(),
    icon_position: z.enum(STAGE_ICON_POSITIONS).default('right'),
    style: z.enum(STAGE_BUTTON_STYLES).default('primary'),
    size: z.enum(STAGE_BUTTON_SIZES).default('medium'),
    full_width: z.boolean().default(false),
  })
  .superRefine((button, context) => {
    if (!isStageLink(button.type, button.link)) context.addIssue({ code: 'custom', path: ['link'], message: encodeMessage(`stage_link_${button.type}`) });
  });

export const stageCard = z
  .strictObject({
    title: requiredText(100),
    text: optionalMultiLineText(500),
    link: linkText().nullable().optional(),
    icon: z.enum(STAGE_ICONS).nullable().optional(),
  })
  .superRefine((card, context) => {
    if (card.link && !isStageLink('link', card.link)) context.addIssue({ code: 'custom', path: ['link'], message: encodeMessage('stage_link_link') });
  });

/** An image of one screen size: a file of the media library with its alt and title. */
export const stageImageInput = z.strictObject({ file_id: id(), alt: optionalText(255), title: optionalText(255) });

export const stageVideo = z
  .strictObject({
    type: z.enum(STAGE_VIDEO_TYPES),
    /** The page of a hosted video (YouTube, Vimeo, Rutube). */
    url: safeString().trim().max(2048).nullable().optional(),
    /** The mp4 of the media library of a native video. */
    file_id: id().nullable().optional(),
    autoplay: z.boolean().default(true),
    muted: z.boolean().default(true),
    loop: z.boolean().default(true),
  })
  .superRefine((video, context) => {
    if (video.type === 'native') {
      if (!video.file_id) context.addIssue({ code: 'custom', path: ['file_id'], message: encodeMessage('required') });
    } else if (!video.url) context.addIssue({ code: 'custom', path: ['url'], message: encodeMessage('required') });
    else if (!isVideoUrl(video.type, video.url)) context.addIssue({ code: 'custom', path: ['url'], message: encodeMessage('video_url', { hosts: VIDEO_HOSTS[video.type].join(', ') }) });
  });

export const stagePanel = z.strictObject({
  enabled: z.boolean().default(false),
  color: optionalColor(),
  /** 0 transparent … 100 opaque. */
  opacity: integer(0, 100).default(60),
  rounded: z.boolean().default(true),
});

export const stageColors = z.strictObject({
  title: optionalColor(),
  subtitle: optionalColor(),
  /** Behind the image while it loads, and around a contained one. */
  background: optionalColor(),
  button: optionalColor(),
});

const stateInput = {
  name: requiredText(255),
  order: integer(0, 10_000),
  position: z.enum(STAGE_POSITIONS),
  panel: stagePanel,
  colors: stageColors,
  title: optionalText(255),
  subtitle: optionalMultiLineText(1000),
  images: z.strictObject({ pc: stageImageInput.nullable(), tablet: stageImageInput.nullable(), mobile: stageImageInput.nullable() }).partial(),
  disable_webp: z.boolean(),
  video: stageVideo.nullable(),
  buttons: z.array(stageButton).max(STAGE_MAX_BUTTONS),
  cards: z.array(stageCard).max(STAGE_MAX_CARDS),
  group_ids: idList(100),
  personalization_page_ids: idList(100),
};

/** A stored stage image: the file and its public addresses (the original and its webp). */
const storedImage = z
  .object({
    file_id: z.number(),
    url: z.string(),
    webp_url: z.string().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    alt: z.string().nullable(),
    title: z.string().nullable(),
  })
  .nullable();
export type StageImageValue = z.output<typeof storedImage>;

/**
 * A stage (one banner of the main page). Creating one makes its first draft state, named like it.
 * `published`, `drafts`, `submitted` and `publish_at` are read from its states.
 */
export const stageResource = defineResource({
  service: 'content.storage',
  name: 'stages',
  entity: z.object({
    ...owned,
    name: z.string(),
    origin_id: z.number().nullable(),
    /** The published state (null: the banner is not on the site). */
    published: z.number().nullable(),
    /** Its order on the site (the published state's, else the newest state's). */
    order: z.number().nullable(),
    drafts: z.array(z.number()),
    submitted: z.array(z.number()),
    /** The earliest publication by time among its states. */
    publish_at: z.string().nullable(),
    ...times,
  }),
  create: z.strictObject({ site_id: id(), name: requiredText(255) }),
  update: z.strictObject({ name: requiredText(255) }).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    site_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'name', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: stagePermissions,
  columns: [
    { field: 'name', sortable: true },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'name', widget: 'text' }],
  screen: '/content.storage/stages/{siteId}',
});

const statusOptions = Object.values(STATE_STATUS).map((value) => ({ value, label: `states.statuses.${value}` }));

/** A state of a stage (spec 000 §3 Stage state): every field of the banner; drafts change, others do not. */
export const stageStateResource = defineResource({
  service: 'content.storage',
  name: 'stage_states',
  entity: z.object({
    stage_id: z.number(),
    ...owned,
    name: z.string(),
    order: z.number(),
    position: z.string(),
    panel: z.object({ enabled: z.boolean(), color: z.string().nullable().optional(), opacity: z.number(), rounded: z.boolean() }).partial(),
    colors: z.record(z.string(), z.string().nullable()),
    title: z.string().nullable(),
    subtitle: z.string().nullable(),
    images: z.object({ pc: storedImage, tablet: storedImage, mobile: storedImage }),
    disable_webp: z.boolean(),
    video: z
      .object({ type: z.string(), url: z.string().nullable(), file_id: z.number().nullable(), autoplay: z.boolean(), muted: z.boolean(), loop: z.boolean() })
      .nullable(),
    buttons: z.array(z.record(z.string(), z.unknown())),
    cards: z.array(z.record(z.string(), z.unknown())),
    group_ids: z.array(z.number()),
    personalization_page_ids: z.array(z.number()),
    ...stateFields,
    ...times,
  }),
  // The site is the stage's (the machinery's `parent`): the body names the stage only.
  create: z.strictObject({
    stage_id: id(),
    ...stateInput,
    order: stateInput.order.default(0),
    position: stateInput.position.default('left'),
    panel: stateInput.panel.optional(),
    colors: stateInput.colors.optional(),
    images: stateInput.images.optional(),
    disable_webp: stateInput.disable_webp.default(false),
    video: stateInput.video.optional(),
    buttons: stateInput.buttons.default([]),
    cards: stateInput.cards.default([]),
    group_ids: stateInput.group_ids.default([]),
    personalization_page_ids: stateInput.personalization_page_ids.default([]),
  }),
  update: z.strictObject(stateInput).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'title'], schema: filterText(), widget: 'text' },
    stage_id: { op: 'eq', schema: id() },
    site_id: { op: 'eq', schema: id() },
    status: { op: 'in', schema: z.string().max(20).regex(/^[123](,[123])*$/), widget: 'select', options: statusOptions },
  },
  sort: ['id', 'name', 'order', 'status', 'version', 'created_at', 'updated_at'],
  defaultSort: '-id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { group_ids: siteGroupRef },
  permissions: stagePermissions,
  columns: [
    { field: 'name', sortable: true },
    { field: 'status', sortable: true, render: 'tag' },
    { field: 'version', sortable: true },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'name', widget: 'text' }],
  screen: '/content.storage/stages/{siteId}',
});

/** The content a copy or a restore of a stage state takes over (not the workflow columns). */
export const STAGE_STATE_CONTENT = Object.keys(stateInput);
