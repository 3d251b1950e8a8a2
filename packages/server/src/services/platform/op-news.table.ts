import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';

/**
 * Platform news (contracts op-news.resource.ts): title and text in Russian and optionally English,
 * on or off with an optional publication period, for everybody, staff, or chosen clients' users.
 */
export const opNews = pgTable(
  'op_news',
  {
    id: serial('id').primaryKey(),
    title_ru: text('title_ru').notNull(),
    title_en: text('title_en'),
    text_ru: text('text_ru').notNull(),
    text_en: text('text_en'),
    active: boolean('active').notNull().default(true),
    publish_from: timestamp('publish_from', { withTimezone: true }),
    publish_to: timestamp('publish_to', { withTimezone: true }),
    audience: text('audience').notNull().default('all'),
    client_ids: integer('client_ids').array().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // The home page reads the active items, pinned first, newest first.
  (t) => [index('op_news_feed_idx').on(t.pinned, t.created_at).where(sql`${t.active}`)],
);

/** Which user has read which news item (the home page's unread marks). */
export const opNewsReads = pgTable(
  'op_news_reads',
  {
    news_id: integer('news_id')
      .notNull()
      .references(() => opNews.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.news_id] })],
);
