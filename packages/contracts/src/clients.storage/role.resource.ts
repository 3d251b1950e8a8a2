import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, filterText, id, idList, optionalMultiLineText, requiredText } from '../kit/fields.ts';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const permissionRef = { service: 'clients.storage', name: 'permissions', label: 'code' } as const;

const fields = {
  code: code(100),
  name: requiredText(255),
  description: optionalMultiLineText(1000),
  client_id: id().nullable().optional(),
  permission_ids: idList(),
  /** The role's holders must sign in with a second factor (TOTP). */
  requires_second_factor: z.boolean(),
};

/** A role bundles permissions (spec 000 §3 Role); a null client makes it a platform role. */
export const roleResource = defineResource({
  service: 'clients.storage',
  name: 'roles',
  entity: z.object({
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    client_id: z.number().nullable(),
    permission_ids: z.array(z.number()),
    requires_second_factor: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...fields, permission_ids: fields.permission_ids.default([]), requires_second_factor: fields.requires_second_factor.default(false) }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['code', 'name'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    permission_id: { op: 'contains', columns: ['permission_ids'], schema: id(), widget: 'ref', ref: permissionRef },
  },
  sort: ['id', 'code', 'name', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, permission_ids: permissionRef },
  unique: ['code'],
  permissions: crudPermissions('roles'),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'code', sortable: true, width: 170 },
    { field: 'description', width: 320 },
    { field: 'client_id', render: 'refs', ref: clientRef, width: 180 },
    { field: 'permission_ids', render: 'count', width: 110 },
    { field: 'requires_second_factor', render: 'boolean', width: 200 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'description', widget: 'textarea' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'requires_second_factor', widget: 'switch' },
    { field: 'permission_ids', widget: 'permissions', ref: permissionRef },
  ],
  screen: '/clients.storage/roles/',
});
