import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, arrayContains, asc, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseSort, resourceBody, resourceKey, type AnyResource, type JsonApiRecord, type RefDef } from '@dp/contracts';
import type { Db, DbOrTx } from './db.ts';
import { AppError, badRequest, forbidden, notFound } from './errors.ts';
import { toList, toRecord } from './jsonapi.ts';
import { requireAuth, type AuthContext } from './request-context.ts';

type Table = PgTable & { id: PgColumn };
type Row = Record<string, unknown> & { id: number };

/** Declared resources bound to their tables; refs and deletes look each other up here. */
export class ResourceRegistry {
  private bindings = new Map<string, { resource: AnyResource; table: Table }>();

  bind(resource: AnyResource, table: Table) {
    this.bindings.set(resourceKey(resource), { resource, table });
  }
  get(ref: { service: string; name: string }) {
    const binding = this.bindings.get(resourceKey(ref));
    if (!binding) throw new Error(`resource ${resourceKey(ref)} is not bound to a table`);
    return binding;
  }
  all() {
    return [...this.bindings.values()];
  }
}

const columnsOf = (table: Table) => getTableColumns(table) as Record<string, PgColumn>;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const isNumeric = (column: PgColumn) => column.dataType === 'number';

/** Tenant scoping: the rows of the caller's clients only (all for internal users). */
function scopeCondition(resource: AnyResource, table: Table, auth: AuthContext): SQL | undefined {
  if (!resource.tenant || auth.scope === 'all') return undefined;
  const column = columnsOf(table)[resource.tenant]!;
  return auth.scope.length ? inArray(column, auth.scope) : sql`false`;
}

function filterConditions(resource: AnyResource, table: Table, query: Record<string, unknown>): SQL[] {
  const cols = columnsOf(table);
  const conditions: SQL[] = [];
  for (const [name, def] of Object.entries(resource.filters)) {
    const value = query[`filter[${name}]`];
    if (value === undefined || value === '') continue;
    const columns = (def.columns ?? [name]).map((c) => cols[c]!);
    const first = columns[0]!;
    if (def.op === 'search') {
      const pattern = `%${escapeLike(String(value))}%`;
      conditions.push(or(...columns.map((c) => ilike(c, pattern)))!);
    } else if (def.op === 'eq') conditions.push(eq(first, value));
    else if (def.op === 'in') {
      const list = String(value).split(',').map((v) => (isNumeric(first) ? Number(v) : v));
      conditions.push(inArray(first, list));
    } else if (def.op === 'contains') conditions.push(arrayContains(first, [value]));
  }
  return conditions;
}

function orderBy(resource: AnyResource, table: Table, sortParam: string | undefined) {
  const parsed = parseSort(sortParam, resource.sort, resource.defaultSort);
  if ('error' in parsed) throw badRequest('invalid_sort', 'sort', { field: parsed.error ?? '' });
  const cols = columnsOf(table);
  // The id last keeps pages stable when sort values repeat.
  return [...parsed.sort.map(({ field, desc: d }) => (d ? desc(cols[field]!) : asc(cols[field]!))), asc(table.id)];
}

/** The referenced records (names for the table's tags) as JSON:API `included`. */
async function loadIncluded(db: DbOrTx, registry: ResourceRegistry, resource: AnyResource, rows: Row[]) {
  const included: JsonApiRecord[] = [];
  for (const [field, ref] of Object.entries(resource.refs ?? {})) {
    const ids = [...new Set(rows.flatMap((row) => (Array.isArray(row[field]) ? row[field] : [row[field]])).filter((v) => v != null))] as number[];
    if (!ids.length) continue;
    const { table } = registry.get(ref);
    const cols = columnsOf(table);
    const found = await db.select({ id: table.id, label: cols[ref.label]! }).from(table).where(inArray(table.id, ids));
    for (const row of found) included.push({ id: String(row.id), type: ref.name, attributes: { [ref.label]: row.label } });
  }
  return included;
}

