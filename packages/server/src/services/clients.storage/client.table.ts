import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  // Trigram indexes serve the list's substring search (ILIKE '%...%') without a full scan.
  (t) => [
    index('clients_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('clients_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('clients_group_ids').using('gin', t.group_ids),
  ],
);
