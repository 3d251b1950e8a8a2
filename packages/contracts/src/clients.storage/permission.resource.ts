import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, optionalMultiLineText, optionalText, requiredText } from '../kit/fields.ts';
import { SERVICES, serviceOptions } from '../permissions.ts';
import { encodeMessage } from '../kit/messages.ts';

/** A permission code of a service (spec 000 §3 Permission). */
export const permissionResource = defineResource({
  service: 'clients.storage',
  name: 'permissions',
  entity: z.object({
    service: z.string(),
    code: z.string(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    service: z.enum(SERVICES),
    code: requiredText(100).regex(/^[a-z0-9_.:-]+$/, { error: encodeMessage('code_format') }),
    name: optionalText(255),
    description: optionalMultiLineText(1000),
  }),
  // The service and code are what routes and roles refer to: only the texts change.
  update: z.strictObject({ name: optionalText(255), description: optionalMultiLineText(1000) }).partial(),
  filters: {
    search: { op: 'search', columns: ['code', 'name'], schema: filterText(), widget: 'text' },
    service: { op: 'eq', schema: filterText(), widget: 'select', options: serviceOptions() },
  },
  sort: ['id', 'service', 'code', 'name'],
  defaultSort: 'service,code',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  permissions: crudPermissions('permissions'),
  columns: [
    { field: 'name', sortable: true, width: 260 },
    { field: 'service', sortable: true, render: 'service', width: 180 },
    { field: 'code', sortable: true, width: 210 },
    { field: 'description', width: 340 },
  ],
  form: [
    { field: 'service', widget: 'select', options: serviceOptions(), only: 'create' },
    { field: 'code', widget: 'text', only: 'create' },
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
  ],
  screen: '/clients.storage/permissions/',
});
