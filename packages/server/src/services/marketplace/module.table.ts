import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';

/** A marketplace module (spec 000 §3 Module). */
export const modules = pgTable('modules', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  promo_link: text('promo_link'),
  url: text('url'),
  image: text('image'),
  sort: integer('sort').notNull().default(0),
  locales: text('locales').array().notNull().default([]),
  active: boolean('active').notNull().default(true),
  site_category: text('site_category'),
  /** Clients the module is offered to; empty: every client. */
  client_ids: integer('client_ids').array().notNull().default([]),
  billing_integration: boolean('billing_integration').notNull().default(false),
  /** Per colour scheme: { [scheme]: { name?, description?, image?, url? } }. */
  color_scheme_overrides: jsonb('color_scheme_overrides').$type<Record<string, Record<string, string>>>().notNull().default({}),
  /** Named handlers run on install and uninstall (marketplace/module-handlers.ts). */
  handlers: jsonb('handlers').$type<{ install: string[]; uninstall: string[] }>().notNull().default({ install: [], uninstall: [] }),
  notification_emails: text('notification_emails').array().notNull().default([]),
  ...timestamps,
});

/** A module installed on a site; `active` false: deactivated or suspended (still counts as available). */
export const moduleInstallations = pgTable(
  'module_installations',
  {
    id: serial('id').primaryKey(),
    site_id: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    module_id: integer('module_id').notNull().references(() => modules.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** Why it was suspended (a negative balance, ...). */
    suspended_reason: text('suspended_reason'),
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    installed_by: integer('installed_by'),
    ...timestamps,
  },
  (t) => [unique('module_installations_site_module').on(t.site_id, t.module_id), index('module_installations_module_idx').on(t.module_id)],
);
