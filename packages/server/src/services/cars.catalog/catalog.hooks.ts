import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MessageKey } from '@dp/contracts';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from './catalog.table.ts';

type Attrs = Record<string, unknown>;

/**
 * The levels of brand → model → generation → restyling → complectation. A record's body names
 * its direct parent (`parent`); the ids of the levels above (`inherited`) are copied from it, and
 * follow it when a record moves to another parent.
 */
interface Level {
  table: PgTable & { id: PgColumn };
  /** The column naming the direct parent; absent for brands. */
  parent?: string;
  parentTable?: PgTable & { id: PgColumn } & Record<string, PgColumn>;
  /** The ancestor ids taken from the parent (model_id, brand_id...). */
  inherited: string[];
}

const LEVELS = {
  models: { table: carModels, inherited: [] },
  generations: { table: carGenerations, parent: 'model_id', parentTable: carModels, inherited: ['brand_id'] },
  restylings: { table: carRestylings, parent: 'generation_id', parentTable: carGenerations, inherited: ['model_id', 'brand_id'] },
  complectations: { table: carComplectations, parent: 'restyling_id', parentTable: carRestylings, inherited: ['generation_id', 'model_id', 'brand_id'] },
} as unknown as Record<string, Level>;

/** Tables below a level holding its id in `column`, and the ancestor ids they copy from it. */
const DESCENDANTS: Record<string, { table: PgTable & Record<string, PgColumn>; column: string; copy: string[] }[]> = {
  models: [
    { table: carGenerations as never, column: 'model_id', copy: ['brand_id'] },
    { table: carRestylings as never, column: 'model_id', copy: ['brand_id'] },
    { table: carComplectations as never, column: 'model_id', copy: ['brand_id'] },
  ],
  generations: [
    { table: carRestylings as never, column: 'generation_id', copy: ['model_id', 'brand_id'] },
    { table: carComplectations as never, column: 'generation_id', copy: ['model_id', 'brand_id'] },
  ],
  restylings: [{ table: carComplectations as never, column: 'restyling_id', copy: ['generation_id', 'model_id', 'brand_id'] }],
};

/** The ancestor ids of the parent named in `attrs` (checked to exist by the machinery's refs). */
async function inheritedIds(tx: DbOrTx, level: Level, attrs: Attrs): Promise<Attrs> {
  if (!level.parent || attrs[level.parent] === undefined) return attrs;
  const parentTable = level.parentTable!;
  const [parent] = await tx.select().from(parentTable).where(eq(parentTable.id, Number(attrs[level.parent]))).limit(1);
  const row = parent as Attrs | undefined;
  if (!row) return attrs;
  return { ...attrs, ...Object.fromEntries(level.inherited.map((field) => [field, row[field]])) };
}

/** A record moved to another parent: its descendants take the new ancestor ids. */
async function moveDescendants(tx: DbOrTx, name: string, row: Attrs & { id: number }) {
  for (const below of DESCENDANTS[name] ?? []) {
    const values = Object.fromEntries(below.copy.map((field) => [field, row[field]]));
    await tx.update(below.table).set(values as never).where(eq(below.table[below.column]!, row.id));
  }
}

/** Refuses to delete a record with children, saying how many are left. */
function refuseWithChildren(child: PgTable, column: PgColumn, message: MessageKey): ResourceHooks['beforeDelete'] {
  return async ({ tx, existing }) => {
    const [found] = await tx.select({ count: count() }).from(child).where(eq(column, existing.id));
    if (found && found.count > 0) throw new AppError(409, message, { count: found.count });
  };
}

function levelHooks(name: string, beforeDelete?: ResourceHooks['beforeDelete']): ResourceHooks {
  const level = LEVELS[name]!;
  return {
    beforeCreate: (attrs, { tx }) => inheritedIds(tx, level, attrs),
    beforeUpdate: (attrs, { tx }) => inheritedIds(tx, level, attrs),
    async afterWrite(row, { tx, existing }) {
      if (existing && DESCENDANTS[name]) await moveDescendants(tx, name, row);
    },
    ...(beforeDelete ? { beforeDelete } : {}),
  };
}

export const brandHooks: ResourceHooks = { beforeDelete: refuseWithChildren(carModels, carModels.brand_id, 'brand_has_models') };
export const modelHooks = levelHooks('models', refuseWithChildren(carGenerations, carGenerations.model_id, 'model_has_generations'));
export const generationHooks = levelHooks('generations', refuseWithChildren(carRestylings, carRestylings.generation_id, 'generation_has_restylings'));
export const restylingHooks = levelHooks('restylings', refuseWithChildren(carComplectations, carComplectations.restyling_id, 'restyling_has_complectations'));
export const complectationHooks = levelHooks('complectations');