/** Every referenced id must exist and, for client-owned records, belong to the caller's clients. */
async function checkRefs(db: DbOrTx, registry: ResourceRegistry, resource: AnyResource, attrs: Record<string, unknown>, auth: AuthContext) {
  for (const [field, ref] of Object.entries(resource.refs ?? {})) {
    if (attrs[field] === undefined || attrs[field] === null) continue;
    const ids = [...new Set(Array.isArray(attrs[field]) ? (attrs[field] as number[]) : [attrs[field] as number])];
    if (!ids.length) continue;
    const target = registry.get(ref);
    const conditions = [inArray(target.table.id, ids), scopeCondition(target.resource, target.table, auth)];
    const found = await db.select({ id: target.table.id }).from(target.table).where(and(...conditions));
    const missing = ids.find((id) => !found.some((row) => row.id === id));
    if (missing !== undefined) throw badRequest('invalid_reference', `/data/attributes/${field}`, { id: missing });
  }
}

async function checkUnique(db: DbOrTx, resource: AnyResource, table: Table, attrs: Record<string, unknown>, exceptId?: number) {
  const cols = columnsOf(table);
  for (const field of resource.unique ?? []) {
    if (attrs[field] === undefined || attrs[field] === null) continue;
    const conditions = [eq(cols[field]!, attrs[field]), exceptId ? ne(table.id, exceptId) : undefined];
    const [taken] = await db.select({ id: table.id }).from(table).where(and(...conditions)).limit(1);
    if (taken) throw new AppError(409, 'conflict_unique', { field }, `/data/attributes/${field}`);
  }
}

/** A client-owned record may only be created for, or moved to, one of the caller's clients. */
function checkTenantWrite(resource: AnyResource, attrs: Record<string, unknown>, auth: AuthContext) {
  if (!resource.tenant || auth.scope === 'all') return;
  if (resource.tenant === 'id') throw forbidden();
  const owner = attrs[resource.tenant];
  if (owner !== undefined && !auth.scope.includes(Number(owner)))
    throw badRequest('invalid_reference', `/data/attributes/${resource.tenant}`, { id: String(owner) });
}

/** Records that point at a deleted one: scalar references block the delete, array ones let go of it. */
async function releaseReferences(tx: DbOrTx, registry: ResourceRegistry, resource: AnyResource, id: number) {
  for (const other of registry.all()) {
    for (const [field, ref] of Object.entries(other.resource.refs ?? {})) {
      if (ref.service !== resource.service || ref.name !== resource.name) continue;
      const column = columnsOf(other.table)[field]!;
      if (column.columnType === 'PgArray') {
        await tx
          .update(other.table)
          .set({ [field]: sql`array_remove(${column}, ${id})`, updated_at: new Date() } as never)
          .where(arrayContains(column, [id]));
      } else {
        const [user] = await tx.select({ id: other.table.id }).from(other.table).where(eq(column, id)).limit(1);
        if (user) throw new AppError(409, 'in_use');
      }
    }
  }
}

/**
 * One page and the total. A filtered list counts with a window in the same statement, so the
 * filter (often a substring search) is evaluated once; an unfiltered one counts separately,
 * because a window count would sort the whole table before the limit.
 */
