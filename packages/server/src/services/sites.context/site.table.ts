import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { clients, timestamps } from '../clients.storage/client.table.ts';

/** A dealer site; the sites issue adds the rest of spec 000 §3 Site. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    host: text('host').unique(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    type: integer('type').notNull().default(3),
    use_http: boolean('use_http').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('sites_client_idx').on(t.client_id),
    index('sites_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('sites_host_trgm').using('gin', t.host.op('gin_trgm_ops')),
  ],
);
