import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { searchIndex } from '../../kit/search-index.ts';
import { clients, timestamps } from '../clients.storage/client.table.ts';

/** The brand and colour schemes a site is rendered with (spec 000 §3 Site.context). */
export interface SiteContext {
  brand_id: number | null;
  color_scheme: string | null;
  extra_color_schemes: string[];
}

/** A stored image of a site (favicons, logos): where the files kit keeps it and what it is. */
export interface SiteImage {
  file_id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}

/**
 * A dealer site (spec 000 §3 Site). Status 1 published, 2 draft, 3 pending; version 1 submitted,
 * 2 published; type 1 official demo, 2 official master, 3 client.
 */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    host: text('host').unique(),
    technical_host: text('technical_host').unique(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    type: integer('type').notNull().default(3),
    version: integer('version').notNull().default(1),
    status: integer('status').notNull().default(2),
    /** The dealership the site belongs to, and the dealers it shows, in display order. */
    dealer_id: integer('dealer_id'),
    dealer_ids: integer('dealer_ids').array().notNull().default([]),
    context: jsonb('context').$type<SiteContext>().notNull().default({ brand_id: null, color_scheme: null, extra_color_schemes: [] }),
    use_http: boolean('use_http').notNull().default(false),
    admin_email: text('admin_email'),
    country: text('country').notNull().default('ru'),
    strict_publishing: boolean('strict_publishing').notNull().default(false),
    content_version: integer('content_version').notNull().default(1),
    phone_format: text('phone_format'),
    locale: text('locale').notNull().default('ru'),
    /** Extra languages of the site (the multiple_locales module). */
    locales: text('locales').array().notNull().default([]),
    default_mailer: text('default_mailer'),
    basic_auth_login: text('basic_auth_login'),
    /** Only the argon2id hash: the password is never returned. */
    basic_auth_password_hash: text('basic_auth_password_hash'),
    depersonalization: jsonb('depersonalization').$type<{ enabled: boolean; period: number | null }>().notNull().default({ enabled: false, period: null }),
    favicons: jsonb('favicons').$type<{ icon: SiteImage | null; apple: SiteImage | null }>().notNull().default({ icon: null, apple: null }),
    logos: jsonb('logos').$type<{ pc: SiteImage | null; mobile: SiteImage | null }>().notNull().default({ pc: null, mobile: null }),
    logo_position: text('logo_position').notNull().default('left'),
    /** Rendering core: 'core' or 'core2'; switching creates a site task. */
    core: text('core').notNull().default('core'),
    /** The official site this one was forked or copied from. */
    origin_site_id: integer('origin_site_id'),
    group_ids: integer('group_ids').array().notNull().default([]),
    /** Last render or republish request (the renderer drops its cache for newer content). */
    rendered_at: timestamp('rendered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('sites_client_idx').on(t.client_id),
    // The list's substring search (kit/search-index.ts) and its default order.
    searchIndex('sites_name_fold', t.name),
    searchIndex('sites_host_fold', t.host),
    searchIndex('sites_technical_host_fold', t.technical_host),
    index('sites_name_order').on(t.name, t.id),
    index('sites_origin_idx').on(t.origin_site_id),
  ],
);

/** Groups of sites (spec 000 §2 /sites.context/groups): content and stages target them. */
export const siteGroups = pgTable('site_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  ...timestamps,
});