async function selectPage(db: Db, table: Table, where: SQL | undefined, order: SQL[], limit: number, offset: number, filtered: boolean) {
  if (filtered) {
    const rows = (await db
      .select({ ...columnsOf(table), __total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)) as unknown as (Row & { __total: number })[];
    if (rows.length || offset === 0) return { rows, total: rows[0]?.__total ?? 0 };
  }
  const [rows, [counted]] = await Promise.all([
    db.select().from(table).where(where).orderBy(...order).limit(limit).offset(offset) as unknown as Promise<Row[]>,
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export function listQuerySchema(resource: AnyResource) {
  const filters = Object.fromEntries(Object.entries(resource.filters).map(([name, def]) => [`filter[${name}]`, def.schema.optional()]));
  return z.strictObject({
    'page[number]': z.coerce.number().int().min(1).optional(),
    'page[size]': z.coerce.number().int().min(1).max(resource.pageSize.max).optional(),
    sort: z.string().max(200).optional(),
    ...filters,
  });
}

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The five routes of a declared resource, under /gateway/<service>/api/v1/<name>. */
export function registerResourceRoutes(app: FastifyInstance, db: Db, registry: ResourceRegistry, resource: AnyResource) {
  const { table } = registry.get(resource);
  const attributes = Object.keys(resource.entity.shape);
  const base = `/gateway/${resource.service}/api/v1/${resource.name}`;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.service];
  const record = (row: Row) => toRecord(resource.name, row, attributes);

  async function findScoped(database: DbOrTx, id: number, auth: AuthContext): Promise<Row> {
    const [row] = await database.select().from(table).where(and(eq(table.id, id), scopeCondition(resource, table, auth))).limit(1);
    if (!row) throw notFound();
    return row as Row;
  }

  r.get(base, { schema: { tags, summary: `List ${resource.name}`, querystring: listQuerySchema(resource) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query as Record<string, unknown>;
    const number = (query['page[number]'] as number | undefined) ?? 1;
    const size = (query['page[size]'] as number | undefined) ?? resource.pageSize.default;
    const filters = filterConditions(resource, table, query);
    const where = and(scopeCondition(resource, table, auth), ...filters);
    const { rows, total } = await selectPage(db, table, where, orderBy(resource, table, query.sort as string | undefined), size, (number - 1) * size, filters.length > 0);
    const included = await loadIncluded(db, registry, resource, rows);
    return toList(rows.map(record), { number, size, total }, included);
  });

  r.get(`${base}/:id`, { schema: { tags, summary: `Get one of ${resource.name}`, params: idParams } }, async (request) => {
    const row = await findScoped(db, request.params.id, requireAuth(request.auth));
    return { data: record(row), included: await loadIncluded(db, registry, resource, [row]) };
  });

  r.post(base, { schema: { tags, summary: `Create one of ${resource.name}`, body: resourceBody(resource.create) } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const attrs = request.body.data.attributes as Record<string, unknown>;
    checkTenantWrite(resource, attrs, auth);
    const row = await db.transaction(async (tx) => {
      await checkRefs(tx, registry, resource, attrs, auth);
      await checkUnique(tx, resource, table, attrs);
      const [created] = await tx.insert(table).values(attrs as never).returning();
      return created as Row;
    });
    return reply.status(201).send({ data: record(row), included: await loadIncluded(db, registry, resource, [row]) });
  });

  r.patch(
    `${base}/:id`,
    { schema: { tags, summary: `Change one of ${resource.name}`, params: idParams, body: resourceBody(resource.update) } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const attrs = request.body.data.attributes as Record<string, unknown>;
      const row = await db.transaction(async (tx) => {
        await findScoped(tx, request.params.id, auth);
        checkTenantWrite(resource, attrs, auth);
        await checkRefs(tx, registry, resource, attrs, auth);
        await checkUnique(tx, resource, table, attrs, request.params.id);
        const [updated] = await tx
          .update(table)
          .set({ ...attrs, updated_at: new Date() } as never)
          .where(eq(table.id, request.params.id))
          .returning();
        return updated as Row;
      });
      return { data: record(row), included: await loadIncluded(db, registry, resource, [row]) };
    },
  );

  r.delete(`${base}/:id`, { schema: { tags, summary: `Delete one of ${resource.name}`, params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await db.transaction(async (tx) => {
      await findScoped(tx, request.params.id, auth);
      await releaseReferences(tx, registry, resource, request.params.id);
      await tx.delete(table).where(eq(table.id, request.params.id));
    });
    return reply.status(204).send();
  });
}

export type { RefDef };
