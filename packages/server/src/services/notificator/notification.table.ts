import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * Notifications (contracts notification.resource.ts): raised by the services about their own
 * events, read by staff in pages of 25, newest first, filtered by each field and by a period.
 * Every filter has an index ending with the default order, so that a page of a filtered list of a
 * million rows stops after its rows (docs/decisions/platform-operations.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    service: text('service').notNull(),
    product: text('product').notNull(),
    brand: text('brand'),
    level: text('level').notNull(),
    type: text('type').notNull(),
    /** The text in Russian (the platform's language; every row has it). */
    text: text('text').notNull(),
    /** The text in English; null on rows raised before texts were kept in both languages (read in Russian). */
    text_en: text('text_en'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The default order: newest first, then by id (the list's tie-break).
    index('notifications_created_idx').on(sql`${t.created} desc`, t.id),
    index('notifications_service_idx').on(t.service, sql`${t.created} desc`, t.id),
    index('notifications_level_idx').on(t.level, sql`${t.created} desc`, t.id),
    index('notifications_type_idx').on(t.type, sql`${t.created} desc`, t.id),
    index('notifications_product_idx').on(t.product, sql`${t.created} desc`, t.id),
    index('notifications_brand_idx').on(t.brand, sql`${t.created} desc`, t.id),
    searchIndex('notifications_text_search', t.text),
    searchIndex('notifications_text_en_search', t.text_en),
  ],
);

/** A notification mapping: which notifications go where (contracts mappingResource). */
export const notificationMappings = pgTable('notification_mappings', {
  id: serial('id').primaryKey(),
  service: text('service').array().notNull(),
  product: text('product').array().notNull(),
  brand: text('brand').array().notNull(),
  type: text('type').array().notNull(),
  level: text('level').array().notNull(),
  messenger: text('messenger').notNull(),
  receivers: text('receivers').array().notNull(),
  prefix: text('prefix').notNull(),
  sender: text('sender').notNull(),
  /** The language its messages are written in (ru, en): a mapping's receivers read one language. */
  language: text('language').notNull().default('ru'),
  ...timestamps,
});

/**
 * One delivery of a notification to one receiver of a matching mapping: what its job did
 * (attempts, the last error), shown with the notification. The messenger and receiver are copied:
 * a mapping changed or removed later does not rewrite what was sent.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    mapping_id: integer('mapping_id').references(() => notificationMappings.id, { onDelete: 'set null' }),
    messenger: text('messenger').notNull(),
    receiver: text('receiver').notNull(),
    prefix: text('prefix').notNull(),
    sender: text('sender').notNull(),
    /** The mapping's language when the delivery was made. */
    language: text('language').notNull().default('ru'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('notification_deliveries_notification_idx').on(t.notification_id)],
);
