import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, arrayContains, asc, desc, eq, getTableColumns, getTableName, gte, inArray, isNull, lte, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { filterText, id, integer, parseSort, resourceBody, resourceKey, type AnyResource, type JsonApiRecord, type Lang, type RefDef } from '@dp/contracts';
import { readArrays, type Db, type DbOrTx, type Tx } from './db.ts';
import { AppError, badRequest, forbidden, notFound } from './errors.ts';
import { toList, toRecord } from './jsonapi.ts';
import { requireAuth, type AuthContext } from './request-context.ts';
import { diffFields, recordAudit, snapshot } from './audit.ts';
import { escapeLike, searchCondition } from './search-index.ts';
import type { NamedSubjects, RecordOwners } from './module-targets.ts';

type Table = PgTable & { id: PgColumn };
export type Row = Record<string, unknown> & { id: number };
type Attrs = Record<string, unknown>;

/**
 * A many-to-many attribute kept in a join table (a user's client_ids in user_clients): read as
 * an id array, written by replacing the rows, filtered and tenant-scoped through the table.
 */
export interface LinkDef {
  table: PgTable;
  owner: PgColumn;
  target: PgColumn;
}

export interface WriteContext {
  tx: Tx;
  auth: AuthContext;
  request: FastifyRequest;
  /** The record before the write (update, delete). */
  existing?: Row;
}

/** Behaviour the specification adds to a plain resource, in small named functions. */
export interface ResourceHooks {
  /** Checks and reshapes attributes before an insert (escalation checks, hashing). */
  beforeCreate?(attrs: Attrs, ctx: WriteContext): Promise<Attrs> | Attrs;
  beforeUpdate?(attrs: Attrs, ctx: WriteContext & { existing: Row }): Promise<Attrs> | Attrs;
  afterWrite?(row: Row, ctx: WriteContext): Promise<void> | void;
  /** Adds attributes computed at read time (an audit entry's record name) to rows about to be answered, in the reader's language. */
  decorate?(rows: Row[], ctx: { db: DbOrTx; auth: AuthContext; lang: Lang }): Promise<void>;
  /** Replaces the delete (users are deactivated, never destroyed). */
  remove?(ctx: WriteContext & { existing: Row }): Promise<void>;
  /** Refuses a delete before the machinery does it (only drafts of a workflow state go). */
  beforeDelete?(ctx: WriteContext & { existing: Row }): Promise<void> | void;
  /** Refuses a read (list or get) beyond the route's codes (VIN data: only clients allowed to use it). */
  beforeRead?(ctx: { db: DbOrTx; auth: AuthContext }): Promise<void> | void;
}

export interface Binding {
  resource: AnyResource;
  table: Table;
  links: Record<string, LinkDef>;
  hooks: ResourceHooks;
  /** Rows with a null tenant (platform roles) are readable by every client, writable by staff only. */
  sharedWhenNull: boolean;
  /** Records of a site (pages, stages, redirects...): `site_id` and `client_id` columns, see withSite. */
  siteOwned?: SiteOwnership;
  /** Records of a car brand (the catalogue, cars): a custom token limited to brands reaches only theirs. */
  brandScope?: BrandScope;
}

/**
 * How a record belongs to a car brand, so that a token limited to brands sees and changes only
 * those brands' records (docs/decisions/catalogue.md, "Brand-limited tokens"), applied with the
 * tenant scope to every read, by-id lookup and reference check, and to every write (brand-scopes.ts
 * declares it per resource).
 */
export interface BrandScope {
  /** The rows of these brands (the row's brand_id, or its parent's). */
  of(brandIds: number[]): SQL;
  /** Rows of no brand (shared by every brand): read by a brand-limited token, never written by it. */
  none?: SQL;
}

/** How the machinery reaches the site of a site-owned record (given by sites.context). */
export interface SiteOwnership {
  /** The site if the caller reaches it, else null. */
  findSite(tx: DbOrTx, auth: AuthContext, siteId: number): Promise<{ id: number; client_id: number } | null>;
  /** Refuses writes to content the site may not change (official master content). */
  assertEditable(tx: DbOrTx, auth: AuthContext, siteId: number): Promise<void>;
  /**
   * Records below another site-owned record (a page's states): the create body names the parent
   * (`field`, e.g. page_id) instead of the site, and the site is the parent's (null: not reached).
   */
  parent?: { field: string; siteOf(tx: DbOrTx, auth: AuthContext, parentId: number): Promise<number | null> };
}

/**
 * The rows of a module-tied list that a dealer's call naming no site may see: those of the sites
 * (or clients) that have the module (marketplace module-gate.ts gives it).
 */
export type ModuleRows = (module: string, column: PgColumn, owner: 'sites' | 'clients') => SQL;

/**
 * Declared resources bound to their tables; refs and deletes look each other up here. It also
 * knows where records of a kind belong (a site or a client), for the gateway's module check: every
 * resource by its key, other records (a customer request) by the name `record` gives them.
 */
export class ResourceRegistry implements RecordOwners {
  private bindings = new Map<string, Binding>();
  private records = new Map<string, Table>();
  /** Set once the marketplace is there; without it lists are not narrowed. */
  moduleRows: ModuleRows | null = null;

