import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, id, optionalText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { brandRef, idsFilter, modelRef, timestampsEntity } from '../cars.catalog/catalog-fields.ts';
import { importProfileRef } from '../cars.import/import.resource.ts';

/**
 * Field aliases (spec 001 §3 field_alias, service cars.import.alias): a feed's word for a
 * catalogue value ("KIA MOTORS" → "Kia"). `search` is the feed's (or channel's) text, `replace`
 * the catalogue's; import reads search → replace, export writes replace → search.
 */
export const ALIAS_ENTITIES = [
  'brand', 'generation', 'restyling', 'model', 'complectation', 'body', 'engine_type', 'transmission', 'wheel_drive',
  'marketing_body_color_code', 'interior_color_code', 'logistic_status', 'approved', 'dealer_code', 'base_color', 'engine_power',
] as const;
export type AliasEntity = (typeof ALIAS_ENTITIES)[number];
export const ALIAS_DIRECTIONS = ['both', 'import', 'export'] as const;
export type AliasDirection = (typeof ALIAS_DIRECTIONS)[number];

const aliasText = (max = 255) => safeString().trim().max(max);

export const fieldAliasResource = defineResource({
  service: 'cars.import.alias',
  name: 'field_alias',
  entity: z.object({
    profile_id: z.number().nullable(),
    brand_id: z.number().nullable(),
    model_id: z.number().nullable(),
    placeholder: z.string().nullable(),
    search: z.string(),
    replace: z.string(),
    entity: z.enum(ALIAS_ENTITIES),
    direction: z.enum(ALIAS_DIRECTIONS),
    ...timestampsEntity,
  }),
  create: z.strictObject({
    profile_id: id().nullable().optional(),
    brand_id: id().nullable().optional(),
    model_id: id().nullable().optional(),
    placeholder: optionalText(255),
    search: aliasText(),
    replace: aliasText().min(1),
    entity: z.enum(ALIAS_ENTITIES, { error: encodeMessage('invalid_choice') }),
    direction: z.enum(ALIAS_DIRECTIONS, { error: encodeMessage('invalid_choice') }).default('both'),
  }),
  update: z
    .strictObject({
      profile_id: id().nullable(),
      brand_id: id().nullable(),
      model_id: id().nullable(),
      placeholder: optionalText(255),
      search: aliasText(),
      replace: aliasText().min(1),
      entity: z.enum(ALIAS_ENTITIES, { error: encodeMessage('invalid_choice') }),
      direction: z.enum(ALIAS_DIRECTIONS, { error: encodeMessage('invalid_choice') }),
    })
    .partial(),
  filters: {
    search: { op: 'search', columns: ['search', 'replace'], schema: filterText(), widget: 'text' },
    entity: { op: 'eq', schema: z.enum(ALIAS_ENTITIES), widget: 'select', options: ALIAS_ENTITIES.map((value) => ({ value, label: `entities.${value}` })) },
    direction: { op: 'eq', schema: z.enum(ALIAS_DIRECTIONS), widget: 'select', options: ALIAS_DIRECTIONS.map((value) => ({ value, label: `directions.${value}` })) },
    profiles: idsFilter('profile_id', importProfileRef),
    brands: idsFilter('brand_id', brandRef),
  },
  sort: ['id', 'entity', 'search', 'replace', 'direction', 'created_at', 'updated_at'],
  defaultSort: 'entity',
  pageSize: { default: 500, max: 1000 },
  tenant: null,
  refs: { profile_id: importProfileRef, brand_id: brandRef, model_id: modelRef },
  permissions: { list: ['field_aliases.get_list'], get: ['field_aliases.get_list'], create: ['field_aliases.create'], update: ['field_aliases.patch'], delete: ['field_aliases.delete'] },
  columns: [
    { field: 'entity', sortable: true, render: 'tag', width: 190 },
    { field: 'search', sortable: true, width: 200 },
    { field: 'replace', sortable: true, width: 200 },
    { field: 'direction', sortable: true, render: 'tag', width: 130 },
    { field: 'profile_id', render: 'refs', ref: importProfileRef, width: 180 },
    { field: 'brand_id', render: 'refs', ref: brandRef, width: 140 },
  ],
  form: [
    { field: 'entity', widget: 'select', options: ALIAS_ENTITIES.map((value) => ({ value, label: `entities.${value}` })) },
    { field: 'direction', widget: 'select', options: ALIAS_DIRECTIONS.map((value) => ({ value, label: `directions.${value}` })) },
    { field: 'search', widget: 'text' },
    { field: 'replace', widget: 'text' },
    { field: 'placeholder', widget: 'text' },
    { field: 'profile_id', widget: 'select', ref: importProfileRef },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'model_id', widget: 'select', ref: modelRef, within: { field: 'brand_id', filter: 'brands' } },
  ],
  screen: '/cars.import.alias/aliases/',
  // Named by the feed's value: "Alias KIA MOTORS" and "Edit: KIA MOTORS", not "#12" on every row.
  label: ['search'],
});

export interface FieldAlias {
  profile_id: number | null;
  brand_id: number | null;
  model_id: number | null;
  placeholder: string | null;
  search: string;
  replace: string;
  entity: string;
  direction: string;
}

/** Where an alias applies: the profile of the feed and the brand and model the row is already placed in. */
export interface AliasScope {
  profile_id?: number | null;
  brand_id?: number | null;
  model_id?: number | null;
}

const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');

/**
 * A value through the aliases of an entity, in one direction (import: the feed's text → the
 * catalogue's; export: the catalogue's → the channel's). An alias bound to a profile, brand or
 * model applies only there, and the most specific matching alias wins. Matching ignores case and
 * repeated spaces. `placeholder` fills an empty value (an alias with an empty `search`). Values
 * no alias names come back as they are.
 */
export function applyAliases(aliases: readonly FieldAlias[], entity: AliasEntity, value: string | null | undefined, direction: 'import' | 'export', scope: AliasScope = {}): string | null {
  const text = value ?? '';
  const key = norm(text);
  let best: { alias: FieldAlias; weight: number } | null = null;
  for (const alias of aliases) {
    if (alias.entity !== entity || (alias.direction !== 'both' && alias.direction !== direction)) continue;
    if (alias.profile_id !== null && alias.profile_id !== (scope.profile_id ?? null)) continue;
    if (alias.brand_id !== null && alias.brand_id !== (scope.brand_id ?? null)) continue;
    if (alias.model_id !== null && alias.model_id !== (scope.model_id ?? null)) continue;
    const from = direction === 'import' ? alias.search : alias.replace;
    const matches = key === '' ? norm(alias.search) === '' && !!alias.placeholder : norm(from) === key && from.trim() !== '';
    if (!matches) continue;
    const weight = (alias.profile_id !== null ? 4 : 0) + (alias.model_id !== null ? 2 : 0) + (alias.brand_id !== null ? 1 : 0);
    if (!best || weight > best.weight) best = { alias, weight };
  }
  if (!best) return value ?? null;
  if (key === '') return best.alias.placeholder;
  return direction === 'import' ? best.alias.replace : best.alias.search;
}
