import { z } from 'zod';
import { defineResource, type ResourcePermissions, partialOf } from '../kit/resource.ts';
import { code, email, filterText, id, integer, optionalText, requiredText, safeString, url } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { DEFAULT_SCHEDULE, EMPTY_PHONE, orderValue, phoneParts, workSchedule } from './dealership-fields.ts';

/**
 * The dealerships service (spec 001 §2, §3 Dealerships; docs/decisions/dealerships.md, "What is a
 * dealer?" and "Which codes and routes?"): a client's dealers (the one record a site names, its
 * renderer shows and cars, imports and mails refer to), their departments, employees and
 * services. Read with `dealers.get_list`; each entity has its own write codes.
 */
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
export const dealershipRef = { service: 'dealerships', name: 'dealerships', label: 'title' } as const;
/** A dealer a site, a car, an import or a mail names: a dealership. */
export const dealerRef = dealershipRef;
export const departmentRef = { service: 'dealerships', name: 'departments', label: 'name_ru' } as const;
const mediaRef = { service: 'media.storage', name: 'files', label: 'name' } as const;

const READ = 'dealers.get_list';
const perms = (entity: string): ResourcePermissions => ({ list: [READ], get: [READ], create: [`${entity}.create`], update: [`${entity}.patch`], delete: [`${entity}.delete`] });

/** 1 hidden (not shown on the sites), 2 working (the default), 3 temporarily closed. */
export const DEALERSHIP_STATUSES = [1, 2, 3] as const;
export const SERVICE_FORM_TYPES = ['callback_request', 'test_drive_request', 'service_request', 'buy_model_request', 'subscription_request'] as const;

const phoneEntity = z.object({ country: z.string(), city: z.string(), subscriber: z.string(), internal: z.string() });
const dayEntity = z.object({ from: z.number().nullable(), to: z.number().nullable(), weekend: z.boolean() });
const scheduleEntity = z.object({ mon: dayEntity, tue: dayEntity, wed: dayEntity, thu: dayEntity, fri: dayEntity, sat: dayEntity, sun: dayEntity });
const shortList = () => z.array(safeString().trim().min(1).max(100)).max(50);
const rating = () =>
  z.strictObject({
    service: z.number({ error: encodeMessage('rating') }).min(0, { error: encodeMessage('rating') }).max(5, { error: encodeMessage('rating') }).nullable().default(null),
    sales: z.number({ error: encodeMessage('rating') }).min(0, { error: encodeMessage('rating') }).max(5, { error: encodeMessage('rating') }).nullable().default(null),
  });
const coordinate = (limit: number, message: 'latitude' | 'longitude') => z.number({ error: encodeMessage(message) }).min(-limit, { error: encodeMessage(message) }).max(limit, { error: encodeMessage(message) }).nullable().optional();

const dealershipFields = {
  title: requiredText(255),
  short_title: optionalText(100),
  client_id: id(),
  // The dealer's code on the platform (cars and feeds name it); unique when given.
  code: code(100).nullable().optional(),
  city: optionalText(255),
  importer_code: optionalText(100),
  main_email: email().nullable().optional(),
  site_url: url().nullable().optional(),
  sort: orderValue().default(0),
  ext_codes: shortList().default([]),
  rating: rating().default({ service: null, sales: null }),
  search_aliases: shortList().default([]),
  registration: optionalText(255),
  legal_name: optionalText(255),
  phone: phoneParts().default(EMPTY_PHONE),
  address: optionalText(500),
  latitude: coordinate(90, 'latitude'),
  longitude: coordinate(180, 'longitude'),
  working_time: workSchedule().default(DEFAULT_SCHEDULE),
  status: z.literal(DEALERSHIP_STATUSES, { error: encodeMessage('invalid_choice') }).default(2),
  map_scale: integer(1, 21).default(1),
};

