import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, id } from '../kit/fields.ts';
import { serviceOptions } from '../permissions.ts';

const userRef = { service: 'clients.storage', name: 'users', label: 'email' } as const;
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;

/** What the trail records: writes of the resource machinery, access events, tokens. */
export const AUDIT_ACTIONS = [
  'create', 'update', 'delete', 'activate', 'deactivate', 'account_removed',
  'sign_in', 'sign_in_failed', 'switch_client', 'password_changed', 'password_restored',
  'auth_data_created', 'auth_data_deleted', 'token_created', 'token_deleted', 'token_used',
  // marketplace
  'module_install', 'module_uninstall', 'module_suspend', 'module_resume',
  // floors.storage
  'enable', 'disable',
] as const;

/** The objects entries name (`resource`); their words are in the web's audit.objects. */
export const AUDIT_OBJECTS = [
  'clients', 'groups', 'users', 'roles', 'permissions', 'routes', 'restrictions', 'sites', 'sessions', 'custom_tokens', 'auth_data',
  // marketplace
  'modules',
  // floors.storage and seo
  'floors', 'redirects', 'seo_configs', 'seo_constants',
] as const;

const options = (values: readonly string[], key: (value: string) => string) => values.map((value) => ({ value, label: key(value) }));

/**
 * The audit trail (read only): who, acting as which client, when, what, and the changed fields
 * before and after. Each record's page shows its own entries (filter[resource] + filter[record_id]).
 */
export const auditResource = defineResource({
  service: 'clients.storage',
  name: 'audit',
  entity: z.object({
    action: z.string(),
    service: z.string(),
    resource: z.string().nullable(),
    record_id: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).nullable(),
    actor_user_id: z.number().nullable(),
    actor_token_id: z.number().nullable(),
    acting_client_id: z.number().nullable(),
    client_id: z.number().nullable(),
    ip: z.string().nullable(),
    /** The name of the record the entry is about, when it has one and is within the reader's reach. */
    record_label: z.string().nullable(),
    created_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    action: { op: 'eq', schema: filterText(50), widget: 'select', options: options(AUDIT_ACTIONS, (action) => `audit.actions.${action}`) },
    service: { op: 'eq', schema: filterText(), widget: 'select', options: serviceOptions() },
    resource: { op: 'eq', schema: filterText(), widget: 'select', options: options(AUDIT_OBJECTS, (object) => `audit.objects.${object}`) },
    record_id: { op: 'eq', schema: filterText() },
    actor_user_id: { op: 'eq', schema: id(), widget: 'ref', ref: userRef },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'created_at'],
  defaultSort: '-id',
  pageSize: { default: 50, max: 500 },
  tenant: 'client_id',
  refs: { actor_user_id: userRef, acting_client_id: clientRef, client_id: clientRef },
  permissions: { list: ['audit.get_list'], get: ['audit.get_list'], create: [], update: [], delete: [] },
  columns: [
    { field: 'created_at', sortable: true, render: 'date', width: 140 },
    { field: 'action', render: 'tag', width: 160 },
    { field: 'resource', render: 'tag', width: 150 },
    { field: 'record_id', width: 200 },
    { field: 'actor_user_id', render: 'refs', ref: userRef, width: 200 },
    { field: 'acting_client_id', render: 'refs', ref: clientRef, width: 170 },
  ],
  form: [],
  screen: '/clients.storage/audit/',
  readOnly: true,
});
