import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { LabelCondition } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/** Labels of a site's cars (contracts cars.catalog/label.resource.ts). */
export const carLabels = pgTable(
  'car_labels',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    name: varchar('name', { length: 255 }).notNull(),
    name_ru: varchar('name_ru', { length: 255 }),
    name_en: varchar('name_en', { length: 255 }),
    category: varchar('category', { length: 100 }),
    about: text('about'),
    background: varchar('background', { length: 7 }).notNull().default('#1677FF'),
    sort: integer('sort').notNull().default(0),
    type: varchar('type', { length: 20 }).notNull().default('tag'),
    hide: boolean('hide').notNull().default(false),
    conditions: jsonb('conditions').$type<LabelCondition[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('car_labels_site_idx').on(t.site_id, t.sort)],
);

/** A fork's own hide and order of a central label (its official master's); gone with either. */
export const carLabelOverrides = pgTable(
  'car_label_overrides',
  {
    label_id: integer('label_id').notNull().references(() => carLabels.id, { onDelete: 'cascade' }),
    site_id: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    hide: boolean('hide'),
    sort: integer('sort'),
  },
  (t) => [primaryKey({ columns: [t.label_id, t.site_id] }), index('car_label_overrides_site_idx').on(t.site_id)],
);
