import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, filterText, integer, optionalText, requiredText } from '../kit/fields.ts';
import { MODES, SCREEN_ROUTES, SERVICES, serviceOptions } from '../permissions.ts';

const MENU_MODES = [...MODES, null];
/** The screens in the order the menus show them: by mode (site, dictionaries, settings, then none), then by order. */
const SCREENS_IN_MENU_ORDER = [...SCREEN_ROUTES].sort((a, b) => MENU_MODES.indexOf(a.mode) - MENU_MODES.indexOf(b.mode) || a.order - b.order);

/** The menu groups of the screens registry, in menu order; their titles are the web's menu:groups. */
export const MENU_GROUPS = [...new Set(SCREENS_IN_MENU_ORDER.map((route) => route.group))];

/** The site modules a site-mode item may need (spec 000 §2, site-menu entries). */
export const SITE_MODULES = [
  'available_cars', 'used_cars', 'credit_calc', 'requests', 'calltracking', 'captcha', 'smart_contracts', 'tradein', 'reviewer',
  'multiple_locales', 'messenger-showroom', 'custom_media', 'accessories_stock', 'dealerships', 'importer-notifier', 'manager-notifier',
] as const;

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
    service: { op: 'eq', schema: filterText(), widget: 'select', options: serviceOptions() },
    mode: { op: 'eq', schema: z.enum(MODES), widget: 'select' },
  },
  sort: ['id', 'name', 'path', 'service', 'order'],
  defaultSort: 'order',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  permissions: crudPermissions('routes'),
  columns: [
    { field: 'title', width: 190 },
    { field: 'path', sortable: true, width: 240 },
    { field: 'service', sortable: true, render: 'service', width: 160 },
    { field: 'mode', render: 'tag', width: 110 },
    { field: 'group', render: 'tag', width: 110 },
    { field: 'permissions', render: 'codes', width: 170 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'path', widget: 'text' },
    { field: 'title', widget: 'select', options: SCREENS_IN_MENU_ORDER.map((route) => ({ value: route.title, label: `menu:${route.name}` })) },
    { field: 'service', widget: 'select', options: serviceOptions() },
    { field: 'mode', widget: 'select', options: MODES.map((m) => ({ value: m, label: `common:modes.${m}` })) },
    { field: 'group', widget: 'select', options: MENU_GROUPS.map((group) => ({ value: group, label: `menu:groups.${group}` })) },
    { field: 'permissions', widget: 'codes' },
    { field: 'module', widget: 'select', options: SITE_MODULES.map((module) => ({ value: module, label: `routes.modules.${module}` })) },
    { field: 'order', widget: 'number' },
    { field: 'in_menu', widget: 'switch' },
  ],
  screen: '/clients.storage/routes/',
  // Named by its menu title (a choice the web shows in words), not by its code.
  label: ['title'],
});
