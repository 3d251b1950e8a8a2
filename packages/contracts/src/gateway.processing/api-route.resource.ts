import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, idList, optionalMultiLineText, requiredText } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { SERVICES, serviceOptions } from '../permissions.ts';
import { SITE_MODULES } from '../clients.storage/route.resource.ts';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const path = () =>
  requiredText(255).regex(/^\/[A-Za-z0-9_.\-/{}]*$/, { error: encodeMessage('invalid_choice') });

/** A module code, or codes joined by `|` (either opens the route). */
const moduleExpression = () =>
  requiredText(100).regex(/^[A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)*$/, { error: encodeMessage('code_format') });

/** The gateway routes screen's choice of module: each site module, and the pairs contracts tie routes to. */
const MODULE_CHOICES = [...SITE_MODULES, 'available_cars|used_cars', 'importer-notifier|manager-notifier'];

const fields = {
  name: requiredText(255),
  description: optionalMultiLineText(1000),
  service: z.enum(SERVICES),
  method: z.enum(METHODS),
  path: path(),
  permissions: z.array(requiredText(100)).max(200),
  public: z.boolean(),
  /** marketplace: the site module the route needs where it works (`a|b`: either); empty: none. */
  module: moduleExpression().nullable().optional(),
};

/** The gateway's API route table (/gateway.processing/routes/); edits apply within seconds. */
export const apiRouteResource = defineResource({
  service: 'gateway.processing',
  name: 'routes',
  entity: z.object({
    name: z.string(),
    description: z.string().nullable(),
    service: z.string(),
    method: z.string(),
    path: z.string(),
    permissions: z.array(z.string()),
    public: z.boolean(),
    module: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...fields, permissions: fields.permissions.default([]), public: fields.public.default(false) }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'path'], schema: filterText(), widget: 'text' },
    service: { op: 'eq', schema: filterText(), widget: 'select', options: serviceOptions() },
    method: { op: 'eq', schema: z.enum(METHODS), widget: 'select' },
  },
  sort: ['id', 'service', 'path', 'method', 'name'],
  defaultSort: 'service,path,method',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  permissions: crudPermissions('routes'),
  columns: [
    { field: 'path', sortable: true, width: 260 },
    { field: 'method', sortable: true, render: 'tag', width: 90 },
    { field: 'service', sortable: true, render: 'service', width: 160 },
    { field: 'permissions', render: 'codes', width: 220 },
    { field: 'public', render: 'boolean', width: 110 },
    { field: 'module', render: 'tag', width: 130 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
    { field: 'service', widget: 'select', options: serviceOptions() },
    { field: 'method', widget: 'select', options: METHODS.map((m) => ({ value: m, label: m })) },
    { field: 'path', widget: 'text' },
    { field: 'permissions', widget: 'codes' },
    { field: 'public', widget: 'switch' },
    { field: 'module', widget: 'select', options: MODULE_CHOICES.map((module) => ({ value: module, label: `clients.storage:routes.modules.${module}` })) },
  ],
  screen: '/gateway.processing/routes/',
});

const roleRef = { service: 'clients.storage', name: 'roles', label: 'name' } as const;
const restrictionFields = {
  name: requiredText(255),
  service: z.enum(SERVICES),
  method: z.enum([...METHODS, '*']),
  role_ids: idList().min(1),
};

/** A restriction limits a service's method to the listed roles (spec 000 §3), enforced by the gateway. */
export const restrictionResource = defineResource({
  service: 'gateway.processing',
  name: 'restrictions',
  entity: z.object({
    name: z.string(),
    service: z.string(),
    method: z.string(),
    role_ids: z.array(z.number()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(restrictionFields),
  update: z.strictObject(restrictionFields).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    service: { op: 'eq', schema: filterText(), widget: 'select', options: serviceOptions() },
    role_id: { op: 'contains', columns: ['role_ids'], schema: id(), widget: 'ref', ref: roleRef },
  },
  sort: ['id', 'name', 'service', 'method'],
  defaultSort: 'name',
  pageSize: { default: 100, max: 1000 },
  tenant: null,
  refs: { role_ids: roleRef },
  permissions: crudPermissions('restrictions'),
  columns: [
    { field: 'name', sortable: true, width: 260 },
    { field: 'service', sortable: true, render: 'service', width: 190 },
    { field: 'method', sortable: true, render: 'tag', width: 150 },
    { field: 'role_ids', render: 'refs', ref: roleRef, width: 300 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'service', widget: 'select', options: serviceOptions() },
    { field: 'method', widget: 'select', options: [...METHODS, '*'].map((m) => ({ value: m, label: m })) },
    { field: 'role_ids', widget: 'multiselect', ref: roleRef },
  ],
  screen: '/gateway.processing/restrictions/',
});
