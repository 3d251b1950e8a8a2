import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, filterText, id, idList, optionalText, requiredText, url } from '../kit/fields.ts';

const groupRef = { service: 'clients.storage', name: 'groups', label: 'name' } as const;

/** A media library item attached to a client (spec 000 §3 Client, media elements). */
const mediaElement = z.strictObject({
  id: requiredText(100),
  type: z.enum(['image', 'video', 'document']),
  url: url(),
  title: optionalText(255),
});

const fields = {
  name: requiredText(255),
  code: code(100),
  group_ids: idList(),
  holding: optionalText(255),
  billing_id: optionalText(100),
  media_elements: z.array(mediaElement).max(200),
};

/** A dealer client (spec 000 §3 Client). */
export const clientResource = defineResource({
  service: 'clients.storage',
  name: 'clients',
  entity: z.object({
    ...fields,
    holding: z.string().nullable(),
    billing_id: z.string().nullable(),
    media_elements: z.array(z.object({ id: z.string(), type: z.string(), url: z.string(), title: z.string().nullable().optional() })),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...fields, group_ids: idList().default([]), media_elements: fields.media_elements.default([]) }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    group_id: { op: 'contains', columns: ['group_ids'], schema: id(), widget: 'ref', ref: groupRef },
    code: { op: 'eq', schema: filterText() },
  },
  sort: ['id', 'name', 'code', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'id',
  refs: { group_ids: groupRef },
  unique: ['code'],
  permissions: crudPermissions('clients', 'clients.get_full_list'),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'code', sortable: true, width: 150 },
    { field: 'group_ids', render: 'refs', ref: groupRef, width: 170 },
    { field: 'holding', width: 150 },
    { field: 'billing_id', width: 120 },
    { field: 'created_at', sortable: true, render: 'date', width: 140 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'group_ids', widget: 'multiselect', ref: groupRef },
    { field: 'holding', widget: 'text' },
    { field: 'billing_id', widget: 'text' },
  ],
  screen: '/clients.storage/clients/',
});

/** A group of clients (spec 000 §3 Client group). */
export const clientGroupResource = defineResource({
  service: 'clients.storage',
  name: 'groups',
  entity: z.object({ name: z.string(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ name: requiredText(255) }),
  update: z.strictObject({ name: requiredText(255) }).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  permissions: crudPermissions('groups', 'groups.list'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'created_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'name', widget: 'text' }],
  screen: '/clients.storage/groups/',
});
