import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { pages } from '../sites.context/content.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * Redirects of a site (contracts seo/redirect.resource.ts). A redirect naming a page keeps that
 * page's address of the moment in its uri; the page link goes when the page does.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    from_page_id: integer('from_page_id').references(() => pages.id, { onDelete: 'set null' }),
    from_uri: text('from_uri').notNull(),
    to_page_id: integer('to_page_id').references(() => pages.id, { onDelete: 'set null' }),
    to_uri: text('to_uri').notNull(),
    created_type: text('created_type').notNull().default('manual'),
    code: integer('code').notNull().default(301),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('redirects_site_from').on(t.site_id, t.from_uri),
    index('redirects_site_to').on(t.site_id, t.to_uri),
    searchIndex('redirects_from_search', t.from_uri),
    searchIndex('redirects_to_search', t.to_uri),
  ],
);

/** SEO settings of a site: one record per site. */
export const seoConfigs = pgTable(
  'seo_configs',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    site_map_mode: integer('site_map_mode').notNull().default(2),
    robots_mode: integer('robots_mode').notNull().default(2),
    site_map: text('site_map'),
    robots: text('robots'),
    verification_codes: jsonb('verification_codes').$type<{ provider: string; code: string }[]>().notNull().default([]),
    counters: jsonb('counters').$type<{ type: string; id: string }[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('seo_configs_site').on(t.site_id)],
);

/** SEO constants of a site: a placeholder unique per site and its value. */
export const seoConstants = pgTable(
  'seo_constants',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    placeholder: text('placeholder').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('seo_constants_site_placeholder').on(t.site_id, t.placeholder)],
);
