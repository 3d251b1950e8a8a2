import { z } from 'zod';
import { defineResource, type RefDef, type ResourcePermissions, partialOf } from '../kit/resource.ts';
import { code, filterText, id, idList, isoDate, optionalMultiLineText, requiredText } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { brandRef, idsFilter, modelRef } from '../cars.catalog/catalog-fields.ts';
import { marketingComplectationRef } from '../cars.catalog/marketing-complectation.resource.ts';
import { creditProgramRef } from '../credit.calc/credit.resource.ts';

/**
 * The benefits service (spec 001 §2 /benefits, §3 Benefits, §7; docs/decisions/benefits.md): a
 * client's discount programs (a code, a disclaimer, the conditions a car must meet, the credit
 * programs it combines with) and discounts (a sum for a marketing complectation under a program,
 * valid from a start date to an end date). Read with the spec's `programs.get_list` and
 * `discounts.get_list`; each has its own write codes.
 */
const clientRef: RefDef = { service: 'clients.storage', name: 'clients', label: 'name' };
export const benefitProgramRef: RefDef = { service: 'benefits', name: 'programs', label: 'name' };

const perms = (entity: 'programs' | 'discounts'): ResourcePermissions => ({
  list: [`${entity}.get_list`],
  get: [`${entity}.get_list`],
  create: [`${entity}.create`],
  update: [`${entity}.patch`],
  delete: [`${entity}.delete`],
});

/** The owner counts a program's condition may name (spec §3: "owner from/to", default 1 to 3). */
export const OWNERS_LIMITS = { min: 0, max: 99, from: 1, to: 3 } as const;
/** A discount's sum: whole roubles above zero, at most 10^12 (the stock's money bound). */
export const DISCOUNT_SUM_MAX = 1_000_000_000_000;

/** A whole number from JSON or a form, "required" when missing, else `key` for anything out of its bounds. */
const boundedWhole = (min: number, max: number, key: 'benefit_owners_range' | 'benefit_sum_positive') =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^(0|-?[1-9][0-9]*)$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => encodeMessage(issue.input == null ? 'required' : 'integer') })
      .int({ error: encodeMessage('integer'), abort: true })
      .min(min, { error: encodeMessage(key), abort: true })
      .max(max, { error: encodeMessage(key === 'benefit_sum_positive' ? 'max_value' : key, key === 'benefit_sum_positive' ? { value: max } : undefined) }),
  );
export const ownersCount = () => boundedWhole(OWNERS_LIMITS.min, OWNERS_LIMITS.max, 'benefit_owners_range');
export const discountSum = () => boundedWhole(1, DISCOUNT_SUM_MAX, 'benefit_sum_positive');


/** Whether a program's owner range is in order (from ≤ to); both are checked again on every write with the stored values. */
export const ownersInOrder = (from: number, to: number) => from <= to;
/** Whether a discount's dates are in order: the end on or after the start (ISO dates compare as text). */
export const datesInOrder = (start: string, end: string) => end >= start;

const programFields = {
  name: requiredText(255),
  code: code(100),
  client_id: id(),
  disclaimer: optionalMultiLineText(5000),
  owners_from: ownersCount().default(OWNERS_LIMITS.from),
  owners_to: ownersCount().default(OWNERS_LIMITS.to),
  brand_id: id().nullable().optional(),
  model_id: id().nullable().optional(),
  // The credit programmes (credit.calc) its discounts combine with: a credit offer of one of them is calculated on the price less them.
  combined_program_ids: idList(100).default([]),
};