  constructor(private readonly db?: DbOrTx) {}

  bind(resource: AnyResource, table: Table, options: Partial<Omit<Binding, 'resource' | 'table'>> = {}) {
    this.bindings.set(resourceKey(resource), { resource, table, links: {}, hooks: {}, sharedWhenNull: false, ...options });
    this.record(resourceKey(resource), table);
  }
  /** Names a table whose rows a module-tied route may name (`request.storage/requests`); it has site_id or client_id. */
  record(kind: string, table: Table) {
    this.records.set(kind, table);
  }
  /** The sites (rows with site_id) or clients (rows with client_id) the records belong to; unknown ids name nothing. */
  async ownersOf(kind: string, ids: number[]): Promise<NamedSubjects> {
    const table = this.records.get(kind);
    const owner = table && ownerColumn(table);
    if (!owner || !this.db) return { sites: [], clients: [] };
    const rows = await this.db.selectDistinct({ id: owner.column }).from(table).where(inArray(table.id, ids));
    // A shared record (no client) belongs to nobody's sites.
    const found = rows.filter((row) => row.id !== null).map((row) => Number(row.id)).filter((id) => Number.isInteger(id));
    return owner.of === 'sites' ? { sites: found, clients: [] } : { sites: [], clients: found };
  }
  get(ref: { service: string; name: string }): Binding {
    const binding = this.bindings.get(resourceKey(ref));
    if (!binding) throw new Error(`resource ${resourceKey(ref)} is not bound to a table`);
    return binding;
  }
  all() {
    return [...this.bindings.values()];
  }
}

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

/** Where a row belongs for the module check: its site, else its client. */
function ownerColumn(table: PgTable): { column: PgColumn; of: 'sites' | 'clients' } | null {
  const cols = columnsOf(table);
  if (cols.site_id) return { column: cols.site_id, of: 'sites' };
  if (cols.client_id) return { column: cols.client_id, of: 'clients' };
  return null;
}
/** A user's text as a literal inside LIKE patterns (kept here for the services that import it). */
export { escapeLike };
const isNumeric = (column: PgColumn) => column.dataType === 'number';

/** Rows whose link (join table) holds one of `ids`. */
function linkContains(binding: Binding, field: string, ids: unknown[]): SQL {
  const link = binding.links[field]!;
  return sql`exists (select 1 from ${link.table} where ${link.owner} = ${binding.table.id} and ${inArray(link.target, ids)})`;
}

/** The caller's scope: the rows of its clients (all for internal users) and, for a brand-limited token, of its brands. */
export function scopeCondition(binding: Binding, auth: AuthContext): SQL | undefined {
  return and(tenantCondition(binding, auth), brandCondition(binding, auth));
}

/** A brand-limited token's rows of a brand-scoped resource (and those of no brand); undefined when unlimited. */
export function brandCondition(binding: Binding, auth: Pick<AuthContext, 'brandIds'>): SQL | undefined {
  const scope = binding.brandScope;
  if (!scope || !auth.brandIds) return undefined;
  return scope.none ? or(scope.none, scope.of(auth.brandIds)) : scope.of(auth.brandIds);
}

/**
 * A write by a brand-limited token must leave the record within its brands (checked on the row
 * before a change and after it, in the write's transaction): 403 otherwise, and nothing changes.
 */
export async function assertBrandWritable(db: DbOrTx, binding: Binding, id: number, auth: Pick<AuthContext, 'brandIds'>) {
  const scope = binding.brandScope;
  if (!scope || !auth.brandIds) return;
  const [row] = await db.select({ id: binding.table.id }).from(binding.table).where(and(eq(binding.table.id, id), scope.of(auth.brandIds))).limit(1);
  if (!row) throw new AppError(403, 'brand_restricted');
}

/** Tenant scoping: the rows of the caller's clients only (all for internal users). */
function tenantCondition(binding: Binding, auth: AuthContext): SQL | undefined {
  const { resource, table } = binding;
  if (!resource.tenant || auth.scope === 'all') return undefined;
  if (!auth.scope.length) return binding.sharedWhenNull ? isNull(columnsOf(table)[resource.tenant]!) : sql`false`;
  if (binding.links[resource.tenant]) return linkContains(binding, resource.tenant, auth.scope);
  const column = columnsOf(table)[resource.tenant]!;
  return binding.sharedWhenNull ? or(isNull(column), inArray(column, auth.scope)) : inArray(column, auth.scope);
}

