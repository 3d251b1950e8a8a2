import { z } from 'zod';
import { INT4_MAX, filterText, integer, optionalText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import type { FilterDef, RefDef, ResourcePermissions } from '../kit/resource.ts';

/**
 * Shared pieces of the reference catalogue (spec 001 §3 Catalogue, service cars.catalog): the
 * references between its levels, the id-list filters of spec 001 §7 and the i18n names.
 */
export const brandRef: RefDef = { service: 'cars.catalog', name: 'brands', label: 'name' };
export const modelRef: RefDef = { service: 'cars.catalog', name: 'models', label: 'name' };
export const generationRef: RefDef = { service: 'cars.catalog', name: 'generations', label: 'name' };
export const restylingRef: RefDef = { service: 'cars.catalog', name: 'restylings', label: 'name' };
export const complectationRef: RefDef = { service: 'cars.catalog', name: 'complectations', label: 'name' };

/** `filter[models]=3,7`: ids separated by commas (at most 200), each a valid record id. */
export const idsFilterSchema = () =>
  safeString()
    .max(2200)
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: encodeMessage('catalog_id_list'), abort: true })
    .refine((value) => value.split(',').every((part) => Number(part) >= 1 && Number(part) <= INT4_MAX), { error: encodeMessage('catalog_id_list') });

/** A filter by ids of a column (`brand_id` for `brands`); a reference select when `ref` is given, narrowed by the filter `within` (cascading). */
export const idsFilter = (column: string, ref?: RefDef, within?: string): FilterDef => ({
  op: 'in',
  columns: [column],
  schema: idsFilterSchema(),
  ...(ref ? { widget: 'ref' as const, ref } : {}),
  ...(within ? { within } : {}),
});

export const nameSearch: FilterDef = { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' };

/**
 * i18n names (spec 001 §3 "name, i18n"): `name` is the catalogue's own (as the maker writes it),
 * `name_ru` and `name_en` what visitors read in each language; empty means `name`.
 */
export const i18nNameFields = { name_ru: optionalText(255), name_en: optionalText(255) };
export const i18nNameEntity = { name_ru: z.string().nullable(), name_en: z.string().nullable() };

export const catalogName = () => requiredText(255);
/** Order values are made non-negative (spec 001 §5). */
export const sortingValue = () => integer(0, 1_000_000);

/**
 * The catalogue is the platform's, shared by every site: anyone holding the read code reads it,
 * only platform staff change it (tenant null). Writes take `<entity>.create|patch|delete`.
 */
export const catalogPermissions = (entity: string, read: string[]): ResourcePermissions => ({
  list: read,
  get: read,
  create: [`${entity}.create`],
  update: [`${entity}.patch`],
  delete: [`${entity}.delete`],
});

/** The spec's read codes: brands.get_list for brands, models.get_list for the model tree (§6). */
export const BRAND_READ = ['brands.get_list'];
export const MODEL_READ = ['models.get_list'];
/** The dictionaries (bodies, fuels...) are read by whoever reads brands or models. */
export const DICTIONARY_READ = ['brands.get_list', 'models.get_list'];

export const timestampsEntity = { created_at: z.string(), updated_at: z.string() };
