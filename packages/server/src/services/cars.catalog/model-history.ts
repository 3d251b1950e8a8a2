import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { modelResource, type ModelEvent } from '@dp/contracts';
import { auditLog } from '../../kit/audit.table.ts';
import { diffFields, recordAudit, snapshot } from '../../kit/audit.ts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { users } from '../clients.storage/user.table.ts';
import { modelHooks } from './catalog.hooks.ts';
import { carBrands, carModels } from './catalog.table.ts';

/**
 * The models' history (spec 001 §4 "catalogue model events: creation, update, deletion; models
 * can be restored from events", §7 /restore/models/events, /restore/models/{id}/events,
 * POST /events/{id}), read from the audit trail the resource machinery writes in the same
 * transaction as each change: a created or deleted model's fields, an update's fields before and
 * after. Restoring writes its own entry (`restore`) so that the history shows it too.
 */
const MODEL_FIELDS = Object.keys(modelResource.entity.shape).filter((field) => field !== 'created_at' && field !== 'updated_at');
const ACTIONS = ['create', 'update', 'delete', 'restore'];
type Entry = typeof auditLog.$inferSelect;

const isModelEvent = () => and(eq(auditLog.service, 'cars.catalog'), eq(auditLog.resource, 'models'), inArray(auditLog.action, ACTIONS));

export interface EventQuery {
  modelId?: number;
  brands?: number[];
  action?: string;
  page: number;
  size: number;
}

/** A page of model events, newest first, with the model's name and whether it can be restored. */
export async function listModelEvents(db: Db, query: EventQuery) {
  const conditions: (SQL | undefined)[] = [isModelEvent()];
  if (query.modelId !== undefined) conditions.push(eq(auditLog.record_id, String(query.modelId)));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.brands?.length) {
    const ids = query.brands.map(String);
    conditions.push(
      or(
        sql`${auditLog.record_id} in (select ${carModels.id}::text from ${carModels} where ${inArray(carModels.brand_id, query.brands)})`,
        sql`${auditLog.changes}->>'brand_id' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      ),
    );
  }
  const where = and(...conditions);
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, actor_name: sql<string | null>`trim(${users.name} || ' ' || coalesce(${users.last_name}, ''))` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_user_id))
    .where(where)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const modelIds = [...new Set(rows.map((row) => Number(row.entry.record_id)).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647))];
  const models = modelIds.length ? await db.select({ id: carModels.id, name: carModels.name, brand_id: carModels.brand_id }).from(carModels).where(inArray(carModels.id, modelIds)) : [];
  const byId = new Map(models.map((model) => [model.id, model]));
  const data = rows.map(({ entry, actor_name }) => {
    const changes = (entry.changes ?? {}) as Record<string, unknown>;
    const model = byId.get(Number(entry.record_id));
    const valueOf = (field: string) => {
      const value = changes[field];
      return Array.isArray(value) && (entry.action === 'update' || entry.action === 'restore') ? value[0] : value;
    };
    const attributes: ModelEvent = {
      action: entry.action as ModelEvent['action'],
      model_id: Number(entry.record_id),
      name: (model?.name ?? (valueOf('name') as string | undefined)) ?? null,
      brand_id: (model?.brand_id ?? (valueOf('brand_id') as number | undefined)) ?? null,
      changes,
      actor_user_id: entry.actor_user_id,
      actor_name: actor_name || null,
      model_exists: !!model,
      restorable: (entry.action === 'delete' && !model) || (entry.action === 'update' && !!model),
      created_at: entry.created_at.toISOString(),
    };
    return { id: String(entry.id), type: 'model_events', attributes };
  });
  return { data, meta: { page: { number: query.page, size: query.size, total: counted?.total ?? 0 } } };
}

/**
 * Restores a model from an event: a deletion brings the model back with its id and fields; an
 * update puts back the fields as they were before it (the levels below follow a brand put back).
 * Only platform staff change the catalogue. Recorded as a `restore` entry naming the event.
 */
export async function restoreModel(tx: DbOrTx, auth: AuthContext, request: FastifyRequest, eventId: number) {
  if (auth.scope !== 'all') throw new AppError(403, 'staff_only');
  const [event] = await tx.select().from(auditLog).where(and(eq(auditLog.id, eventId), isModelEvent())).limit(1);
  if (!event) throw notFound();
  const modelId = Number(event.record_id);
  const changes = (event.changes ?? {}) as Record<string, unknown>;
  const [existing] = await tx.select().from(carModels).where(eq(carModels.id, modelId)).limit(1);
  const brandExists = async (brandId: unknown) => {
    const [brand] = await tx.select({ id: carBrands.id }).from(carBrands).where(eq(carBrands.id, Number(brandId))).limit(1);
    if (!brand) throw new AppError(409, 'model_restore_brand_missing', { id: String(brandId) });
  };
  const audit = (row: Record<string, unknown>, recorded: Record<string, unknown>) =>
    recordAudit(tx, auth, { action: 'restore', service: 'cars.catalog', resource: 'models', recordId: row.id as number, changes: { ...recorded, restored_from_event: event.id }, ip: request.ip });

  if (event.action === 'delete') {
    if (existing) throw new AppError(409, 'model_restore_exists', { id: modelId });
    await brandExists(changes.brand_id);
    const values = Object.fromEntries(MODEL_FIELDS.map((field) => [field, changes[field] ?? null]));
    const [created] = await tx.insert(carModels).values({ ...values, id: modelId } as never).returning();
    await audit(created!, snapshot(created!, MODEL_FIELDS));
    return created!;
  }
  if (event.action === 'update') {
    if (!existing) throw new AppError(409, 'model_restore_deleted', { id: modelId });
    const before = Object.fromEntries(
      Object.entries(changes)
        .filter(([field, value]) => MODEL_FIELDS.includes(field) && Array.isArray(value))
        .map(([field, value]) => [field, (value as unknown[])[0] ?? null]),
    );
    if (before.brand_id !== undefined) await brandExists(before.brand_id);
    const [fresh] = await tx.update(carModels).set({ ...before, updated_at: new Date() } as never).where(eq(carModels.id, modelId)).returning();
    await modelHooks.afterWrite?.(fresh!, { tx: tx as never, auth, request, existing });
    await audit(fresh!, diffFields(existing, fresh!, MODEL_FIELDS));
    return fresh!;
  }
  throw new AppError(400, 'model_event_not_restorable');
}

export async function modelExists(db: DbOrTx, id: number) {
  const [model] = await db.select({ id: carModels.id }).from(carModels).where(eq(carModels.id, id)).limit(1);
  return !!model;
}
