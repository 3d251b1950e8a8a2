import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { id } from '../kit/fields.ts';
import { BRAND_READ, catalogName, catalogPermissions, idsFilter, nameSearch, timestampsEntity } from './catalog-fields.ts';

/** The image of a catalogue entry: a file of the media library. */
export const catalogImageRef = { service: 'media.storage', name: 'files', label: 'name' } as const;

/** A brand of the reference catalogue (spec 001 §3: name, image_id); the top of brand → model → … */
export const brandResource = defineResource({
  service: 'cars.catalog',
  name: 'brands',
  entity: z.object({ name: z.string(), image_id: z.number().nullable(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), image_id: id().nullable().optional() }),
  update: z.strictObject({ name: catalogName(), image_id: id().nullable() }).partial(),
  filters: {
    search: nameSearch,
    ids: idsFilter('id'),
  },
  sort: ['id', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  refs: { image_id: catalogImageRef },
  permissions: catalogPermissions('brands', BRAND_READ),
  columns: [
    { field: 'name', sortable: true, width: 280 },
    { field: 'updated_at', sortable: true, render: 'date' },
  ],
  form: [{ field: 'name', widget: 'text' }],
  screen: '/cars.catalog/brands/',
});
