import { integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TradeinOptionalField } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/**
 * A site's trade-in settings (contracts tradein.calculator/tradein.resource.ts), one per site: how
 * the dealer values the car, the brands taken (none listed: any), the age and mileage limits (null:
 * none) and the public form's optional fields.
 */
export const tradeinSettings = pgTable(
  'tradein_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    evaluation_type: varchar('evaluation_type', { length: 16 }).notNull().default('tradein'),
    brands: text('brands').array().notNull().default([]),
    max_age_years: integer('max_age_years'),
    max_mileage: integer('max_mileage'),
    form_fields: text('form_fields').array().$type<TradeinOptionalField[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('tradein_settings_site_idx').on(t.site_id)],
);