function filterConditions(binding: Binding, query: Record<string, unknown>): SQL[] {
  const cols = columnsOf(binding.table);
  const conditions: SQL[] = [];
  for (const [name, def] of Object.entries(binding.resource.filters)) {
    const value = query[`filter[${name}]`];
    if (value === undefined || value === '') continue;
    const fields = def.columns ?? [name];
    if (def.op === 'contains' && binding.links[fields[0]!]) {
      conditions.push(linkContains(binding, fields[0]!, [value]));
      continue;
    }
    const columns = fields.map((c) => cols[c]!);
    const first = columns[0]!;
    // search_fold(column) like search_fold('%text%'): the expression of the tables' trigram indexes (search-index.ts).
    if (def.op === 'search') conditions.push(searchCondition(columns, String(value)));
    else if (def.op === 'eq' && def.path) conditions.push(sql`${first}->>${def.path} = ${String(value)}`);
    else if (def.op === 'eq') conditions.push(eq(first, value));
    else if (def.op === 'in') {
      const list = String(value).split(',').map((v) => (isNumeric(first) ? Number(v) : v));
      conditions.push(inArray(first, list));
    } else if (def.op === 'contains') conditions.push(arrayContains(first, [value]));
    else if (def.op === 'covers') {
      const last = columns[1]!;
      conditions.push(and(lte(first, value), or(isNull(last), gte(last, value)))!);
    } else if (def.op === 'from') conditions.push(sql`${first} >= ${String(value)}::date::timestamptz`);
    else if (def.op === 'to') conditions.push(sql`${first} < (${String(value)}::date + 1)::timestamptz`);
  }
  return conditions;
}

/** The list's sort: the asked fields, then the id, which keeps pages stable when sort values repeat. */
function sortOf(binding: Binding, sortParam: string | undefined): { field: string; desc: boolean }[] {
  const { resource } = binding;
  const parsed = parseSort(sortParam, resource.sort, resource.defaultSort);
  if ('error' in parsed) throw badRequest('invalid_sort', 'sort', { field: parsed.error ?? '' });
  return [...parsed.sort, { field: 'id', desc: false }];
}

function orderBy(binding: Binding, sort: { field: string; desc: boolean }[]) {
  const cols = columnsOf(binding.table);
  return sort.map(({ field, desc: d }) => (d ? desc(cols[field]!) : asc(cols[field]!)));
}

/** Fills each row's link attributes (id arrays) from their join tables. */
async function attachLinks(db: DbOrTx, binding: Binding, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id);
  for (const [field, link] of Object.entries(binding.links)) {
    const pairs = ids.length
      ? await db.select({ owner: link.owner, target: link.target }).from(link.table).where(inArray(link.owner, ids)).orderBy(asc(link.target))
      : [];
    const targets = new Map<number, number[]>(ids.map((id) => [id, []]));
    for (const { owner, target } of pairs) targets.get(owner as number)?.push(target as number);
    for (const row of rows) row[field] = targets.get(row.id);
  }
  return rows;
}

async function writeLinks(tx: DbOrTx, binding: Binding, id: number, attrs: Attrs) {
  for (const [field, link] of Object.entries(binding.links)) {
    if (attrs[field] === undefined) continue;
    await tx.delete(link.table).where(eq(link.owner, id));
    const targets = [...new Set(attrs[field] as number[])];
    if (targets.length) {
      const ownerKey = Object.entries(columnsOf(link.table)).find(([, c]) => c === link.owner)![0];
      const targetKey = Object.entries(columnsOf(link.table)).find(([, c]) => c === link.target)![0];
      await tx.insert(link.table).values(targets.map((target) => ({ [ownerKey]: id, [targetKey]: target })) as never);
    }
  }
}

/** The table's own columns of a write (links and virtual fields go elsewhere). */
function columnAttrs(binding: Binding, attrs: Attrs): Attrs {
  const cols = columnsOf(binding.table);
  return Object.fromEntries(
    Object.entries(attrs)
      .filter(([key]) => key in cols && !(key in binding.links))
      // A timestamp column takes a Date; the schema gave a validated ISO 8601 text (contracts kit/dates.ts).
      .map(([key, value]) => [key, cols[key]!.dataType === 'date' && typeof value === 'string' ? new Date(value) : value]),
  );
}

/** The names of referenced records read with the page (withIncluded), by the field that refers to them. */
type ReadRefs = Map<string, [number, unknown][]>;

/**
 * The referenced records (names for the table's tags) as JSON:API `included`, within the
 * caller's reach: a shared record naming other clients (a module offered to some clients) must
 * not tell a dealer their names. Those of `read` came with the page; the others are read here.
 */
export async function loadIncluded(db: DbOrTx, registry: ResourceRegistry, resource: AnyResource, rows: Row[], auth: AuthContext, read?: ReadRefs) {
  const included: JsonApiRecord[] = [];
  for (const [field, ref] of Object.entries(resource.refs ?? {})) {
    const given = read?.get(field);
    if (given) {
      for (const [id, label] of given) included.push({ id: String(id), type: ref.name, attributes: { [ref.label]: label } });
      continue;
    }
    const ids = [...new Set(rows.flatMap((row) => (Array.isArray(row[field]) ? row[field] : [row[field]])).filter((v) => v != null))] as number[];
    if (!ids.length) continue;
    const target = registry.get(ref);
    const { table } = target;
    const found = await db.select({ id: table.id, label: columnsOf(table)[ref.label]! }).from(table).where(and(inArray(table.id, ids), scopeCondition(target, auth)));
    for (const row of found) included.push({ id: String(row.id), type: ref.name, attributes: { [ref.label]: row.label } });
  }
  return included;
}

/**
 * The refs whose names the page's own statement reads (withIncluded): those held in a column of
 * the table or in a link, and named by a text column. Attributes computed at read time are read after.
 */
