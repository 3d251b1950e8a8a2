import { boolean, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients, timestamps } from '../clients.storage/client.table.ts';

/** A channel's switch and the random token of its feed address (never derived from ids). */
export interface ExportChannelState {
  is_needed: boolean;
  token: string | null;
}

/**
 * Export settings of a client (contracts cars.export/export.resource.ts, spec 001 §3 "Export
 * settings"): one row per client, made with the defaults on first read. `links` holds per channel
 * whether its feed is needed and its token; the public address is built from the token.
 */
export const exportSettings = pgTable(
  'export_settings',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    unique_key: varchar('unique_key', { length: 64 }).notNull(),
    use_dealer_images: boolean('use_dealer_images').notNull().default(true),
    dealer_images_first: boolean('dealer_images_first').notNull().default(true),
    links: jsonb('links').$type<Record<string, ExportChannelState>>().notNull().default({}),
    /** Whether anyone changed the settings since they were made with the defaults. */
    touched: boolean('touched').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('export_settings_client_idx').on(t.client_id), uniqueIndex('export_settings_key_idx').on(t.unique_key)],
);
