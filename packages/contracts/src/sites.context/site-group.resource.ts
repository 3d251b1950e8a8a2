import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, optionalMultiLineText, requiredText } from '../kit/fields.ts';

/**
 * A group of sites (spec 000 §2 /sites.context/groups; stage states target groups): a shared
 * platform dictionary, written by platform staff only.
 */
export const siteGroupResource = defineResource({
  service: 'sites.context',
  name: 'groups',
  entity: z.object({ name: z.string(), description: z.string().nullable(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ name: requiredText(255), description: optionalMultiLineText(1000) }),
  update: z.strictObject({ name: requiredText(255), description: optionalMultiLineText(1000) }).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  permissions: { list: ['site_groups.get_list'], get: ['site_groups.get_list'], create: ['site_groups.create'], update: ['site_groups.patch'], delete: ['site_groups.delete'] },
  columns: [
    { field: 'name', sortable: true, width: 280 },
    { field: 'description' },
    { field: 'created_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
  ],
  screen: '/sites.context/groups',
});