function pageRefs(registry: ResourceRegistry, binding: Binding) {
  let refs = pageRefsOf.get(binding);
  if (refs) return refs;
  const cols = columnsOf(binding.table);
  refs = Object.entries(binding.resource.refs ?? {}).flatMap(([field, ref]) => {
    const target = registry.get(ref);
    const label = columnsOf(target.table)[ref.label];
    const held = binding.links[field] ?? cols[field];
    return held && label?.dataType === 'string' ? [{ field, target, label, ids: referencedIds(binding, field) }] : [];
  });
  pageRefsOf.set(binding, refs);
  return refs;
}
const pageRefsOf = new WeakMap<Binding, { field: string; target: Binding; label: PgColumn; ids: SQL }[]>();

/** The ids a field of the page's rows ("__page") refers to: a column's values (or elements), or a link's targets. */
function referencedIds(binding: Binding, field: string): SQL {
  const link = binding.links[field];
  const id = sql.identifier(binding.table.id.name);
  if (link) return sql`select ${link.target} from ${link.table} where ${link.owner} in (select p.${id} from "__page" p)`;
  const column = columnsOf(binding.table)[field]!;
  const name = sql.identifier(column.name);
  return column.columnType === 'PgArray' ? sql`select unnest(p.${name}) from "__page" p` : sql`select p.${name} from "__page" p`;
}

/** Each row's link targets, in order, as JSON text of an array. */
function linkColumns(binding: Binding): SQL[] {
  const id = sql.identifier(binding.table.id.name);
  return Object.values(binding.links).map(
    (link) => sql`(select coalesce(json_agg(${link.target} order by ${link.target}), '[]')::text from ${link.table} where ${link.owner} = "__page".${id})`,
  );
}

/**
 * A page of the table (`page`: a select of its columns, with or without the total), each row's
 * links, and the names of the records its refs point at, in one statement: the page is a CTE, the
 * links are a column each, and the names, as JSON text of [[id, label], ...] per ref, ride on one
 * of its rows only (the least id), so that they cross the wire once. `sort` orders the page again
 * by the positions of its columns. The row's own columns come first, then the total when the page
 * has it, the links, and the names last.
 */
function withIncluded(registry: ResourceRegistry, binding: Binding, auth: AuthContext, page: SQLWrapper, sort: { field: string; desc: boolean }[]): SQL {
  const keys = Object.keys(columnsOf(binding.table));
  const names = pageRefs(registry, binding).map(({ target, label, ids }) => {
    const reached = and(sql`${target.table.id} in (${ids})`, scopeCondition(target, auth));
    return sql`coalesce((select json_agg(json_build_array(${target.table.id}, ${label})) from ${target.table} where ${reached}), '[]')`;
  });
  const order = sql.join(
    sort.map(({ field, desc: d }) => sql.raw(`${keys.indexOf(field) + 1}${d ? ' desc' : ''}`)),
    sql`, `,
  );
  const id = sql.identifier(binding.table.id.name);
  const included = names.length
    ? sql`case when ${id} = (select min(${id}) from "__page") then json_build_array(${sql.join(names, sql`, `)})::text end`
    : sql`null::text`;
  return sql`with "__page" as (${page}) select *, ${sql.join([...linkColumns(binding), included], sql`, `)} from "__page" order by ${order}`;
}

/** The rows of a withIncluded read, each with its links. */
function pageRows(binding: Binding, arrays: unknown[][]): Row[] {
  const rows = rowsFromArrays(binding.table, arrays);
  const fields = Object.keys(binding.links);
  if (!fields.length) return rows;
  rows.forEach((row, i) => {
    const values = arrays[i]!;
    fields.forEach((field, j) => (row[field] = JSON.parse(values.at(j - fields.length - 1) as string)));
  });
  return rows;
}

/** The total of a withIncluded read of a page with its total: the column before the links and the names. */
const pageTotal = (binding: Binding, arrays: unknown[][]) => Number(arrays[0]!.at(-2 - Object.keys(binding.links).length) ?? 0);

/** The refs' names withIncluded read, from the one row that carries them (its last column). */
function readRefs(registry: ResourceRegistry, binding: Binding, arrays: unknown[][]): ReadRefs {
  const read: ReadRefs = new Map();
  const text = arrays.find((values) => values.at(-1) != null)?.at(-1) as string | undefined;
  const lists = text ? (JSON.parse(text) as [number, unknown][][]) : [];
  pageRefs(registry, binding).forEach(({ field }, i) => read.set(field, lists[i] ?? []));
  return read;
}

/** Every referenced id must exist and, for client-owned records, belong to the caller's clients. */
async function checkRefs(db: DbOrTx, registry: ResourceRegistry, resource: AnyResource, attrs: Attrs, auth: AuthContext) {
  for (const [field, ref] of Object.entries(resource.refs ?? {})) {
    if (attrs[field] === undefined || attrs[field] === null) continue;
    const ids = [...new Set(Array.isArray(attrs[field]) ? (attrs[field] as number[]) : [attrs[field] as number])];
    if (!ids.length) continue;
    const target = registry.get(ref);
    const found = await db.select({ id: target.table.id }).from(target.table).where(and(inArray(target.table.id, ids), scopeCondition(target, auth)));
    const missing = ids.find((id) => !found.some((row) => row.id === id));
    if (missing !== undefined) throw badRequest('invalid_reference', `/data/attributes/${field}`, { id: missing });
  }
}

