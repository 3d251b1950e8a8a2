import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { code, filterText, id, integer, optionalMultiLineText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { floorValue } from '../sites.context/content-fields.ts';
import { COLOR_CODES } from '../render/dictionaries.ts';
import { COMPONENTS } from './components.ts';

/**
 * Floors (content blocks, spec 000 §3 Floor, §5, §8) and their groups, service floors.storage.
 *
 * A floor is a component with its values and the spec's presentation fields. Its id of the spec is
 * `code` (Latin letters, digits, `- _ : .`, a Latin letter first, unique among the floors a client
 * sees); the record's number `id` is what pages, layouts and templates place (`PlacedFloor.floor_id`),
 * so renaming a code never breaks a page. `client_id` null: a platform floor every client sees and
 * only platform staff change; otherwise a client's own floor. `official` floors are changed by staff
 * only, whoever owns them. `enabled` changes through POST /floors/{id}/enable | disable.
 */
export const FLOOR_CODE = /^[A-Za-z][A-Za-z0-9_:.-]*$/;
/** Not empty nor too short (spec 000 §5): the first failing rule is the one reported. */
export const floorCode = () =>
  safeString()
    .trim()
    .min(1, { abort: true })
    .min(3, { abort: true })
    .max(100, { abort: true })
    .regex(FLOOR_CODE, { error: encodeMessage('floor_code_format') });

export const TITLE_POSITIONS = ['left', 'center', 'right', 'hidden'] as const;
/** Offset options (spec 000 §9): none, small, medium, large. */
export const FLOOR_OFFSETS = ['none', 'small', 'medium', 'large'] as const;
export const FLOOR_ALIGNMENTS = ['left', 'center', 'right'] as const;

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
export const floorGroupRef = { service: 'floors.storage', name: 'groups', label: 'name' } as const;
export const floorRef = { service: 'floors.storage', name: 'floors', label: 'title' } as const;

const valueKey = () => safeString().min(1).max(100);
/** The values of a floor: JSON the component's schema checks on the server (floorValueProblems). */
export const floorValues = () => z.record(valueKey(), floorValue);

const options = <T extends readonly string[]>(values: T, prefix: string) => values.map((value) => ({ value, label: `${prefix}.${value}` }));
const componentOptions = COMPONENTS.map((component) => ({ value: component.identity, label: `components.${component.identity}` }));

const fields = {
  code: floorCode(),
  title: requiredText(255),
  description: optionalMultiLineText(1000),
  title_position: z.enum(TITLE_POSITIONS),
  offset_top: z.enum(FLOOR_OFFSETS),
  offset_bottom: z.enum(FLOOR_OFFSETS),
  background: z.enum(COLOR_CODES).nullable(),
  alignment: z.enum(FLOOR_ALIGNMENTS),
  // The identity is checked against the registry on the server: 'component not found' (spec 000 §8).
  component: code(100),
  values: floorValues(),
  group_id: id().nullable(),
  official: z.boolean(),
};

export const floorResource = defineResource({
  service: 'floors.storage',
  name: 'floors',
  entity: z.object({
    client_id: z.number().nullable(),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    title_position: z.string(),
    offset_top: z.string(),
    offset_bottom: z.string(),
    background: z.string().nullable(),
    alignment: z.string(),
    component: z.string(),
    values: z.record(z.string(), z.unknown()),
    group_id: z.number().nullable(),
    enabled: z.boolean(),
    official: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    title: fields.title,
    code: fields.code,
    component: fields.component,
    // null or absent: a platform floor (staff only).
    client_id: id().nullable().optional(),
    description: fields.description,
    title_position: fields.title_position.default('left'),
    offset_top: fields.offset_top.default('medium'),
    offset_bottom: fields.offset_bottom.default('medium'),
    background: fields.background.optional(),
    alignment: fields.alignment.default('left'),
    values: fields.values.default({}),
    group_id: fields.group_id.optional(),
    official: fields.official.optional(),
  }),
  // The owner never changes; enabling is an action of its own.
  update: z.strictObject(fields).partial(),
  filters: {
    search: { op: 'search', columns: ['code', 'title', 'description'], schema: filterText(), widget: 'text' },
    group_id: { op: 'eq', schema: id(), widget: 'ref', ref: floorGroupRef },
    component: { op: 'eq', schema: code(100), widget: 'select' },
    enabled: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' },
    official: { op: 'eq', schema: z.enum(['true', 'false']).transform((value) => value === 'true'), widget: 'boolean' },
    client_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'code', 'title', 'component', 'created_at', 'updated_at'],
  defaultSort: 'title',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, group_id: floorGroupRef },
  permissions: crudPermissions('floors'),
  columns: [
    { field: 'title', sortable: true, width: 220 },
    { field: 'code', sortable: true, width: 170 },
    { field: 'description', width: 300 },
    { field: 'component', sortable: true, render: 'tag', width: 210 },
    { field: 'group_id', render: 'refs', ref: floorGroupRef, width: 160 },
    { field: 'client_id', render: 'refs', ref: clientRef, width: 180 },
    { field: 'enabled', render: 'boolean', width: 120 },
    { field: 'official', render: 'boolean', width: 120 },
  ],
  form: [
    { field: 'title', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'component', widget: 'select', options: componentOptions },
    { field: 'description', widget: 'textarea' },
    { field: 'group_id', widget: 'select', ref: floorGroupRef },
    { field: 'title_position', widget: 'select', options: options(TITLE_POSITIONS, 'title_positions') },
    { field: 'offset_top', widget: 'select', options: options(FLOOR_OFFSETS, 'offsets') },
    { field: 'offset_bottom', widget: 'select', options: options(FLOOR_OFFSETS, 'offsets') },
    { field: 'background', widget: 'select', options: options(COLOR_CODES, 'colors') },
    { field: 'alignment', widget: 'select', options: options(FLOOR_ALIGNMENTS, 'alignments') },
    { field: 'client_id', widget: 'select', ref: clientRef, audience: 'root' },
    { field: 'official', widget: 'switch', audience: 'root' },
  ],
  screen: '/floors.storage/floors',
  label: ['title'],
});

/** A group of floors (spec 000 §2 /floors.storage/groups): a platform dictionary, written by staff. */
export const floorGroupResource = defineResource({
  service: 'floors.storage',
  name: 'groups',
  entity: z.object({ name: z.string(), description: z.string().nullable(), position: z.number(), created_at: z.string(), updated_at: z.string() }),
  create: z.strictObject({ name: requiredText(255), description: optionalMultiLineText(1000), position: integer(0, 10_000).optional() }),
  update: z.strictObject({ name: requiredText(255), description: optionalMultiLineText(1000), position: integer(0, 10_000) }).partial(),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
  },
  sort: ['id', 'name', 'position', 'created_at'],
  defaultSort: 'position,name',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  unique: ['name'],
  permissions: crudPermissions('floor_groups', 'floors.get_list'),
  columns: [
    { field: 'name', sortable: true, width: 260 },
    { field: 'description', width: 360 },
    { field: 'position', sortable: true, width: 120 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'description', widget: 'textarea' },
    { field: 'position', widget: 'number' },
  ],
  screen: '/floors.storage/groups',
});
