import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './client.table.ts';

/** The screens' route registry the side menu is built from (spec 000 §2, /clients.storage/routes/). */
export const screenRoutes = pgTable('screen_routes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  path: text('path').notNull(),
  service: text('service').notNull(),
  mode: text('mode'),
  group: text('group_name').notNull(),
  title: text('title').notNull(),
  permissions: text('permissions').array().notNull().default([]),
  module: text('module'),
  order: integer('sort_order').notNull().default(0),
  in_menu: boolean('in_menu').notNull().default(true),
  ...timestamps,
});
