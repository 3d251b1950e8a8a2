import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, filterText, integer, optionalText, requiredText } from '../kit/fields.ts';
import { MODES, SERVICES } from '../permissions.ts';

const fields = {
  name: code(100),
  path: requiredText(255),
  service: z.enum(SERVICES),
  mode: z.enum(MODES).nullable().optional(),
  group: code(100),
  title: requiredText(255),
  permissions: z.array(requiredText(100)).max(200),
  module: optionalText(100),
  order: integer(0, 100000),
  in_menu: z.boolean(),
};

/**
 * The screens' route registry (/clients.storage/routes/): the side menu is built from it, so
 * editing a route's permissions changes who sees its menu item.
 */
export const screenRouteResource = defineResource({
  service: 'clients.storage',
  name: 'routes',
  entity: z.object({
    name: z.string(),
    path: z.string(),
    service: z.string(),
    mode: z.string().nullable(),
    group: z.string(),
    title: z.string(),
    permissions: z.array(z.string()),
    module: z.string().nullable(),
    order: z.number(),
    in_menu: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...fields, permissions: fields.permissions.default([]), order: fields.order.default(0), in_menu: fields.in_menu.default(true) }),
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['name', 'path', 'title'], schema: filterText(), widget: 'text' },
    service: { op: 'eq', schema: filterText(), widget: 'select' },
    mode: { op: 'eq', schema: z.enum(MODES), widget: 'select' },
  },
  sort: ['id', 'name', 'path', 'service', 'order'],
  defaultSort: 'order',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  permissions: crudPermissions('routes'),
  columns: [
    { field: 'name', sortable: true },
    { field: 'path', sortable: true },
    { field: 'service', sortable: true, render: 'tag' },
    { field: 'mode', render: 'tag' },
    { field: 'group' },
    { field: 'permissions', render: 'tag' },
    { field: 'order', sortable: true },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'path', widget: 'text' },
    { field: 'title', widget: 'text' },
    { field: 'service', widget: 'select', options: SERVICES.map((s) => ({ value: s, label: s })) },
    { field: 'mode', widget: 'select', options: MODES.map((m) => ({ value: m, label: `common:modes.${m}` })) },
    { field: 'group', widget: 'text' },
    { field: 'permissions', widget: 'tags' },
    { field: 'module', widget: 'text' },
    { field: 'order', widget: 'number' },
    { field: 'in_menu', widget: 'switch' },
  ],
  screen: '/clients.storage/routes/',
});
