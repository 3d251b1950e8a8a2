import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PermissionMap } from '@dp/contracts';
import { clients } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';

/** API tokens confined to clients, brands and permissions; only the SHA-256 of the value is kept. */
export const customTokens = pgTable(
  'custom_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    /** The first characters of the value, to recognise a token in the list. */
    token_prefix: text('token_prefix').notNull(),
    client_ids: integer('client_ids').array().notNull().default([]),
    brand_ids: integer('brand_ids').array().notNull().default([]),
    permissions: jsonb('permissions').$type<PermissionMap>().notNull().default({}),
    /** The client that owns the token (tenancy of the list). */
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('custom_tokens_client_idx').on(t.client_id)],
);
