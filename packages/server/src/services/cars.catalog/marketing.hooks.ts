import { and, count, eq, inArray, ne, or, isNull } from 'drizzle-orm';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { carComplectations } from './catalog.table.ts';
import { carDealerOptions, carMarketingComplectations, carOptions } from './marketing.table.ts';

type Attrs = Record<string, unknown>;

/**
 * Marketing complectations are the level below complectations (catalog.hooks.ts): the body names
 * the complectation, the ids above are copied from it, and they follow it when it (or a level
 * above) moves. A code is unique within its complectation; the options chosen are the
 * catalogue's options of the same restyling (or of none: options shared by every restyling).
 */
async function inheritFromComplectation(tx: DbOrTx, attrs: Attrs): Promise<Attrs> {
  if (attrs.complectation_id === undefined) return attrs;
  const [parent] = await tx.select().from(carComplectations).where(eq(carComplectations.id, Number(attrs.complectation_id))).limit(1);
  if (!parent) return attrs;
  return { ...attrs, restyling_id: parent.restyling_id, generation_id: parent.generation_id, model_id: parent.model_id, brand_id: parent.brand_id };
}

async function checkCodeFree(tx: DbOrTx, complectationId: number, code: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: carMarketingComplectations.id })
    .from(carMarketingComplectations)
    .where(and(eq(carMarketingComplectations.complectation_id, complectationId), eq(carMarketingComplectations.code, code), exceptId ? ne(carMarketingComplectations.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'marketing_code_taken', { code }, '/data/attributes/code');
}

async function checkOptionsOfRestyling(tx: DbOrTx, optionIds: number[], restylingId: number) {
  if (!optionIds.length) return;
  const fitting = await tx
    .select({ id: carOptions.id })
    .from(carOptions)
    .where(and(inArray(carOptions.id, optionIds), or(isNull(carOptions.restyling_id), eq(carOptions.restyling_id, restylingId))));
  const wrong = optionIds.find((id) => !fitting.some((row) => row.id === id));
  if (wrong !== undefined) throw badRequest('option_restyling_mismatch', '/data/attributes/option_ids', { id: wrong });
}

export const marketingComplectationHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const next = await inheritFromComplectation(tx, attrs);
    await checkCodeFree(tx, Number(next.complectation_id), String(next.code));
    await checkOptionsOfRestyling(tx, (next.option_ids as number[] | undefined) ?? [], Number(next.restyling_id));
    return { ...next, currency: 'RUB' };
  },
  async beforeUpdate(attrs, { tx, existing }) {
    const next = await inheritFromComplectation(tx, attrs);
    const complectationId = Number(next.complectation_id ?? existing.complectation_id);
    const code = String(next.code ?? existing.code);
    if (next.code !== undefined || next.complectation_id !== undefined) await checkCodeFree(tx, complectationId, code, existing.id);
    if (next.option_ids !== undefined || next.complectation_id !== undefined)
      await checkOptionsOfRestyling(tx, (next.option_ids ?? existing.option_ids) as number[], Number(next.restyling_id ?? existing.restyling_id));
    return next;
  },
};

/** The column of car_marketing_complectations naming each level, and the ancestor ids it copies. */
const BELOW: Record<string, { column: 'complectation_id' | 'restyling_id' | 'generation_id' | 'model_id'; copy: string[] }> = {
  complectations: { column: 'complectation_id', copy: ['restyling_id', 'generation_id', 'model_id', 'brand_id'] },
  restylings: { column: 'restyling_id', copy: ['generation_id', 'model_id', 'brand_id'] },
  generations: { column: 'generation_id', copy: ['model_id', 'brand_id'] },
  models: { column: 'model_id', copy: ['brand_id'] },
};

/**
 * A level's hooks (catalog.hooks.ts) extended for the marketing complectations below it: when a
 * record moves to another parent they take its new ancestor ids; a complectation with marketing
 * complectations is not deleted (a message saying how many are left).
 */
export function withMarketingBelow(level: keyof typeof BELOW, hooks: ResourceHooks): ResourceHooks {
  const below = BELOW[level]!;
  const column = carMarketingComplectations[below.column];
  return {
    ...hooks,
    async afterWrite(row, ctx) {
      await hooks.afterWrite?.(row, ctx);
      if (!ctx.existing) return;
      const values = Object.fromEntries(below.copy.map((field) => [field, row[field]]));
      await ctx.tx.update(carMarketingComplectations).set(values as never).where(eq(column, row.id));
    },
    ...(level === 'complectations'
      ? {
          async beforeDelete(ctx) {
            await hooks.beforeDelete?.(ctx);
            const [found] = await ctx.tx.select({ count: count() }).from(carMarketingComplectations).where(eq(column, ctx.existing.id));
            if (found && found.count > 0) throw new AppError(409, 'complectation_has_marketing', { count: found.count });
          },
        }
      : {}),
  };
}

/** A category with options or dealer options is not deleted: they would lose their group. */
export const optionCategoryHooks: ResourceHooks = {
  async beforeDelete({ tx, existing }) {
    const [options] = await tx.select({ count: count() }).from(carOptions).where(eq(carOptions.category_id, existing.id));
    const [dealer] = await tx.select({ count: count() }).from(carDealerOptions).where(eq(carDealerOptions.category_id, existing.id));
    const total = (options?.count ?? 0) + (dealer?.count ?? 0);
    if (total > 0) throw new AppError(409, 'option_category_in_use', { count: total });
  },
};
