import { z } from 'zod';
import { id } from './fields.ts';

/**
 * One declaration per CRUD resource (DESIGN.md §6). The server turns it into list / get /
 * create / update / delete routes and the web into a list screen and a form.
 */
export type FilterOp =
  | 'eq' // column = value
  | 'in' // column = any(comma separated values)
  | 'search' // ILIKE over `columns`
  | 'contains' // array column contains the value
  | 'covers' // columns[0] <= value and columns[1] >= value (a record valid on a date; a null end is open)
  | 'from' // a moment column on or after the day's start (`YYYY-MM-DD`, UTC)
  | 'to'; // a moment column before the next day's start (the day included)

export interface FilterDef {
  op: FilterOp;
  /** Column(s) the filter reads; the filter's own name when absent. */
  columns?: string[];
  /** How the query string value is parsed. */
  schema: z.ZodType;
  /** The web's filter widget. */
  widget?: 'text' | 'select' | 'boolean' | 'ref' | 'date';
  /** For ref widgets: the resource whose records are offered. */
  ref?: RefDef;
  /**
   * For ref widgets, cascading: another filter of the list whose value narrows this one's choices
   * (the referenced list is asked with the same filter: models `within: 'brands'` offers the chosen
   * brand's models); changing it clears this filter.
   */
  within?: string;
  /** A key inside a jsonb column (`columns: ['context'], path: 'color_scheme'`): 'eq' compares its text. */
  path?: string;
  /** For select widgets without a form field of the same name: the values offered (label: an i18n key). */
  options?: { value: string | number; label: string }[];
}

export interface RefDef {
  service: string;
  name: string;
  label: string;
}

export interface ColumnDef {
  field: string;
  sortable?: boolean;
  /**
   * text, date, boolean, refs (names of referenced records), tag (an option's label), service (a
   * service's name), count (how many ids), codes (permission codes of the row's service, by name),
   * money (whole roubles, shown as the reader reads money: roubles in Russian, dollars in English).
   */
  render?: 'text' | 'date' | 'boolean' | 'refs' | 'tag' | 'service' | 'count' | 'codes' | 'money';
  ref?: RefDef;
  width?: number;
  /** A key column: shown on a phone, where a list shows its key columns only (the first two when none is marked). */
  key?: boolean;
}

export interface FormFieldDef {
  field: string;
  /**
   * `permissions`: permission ids chosen in a matrix grouped by service; `codes`: permission codes
   * of the service chosen in the form's `service` field. `money`: whole roubles with the digit
   * grouping of the user's language.
   */
  widget: 'text' | 'textarea' | 'email' | 'phone' | 'password' | 'number' | 'money' | 'switch' | 'select' | 'multiselect' | 'tags' | 'permissions' | 'codes';
  /** Shown only when creating (a first password) or only when editing. */
  only?: 'create' | 'edit';
  /** Shown only to platform staff holding auth.processing root (the server refuses it to others). */
  audience?: 'root';
  ref?: RefDef;
  options?: { value: string | number; label: string }[];
  span?: 1 | 2;
  /**
   * Cascading pickers (cars.catalog): the choices of this reference select are the records of
   * `filter[<filter>]=<value of the form's field>`; none until that field has a value, and the
   * choice is cleared when it changes.
   */
  within?: { field: string; filter: string };
  /** A select that only narrows the choices of another (a brand above its models): shown, never sent. */
  pickOnly?: boolean;
}

export interface ResourcePermissions {
  list: string[];
  get: string[];
  create: string[];
  update: string[];
  delete: string[];
}

/**
 * The usual codes of a resource: `<entity>.get_list` (or the spec's own read code) to read,
 * `.create`, `.patch` and `.delete` to write.
 */
export function crudPermissions(entity: string, read = `${entity}.get_list`): ResourcePermissions {
  return { list: [read], get: [read], create: [`${entity}.create`], update: [`${entity}.patch`], delete: [`${entity}.delete`] };
}

export interface ResourceDef<
  E extends z.ZodObject = z.ZodObject,
  C extends z.ZodObject = z.ZodObject,
  U extends z.ZodObject = z.ZodObject,
  S extends string = string,
