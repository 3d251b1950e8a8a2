import { z } from 'zod';
import { filterText, id, integer, optionalMultiLineText, outbound, requiredText, url } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { crudPermissions, defineResource, partialOf } from '../kit/resource.ts';

/**
 * Custom media (spec 002 §3 Custom media, §7, §9; docs/decisions/widgets-content.md): a site's
 * profiles, each an outside source (a JSON or RSS/Atom answer) imported on its schedule into the
 * site's items (a picture or a video with its link, description and tags), which a floor shows.
 */
const times = { created_at: z.string(), updated_at: z.string() };

/** How often a profile is imported (spec 002 §9: ONE_HOUR by default). */
export const CUSTOM_MEDIA_FREQUENCIES = ['FIFTEEN_MINUTES', 'ONE_HOUR', 'SIX_HOURS', 'TWELVE_HOURS', 'ONE_DAY', 'ONE_WEEK'] as const;
export type CustomMediaFrequency = (typeof CUSTOM_MEDIA_FREQUENCIES)[number];
/** Each frequency in minutes. */
export const CUSTOM_MEDIA_FREQUENCY_MINUTES: Record<CustomMediaFrequency, number> = {
  FIFTEEN_MINUTES: 15,
  ONE_HOUR: 60,
  SIX_HOURS: 360,
  TWELVE_HOURS: 720,
  ONE_DAY: 1440,
  ONE_WEEK: 10_080,
};
export const CUSTOM_MEDIA_METHODS = ['GET', 'POST'] as const;
/** The most items a profile keeps (its actual count), and the default (spec 002 §9). */
export const CUSTOM_MEDIA_ACTUAL_MAX = 10_000;
export const CUSTOM_MEDIA_ACTUAL_DEFAULT = 1000;
/** Page sizes of the lists (spec 002 §9: 100 by default). */
export const CUSTOM_MEDIA_PAGE = { default: 100, max: 1000 } as const;

const tagList = () => z.array(requiredText(50)).max(30);
/** A request body sent with a POST profile: JSON text, at most 10,000 characters. */
const payload = () =>
  optionalMultiLineText(10_000).refine(
    (value) => {
      if (!value) return true;
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    },
    { error: encodeMessage('custom_media_payload_json') },
  );

const profileFields = {
  title: requiredText(255),
  request_method: z.enum(CUSTOM_MEDIA_METHODS).default('GET'),
  request_url: outbound(url()),
  request_payload: payload(),
  sharable: z.boolean().default(false),
  frequency: z.enum(CUSTOM_MEDIA_FREQUENCIES).default('ONE_HOUR'),
  actual_count: integer(1, CUSTOM_MEDIA_ACTUAL_MAX).default(CUSTOM_MEDIA_ACTUAL_DEFAULT),
  tags: tagList().default([]),
};

const frequencyOptions = CUSTOM_MEDIA_FREQUENCIES.map((value) => ({ value, label: `frequencies.${value}` }));
const methodOptions = CUSTOM_MEDIA_METHODS.map((value) => ({ value, label: value }));

/** The state of a profile's last import. */
export const CUSTOM_MEDIA_IMPORT_STATES = ['never', 'running', 'done', 'failed'] as const;

/**
 * A custom media profile of a site (spec 002 §3): its title, the request made to its source (method,
 * address, JSON payload), whether other sites of the client may show its items (sharable), how often
 * it is imported, how many of the newest items it keeps, the tags its items get; and the state of
 * its last import (read only).
 */
export const customMediaProfileResource = defineResource({
  service: 'custom.media',
  name: 'profiles',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    title: z.string(),
    request_method: z.enum(CUSTOM_MEDIA_METHODS),
    request_url: z.string(),
    request_payload: z.string().nullable(),
    sharable: z.boolean(),
    frequency: z.enum(CUSTOM_MEDIA_FREQUENCIES),
    actual_count: z.number(),
    tags: z.array(z.string()),
    import_state: z.enum(CUSTOM_MEDIA_IMPORT_STATES),
    import_error: z.string().nullable(),
    imported_at: z.string().nullable(),
    items_count: z.number(),
    ...times,
  }),
  create: z.strictObject({ site_id: id(), ...profileFields }),
  update: partialOf(profileFields),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['title'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'title', 'frequency', 'imported_at', 'created_at', 'updated_at'],
  defaultSort: '-id',
  pageSize: CUSTOM_MEDIA_PAGE,
  tenant: 'client_id',
  permissions: crudPermissions('custom_media_profiles'),
  columns: [
    { field: 'title', sortable: true, width: 240, key: true },
    { field: 'request_url', width: 280 },
    { field: 'frequency', sortable: true, render: 'tag', width: 150 },
    { field: 'import_state', render: 'tag', width: 150, key: true },
    { field: 'items_count', width: 110 },
    { field: 'imported_at', sortable: true, render: 'date', width: 170 },
  ],
  form: [
    { field: 'title', widget: 'text', span: 2 },
    { field: 'request_method', widget: 'select', options: methodOptions },
    { field: 'request_url', widget: 'text' },
    { field: 'request_payload', widget: 'textarea', span: 2 },
    { field: 'frequency', widget: 'select', options: frequencyOptions },
    { field: 'actual_count', widget: 'number' },
    { field: 'tags', widget: 'tags', span: 2 },
    { field: 'sharable', widget: 'switch' },
  ],
  screen: '/custom.media/profiles/{siteId}',
  label: ['title'],
});

/** What an item is: a picture or a video (the media library checked it when it was imported). */
export const CUSTOM_MEDIA_KINDS = ['image', 'video'] as const;

/**
 * An item of a site's custom media (spec 002 §3): hidden flag, link, media (a file of the client's
 * media library), description, tags, the date its source gave it; made by imports only, so the API
 * changes nothing but its hidden flag.
 */
export const customMediaItemResource = defineResource({
  service: 'custom.media',
  name: 'items',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    profile_id: z.number(),
    hidden: z.boolean(),
    url: z.string().nullable(),
    media_id: z.number().nullable(),
    media_url: z.string().nullable(),
    kind: z.enum(CUSTOM_MEDIA_KINDS),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    original_date: z.string().nullable(),
    ...times,
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    site_id: { op: 'eq', schema: id() },
    profile_id: { op: 'eq', schema: id() },
    hidden: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' },
    search: { op: 'search', columns: ['description'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'original_date', 'created_at', 'updated_at'],
  defaultSort: '-original_date',
  pageSize: CUSTOM_MEDIA_PAGE,
  tenant: 'client_id',
  permissions: crudPermissions('custom_media_items'),
  // Made by imports; the hidden flag is switched by its own route.
  readOnly: true,
  columns: [
    { field: 'description', width: 300, key: true },
    { field: 'hidden', render: 'boolean', width: 110, key: true },
    { field: 'url', width: 260 },
    { field: 'original_date', sortable: true, render: 'date', width: 170 },
  ],
  form: [],
  screen: '/custom.media/items/{siteId}',
  label: ['description'],
});
export { frequencyOptions as customMediaFrequencyOptions };
