import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from './site.table.ts';
import { siteOwnerColumns, stateColumns } from '../../kit/state-columns.ts';

/** A floor placed on a page or in a layout: the floor and the values it takes there. */
export interface PlacedFloor {
  floor_id: number;
  /** Values for the floor's component on this page (overriding the floor's own). */
  values?: Record<string, unknown>;
}

/** The collection block of a page state (spec 000 §3 Page state, Collection page). */
export interface CollectionBlock {
  type: 'any' | 'news' | 'article' | 'specials';
  order: number;
  title: string;
  description: string | null;
  publication_date: string | null;
  image: { file_id: string; url: string; title: string | null; alt: string | null } | null;
  dealer_ids: number[];
  tags: string[];
}

/** SEO properties of a page state. */
export interface SeoProperties {
  title?: string | null;
  description?: string | null;
  keywords?: string | null;
  canonical?: string | null;
  og_title?: string | null;
  og_description?: string | null;
  og_image?: string | null;
  noindex?: boolean;
}

/** Page templates of a site: the floors a new page starts with (spec 000 §2 /templates). */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: text('name').notNull(),
    description: text('description'),
    floors: jsonb('floors').$type<PlacedFloor[]>().notNull().default([]),
    /** Copied from an official master site: read-only here. */
    origin_id: integer('origin_id'),
    ...timestamps,
  },
  (t) => [index('templates_site_idx').on(t.site_id)],
);

/** A layout of a site: header and footer floors around its pages (states below). */
export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: text('name').notNull(),
    /** The layout pages use unless they name another. */
    is_default: boolean('is_default').notNull().default(false),
    origin_id: integer('origin_id'),
    ...timestamps,
  },
  (t) => [index('layouts_site_idx').on(t.site_id)],
);

export const layoutStates = pgTable(
  'layout_states',
  {
    id: serial('id').primaryKey(),
    layout_id: integer('layout_id')
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    ...siteOwnerColumns(() => sites.id),
    caption: text('caption').notNull(),
    header_floors: jsonb('header_floors').$type<PlacedFloor[]>().notNull().default([]),
    footer_floors: jsonb('footer_floors').$type<PlacedFloor[]>().notNull().default([]),
    ...stateColumns(),
    ...timestamps,
  },
  (t) => [index('layout_states_layout_idx').on(t.layout_id, t.status)],
);

/**
 * A page of a site (spec 000 §3 Page): its place in the tree; what it shows lives in its states.
 * A page with an origin (copied from an official master) is not editable.
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    uri: text('uri').notNull(),
    parent_id: integer('parent_id'),
    /** Order among its siblings in the tree. */
    position: integer('position').notNull().default(0),
    layout_id: integer('layout_id'),
    template_id: integer('template_id'),
    group_ids: integer('group_ids').array().notNull().default([]),
    origin_id: integer('origin_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('pages_site_uri').on(t.site_id, t.uri), index('pages_parent_idx').on(t.site_id, t.parent_id, t.position)],
);

export const pageStates = pgTable(
  'page_states',
  {
    id: serial('id').primaryKey(),
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    ...siteOwnerColumns(() => sites.id),
    caption: text('caption').notNull(),
    order: integer('order').notNull().default(0),
    floors: jsonb('floors').$type<PlacedFloor[]>().notNull().default([]),
    hide_from_menu: boolean('hide_from_menu').notNull().default(false),
    menu_header_not_clickable: boolean('menu_header_not_clickable').notNull().default(false),
    active_bread_crumbs: boolean('active_bread_crumbs').notNull().default(true),
    collection: jsonb('collection').$type<CollectionBlock | null>(),
    seo_properties: jsonb('seo_properties').$type<SeoProperties>().notNull().default({}),
    ...stateColumns(),
    ...timestamps,
  },
  (t) => [index('page_states_page_idx').on(t.page_id, t.status), index('page_states_collection_idx').on(t.site_id, t.status)],
);