export const dealershipResource = defineResource({
  service: 'dealerships',
  name: 'dealerships',
  entity: z.object({
    client_id: z.number(),
    code: z.string().nullable(),
    city: z.string().nullable(),
    title: z.string(),
    short_title: z.string().nullable(),
    importer_code: z.string().nullable(),
    main_email: z.string().nullable(),
    site_url: z.string().nullable(),
    sort: z.number(),
    ext_codes: z.array(z.string()),
    rating: z.object({ service: z.number().nullable(), sales: z.number().nullable() }),
    search_aliases: z.array(z.string()),
    registration: z.string().nullable(),
    legal_name: z.string().nullable(),
    phone: phoneEntity,
    address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    working_time: scheduleEntity,
    status: z.number(),
    map_scale: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(dealershipFields),
  update: partialOf(dealershipFields),
  filters: {
    search: { op: 'search', columns: ['title', 'short_title', 'code', 'city', 'importer_code'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    status: { op: 'eq', schema: z.enum(['1', '2', '3']).transform(Number), widget: 'select' },
  },
  sort: ['id', 'title', 'short_title', 'code', 'city', 'importer_code', 'sort', 'status', 'client_id', 'created_at', 'updated_at'],
  defaultSort: 'sort,title',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef },
  unique: ['code'],
  permissions: { ...perms('dealers') },
  // Every site names its dealers, with or without the module (which adds departments, employees and services).
  module: null,
  columns: [
    { field: 'title', sortable: true, width: 260, key: true },
    { field: 'city', sortable: true, width: 180 },
    { field: 'code', sortable: true, width: 160 },
    { field: 'short_title', sortable: true, width: 180 },
    { field: 'importer_code', sortable: true, width: 150 },
    { field: 'status', sortable: true, render: 'tag', width: 170 },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 200 },
    { field: 'sort', sortable: true, width: 150 },
  ],
  form: [
    { field: 'title', widget: 'text' },
    { field: 'short_title', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'code', widget: 'text' },
    { field: 'city', widget: 'text' },
    { field: 'importer_code', widget: 'text' },
    { field: 'status', widget: 'select', options: DEALERSHIP_STATUSES.map((value) => ({ value, label: `statuses.${value}` })) },
    { field: 'main_email', widget: 'email' },
    { field: 'site_url', widget: 'text' },
    { field: 'legal_name', widget: 'text' },
    { field: 'registration', widget: 'text' },
    { field: 'phone', widget: 'text' },
    { field: 'address', widget: 'text' },
    { field: 'latitude', widget: 'number' },
    { field: 'longitude', widget: 'number' },
    { field: 'map_scale', widget: 'number' },
    { field: 'sort', widget: 'number' },
    { field: 'rating', widget: 'text' },
    { field: 'ext_codes', widget: 'tags' },
    { field: 'search_aliases', widget: 'tags' },
    { field: 'working_time', widget: 'textarea' },
  ],
  screen: '/dealerships/dealers',
  label: ['title'],
});

const departmentFields = {
  dealership_id: id(),
  name_ru: requiredText(255),
  name_en: optionalText(255),
  order: orderValue().default(0),
  phone: phoneParts().default(EMPTY_PHONE),
  work_schedule: workSchedule().nullable().default(null),
};

/** A department of a dealership; its client is the dealership's. No schedule: the dealership's hours. */
export const departmentResource = defineResource({
  service: 'dealerships',
  name: 'departments',
  entity: z.object({
    client_id: z.number(),
    dealership_id: z.number(),
    name_ru: z.string(),
    name_en: z.string().nullable(),
    order: z.number(),
    phone: phoneEntity,
    work_schedule: scheduleEntity.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(departmentFields),
  update: partialOf(departmentFields),
  filters: {
    search: { op: 'search', columns: ['name_ru', 'name_en'], schema: filterText(), widget: 'text' },
    dealership_id: { op: 'eq', schema: id(), widget: 'ref', ref: dealershipRef },
    // The site's client on the {siteId} screens (no widget: the screen sets it).
    client_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'name_ru', 'name_en', 'order', 'dealership_id', 'created_at', 'updated_at'],
  defaultSort: 'order,name_ru',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { dealership_id: dealershipRef },
  permissions: perms('departments'),
  columns: [
    { field: 'name_ru', sortable: true, width: 240 },
    { field: 'name_en', sortable: true, width: 220 },
    { field: 'dealership_id', sortable: true, render: 'refs', ref: dealershipRef, width: 240 },
    { field: 'phone', width: 200 },
    { field: 'order', sortable: true, width: 130 },
  ],
  form: [
    { field: 'name_ru', widget: 'text' },
    { field: 'name_en', widget: 'text' },
    { field: 'dealership_id', widget: 'select', ref: dealershipRef },
    { field: 'order', widget: 'number' },
    { field: 'phone', widget: 'text' },
    { field: 'work_schedule', widget: 'textarea' },
  ],
  screen: '/dealerships/departments',
  label: ['name_ru'],
});

const employeeFields = {
  first_name_ru: requiredText(100),
  last_name_ru: requiredText(100),
  first_name_en: optionalText(100),
  last_name_en: optionalText(100),
  position_ru: optionalText(255),
  position_en: optionalText(255),
  order: orderValue().default(0),
  department_id: integer(1, 2_147_483_647, encodeMessage('employee_department_required')),
  avatar_id: id().nullable().optional(),
  phone: phoneParts().default(EMPTY_PHONE),
};

/** An employee of a department (spec 001 §5: the department is required); client and dealership are the department's. */
export const employeeResource = defineResource({
  service: 'dealerships',
  name: 'employees',
  entity: z.object({
    client_id: z.number(),
    dealership_id: z.number(),
    department_id: z.number(),
    first_name_ru: z.string(),
    last_name_ru: z.string(),
    first_name_en: z.string().nullable(),
    last_name_en: z.string().nullable(),
    position_ru: z.string().nullable(),
    position_en: z.string().nullable(),
    order: z.number(),
    avatar_id: z.number().nullable(),
    phone: phoneEntity,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(employeeFields),
  update: partialOf(employeeFields),
  filters: {
    search: { op: 'search', columns: ['last_name_ru', 'first_name_ru', 'last_name_en', 'position_ru'], schema: filterText(), widget: 'text' },
    dealership_id: { op: 'eq', schema: id(), widget: 'ref', ref: dealershipRef },
    department_id: { op: 'eq', schema: id(), widget: 'ref', ref: departmentRef },
    client_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'last_name_ru', 'first_name_ru', 'position_ru', 'order', 'department_id', 'dealership_id', 'created_at', 'updated_at'],
  defaultSort: 'order,last_name_ru',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { department_id: departmentRef, dealership_id: dealershipRef, avatar_id: mediaRef },
  permissions: perms('employees'),
  columns: [
    { field: 'last_name_ru', sortable: true, width: 180, key: true },
    { field: 'first_name_ru', sortable: true, width: 160, key: true },
    { field: 'position_ru', sortable: true, width: 220 },
    { field: 'department_id', sortable: true, render: 'refs', ref: departmentRef, width: 200, key: true },
    { field: 'dealership_id', sortable: true, render: 'refs', ref: dealershipRef, width: 220 },
    { field: 'order', sortable: true, width: 130 },
  ],
  form: [
    { field: 'last_name_ru', widget: 'text' },
    { field: 'first_name_ru', widget: 'text' },
    { field: 'last_name_en', widget: 'text' },
    { field: 'first_name_en', widget: 'text' },
    { field: 'position_ru', widget: 'text' },
    { field: 'position_en', widget: 'text' },
    { field: 'department_id', widget: 'select', ref: departmentRef },
    { field: 'order', widget: 'number' },
    { field: 'phone', widget: 'text' },
    { field: 'avatar_id', widget: 'number' },
  ],
  screen: '/dealerships/employees',
  label: ['last_name_ru', 'first_name_ru'],
});

const serviceFields = {
  name: requiredText(255),
  code: code(100),
  dealership_id: id(),
  form_type: z.enum(SERVICE_FORM_TYPES, { error: (issue) => encodeMessage(issue.input == null ? 'required' : 'invalid_choice') }),
  sort: orderValue().default(0),
  icon_code: optionalText(100),
};

/** A service of a dealership offered on the sites with the request form it opens; its client is the dealership's. */
export const dealershipServiceResource = defineResource({
  service: 'dealerships',
  name: 'services',
  entity: z.object({
    client_id: z.number(),
    dealership_id: z.number(),
    code: z.string(),
    name: z.string(),
    sort: z.number(),
    icon_code: z.string().nullable(),
    form_type: z.enum(SERVICE_FORM_TYPES),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(serviceFields),
  update: partialOf(serviceFields),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    dealership_id: { op: 'eq', schema: id(), widget: 'ref', ref: dealershipRef },
    form_type: { op: 'eq', schema: z.enum(SERVICE_FORM_TYPES), widget: 'select' },
    client_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'name', 'code', 'sort', 'form_type', 'dealership_id', 'created_at', 'updated_at'],
  defaultSort: 'sort,name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { dealership_id: dealershipRef },
  permissions: perms('services'),
  columns: [
    { field: 'name', sortable: true, width: 240 },
    { field: 'code', sortable: true, width: 160 },
    { field: 'form_type', sortable: true, render: 'tag', width: 220 },
    { field: 'dealership_id', sortable: true, render: 'refs', ref: dealershipRef, width: 220 },
    { field: 'sort', sortable: true, width: 150 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'dealership_id', widget: 'select', ref: dealershipRef },
    { field: 'form_type', widget: 'select', options: SERVICE_FORM_TYPES.map((value) => ({ value, label: `form_types.${value}` })) },
    { field: 'icon_code', widget: 'text' },
    { field: 'sort', widget: 'number' },
  ],
  screen: '/dealerships/services',
  label: ['name'],
});
