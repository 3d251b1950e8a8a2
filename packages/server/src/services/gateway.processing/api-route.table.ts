import { boolean, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';

/** The gateway's route table: service, method, path pattern -> permission codes (DESIGN.md §5). */
export const apiRoutes = pgTable(
  'gateway_routes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    service: text('service').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    permissions: text('permissions').array().notNull().default([]),
    public: boolean('public').notNull().default(false),
    /** A site module the route needs installed and active on the site of its {siteId} (spec 000 §2). */
    module: text('module'),
    ...timestamps,
  },
  (t) => [unique('gateway_routes_service_method_path').on(t.service, t.method, t.path)],
);
