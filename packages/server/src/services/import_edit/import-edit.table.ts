import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ImportEditField } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { users } from '../clients.storage/user.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

type EditValue = number | string | number[] | null;

/**
 * A dealer's own value of one field of an imported car (contracts import_edit): one per car and
 * field. `value` is what the car shows; `feed_value` the feed's latest value of the field (read off
 * the car when the edit was made, then recorded by every import that names the car). The car's VIN
 * and External ID are copied for the list's search and refreshed with every write and import.
 */
export const importEdits = pgTable(
  'import_edits',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    car_id: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    field: varchar('field', { length: 20 }).$type<ImportEditField>().notNull(),
    value: jsonb('value').$type<EditValue>(),
    feed_value: jsonb('feed_value').$type<EditValue>(),
    feed_seen_at: timestamp('feed_seen_at', { withTimezone: true }),
    edited_by: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    car_vin: varchar('car_vin', { length: 17 }),
    car_external_id: varchar('car_external_id', { length: 100 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('import_edits_car_field_idx').on(t.car_id, t.field), index('import_edits_site_idx').on(t.site_id, t.updated_at.desc())],
);
