import { and, eq, ne } from 'drizzle-orm';
import { datesInOrder, ownersInOrder } from '@dp/contracts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { carModels } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { benefitDiscounts, benefitPrograms } from './benefit.table.ts';

type Attrs = Record<string, unknown>;

/**
 * Rules of the benefits service beyond the machinery (which has checked that every referenced
 * record exists and is within the caller's reach, and that the client is the caller's): a
 * program's owner range in order, its model of its brand, its code unique within its client; a
 * discount's dates in order, its program of its own client, its brand and model those of its
 * marketing complectation, one discount per complectation, program and start date. Each rule is
 * checked on the record as it will be after the write (a PATCH of one field with the stored rest).
 */
const merged = (attrs: Attrs, existing?: Row): Attrs => ({ ...(existing ?? {}), ...attrs });

async function checkProgram(tx: DbOrTx, attrs: Attrs, existing?: Row) {
  const next = merged(attrs, existing);
  const errors: AppError[] = [];
  if (!ownersInOrder(Number(next.owners_from), Number(next.owners_to))) errors.push(badRequest('benefit_owners_order', '/data/attributes/owners_from'));
  if (next.model_id != null) {
    const [model] = await tx.select({ brand_id: carModels.brand_id }).from(carModels).where(eq(carModels.id, Number(next.model_id)));
    if (model && next.brand_id != null && model.brand_id !== Number(next.brand_id)) errors.push(badRequest('benefit_model_brand', '/data/attributes/model_id'));
  }
  if (errors.length) throw Object.assign(errors[0]!, { others: errors.slice(1) });
  const [taken] = await tx
    .select({ id: benefitPrograms.id })
    .from(benefitPrograms)
    .where(and(eq(benefitPrograms.client_id, Number(next.client_id)), eq(benefitPrograms.code, String(next.code)), existing ? ne(benefitPrograms.id, existing.id) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'benefit_program_code_taken', { code: String(next.code) }, '/data/attributes/code');
}

/** A program with a model and no brand takes the model's brand. */
async function withModelBrand(tx: DbOrTx, attrs: Attrs, existing?: Row): Promise<Attrs> {
  const next = merged(attrs, existing);
  if (next.model_id == null || next.brand_id != null) return attrs;
  const [model] = await tx.select({ brand_id: carModels.brand_id }).from(carModels).where(eq(carModels.id, Number(next.model_id)));
  return model ? { ...attrs, brand_id: model.brand_id } : attrs;
}

export const benefitProgramHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const filled = await withModelBrand(tx, attrs);
    await checkProgram(tx, filled);
    return filled;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    const filled = await withModelBrand(tx, attrs, existing);
    await checkProgram(tx, filled, existing);
    // A program's discounts stay with its client.
    if (filled.client_id !== undefined && Number(filled.client_id) !== existing.client_id) {
      const [used] = await tx.select({ id: benefitDiscounts.id }).from(benefitDiscounts).where(eq(benefitDiscounts.program_id, existing.id)).limit(1);
      if (used) throw new AppError(409, 'in_use', undefined, '/data/attributes/client_id');
    }
    return filled;
  },
};

/** The discount's derived columns (brand and model of its marketing complectation) and its checks. */
async function checkDiscount(tx: DbOrTx, attrs: Attrs, existing?: Row): Promise<Attrs> {
  const next = merged(attrs, existing);
  const errors: AppError[] = [];
  if (!datesInOrder(String(next.start_date), String(next.end_date))) errors.push(badRequest('benefit_end_before_start', '/data/attributes/end_date'));
  const [program] = await tx.select({ client_id: benefitPrograms.client_id }).from(benefitPrograms).where(eq(benefitPrograms.id, Number(next.program_id)));
  if (program && program.client_id !== Number(next.client_id)) errors.push(badRequest('benefit_program_other_client', '/data/attributes/program_id'));
  if (errors.length) throw Object.assign(errors[0]!, { others: errors.slice(1) });
  const [marketing] = await tx
    .select({ brand_id: carMarketingComplectations.brand_id, model_id: carMarketingComplectations.model_id })
    .from(carMarketingComplectations)
    .where(eq(carMarketingComplectations.id, Number(next.marketing_complectation_id)));
  if (!marketing) throw badRequest('invalid_reference', '/data/attributes/marketing_complectation_id', { id: String(next.marketing_complectation_id) });
  const [taken] = await tx
    .select({ id: benefitDiscounts.id })
    .from(benefitDiscounts)
    .where(
      and(
        eq(benefitDiscounts.client_id, Number(next.client_id)),
        eq(benefitDiscounts.marketing_complectation_id, Number(next.marketing_complectation_id)),
        eq(benefitDiscounts.program_id, Number(next.program_id)),
        eq(benefitDiscounts.start_date, String(next.start_date)),
        existing ? ne(benefitDiscounts.id, existing.id) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, 'benefit_discount_exists', undefined, '/data/attributes/start_date');
  return { ...attrs, brand_id: marketing.brand_id, model_id: marketing.model_id };
}

export const discountHooks: ResourceHooks = {
  beforeCreate: (attrs, { tx }) => checkDiscount(tx, attrs),
  beforeUpdate: (attrs, { tx, existing }) => checkDiscount(tx, attrs, existing),
};
