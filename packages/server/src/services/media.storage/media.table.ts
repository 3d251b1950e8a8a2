import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MediaVariant } from '@dp/contracts';
import { clients, timestamps } from '../clients.storage/client.table.ts';

/** A folder of a client's media library (client_id null: a platform folder, staff's). */
export const mediaFolders = pgTable(
  'media_folders',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('media_folders_client_idx').on(t.client_id, t.parent_id)],
);

/**
 * A stored file's metadata (spec 000 §7 "file meta by client"): the type sniffed from the bytes,
 * its size and dimensions, access (1 public, 2 private), where the bytes are (driver and key) and
 * the variants made from it. client_id null: a platform file, staff's.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    folder_id: integer('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    access: integer('access').notNull().default(1),
    driver: text('driver').notNull(),
    key: text('key').notNull(),
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    source_id: integer('source_id').references((): AnyPgColumn => mediaFiles.id, { onDelete: 'set null' }),
    created_by: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    index('media_files_client_idx').on(t.client_id, t.created_at),
    index('media_files_folder_idx').on(t.folder_id),
    uniqueIndex('media_files_key_idx').on(t.key),
  ],
);
