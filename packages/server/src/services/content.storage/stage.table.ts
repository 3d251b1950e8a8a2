import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns, stateColumns } from '../../kit/state-columns.ts';

/**
 * An image of a stage for one screen size: a media library file (its id) with the public
 * addresses of the size it is shown at and of its webp, and its alt and title.
 */
export interface StageImage {
  file_id: number;
  url: string;
  webp_url: string | null;
  width: number | null;
  height: number | null;
  alt: string | null;
  title: string | null;
}

/** The video of a stage: a hosted one by its page address, or a native mp4 of the media library. */
export interface StageVideo {
  type: 'youtube' | 'vimeo' | 'rutube' | 'native';
  url: string | null;
  file_id: number | null;
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
}

/** A hero banner of a site's main page (spec 000 §1 Stage); what it shows lives in its states. */
export const stages = pgTable(
  'stages',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: text('name').notNull(),
    origin_id: integer('origin_id'),
    ...timestamps,
  },
  (t) => [index('stages_site_idx').on(t.site_id)],
);

/** Spec 000 §3 Stage state: every field of the banner. */
export const stageStates = pgTable(
  'stage_states',
  {
    id: serial('id').primaryKey(),
    stage_id: integer('stage_id')
      .notNull()
      .references(() => stages.id, { onDelete: 'cascade' }),
    ...siteOwnerColumns(() => sites.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    position: text('position').notNull().default('left'),
    panel: jsonb('panel').$type<Record<string, unknown>>().notNull().default({}),
    colors: jsonb('colors').$type<Record<string, string>>().notNull().default({}),
    title: text('title'),
    subtitle: text('subtitle'),
    images: jsonb('images').$type<{ pc: StageImage | null; tablet: StageImage | null; mobile: StageImage | null }>().notNull().default({ pc: null, tablet: null, mobile: null }),
    disable_webp: boolean('disable_webp').notNull().default(false),
    video: jsonb('video').$type<StageVideo | null>(),
    buttons: jsonb('buttons').$type<Record<string, unknown>[]>().notNull().default([]),
    cards: jsonb('cards').$type<Record<string, unknown>[]>().notNull().default([]),
    group_ids: integer('group_ids').array().notNull().default([]),
    personalization_page_ids: integer('personalization_page_ids').array().notNull().default([]),
    ...stateColumns(),
    ...timestamps,
  },
  (t) => [index('stage_states_stage_idx').on(t.stage_id, t.status)],
);
