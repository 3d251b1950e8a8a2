import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomMediaFrequency } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * A custom media profile of a site (spec 002 §3): the request to its source, its schedule, how many
 * items it keeps, its items' tags; and its last import (state, error, time), which the schedule
 * reads to know when the next one is due.
 */
export const customMediaProfiles = pgTable(
  'custom_media_profiles',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    title: text('title').notNull(),
    request_method: text('request_method').$type<'GET' | 'POST'>().notNull().default('GET'),
    request_url: text('request_url').notNull(),
    request_payload: text('request_payload'),
    sharable: boolean('sharable').notNull().default(false),
    frequency: text('frequency').$type<CustomMediaFrequency>().notNull().default('ONE_HOUR'),
    actual_count: integer('actual_count').notNull().default(1000),
    tags: text('tags').array().notNull().default([]),
    import_state: text('import_state').$type<'never' | 'running' | 'done' | 'failed'>().notNull().default('never'),
    import_error: text('import_error'),
    imported_at: timestamp('imported_at', { withTimezone: true }),
    /** When the running import was taken (a run older than its timeout is taken again). */
    import_started_at: timestamp('import_started_at', { withTimezone: true }),
    items_count: integer('items_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('custom_media_profiles_site_idx').on(t.site_id), searchIndex('custom_media_profiles_title_search', t.title)],
);

/**
 * An item of a profile: the link and date its source gave, the media (a file of the client's media
 * library, downloaded and checked by it), description, tags, whether it is hidden. `source_key`
 * names it within its profile (its link, else its media's address) so a re-import updates it.
 */
export const customMediaItems = pgTable(
  'custom_media_items',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => customMediaProfiles.id, { onDelete: 'cascade' }),
    source_key: text('source_key').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    url: text('url'),
    source_media_url: text('source_media_url').notNull(),
    media_id: integer('media_id'),
    media_url: text('media_url'),
    kind: text('kind').$type<'image' | 'video'>().notNull().default('image'),
    description: text('description'),
    tags: text('tags').array().notNull().default([]),
    original_date: timestamp('original_date', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('custom_media_items_source_idx').on(t.profile_id, t.source_key),
    index('custom_media_items_site_idx').on(t.site_id, t.original_date),
    searchIndex('custom_media_items_description_search', t.description),
  ],
);