async function checkUnique(db: DbOrTx, binding: Binding, attrs: Attrs, exceptId?: number) {
  const cols = columnsOf(binding.table);
  for (const field of binding.resource.unique ?? []) {
    if (attrs[field] === undefined || attrs[field] === null) continue;
    const conditions = [eq(cols[field]!, attrs[field]), exceptId ? ne(binding.table.id, exceptId) : undefined];
    const [taken] = await db.select({ id: binding.table.id }).from(binding.table).where(and(...conditions)).limit(1);
    if (taken) throw new AppError(409, 'conflict_unique', { field }, `/data/attributes/${field}`);
  }
}

/** A client-owned record may only be created for, or moved to, one of the caller's clients. */
function checkTenantWrite(binding: Binding, attrs: Attrs, auth: AuthContext, existing?: Row) {
  const tenant = binding.resource.tenant;
  if (auth.scope === 'all') return;
  // Shared dictionaries (no tenant: groups, permissions, routes) are the platform's own.
  if (!tenant) throw new AppError(403, 'staff_only');
  // The records that are clients themselves: only staff create them.
  if (tenant === 'id') {
    if (!existing) throw forbidden();
    return;
  }
  // A shared record (null tenant) is the platform's: only staff change it.
  if (binding.sharedWhenNull && existing && existing[tenant] == null) throw forbidden();
  const owners = attrs[tenant] === undefined ? [] : Array.isArray(attrs[tenant]) ? (attrs[tenant] as number[]) : [attrs[tenant]];
  if (binding.sharedWhenNull && !existing && (attrs[tenant] === undefined || attrs[tenant] === null)) throw forbidden();
  const scope = auth.scope;
  const foreign = owners.find((owner) => !scope.includes(Number(owner)));
  if (foreign !== undefined) throw badRequest('invalid_reference', `/data/attributes/${tenant}`, { id: String(foreign) });
}

/** Refuses a change of `existing` by a caller who may only read it (a shared record changed by a dealer). */
export function assertTenantWritable(binding: Binding, auth: AuthContext, existing: Row) {
  checkTenantWrite(binding, {}, auth, existing);
}

/**
 * A site-owned record is written only on a site the caller reaches, and whose content it may
 * change; its client is the site's (never taken from the body) and it never moves to another site.
 */
async function withSite(binding: Binding, tx: DbOrTx, auth: AuthContext, attrs: Attrs, existing?: Row): Promise<Attrs> {
  const owned = binding.siteOwned;
  if (!owned) return attrs;
  if (existing) {
    if (attrs.site_id !== undefined && Number(attrs.site_id) !== existing.site_id) throw badRequest('site_cannot_change', '/data/attributes/site_id');
    await owned.assertEditable(tx, auth, existing.site_id as number);
    return attrs;
  }
  let siteId = Number(attrs.site_id);
  if (owned.parent) {
    const parentId = Number(attrs[owned.parent.field]);
    const parentSite = await owned.parent.siteOf(tx, auth, parentId);
    if (parentSite === null) throw badRequest('invalid_reference', `/data/attributes/${owned.parent.field}`, { id: String(parentId) });
    siteId = parentSite;
  }
  const site = await owned.findSite(tx, auth, siteId);
  if (!site) throw badRequest('invalid_reference', '/data/attributes/site_id', { id: String(attrs.site_id) });
  await owned.assertEditable(tx, auth, site.id);
  return { ...attrs, site_id: site.id, client_id: site.client_id };
}

/** The columns of other resources that refer to records of `resource` (the audit trail's left out: it keeps naming what is gone). */
function* referringColumns(registry: ResourceRegistry, resource: AnyResource) {
  for (const other of registry.all()) {
    if (other.resource.readOnly) continue;
    for (const [field, ref] of Object.entries(other.resource.refs ?? {})) {
      if (ref.service !== resource.service || ref.name !== resource.name || other.links[field]) continue;
      yield { table: other.table, field, column: columnsOf(other.table)[field]! };
    }
  }
}

/** Records that point at a deleted one: scalar references block the delete, array ones let go of it. */
export async function releaseReferences(tx: DbOrTx, registry: ResourceRegistry, resource: AnyResource, id: number) {
  for (const { table, field, column } of referringColumns(registry, resource)) {
    if (column.columnType === 'PgArray') {
      await tx
        .update(table)
        .set({ [field]: sql`array_remove(${column}, ${id})`, updated_at: new Date() } as never)
        .where(arrayContains(column, [id]));
    } else {
      const [user] = await tx.select({ id: table.id }).from(table).where(eq(column, id)).limit(1);
      if (user) throw new AppError(409, 'in_use');
    }
  }
}

/** 409 'in_use' while any record refers to this one (moving it to another client would leave them naming a stranger's). */
export async function assertUnreferenced(tx: DbOrTx, registry: ResourceRegistry, resource: AnyResource, id: number) {
  for (const { table, column } of referringColumns(registry, resource)) {
    const [user] = await tx
      .select({ id: table.id })
      .from(table)
      .where(column.columnType === 'PgArray' ? arrayContains(column, [id]) : eq(column, id))
      .limit(1);
    if (user) throw new AppError(409, 'in_use');
  }
}

