import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { DICTIONARY_READ, catalogName, catalogPermissions, i18nNameEntity, i18nNameFields, nameSearch, timestampsEntity } from './catalog-fields.ts';

/** A dictionary of the catalogue with an i18n name (spec 001 §3: transmission, wheel_drive, fuel, body: name, i18n). */
function namedDictionary<N extends string>(name: N) {
  return defineResource({
    service: 'cars.catalog',
    name,
    entity: z.object({ name: z.string(), ...i18nNameEntity, ...timestampsEntity }),
    create: z.strictObject({ name: catalogName(), ...i18nNameFields }),
    update: z.strictObject({ name: catalogName(), ...i18nNameFields }).partial(),
    filters: { search: nameSearch },
    sort: ['id', 'name', 'created_at', 'updated_at'],
    defaultSort: 'name',
    pageSize: { default: 500, max: 1000 },
    tenant: null,
    unique: ['name'],
    permissions: catalogPermissions(name, DICTIONARY_READ),
    columns: [
      { field: 'name', sortable: true, width: 240 },
      { field: 'name_ru', width: 220 },
      { field: 'name_en', width: 220 },
    ],
    form: [
      { field: 'name', widget: 'text' },
      { field: 'name_ru', widget: 'text' },
      { field: 'name_en', widget: 'text' },
    ],
    screen: `/cars.catalog/${name}/`,
  });
}

export const bodyResource = namedDictionary('bodies');
export const fuelResource = namedDictionary('fuels');
export const transmissionResource = namedDictionary('transmissions');
export const wheelDriveResource = namedDictionary('wheel_drives');

/** '#1A2B3C': six hex digits; the leading hash is added when missing (spec 001 §5). */
export const colorHex = () =>
  safeString()
    .trim()
    .regex(/^#?[0-9A-Fa-f]{6}$/, { error: encodeMessage('color_hex') })
    .transform((value) => (value.startsWith('#') ? value : `#${value}`).toUpperCase());

/** A base colour (spec 001 §3 color: name, hex); body colours point at it. */
export const colorResource = defineResource({
  service: 'cars.catalog',
  name: 'colors',
  entity: z.object({ name: z.string(), hex: z.string(), ...timestampsEntity }),
  create: z.strictObject({ name: catalogName(), hex: colorHex() }),
  update: z.strictObject({ name: catalogName(), hex: colorHex() }).partial(),
  filters: { search: nameSearch },
  sort: ['id', 'name', 'hex', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  permissions: catalogPermissions('colors', DICTIONARY_READ),
  columns: [
    { field: 'name', sortable: true, width: 240 },
    { field: 'hex', sortable: true, width: 140 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'hex', widget: 'text' },
  ],
  screen: '/cars.catalog/colors/',
});
