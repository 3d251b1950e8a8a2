import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AccessoryAttributeType, AccessoryImportFile, AccessoryStatus, AttributeValue } from '@dp/contracts';
import { clients, timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { searchIndex } from '../../kit/search-index.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/** An attribute of accessories: a client's, or with no client system-wide. Its code is unique per owner. */
export const accessoryAttributes = pgTable(
  'accessory_attributes',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<AccessoryAttributeType>().notNull(),
    is_filterable: boolean('is_filterable').notNull().default(false),
    default_value: jsonb('default_value').$type<AttributeValue | null>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accessory_attributes_code_idx').on(t.client_id, t.code).where(sql`client_id is not null`),
    uniqueIndex('accessory_attributes_system_code_idx').on(t.code).where(sql`client_id is null`),
    searchIndex('accessory_attributes_name_search', t.name),
  ],
);

/** A category of accessories: a client's, or with no client system-wide. */
export const accessoryCategories = pgTable(
  'accessory_categories',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    background_image_id: integer('background_image_id'),
    ...timestamps,
  },
  (t) => [index('accessory_categories_client_idx').on(t.client_id), searchIndex('accessory_categories_name_search', t.name)],
);

/** An accessory of a site; money in roubles (two decimals), the first image the main one. */
export const accessories = pgTable(
  'accessories',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    dealer_name: text('dealer_name'),
    name: text('name').notNull(),
    article_code: text('article_code').notNull(),
    price: doublePrecision('price').notNull(),
    discount: doublePrecision('discount').notNull().default(0),
    description: text('description'),
    status: text('status').$type<AccessoryStatus>().notNull().default('in_stock'),
    category_id: integer('category_id')
      .notNull()
      .references(() => accessoryCategories.id),
    image_ids: integer('image_ids').array().notNull().default([]),
    // The addresses the images were imported from (a re-import keeps images whose addresses did not change).
    image_urls: text('image_urls').array().notNull().default([]),
    dealership_ids: integer('dealership_ids').array().notNull().default([]),
    brand_id: integer('brand_id'),
    model_ids: integer('model_ids').array().notNull().default([]),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull().default({}),
    created_by: integer('created_by'),
    updated_by: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accessories_site_article_idx').on(t.site_id, t.article_code),
    index('accessories_site_status_idx').on(t.site_id, t.status),
    index('accessories_category_idx').on(t.category_id),
    index('accessories_model_ids_idx').using('gin', t.model_ids),
    index('accessories_attributes_idx').using('gin', t.attributes),
    searchIndex('accessories_name_search', t.name),
    searchIndex('accessories_article_search', t.article_code),
  ],
);

/** A site's accessories settings: its import files (name, URL, profile). One per site. */
export const accessorySettings = pgTable(
  'accessory_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    import_files: jsonb('import_files').$type<AccessoryImportFile[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('accessory_settings_site_idx').on(t.site_id)],
);

/** The states of an import run. */
export type AccessoryImportStatus = 'pending' | 'running' | 'done' | 'failed';

/** One run of a site's import: its progress, counts and failure; one pending or running per settings. */
export const accessoryImports = pgTable(
  'accessory_imports',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    settings_id: integer('settings_id')
      .notNull()
      .references(() => accessorySettings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id'),
    status: text('status').$type<AccessoryImportStatus>().notNull().default('pending'),
    total_count: integer('total_count').notNull().default(0),
    processed_count: integer('processed_count').notNull().default(0),
    created_count: integer('created_count').notNull().default(0),
    updated_count: integer('updated_count').notNull().default(0),
    missing_count: integer('missing_count').notNull().default(0),
    error_count: integer('error_count').notNull().default(0),
    error: text('error'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('accessory_imports_site_idx').on(t.site_id, t.id), uniqueIndex('accessory_imports_running_idx').on(t.settings_id).where(sql`status in ('pending', 'running')`)],
);

/** A row of an import's report: its file and row, the article code, what became of it and why. */
export const accessoryImportRows = pgTable(
  'accessory_import_rows',
  {
    id: serial('id').primaryKey(),
    import_id: integer('import_id')
      .notNull()
      .references(() => accessoryImports.id, { onDelete: 'cascade' }),
    file_index: integer('file_index').notNull(),
    row: integer('row').notNull(),
    article_code: text('article_code'),
    status: text('status').$type<'created' | 'updated' | 'error'>().notNull(),
    message: text('message'),
  },
  (t) => [index('accessory_import_rows_import_idx').on(t.import_id, t.id)],
);