/**
 * One page and the total in one statement (one round trip): the count is an uncorrelated
 * subquery, which PostgreSQL computes once (an InitPlan), so the page itself can stop after
 * `limit` rows along an index of the sort, and a search filter is served by its trigram index for
 * both. A page past the end has no row to carry the total, which is then counted alone.
 */
export function selectPageQuery(db: DbOrTx, table: Table, where: SQL | undefined, order: SQL[], limit: number, offset: number, countUpTo?: number) {
  // Counting stops past countUpTo rows (an index's first entries), where an estimate takes over (estimatedTotal).
  const counted = countUpTo ? sql`(select 1 from ${table} where ${where ?? sql`true`} limit ${countUpTo + 1}) as "__counted"` : sql`${table} where ${where ?? sql`true`}`;
  const total = sql<number>`(select count(*) from ${counted})`.mapWith(Number);
  return db
    .select({ ...columnsOf(table), __total: total })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * How a table's rows are read from arrays (readArrays): its columns in the order a select of
 * them returns them, each decoded as drizzle decodes it, into one object per row without drizzle's
 * generic mapping of each field. A timestamp with time zone that PostgreSQL wrote in UTC becomes
 * the ISO text a record answers (what the Date drizzle makes of it would give) without the Date.
 */
const rowReaders = new WeakMap<PgTable, { keys: string[]; decoders: ((value: unknown) => unknown)[] }>();

/** PostgreSQL's text of a timestamptz in UTC: date, time, up to 6 decimals, `+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/** The ISO 8601 text of Date#toISOString (milliseconds, cut as Date cuts them), else drizzle's own decoding. */
function utcTimestamp(column: PgColumn) {
  return (value: unknown) => {
    const match = typeof value === 'string' ? UTC_TIMESTAMP.exec(value) : null;
    if (!match) return column.mapFromDriverValue(value);
    return `${match[1]}T${match[2]}.${((match[3] ?? '') + '000').slice(0, 3)}Z`;
  };
}

function decoderOf(column: PgColumn): (value: unknown) => unknown {
  const timestamp = column.columnType === 'PgTimestamp' && (column as PgColumn & { withTimezone?: boolean }).withTimezone;
  return timestamp ? utcTimestamp(column) : (value) => column.mapFromDriverValue(value);
}

function rowsFromArrays(table: Table, arrays: unknown[][]): Row[] {
  let reader = rowReaders.get(table);
  if (!reader) {
    const columns = columnsOf(table);
    rowReaders.set(table, (reader = { keys: Object.keys(columns), decoders: Object.values(columns).map(decoderOf) }));
  }
  const { keys, decoders } = reader;
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      row[keys[i]!] = value === null || value === undefined ? null : decoders[i]!(value);
    }
    return row as Row;
  });
}

