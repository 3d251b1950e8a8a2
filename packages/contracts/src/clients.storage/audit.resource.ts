import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, id } from '../kit/fields.ts';

const userRef = { service: 'clients.storage', name: 'users', label: 'email' } as const;
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;

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
    created_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    action: { op: 'eq', schema: filterText(50), widget: 'select' },
    service: { op: 'eq', schema: filterText(), widget: 'select' },
    resource: { op: 'eq', schema: filterText(), widget: 'text' },
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
    { field: 'created_at', sortable: true, render: 'date' },
    { field: 'action', render: 'tag' },
    { field: 'resource' },
    { field: 'record_id' },
    { field: 'actor_user_id', render: 'refs', ref: userRef },
    { field: 'acting_client_id', render: 'refs', ref: clientRef },
    { field: 'ip' },
  ],
  form: [],
  screen: '/clients.storage/audit/',
  readOnly: true,
});