> {
  /** Its service's name: the declaration's own literal, so that code typed by service names accepts it. */
  service: S;
  /** Path segment under /api/v1/ and the JSON:API type. */
  name: string;
  /** The attributes of a record as the API returns them (id apart). */
  entity: E;
  create: C;
  update: U;
  filters: Record<string, FilterDef>;
  sort: string[];
  defaultSort: string;
  pageSize: { default: number; max: number };
  /**
   * A list too large to count on every page (a million notifications): its total is exact up to
   * this many rows and the planner's estimate above (`meta.page.estimated`); the pager still works.
   */
  countExactUpTo?: number;
  /**
   * Tenancy: the column holding the owning client's id ('id' for clients themselves).
   * null for shared dictionaries that are not client-owned.
   */
  tenant: string | null;
  /** Array columns that hold ids of other resources; their ids must exist. */
  refs?: Record<string, RefDef>;
  /** Columns that must be unique (a clear 409 instead of a database error). */
  unique?: string[];
  permissions: ResourcePermissions;
  columns: ColumnDef[];
  form: FormFieldDef[];
  /** The screen path of the list, as in the specification's routes. */
  screen: string;
  /** Read-only resources (the audit trail) have only the list and get routes. */
  readOnly?: boolean;
  /**
   * The site module its routes need, when not its service's (kit/module-targets.ts): a code,
   * `a|b` for either, null for none (a platform dictionary inside a module's service).
   */
  module?: string | null;
  /** DELETE switches the record off (`active: false`) instead of destroying it (users). */
  deleteDeactivates?: boolean;
  /** The query string DELETE takes (a typed confirmation), read by the resource's `remove` hook. */
  deleteQuery?: z.ZodObject;
  /** The fields that name a record, joined by a space (a user's first and last name); see labelFields. */
  label?: string[];
}

/** The fields that name a record: the declared ones, else the first of name, title, code, email it has. */
export function labelFields(resource: Pick<AnyResource, 'label' | 'entity'>): string[] {
  if (resource.label?.length) return resource.label;
  const shape = resource.entity.shape as Record<string, unknown>;
  const first = ['name', 'title', 'code', 'email'].find((field) => field in shape);
  return first ? [first] : [];
}

/** A record's name from its attributes; null when it has none. */
export function labelOf(resource: Pick<AnyResource, 'label' | 'entity'>, attributes: Record<string, unknown>): string | null {
  const text = labelFields(resource)
    .map((field) => attributes[field])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join(' ');
  return text || null;
}

export function defineResource<E extends z.ZodObject, C extends z.ZodObject, U extends z.ZodObject, S extends string>(
  def: ResourceDef<E, C, U, S>,
): ResourceDef<E, C, U, S> {
  return def;
}

export type AnyResource = ResourceDef<z.ZodObject, z.ZodObject, z.ZodObject>;
export type Entity<R extends AnyResource> = z.output<R['entity']> & { id: string };

/** The API path of a resource below the gateway: /api/v1/<name>. */
export function resourcePath(resource: { name: string }): string {
  return `/api/v1/${resource.name}`;
}

/** The query-string names of a filter: filter[name]. */
export const filterParam = (name: string) => `filter[${name}]`;

/** Parses `sort=-name,code` against an allow-list; returns null for a field outside it. */
export function parseSort(value: string | undefined, allowed: string[], fallback: string) {
  const parts = (value || fallback).split(',').map((part) => part.trim()).filter(Boolean);
  const result: { field: string; desc: boolean }[] = [];
  for (const part of parts) {
    const desc = part.startsWith('-');
    const field = desc ? part.slice(1) : part;
    if (!allowed.includes(field)) return { error: field } as const;
    result.push({ field, desc });
  }
  return { sort: result } as const;
}

/** A resource's update body from its create fields: every field optional, without the create's defaults (a PATCH never resets what it does not name). */
export const partialOf = <T extends Record<string, z.ZodType>>(fields: T) =>
  z.strictObject(Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional()])) as { [K in keyof T]: z.ZodOptional<z.ZodType<z.output<T[K]>>> });

/**
 * What a per-site settings resource (one record per site, made with the defaults on first read: a
 * widget's, an import's) declares alike: listed by site, the client's, unique per site.
 */
export const siteSettingsListing = {
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'site_id', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 100, max: 1000 },
  tenant: 'client_id',
  unique: ['site_id'],
} satisfies Partial<ResourceDef>;
