import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { searchIndex } from '../../kit/search-index.ts';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
export { timestamps };

export const clientGroups = pgTable('client_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    // Ids of client_groups; kept in step by the resource machinery (refs).
    group_ids: integer('group_ids').array().notNull().default([]),
    holding: text('holding'),
    billing_id: text('billing_id'),
    /** Media library items attached to the client: [{ id, type, url, title }]. */
    media_elements: jsonb('media_elements').$type<{ id: string; type: string; url: string; title?: string }[]>().notNull().default([]),
    ...timestamps,
  },
  // The list's substring search (kit/search-index.ts) and its default order (name, then id).
  (t) => [
    searchIndex('clients_name_fold', t.name),
    searchIndex('clients_code_fold', t.code),
    index('clients_name_order').on(t.name, t.id),
    index('clients_group_ids').using('gin', t.group_ids),
  ],
);
