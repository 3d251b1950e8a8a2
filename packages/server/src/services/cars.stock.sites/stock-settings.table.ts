import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { CustomFilter, StockKindSettings, ViewedFavorites } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { pages as sitePages } from '../sites.context/content.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';

/**
 * Stock settings of a site (contracts cars.stock.sites/stock-settings.ts): one row per site, made
 * by the first save (a site without one reads the defaults). The sections are documents checked
 * whole by the contract on every write; pages and templates they name are the site's
 * (checked by the routes), a deleted page reads as none.
 */
export const stockSiteSettings = pgTable('stock_site_settings', {
  site_id: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull(),
  root_catalog_id: integer('root_catalog_id'),
  /** The address template of a car's online purchase (`{vin}`, `{id}`); null: none. */
  smart_contract_link: text('smart_contract_link'),
  new_settings: jsonb('new_settings').$type<StockKindSettings>().notNull(),
  used_settings: jsonb('used_settings').$type<StockKindSettings>().notNull(),
  viewed_favorites: jsonb('viewed_favorites').$type<ViewedFavorites>().notNull(),
  ...timestamps,
});

/** Showroom pages of a site (contracts showroom-page.resource.ts): a page of the site per restyling (and equipment). */
export const showroomPages = pgTable(
  'showroom_pages',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    brand_id: integer('brand_id').notNull().references(() => carBrands.id, { onDelete: 'restrict' }),
    model_id: integer('model_id').notNull().references(() => carModels.id, { onDelete: 'restrict' }),
    generation_id: integer('generation_id').notNull().references(() => carGenerations.id, { onDelete: 'restrict' }),
    restyling_id: integer('restyling_id').notNull().references(() => carRestylings.id, { onDelete: 'restrict' }),
    complectation_id: integer('complectation_id').references(() => carComplectations.id, { onDelete: 'restrict' }),
    external_id: varchar('external_id', { length: 255 }),
    page_id: integer('page_id').notNull().references(() => sitePages.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('showroom_pages_site_idx').on(t.site_id, t.restyling_id)],
);

/** Custom filter groups of a site (contracts custom-filter.resource.ts); the filters are a checked document. */
export const customFilterGroups = pgTable(
  'custom_filter_groups',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    title_ru: varchar('title_ru', { length: 100 }).notNull(),
    title_en: varchar('title_en', { length: 100 }),
    sort: integer('sort').notNull().default(0),
    filters: jsonb('filters').$type<CustomFilter[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('custom_filter_groups_site_idx').on(t.site_id, t.sort)],
);
