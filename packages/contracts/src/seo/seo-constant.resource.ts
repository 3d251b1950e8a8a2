import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * SEO constants of a site (spec 000 §3, §5): a placeholder of Latin letters or underscores, unique
 * per site, and the value the renderer puts in its place in SEO texts (`{CITY}` → 'Казань').
 */
export const seoPlaceholder = () =>
  safeString().trim().min(1, { abort: true }).max(100, { abort: true }).regex(/^[A-Za-z_]+$/, { error: encodeMessage('seo_constant_placeholder') });

const fields = {
  placeholder: seoPlaceholder(),
  value: safeString({ lines: true }).trim().min(1).max(5000),
};

export const seoConstantResource = defineResource({
  service: 'seo',
  name: 'seo_constants',
  entity: z.object({ site_id: z.number(), client_id: z.number(), placeholder: z.string(), value: z.string(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ site_id: id(), ...fields }),
  update: z.strictObject(fields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['placeholder', 'value'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'placeholder', 'created_at', 'updated_at'],
  defaultSort: 'placeholder',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: crudPermissions('seo_constants'),
  columns: [
    { field: 'placeholder', sortable: true, width: 240 },
    { field: 'value', width: 420 },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [
    { field: 'placeholder', widget: 'text' },
    { field: 'value', widget: 'textarea' },
  ],
  screen: '/seo/sites/{siteId}/constants',
  label: ['placeholder'],
});
