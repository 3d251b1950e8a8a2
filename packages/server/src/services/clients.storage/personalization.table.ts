import { index, integer, pgTable, serial, smallint, timestamp } from 'drizzle-orm/pg-core';
import { clients, timestamps } from './client.table.ts';
import { users } from './user.table.ts';

/** A user's favourites (spec 000 §3 Personalization). */
export const personalization = pgTable('personalization', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  favorite_sites: integer('favorite_sites').array().notNull().default([]),
  favorite_clients: integer('favorite_clients').array().notNull().default([]),
  ...timestamps,
});

/** Votes of the satisfaction survey (1 to 5 stars). */
export const satisfactionVotes = pgTable(
  'satisfaction_votes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    rate: smallint('rate').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('satisfaction_votes_created_idx').on(t.created_at)],
);
