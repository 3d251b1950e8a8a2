import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, idList, optionalMultiLineText, requiredText } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { SERVICES } from '../permissions.ts';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const path = () =>
  requiredText(255).regex(/^\/[A-Za-z0-9_.\-/{}]*$/, { error: encodeMessage('invalid_choice') });

const fields = {
  name: requiredText(255),
  description: optionalMultiLineText(1000),
  service: z.enum(SERVICES),
  method: z.enum(METHODS),
  path: path(),
  permissions: z.array(requiredText(100)).max(200),
  public: z.boolean(),
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
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...fields, permissions: fields.permissions.default([]), public: fields.public.default(false) }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'path'], schema: filterText(), widget: 'text' },
    service: { op: 'eq', schema: filterText(), widget: 'select' },
    method: { op: 'eq', schema: z.enum(METHODS), widget: 'select' },
  },
  sort: ['id', 'service', 'path', 'method', 'name'],
  defaultSort: 'service,path,method',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  permissions: crudPermissions('routes'),
  columns: [
    { field: 'service', sortable: true, render: 'tag' },
    { field: 'method', sortable: true, render: 'tag' },
    { field: 'path', sortable: true },
    { field: 'permissions', render: 'tag' },
    { field: 'public', render: 'boolean' },
    { field: 'name', sortable: true },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
    { field: 'service', widget: 'select', options: SERVICES.map((s) => ({ value: s, label: s })) },
    { field: 'method', widget: 'select', options: METHODS.map((m) => ({ value: m, label: m })) },
    { field: 'path', widget: 'text' },
    { field: 'permissions', widget: 'tags' },
    { field: 'public', widget: 'switch' },
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
    service: { op: 'eq', schema: filterText(), widget: 'select' },
    role_id: { op: 'contains', columns: ['role_ids'], schema: id(), widget: 'ref', ref: roleRef },
  },
  sort: ['id', 'name', 'service', 'method'],
  defaultSort: 'name',
  pageSize: { default: 100, max: 1000 },
  tenant: null,
  refs: { role_ids: roleRef },
  permissions: crudPermissions('restrictions'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'service', sortable: true, render: 'tag' },
    { field: 'method', sortable: true, render: 'tag' },
    { field: 'role_ids', render: 'refs', ref: roleRef },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'service', widget: 'select', options: SERVICES.map((s) => ({ value: s, label: s })) },
    { field: 'method', widget: 'select', options: [...METHODS, '*'].map((m) => ({ value: m, label: m })) },
    { field: 'role_ids', widget: 'multiselect', ref: roleRef },
  ],
  screen: '/gateway.processing/restrictions/',
});