/** A page of a list with its total, its links and the names its refs point at, in one statement (an empty page past the end counts alone). */
async function selectPage(
  db: Db,
  registry: ResourceRegistry,
  binding: Binding,
  auth: AuthContext,
  where: SQL | undefined,
  sort: { field: string; desc: boolean }[],
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number; estimated?: boolean; refs: ReadRefs | undefined }> {
  const { table } = binding;
  const bound = binding.resource.countExactUpTo;
  const page = selectPageQuery(db, table, where, orderBy(binding, sort), limit, offset, bound);
  const arrays = await readArrays(db, withIncluded(registry, binding, auth, page, sort));
  if (arrays.length) {
    const rows = pageRows(binding, arrays);
    const counted = pageTotal(binding, arrays);
    // A short page is the last one: its end is the exact total whatever was counted.
    const total = bound && counted > bound ? (rows.length < limit ? { total: offset + rows.length } : await estimatedTotal(db, table, where, bound, offset + rows.length)) : { total: counted };
    return { rows, ...total, refs: readRefs(registry, binding, arrays) };
  }
  if (offset === 0) return { rows: [], total: 0, refs: undefined };
  const counted = bound ? sql`(select 1 from ${table} where ${where ?? sql`true`} limit ${bound + 1}) as "__counted"` : sql`${table} where ${where ?? sql`true`}`;
  const [found] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from ${counted}`));
  const total = found?.total ?? 0;
  return { rows: [], ...(bound && total > bound ? await estimatedTotal(db, table, where, bound, 0) : { total }), refs: undefined };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The total of a list with more rows than its resource counts exactly (countExactUpTo): the
 * table's size from pg_class for the whole list, else the planner's estimate of the filter's
 * rows; never below what is known to exist (the bound, and the rows up to the page's end).
 */
async function estimatedTotal(db: Db, table: Table, where: SQL | undefined, bound: number, seen: number): Promise<{ total: number; estimated: true }> {
  let estimate = 0;
  if (!where) {
    const [row] = rowsOf<{ rows: number }>(await db.execute(sql`select reltuples::bigint as rows from pg_class where oid = ${getTableName(table)}::regclass`));
    estimate = Number(row?.rows ?? 0);
  } else {
    const [plan] = rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(await db.execute(sql`explain (format json) select 1 from ${table} where ${where}`));
    const json = plan?.['QUERY PLAN'];
    estimate = Number((typeof json === 'string' ? JSON.parse(json) : json)?.[0]?.Plan?.['Plan Rows'] ?? 0);
  }
  return { total: Math.max(bound + 1, seen, Math.round(estimate)), estimated: true };
}

export function listQuerySchema(resource: AnyResource) {
  const filters = Object.fromEntries(Object.entries(resource.filters).map(([name, def]) => [`filter[${name}]`, def.schema.optional()]));
  return z.strictObject({
    'page[number]': integer(1).optional(),
    'page[size]': integer(1, resource.pageSize.max).optional(),
    sort: filterText(200).optional(),
    ...filters,
  });
}

const idParams = z.object({ id: id() });

/**
 * Write-only fields given in a body (a password): never stored as given nor returned, but
 * their setting is in the audit trail, hidden.
 */
function writeOnlyChanges(body: Attrs, attributes: string[], asPair: boolean): Attrs {
  const given = Object.keys(body).filter((field) => body[field] !== undefined && !attributes.includes(field));
  return Object.fromEntries(given.map((field) => [field, asPair ? ['[hidden]', '[hidden]'] : '[hidden]']));
}

/** The client an audit entry belongs to: the record's owner. */
function ownerOf(binding: Binding, row: Row): number | null {
  const tenant = binding.resource.tenant;
  if (!tenant) return null;
  const value = tenant === 'id' ? row.id : row[tenant];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * A module-tied list that named no site: the rows of the sites (or clients) with the module only,
 * and the platform's shared rows (no client: nobody's module to ask).
 */
function moduleCondition(registry: ResourceRegistry, binding: Binding, module: string | null): SQL | undefined {
  const owner = module && registry.moduleRows ? ownerColumn(binding.table) : null;
  if (!owner) return undefined;
  const withModule = registry.moduleRows!(module!, owner.column, owner.of);
  return binding.sharedWhenNull ? or(isNull(owner.column), withModule) : withModule;
}

/** Reads one record in the caller's scope with its links; 404 otherwise (never 403: no leak). */
export async function findScoped(db: DbOrTx, binding: Binding, id: number, auth: AuthContext): Promise<Row> {
  const [row] = await db.select().from(binding.table).where(and(eq(binding.table.id, id), scopeCondition(binding, auth))).limit(1);
  if (!row) throw notFound();
  return (await attachLinks(db, binding, [row as Row]))[0]!;
}

/** findScoped outside a transaction (the get route), with its links and the names its refs point at, in one statement. */
async function readScoped(db: Db, registry: ResourceRegistry, binding: Binding, id: number, auth: AuthContext) {
  const { table } = binding;
  const one = db.select().from(table).where(and(eq(table.id, id), scopeCondition(binding, auth))).limit(1);
  const arrays = await readArrays(db, withIncluded(registry, binding, auth, one, [{ field: 'id', desc: false }]));
  if (!arrays.length) throw notFound();
  return { row: pageRows(binding, arrays)[0]!, refs: readRefs(registry, binding, arrays) };
}

/** The five routes of a declared resource, under /gateway/<service>/api/v1/<name>. */
/**
 * Changes one record of a resource as its `PATCH /{name}/{id}` does, in one transaction: the
 * caller's scope, brands, site and tenant, references, uniqueness, the resource's hooks, links,
 * and the audit of what changed. For calls that find the record another way (a site's settings
 * by the site's path) and then change it like any other.
 */
export async function updateRecord(db: Db, registry: ResourceRegistry, resource: AnyResource, request: FastifyRequest, id: number, given: Attrs): Promise<Row> {
  const binding = registry.get(resource);
  const { table, hooks } = binding;
  const attributes = Object.keys(resource.entity.shape);
  const auth = requireAuth(request.auth);
  return db.transaction(async (tx) => {
    const existing = await findScoped(tx, binding, id, auth);
    await assertBrandWritable(tx, binding, existing.id, auth);
    let attrs = await withSite(binding, tx, auth, given, existing);
    checkTenantWrite(binding, attrs, auth, existing);
    await checkRefs(tx, registry, resource, attrs, auth);
    await checkUnique(tx, binding, attrs, existing.id);
    const ctx = { tx, auth, request, existing };
    if (hooks.beforeUpdate) attrs = await hooks.beforeUpdate(attrs, ctx);
    await tx
      .update(table)
      .set({ ...columnAttrs(binding, attrs), updated_at: new Date() } as never)
      .where(eq(table.id, existing.id));
    await writeLinks(tx, binding, existing.id, attrs);
    const fresh = await findScoped(tx, binding, existing.id, { ...auth, scope: 'all', brandIds: null });
    await hooks.afterWrite?.(fresh, ctx);
    await assertBrandWritable(tx, binding, existing.id, auth);
    const changes = { ...diffFields(existing, fresh, attributes), ...writeOnlyChanges(given, attributes, true) };
    if (Object.keys(changes).length) await auditRecord(tx, request, binding, resource, 'update', fresh, changes);
    return fresh;
  });
}

/** The audit entry of a write to a resource's record, with the record's owner as its client. */
function auditRecord(tx: DbOrTx, request: FastifyRequest, binding: Binding, resource: AnyResource, action: string, row: Row, changes: Attrs) {
  return recordAudit(tx, requireAuth(request.auth), { action, service: resource.service, resource: resource.name, recordId: row.id, changes, clientId: ownerOf(binding, row), ip: request.ip });
}

export function registerResourceRoutes(app: FastifyInstance, db: Db, registry: ResourceRegistry, resource: AnyResource) {
  const binding = registry.get(resource);
  const { table, hooks } = binding;
  const attributes = Object.keys(resource.entity.shape);
  const base = `/gateway/${resource.service}/api/v1/${resource.name}`;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.service];
  const record = (row: Row) => toRecord(resource.name, row, attributes);
  const audit = (tx: DbOrTx, request: FastifyRequest, action: string, row: Row, changes: Attrs) => auditRecord(tx, request, binding, resource, action, row, changes);
  // One record answered (get, create, update): with what the resource adds at read time.
  const reply = async (row: Row, auth: AuthContext, lang: Lang, refs?: ReadRefs) => {
    await hooks.decorate?.([row], { db, auth, lang });
    return { data: record(row), included: await loadIncluded(db, registry, resource, [row], auth, refs) };
  };

  r.get(base, { schema: { tags, summary: `List ${resource.name}`, querystring: listQuerySchema(resource) } }, async (request) => {
    const auth = requireAuth(request.auth);
    await hooks.beforeRead?.({ db, auth });
    const query = request.query as Record<string, unknown>;
    const number = (query['page[number]'] as number | undefined) ?? 1;
    const size = (query['page[size]'] as number | undefined) ?? resource.pageSize.default;
    const filters = filterConditions(binding, query);
    const where = and(scopeCondition(binding, auth), moduleCondition(registry, binding, request.moduleToNarrow), ...filters);
    const page = await selectPage(db, registry, binding, auth, where, sortOf(binding, query.sort as string | undefined), size, (number - 1) * size);
    const rows = page.rows;
    await hooks.decorate?.(rows, { db, auth, lang: request.lang });
    const included = await loadIncluded(db, registry, resource, rows, auth, page.refs);
    return toList(rows.map(record), { number, size, total: page.total, ...(page.estimated ? { estimated: true } : {}) }, included);
  });

  r.get(`${base}/:id`, { schema: { tags, summary: `Get one of ${resource.name}`, params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    await hooks.beforeRead?.({ db, auth });
    const { row, refs } = await readScoped(db, registry, binding, request.params.id, auth);
    return reply(row, auth, request.lang, refs);
  });

  if (resource.readOnly) return;

  r.post(base, { schema: { tags, summary: `Create one of ${resource.name}`, body: resourceBody(resource.create) } }, async (request, res) => {
    const auth = requireAuth(request.auth);
    const row = await db.transaction(async (tx) => {
      let attrs = await withSite(binding, tx, auth, request.body.data.attributes as Attrs);
      checkTenantWrite(binding, attrs, auth);
      await checkRefs(tx, registry, resource, attrs, auth);
      await checkUnique(tx, binding, attrs);
      const ctx = { tx, auth, request };
      if (hooks.beforeCreate) attrs = await hooks.beforeCreate(attrs, ctx);
      const [created] = await tx.insert(table).values(columnAttrs(binding, attrs) as never).returning();
      await writeLinks(tx, binding, (created as Row).id, attrs);
      const [fresh] = await attachLinks(tx, binding, [created as Row]);
      await hooks.afterWrite?.(fresh!, ctx);
      await assertBrandWritable(tx, binding, fresh!.id, auth);
      const given = request.body.data.attributes as Attrs;
      await audit(tx, request, 'create', fresh!, { ...snapshot(fresh!, attributes), ...writeOnlyChanges(given, attributes, false) });
      return fresh!;
    });
    return res.status(201).send(await reply(row, auth, request.lang));
  });

  r.patch(
    `${base}/:id`,
    { schema: { tags, summary: `Change one of ${resource.name}`, params: idParams, body: resourceBody(resource.update) } },
    async (request) => {
      const row = await updateRecord(db, registry, resource, request, request.params.id, request.body.data.attributes as Attrs);
      return reply(row, requireAuth(request.auth), request.lang);
    },
  );

  const deleteSchema = { tags, summary: `Delete one of ${resource.name}`, params: idParams, ...(resource.deleteQuery ? { querystring: resource.deleteQuery } : {}) };
  r.delete(`${base}/:id`, { schema: deleteSchema }, async (request, res) => {
    const auth = requireAuth(request.auth);
    await db.transaction(async (tx) => {
      const existing = await findScoped(tx, binding, request.params.id, auth);
      checkTenantWrite(binding, {}, auth, existing);
      await assertBrandWritable(tx, binding, existing.id, auth);
      await withSite(binding, tx, auth, {}, existing);
      await hooks.beforeDelete?.({ tx, auth, request, existing });
      if (hooks.remove) {
        await hooks.remove({ tx, auth, request, existing });
        return;
      }
      await releaseReferences(tx, registry, resource, existing.id);
      await tx.delete(table).where(eq(table.id, existing.id));
      await audit(tx, request, 'delete', existing, snapshot(existing, attributes));
    });
    return res.status(204).send();
  });
}

export type { RefDef };
