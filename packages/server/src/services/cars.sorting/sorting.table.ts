import { index, integer, jsonb, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ListSortSettings } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { carBrands, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';

/** List sort settings of a site (contracts cars.sorting/sorting.ts): one row per site, made by the first save. */
export const listSortSettings = pgTable('list_sort_settings', {
  site_id: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull(),
  new_sort: jsonb('new_sort').$type<ListSortSettings['new_sort']>().notNull(),
  used_sort: jsonb('used_sort').$type<ListSortSettings['used_sort']>().notNull(),
  visitor_fields: jsonb('visitor_fields').$type<ListSortSettings['visitor_fields']>().notNull(),
  ...timestamps,
});

/** The place of a restyling in a site's order (restyling_sort): one per site and restyling. */
export const restylingSorts = pgTable(
  'restyling_sorts',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    brand_id: integer('brand_id').notNull().references(() => carBrands.id, { onDelete: 'restrict' }),
    model_id: integer('model_id').notNull().references(() => carModels.id, { onDelete: 'restrict' }),
    restyling_id: integer('restyling_id').notNull().references(() => carRestylings.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('restyling_sorts_site_restyling_idx').on(t.site_id, t.restyling_id), index('restyling_sorts_site_sort_idx').on(t.site_id, t.sort)],
);
