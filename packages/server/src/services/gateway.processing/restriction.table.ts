import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../clients.storage/client.table.ts';

/** Limits a service's method to the listed roles (spec 000 §3 restriction), enforced by the gateway. */
export const restrictions = pgTable('restrictions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  service: text('service').notNull(),
  /** HTTP method, or '*' for every method of the service. */
  method: text('method').notNull(),
  role_ids: integer('role_ids').array().notNull().default([]),
  ...timestamps,
});
