import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';

/** The suggestions board (contracts platform/suggestion.ts): state new, active or done; likes counted. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    state: text('state').notNull().default('new'),
    likes: integer('likes').notNull().default(0),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    done_at: timestamp('done_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('suggestions_state_likes_idx').on(t.state, t.likes), index('suggestions_author_idx').on(t.author_id)],
);

/** One like per user and suggestion: the key keeps a second like out, however many arrive at once. */
export const suggestionLikes = pgTable(
  'suggestion_likes',
  {
    suggestion_id: integer('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.suggestion_id, t.user_id] })],
);

/** Staff's answers to a suggestion, oldest first. */
export const suggestionResponses = pgTable(
  'suggestion_responses',
  {
    id: serial('id').primaryKey(),
    suggestion_id: integer('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suggestion_responses_suggestion_idx').on(t.suggestion_id, t.id)],
);
