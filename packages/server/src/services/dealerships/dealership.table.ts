import { doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DEFAULT_SCHEDULE, type PhoneParts, type WorkSchedule } from '@dp/contracts';
import { clients, timestamps } from '../clients.storage/client.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { searchIndex } from '../../kit/search-index.ts';

const ZERO_PHONE = { country: '0', city: '0', subscriber: '0', internal: '0' };

/**
 * A client's dealer (contracts dealerships/dealership.resource.ts): the one record sites name
 * (`dealer_id`, `dealer_ids`) and show, and cars, imports and mails refer to. Work times are
 * minutes since midnight.
 */
export const dealerships = pgTable(
  'dealerships',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    code: text('code').unique(),
    city: text('city'),
    title: text('title').notNull(),
    short_title: text('short_title'),
    importer_code: text('importer_code'),
    main_email: text('main_email'),
    site_url: text('site_url'),
    sort: integer('sort').notNull().default(0),
    ext_codes: jsonb('ext_codes').$type<string[]>().notNull().default([]),
    rating: jsonb('rating').$type<{ service: number | null; sales: number | null }>().notNull().default({ service: null, sales: null }),
    search_aliases: jsonb('search_aliases').$type<string[]>().notNull().default([]),
    registration: text('registration'),
    legal_name: text('legal_name'),
    phone: jsonb('phone').$type<PhoneParts>().notNull().default(ZERO_PHONE),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    working_time: jsonb('working_time').$type<WorkSchedule>().notNull().default(DEFAULT_SCHEDULE),
    status: integer('status').notNull().default(2),
    map_scale: integer('map_scale').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('dealerships_client_idx').on(t.client_id),
    searchIndex('dealerships_title_search', t.title),
    searchIndex('dealerships_code_search', t.code),
    searchIndex('dealerships_city_search', t.city),
  ],
);

/** A department of a dealership; a null schedule means the dealership's hours. */
export const dealershipDepartments = pgTable(
  'dealership_departments',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    dealership_id: integer('dealership_id').notNull().references(() => dealerships.id),
    name_ru: text('name_ru').notNull(),
    name_en: text('name_en'),
    order: integer('order').notNull().default(0),
    phone: jsonb('phone').$type<PhoneParts>().notNull().default(ZERO_PHONE),
    work_schedule: jsonb('work_schedule').$type<WorkSchedule>(),
    ...timestamps,
  },
  (t) => [index('dealership_departments_dealership_idx').on(t.dealership_id), index('dealership_departments_client_idx').on(t.client_id)],
);

/** An employee of a department; client and dealership are the department's. */
export const dealershipEmployees = pgTable(
  'dealership_employees',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    dealership_id: integer('dealership_id').notNull().references(() => dealerships.id),
    department_id: integer('department_id').notNull().references(() => dealershipDepartments.id),
    first_name_ru: text('first_name_ru').notNull(),
    last_name_ru: text('last_name_ru').notNull(),
    first_name_en: text('first_name_en'),
    last_name_en: text('last_name_en'),
    position_ru: text('position_ru'),
    position_en: text('position_en'),
    order: integer('order').notNull().default(0),
    avatar_id: integer('avatar_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    phone: jsonb('phone').$type<PhoneParts>().notNull().default(ZERO_PHONE),
    ...timestamps,
  },
  (t) => [
    index('dealership_employees_department_idx').on(t.department_id),
    index('dealership_employees_dealership_idx').on(t.dealership_id),
    index('dealership_employees_client_idx').on(t.client_id),
  ],
);

/** A service of a dealership and the request form it opens. */
export const dealershipServices = pgTable(
  'dealership_services',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id').notNull().references(() => clients.id),
    dealership_id: integer('dealership_id').notNull().references(() => dealerships.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    icon_code: text('icon_code'),
    form_type: text('form_type').notNull(),
    ...timestamps,
  },
  (t) => [index('dealership_services_dealership_idx').on(t.dealership_id), index('dealership_services_client_idx').on(t.client_id)],
);
