import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, integer, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;

/** Site types (spec 000 §3): 1 official demo, 2 official master, 3 client. */
export const SITE_TYPES = [1, 2, 3] as const;

/** Host names are lowercase, only a-z, 0-9, dot and hyphen (spec 000 §5). */
const host = () =>
  safeString()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^[a-z0-9.-]*$/, { error: encodeMessage('code_format') })
    .transform((value) => value || null)
    .nullable()
    .optional();

const fields = {
  name: requiredText(255),
  host: host(),
  client_id: id(),
  type: integer(1, 3).pipe(z.literal(SITE_TYPES)),
  use_http: z.boolean(),
};

/**
 * A dealer site. Only what site selection needs for now (name, host, client, type); the sites
 * issue adds the rest of spec 000 §3 Site.
 */
export const siteResource = defineResource({
  service: 'sites.context',
  name: 'sites',
  entity: z.object({
    name: z.string(),
    host: z.string().nullable(),
    client_id: z.number(),
    type: z.number(),
    use_http: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...fields, type: fields.type.default(3), use_http: z.boolean().default(false) }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'host'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    type: { op: 'in', schema: z.string().max(20).regex(/^[123](,[123])*$/), widget: 'select' },
  },
  sort: ['id', 'name', 'host', 'client_id', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef },
  unique: ['host'],
  permissions: crudPermissions('sites', 'sites.get_full_list'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'host', sortable: true },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef },
    { field: 'type', render: 'tag' },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'host', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    {
      field: 'type',
      widget: 'select',
      options: [
        { value: 1, label: 'sites.types.1' },
        { value: 2, label: 'sites.types.2' },
        { value: 3, label: 'sites.types.3' },
      ],
    },
    { field: 'use_http', widget: 'switch' },
  ],
  screen: '/sites.context/all_sites',
});
