import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { email, filterText, id, idList, locale, optionalPhone, optionalText, password, requiredText } from '../kit/fields.ts';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const groupRef = { service: 'clients.storage', name: 'groups', label: 'name' } as const;
const roleRef = { service: 'clients.storage', name: 'roles', label: 'name' } as const;
const permissionRef = { service: 'clients.storage', name: 'permissions', label: 'code' } as const;

const fields = {
  email: email(),
  name: requiredText(100),
  last_name: optionalText(100),
  phone: optionalPhone(),
  locale: locale(),
  default_client_id: id().nullable().optional(),
  // At least one client (spec 000 §5) unless the user is platform staff: checked on the server,
  // where the final `internal` is known.
  client_ids: idList(),
  group_ids: idList(),
  role_ids: idList(),
  permission_ids: idList(),
  password: password(),
  internal: z.boolean(),
};

/**
 * A user (spec 000 §3 User). Clients, groups, roles and extra permissions are kept in join
 * tables; deleting deactivates; the password is only ever written, never read.
 */
export const userResource = defineResource({
  service: 'clients.storage',
  name: 'users',
  entity: z.object({
    email: z.string(),
    name: z.string(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    locale: z.string(),
    active: z.boolean(),
    internal: z.boolean(),
    default_client_id: z.number().nullable(),
    client_ids: z.array(z.number()),
    group_ids: z.array(z.number()),
    role_ids: z.array(z.number()),
    permission_ids: z.array(z.number()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    ...fields,
    locale: fields.locale.default('ru'),
    client_ids: fields.client_ids.default([]),
    internal: fields.internal.default(false),
    group_ids: fields.group_ids.default([]),
    role_ids: fields.role_ids.default([]),
    permission_ids: fields.permission_ids.default([]),
    password: fields.password.optional(),
  }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'last_name', 'email'], schema: filterText(), widget: 'text' },
    client_id: { op: 'contains', columns: ['client_ids'], schema: id(), widget: 'ref', ref: clientRef },
    role_id: { op: 'contains', columns: ['role_ids'], schema: id(), widget: 'ref', ref: roleRef },
    active: { op: 'eq', schema: z.enum(['true', 'false']).transform((v) => v === 'true'), widget: 'boolean' },
    email: { op: 'eq', schema: filterText(254).toLowerCase() },
  },
  sort: ['id', 'name', 'last_name', 'email', 'created_at'],
  defaultSort: 'last_name',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_ids',
  refs: { client_ids: clientRef, default_client_id: clientRef, group_ids: groupRef, role_ids: roleRef, permission_ids: permissionRef },
  unique: ['email'],
  permissions: crudPermissions('users'),
  columns: [
    { field: 'last_name', sortable: true, width: 140 },
    { field: 'name', sortable: true, width: 120 },
    { field: 'email', sortable: true, width: 200 },
    { field: 'client_ids', render: 'refs', ref: clientRef, width: 170 },
    { field: 'role_ids', render: 'refs', ref: roleRef, width: 160 },
    { field: 'active', render: 'boolean', width: 90 },
    { field: 'internal', render: 'boolean', width: 110 },
  ],
  form: [
    { field: 'last_name', widget: 'text' },
    { field: 'name', widget: 'text' },
    { field: 'email', widget: 'email' },
    { field: 'phone', widget: 'phone' },
    { field: 'locale', widget: 'select', options: [{ value: 'ru', label: 'common:languages.ru' }, { value: 'en', label: 'common:languages.en' }] },
    { field: 'password', widget: 'password' },
    // Staff status beside the clients: platform staff need none.
    { field: 'internal', widget: 'switch', audience: 'root' },
    { field: 'client_ids', widget: 'multiselect', ref: clientRef },
    { field: 'default_client_id', widget: 'select', ref: clientRef },
    { field: 'group_ids', widget: 'multiselect', ref: groupRef },
    { field: 'role_ids', widget: 'multiselect', ref: roleRef },
    { field: 'permission_ids', widget: 'permissions', ref: permissionRef },
  ],
  screen: '/clients.storage/users/',
  deleteDeactivates: true,
  label: ['name', 'last_name'],
});

/** GET /users/{id}/sessions: where and since when a user is signed in. */
export interface UserSessionEntry {
  created_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  client: { id: number; name: string } | null;
  /** The caller's own session. */
  current: boolean;
}

/** PATCH /users/{id}/activate */
export const activateUserBody = z.strictObject({ data: z.strictObject({ active: z.boolean() }) });
