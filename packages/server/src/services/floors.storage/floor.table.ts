import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, timestamps } from '../clients.storage/client.table.ts';
import { searchIndex } from '../../kit/search-index.ts';

/** Groups of floors: a platform dictionary that orders the floor library (floor.resource.ts). */
export const floorGroups = pgTable('floor_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

/**
 * Floors (content blocks): a component with its values and the spec's presentation fields. The
 * spec's floor id is `code`; pages, layouts and templates place a floor by its number `id`.
 * `client_id` null: a platform floor.
 */
export const floors = pgTable(
  'floors',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    title_position: text('title_position').notNull().default('left'),
    offset_top: text('offset_top').notNull().default('medium'),
    offset_bottom: text('offset_bottom').notNull().default('medium'),
    background: text('background'),
    alignment: text('alignment').notNull().default('left'),
    component: text('component').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    group_id: integer('group_id').references(() => floorGroups.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    official: boolean('official').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // One code per owner (platform floors as owner 0); the hooks also keep a client's codes apart
    // from the platform's, which every client sees.
    uniqueIndex('floors_owner_code').on(sql`coalesce(${t.client_id}, 0)`, t.code),
    index('floors_client_idx').on(t.client_id),
    searchIndex('floors_title_search', t.title),
    searchIndex('floors_code_search', t.code),
  ],
);
