import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, filterText, id, optionalPhone, optionalText, requiredText } from '../kit/fields.ts';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;

const fields = {
  client_id: id(),
  name: requiredText(255),
  code: code(100),
  city: optionalText(255),
  address: optionalText(500),
  phone: optionalPhone(),
};

/**
 * A dealer centre of a client (spec 000 §6 dealers.get_list, dealers.create): a site belongs to
 * one (`dealer_id`) and shows some, in display order (`dealer_ids`).
 */
export const dealerResource = defineResource({
  service: 'sites.context',
  name: 'dealers',
  entity: z.object({
    client_id: z.number(),
    name: z.string(),
    code: z.string(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(fields),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'code', 'city'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'name', 'code', 'city', 'client_id', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef },
  unique: ['code'],
  permissions: crudPermissions('dealers'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'code', sortable: true },
    { field: 'city', sortable: true },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'city', widget: 'text' },
    { field: 'address', widget: 'text' },
    { field: 'phone', widget: 'phone' },
  ],
  screen: '/sites.context/dealers',
});
