import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CustomFormField, CustomFormRow } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';
import { searchIndex } from '../../kit/search-index.ts';

/**
 * A site's custom form (spec 002 §3 "Custom form"): title, fields and the grid of rows placing
 * them; who made and last changed it. Every saved form is live on the site (`/_forms/{id}`, the
 * embeddable script).
 */
export const customForms = pgTable(
  'custom_forms',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    title: text('title').notNull(),
    fields: jsonb('fields').$type<CustomFormField[]>().notNull().default([]),
    grid: jsonb('grid').$type<CustomFormRow[]>().notNull().default([]),
    created_by: integer('created_by'),
    updated_by: integer('updated_by'),
    ...timestamps,
  },
  (t) => [index('custom_forms_site_idx').on(t.site_id, t.updated_at), index('custom_forms_client_idx').on(t.client_id), searchIndex('custom_forms_title_search', t.title)],
);

/**
 * A file a visitor uploaded for a form's file field: its bytes in the files kit's storage
 * (private: served only through the gateway), found by an unguessable token the submission
 * names. Files no request names are swept a day after their upload.
 */
export const customFormFiles = pgTable(
  'custom_form_files',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    form_id: integer('form_id').references(() => customForms.id, { onDelete: 'set null' }),
    field_id: varchar('field_id', { length: 64 }).notNull(),
    token: varchar('token', { length: 32 }).notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    ext: varchar('ext', { length: 16 }).notNull(),
    size: integer('size').notNull(),
    driver: varchar('driver', { length: 16 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_form_files_token_idx').on(t.token), index('custom_form_files_site_idx').on(t.site_id, t.created_at)],
);

/** A site's captcha (spec 002 §3 "Captcha settings"): the proof of work unless the smart captcha is chosen. */
export const captchaSettings = pgTable(
  'captcha_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    kind: varchar('kind', { length: 32 }).notNull().default('proof_of_work'),
    ...timestamps,
  },
  (t) => [uniqueIndex('captcha_settings_site_idx').on(t.site_id), index('captcha_settings_client_idx').on(t.client_id)],
);

/** A smart captcha key of a site, one per colour scheme; the secret sealed (kit/secrets.ts sealSecret). */
export const smartCaptchaKeys = pgTable(
  'smart_captcha_keys',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    color_scheme: varchar('color_scheme', { length: 64 }).notNull(),
    client_token: varchar('client_token', { length: 200 }).notNull(),
    secret_token: text('secret_token').notNull(),
    /** What the API answers instead of the secret. */
    has_secret: boolean('has_secret').generatedAlwaysAs(sql`secret_token <> ''`),
    ...timestamps,
  },
  (t) => [uniqueIndex('smart_captcha_keys_scheme_idx').on(t.site_id, t.color_scheme), index('smart_captcha_keys_client_idx').on(t.client_id)],
);