/** A discount program of a client: what a car must meet (owners, brand, model) for its discounts to apply. */
export const benefitProgramResource = defineResource({
  service: 'benefits',
  name: 'programs',
  entity: z.object({
    client_id: z.number(),
    name: z.string(),
    code: z.string(),
    disclaimer: z.string().nullable(),
    owners_from: z.number(),
    owners_to: z.number(),
    brand_id: z.number().nullable(),
    model_id: z.number().nullable(),
    combined_program_ids: z.array(z.number()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(programFields),
  update: partialOf(programFields),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    // Named as the catalogue's filters, so that a brand narrows the models offered.
    brands: idsFilter('brand_id', brandRef),
    models: idsFilter('model_id', modelRef, 'brands'),
  },
  sort: ['id', 'name', 'code', 'owners_from', 'owners_to', 'brand_id', 'model_id', 'client_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, brand_id: brandRef, model_id: modelRef, combined_program_ids: creditProgramRef },
  permissions: perms('programs'),
  columns: [
    { field: 'name', sortable: true, width: 260, key: true },
    { field: 'code', sortable: true, width: 160, key: true },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 160 },
    { field: 'owners_from', sortable: true, width: 150 },
    { field: 'owners_to', sortable: true, width: 150 },
    { field: 'combined_program_ids', render: 'refs', ref: creditProgramRef, width: 220 },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 200 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'code', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'model_id', widget: 'select', ref: modelRef, within: { field: 'brand_id', filter: 'brands' } },
    { field: 'owners_from', widget: 'number' },
    { field: 'owners_to', widget: 'number' },
    { field: 'combined_program_ids', widget: 'multiselect', ref: creditProgramRef },
    { field: 'disclaimer', widget: 'textarea', span: 2 },
  ],
  screen: '/benefits/programs',
  label: ['name'],
});

const discountFields = {
  marketing_complectation_id: id(),
  program_id: id(),
  client_id: id(),
  discount_sum: discountSum(),
  start_date: isoDate(),
  end_date: isoDate(),
};

/**
 * A discount: a sum off the price of a marketing complectation under a program, valid from its
 * start date to its end date, both included. Brand and model are the marketing complectation's,
 * kept by the server for the filters.
 */
export const discountResource = defineResource({
  service: 'benefits',
  name: 'discounts',
  entity: z.object({
    client_id: z.number(),
    marketing_complectation_id: z.number(),
    program_id: z.number(),
    brand_id: z.number(),
    model_id: z.number(),
    discount_sum: z.number(),
    start_date: z.string(),
    end_date: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject(discountFields),
  update: partialOf(discountFields),
  filters: {
    brands: idsFilter('brand_id', brandRef),
    models: idsFilter('model_id', modelRef, 'brands'),
    marketing_complectations: idsFilter('marketing_complectation_id', marketingComplectationRef, 'models'),
    program_id: { op: 'eq', schema: id(), widget: 'ref', ref: benefitProgramRef },
    // The discounts valid on a date: started on or before it, not ended before it.
    valid_on: { op: 'covers', columns: ['start_date', 'end_date'], schema: isoDate(), widget: 'date' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'discount_sum', 'start_date', 'end_date', 'marketing_complectation_id', 'program_id', 'brand_id', 'model_id', 'client_id', 'created_at', 'updated_at'],
  defaultSort: '-start_date',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, marketing_complectation_id: marketingComplectationRef, program_id: benefitProgramRef, brand_id: brandRef, model_id: modelRef },
  permissions: perms('discounts'),
  columns: [
    { field: 'marketing_complectation_id', sortable: true, render: 'refs', ref: marketingComplectationRef, width: 240, key: true },
    { field: 'discount_sum', sortable: true, width: 160, key: true, render: 'money' },
    { field: 'program_id', sortable: true, render: 'refs', ref: benefitProgramRef, width: 220 },
    { field: 'start_date', sortable: true, width: 150 },
    { field: 'end_date', sortable: true, width: 150 },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'model_id', sortable: true, render: 'refs', ref: modelRef, width: 160 },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 200 },
  ],
  form: [
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'program_id', widget: 'select', ref: benefitProgramRef },
    { field: 'brand_id', widget: 'select', ref: brandRef, pickOnly: true },
    { field: 'model_id', widget: 'select', ref: modelRef, pickOnly: true, within: { field: 'brand_id', filter: 'brands' } },
    { field: 'marketing_complectation_id', widget: 'select', ref: marketingComplectationRef, within: { field: 'model_id', filter: 'models' } },
    { field: 'discount_sum', widget: 'money' },
    { field: 'start_date', widget: 'text' },
    { field: 'end_date', widget: 'text' },
  ],
  screen: '/benefits/discounts',
});
