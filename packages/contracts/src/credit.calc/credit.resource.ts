import { z } from 'zod';
import { defineResource, type ResourcePermissions, partialOf } from '../kit/resource.ts';
import { code, filterText, id, idList, integer, optionalMultiLineText, requiredText } from '../kit/fields.ts';
import { STATE_ENTITY_FIELDS } from '../kit/workflow.ts';
import { brandRef } from '../cars.catalog/catalog-fields.ts';
import {
  CAR_AGE_CHOICES,
  CAR_AGE_NOT_SPECIFIED,
  CREDIT_CAR_TYPES,
  carAge,
  carType,
  checkConditionRanges,
  conditionFields,
  months,
  percent,
  redemptionValues,
} from './credit-fields.ts';

/**
 * The credit calculator (spec 001 §2 /credit.calc, §3 Credit, §4 program state, §5, §7 Credit; see
 * docs/decisions/credit.md): banks, loan programmes with their versioned states (the shared
 * workflow: draft 1, submitted 2, published 3), packs of programmes a client offers on its sites,
 * and each site's calculator settings. Banks, programmes and packs belong to a client; with no
 * client they are the platform's (system-wide): every client reads them, only staff change them.
 */
const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const mediaRef = { service: 'media.storage', name: 'files', label: 'name' } as const;
export const creditBankRef = { service: 'credit.calc', name: 'banks', label: 'name' } as const;
export const creditProgramRef = { service: 'credit.calc', name: 'programs', label: 'name' } as const;

const perms = (entity: string): ResourcePermissions => ({
  list: [`${entity}.get_list`],
  get: [`${entity}.get_list`],
  create: [`${entity}.create`],
  update: [`${entity}.patch`],
  delete: [`${entity}.delete`],
});
const times = { created_at: z.string(), updated_at: z.string() };

const carTypeOptions = CREDIT_CAR_TYPES.map((value) => ({ value, label: `car_types.${value}` }));
export const carAgeOptions = CAR_AGE_CHOICES.map((value) => ({ value, label: `car_ages.${value}` }));
const conditionEntity = {
  term_min: z.number(),
  term_max: z.number(),
  down_payment_min: z.number(),
  down_payment_max: z.number(),
  residual_min: z.number(),
  residual_max: z.number(),
  loan_amount_min: z.number(),
  loan_amount_max: z.number().nullable(),
  interest_rate: z.number(),
};
const conditionForm = [
  { field: 'interest_rate', widget: 'number' },
  { field: 'term_min', widget: 'number' },
  { field: 'term_max', widget: 'number' },
  { field: 'down_payment_min', widget: 'number' },
  { field: 'down_payment_max', widget: 'number' },
  { field: 'residual_min', widget: 'number' },
  { field: 'residual_max', widget: 'number' },
  { field: 'loan_amount_min', widget: 'money' },
  { field: 'loan_amount_max', widget: 'money' },
] as const;

const bankFields = {
  name: requiredText(255),
  // null or absent: a system-wide bank (staff only).
  client_id: id().nullable().optional(),
  logo_id: id().nullable().optional(),
};

/** A bank (spec 001 §3 bank: name) with its logo from the media library. */
export const creditBankResource = defineResource({
  service: 'credit.calc',
  name: 'banks',
  entity: z.object({ client_id: z.number().nullable(), name: z.string(), logo_id: z.number().nullable(), ...times }),
  create: z.strictObject(bankFields),
  // The owner never changes.
  update: partialOf(bankFields).omit({ client_id: true }),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'name', 'client_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, logo_id: mediaRef },
  permissions: perms('banks'),
  columns: [
    { field: 'name', sortable: true, width: 280, key: true },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 220 },
    { field: 'updated_at', sortable: true, render: 'date', width: 180 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'logo_id', widget: 'select', ref: mediaRef },
  ],
  screen: '/credit.calc/banks/',
  label: ['name'],
});

const programFields = {
  name: requiredText(255),
  client_id: id().nullable().optional(),
  bank_id: id(),
  // No brand: a programme for every brand.
  brand_id: id().nullable().optional(),
  code: code(100).nullable().optional(),
  disclaimer: optionalMultiLineText(5000),
  preferential: z.boolean().default(false),
  leasing: z.boolean().default(false),
  combined_program_ids: idList(100).default([]),
  // The oldest car the programme takes, in years (-1: no limit).
  car_age_limit: carAge().default(CAR_AGE_NOT_SPECIFIED),
  car_type: carType().default('new'),
  // The most previous owners a used car may have (null: any).
  owners: integer(0, 20).nullable().optional(),
  ...conditionFields,
  // The residual (buy-back) percentage offered when a calculation names none.
  redemption_percent: percent().nullable().optional(),
};

/** A loan programme of a bank (spec 001 §3 program) with its conditions (spec 001 §5). */
export const creditProgramResource = defineResource({
  service: 'credit.calc',
  name: 'programs',
  entity: z.object({
    client_id: z.number().nullable(),
    bank_id: z.number(),
    brand_id: z.number().nullable(),
    name: z.string(),
    code: z.string().nullable(),
    disclaimer: z.string().nullable(),
    preferential: z.boolean(),
    leasing: z.boolean(),
    combined_program_ids: z.array(z.number()),
    car_age_limit: z.number(),
    car_type: z.enum(CREDIT_CAR_TYPES),
    owners: z.number().nullable(),
    ...conditionEntity,
    redemption_percent: z.number().nullable(),
    ...times,
  }),
  create: z.strictObject(programFields).superRefine(checkConditionRanges),
  update: partialOf(programFields).omit({ client_id: true }),
  filters: {
    search: { op: 'search', columns: ['name', 'code'], schema: filterText(), widget: 'text' },
    bank_id: { op: 'eq', schema: id(), widget: 'ref', ref: creditBankRef },
    brand_id: { op: 'eq', schema: id(), widget: 'ref', ref: brandRef },
    car_type: { op: 'eq', schema: z.enum(CREDIT_CAR_TYPES), widget: 'select' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
  },
  sort: ['id', 'name', 'code', 'bank_id', 'brand_id', 'car_type', 'interest_rate', 'client_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, bank_id: creditBankRef, brand_id: brandRef, combined_program_ids: creditProgramRef },
  permissions: perms('programs'),
  columns: [
    { field: 'name', sortable: true, width: 260, key: true },
    { field: 'bank_id', sortable: true, render: 'refs', ref: creditBankRef, width: 200, key: true },
    { field: 'brand_id', sortable: true, render: 'refs', ref: brandRef, width: 160 },
    { field: 'car_type', sortable: true, render: 'tag', width: 140 },
    { field: 'interest_rate', sortable: true, width: 230 },
    { field: 'code', sortable: true, width: 150 },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 200 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'bank_id', widget: 'select', ref: creditBankRef },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'brand_id', widget: 'select', ref: brandRef },
    { field: 'code', widget: 'text' },
    { field: 'car_type', widget: 'select', options: carTypeOptions },
    { field: 'car_age_limit', widget: 'select', options: carAgeOptions },
    { field: 'owners', widget: 'number' },
    ...conditionForm,
    { field: 'redemption_percent', widget: 'number' },
    { field: 'preferential', widget: 'switch' },
    { field: 'leasing', widget: 'switch' },
    { field: 'combined_program_ids', widget: 'multiselect', ref: creditProgramRef },
    { field: 'disclaimer', widget: 'textarea', span: 2 },
  ],
  screen: '/credit.calc/programs/',
  label: ['name'],
});

const stateEntity = Object.fromEntries(
  STATE_ENTITY_FIELDS.map((field) => [field, ['published_at', 'superseded_at', 'publish_at', 'publication_error'].includes(field) ? z.string().nullable() : z.number().nullable()]),
) as Record<(typeof STATE_ENTITY_FIELDS)[number], z.ZodNullable<z.ZodString> | z.ZodNullable<z.ZodNumber>>;

const stateInput = {
  description: optionalMultiLineText(5000),
  car_type: carType(),
  car_age: carAge(),
  ...conditionFields,
  redemption_values: redemptionValues(),
};
/** The content of a programme state a copy takes over (not the workflow columns). */
export const PROGRAM_STATE_CONTENT = Object.keys(stateInput);
const statusOptions = [1, 2, 3].map((value) => ({ value, label: `statuses.${value}` }));

/**
 * A version of a programme's terms (spec 001 §3 program_state, §4): description, car type, car age
 * (-1 not specified), the calculation restrictions and the redemption values. The calculation uses
 * the programme's current published state. A new state takes what it does not name from its
 * programme; client and programme never change.
 */
export const creditProgramStateResource = defineResource({
  service: 'credit.calc',
  name: 'program_states',
  entity: z.object({
    program_id: z.number(),
    client_id: z.number().nullable(),
    description: z.string().nullable(),
    car_type: z.enum(CREDIT_CAR_TYPES),
    car_age: z.number(),
    ...conditionEntity,
    redemption_values: z.array(z.object({ term: z.number(), percent: z.number() })),
    ...stateEntity,
    ...times,
  }),
  create: z
    .strictObject({
      program_id: id(),
      description: stateInput.description,
      car_type: stateInput.car_type.optional(),
      car_age: stateInput.car_age.optional(),
      ...(Object.fromEntries(Object.entries(conditionFields).map(([key, schema]) => [key, (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional()])) as Record<keyof typeof conditionFields, z.ZodOptional<z.ZodType>>),
      redemption_values: stateInput.redemption_values.default([]),
    })
    .superRefine(checkConditionRanges),
  update: partialOf(stateInput),
  filters: {
    program_id: { op: 'eq', schema: id(), widget: 'ref', ref: creditProgramRef },
    status: { op: 'in', schema: z.string().max(20).regex(/^[123](,[123])*$/), widget: 'select', options: statusOptions },
    client_id: { op: 'eq', schema: id() },
  },
  sort: ['id', 'status', 'version', 'program_id', 'created_at', 'updated_at'],
  defaultSort: '-id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { program_id: creditProgramRef },
  permissions: perms('program_states'),
  columns: [
    { field: 'id', sortable: true, width: 90 },
    { field: 'status', sortable: true, render: 'tag', width: 150, key: true },
    { field: 'version', sortable: true, width: 110 },
    { field: 'interest_rate', width: 140, key: true },
    { field: 'updated_at', sortable: true, render: 'date', width: 180 },
  ],
  form: [
    { field: 'car_type', widget: 'select', options: carTypeOptions },
    { field: 'car_age', widget: 'select', options: carAgeOptions },
    ...conditionForm,
    { field: 'description', widget: 'textarea', span: 2 },
  ],
  screen: '/credit.calc/programs/',
  label: ['id'],
});

const packFields = {
  name: requiredText(255),
  client_id: id().nullable().optional(),
  program_ids: idList(500).default([]),
};

/** A pack (spec 001 §3 pack): the programmes a client offers on its sites. */
export const creditPackResource = defineResource({
  service: 'credit.calc',
  name: 'packs',
  entity: z.object({ client_id: z.number().nullable(), name: z.string(), program_ids: z.array(z.number()), ...times }),
  create: z.strictObject(packFields),
  update: partialOf(packFields).omit({ client_id: true }),
  filters: {
    search: { op: 'search', columns: ['name'], schema: filterText(), widget: 'text' },
    client_id: { op: 'eq', schema: id(), widget: 'ref', ref: clientRef },
    program_ids: { op: 'contains', schema: id(), widget: 'ref', ref: creditProgramRef },
  },
  sort: ['id', 'name', 'client_id', 'created_at', 'updated_at'],
  defaultSort: 'name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  refs: { client_id: clientRef, program_ids: creditProgramRef },
  permissions: perms('packs'),
  columns: [
    { field: 'name', sortable: true, width: 260, key: true },
    { field: 'program_ids', render: 'count', width: 140, key: true },
    { field: 'client_id', sortable: true, render: 'refs', ref: clientRef, width: 220 },
    { field: 'updated_at', sortable: true, render: 'date', width: 180 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'client_id', widget: 'select', ref: clientRef },
    { field: 'program_ids', widget: 'multiselect', ref: creditProgramRef, span: 2 },
  ],
  screen: '/credit.calc/packs/',
  label: ['name'],
});

const settingsFields = {
  default_period: months().default(36),
  max_period: months().default(84),
  fee_percent: percent().default(20),
  residual_percent: percent().default(0),
};
const checkPeriods = (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (typeof values.default_period === 'number' && typeof values.max_period === 'number' && values.default_period > values.max_period)
    ctx.addIssue({ code: 'custom', path: ['default_period'], message: 'credit_period_range' });
};

/**
 * A site's calculator settings (spec 001 §3 settings): the default and the longest term in months,
 * the default down payment (fee) and residual percentages. One per site.
 */
export const creditSettingsResource = defineResource({
  service: 'credit.calc',
  name: 'settings',
  entity: z.object({ site_id: z.number(), client_id: z.number(), default_period: z.number(), max_period: z.number(), fee_percent: z.number(), residual_percent: z.number(), ...times }),
  create: z.strictObject({ site_id: id(), ...settingsFields }).superRefine(checkPeriods),
  update: partialOf(settingsFields),
  filters: { site_id: { op: 'eq', schema: id() } },
  sort: ['id', 'site_id', 'created_at', 'updated_at'],
  defaultSort: 'id',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  unique: ['site_id'],
  permissions: perms('settings'),
  columns: [
    { field: 'default_period', width: 160 },
    { field: 'max_period', width: 160 },
    { field: 'fee_percent', width: 160 },
    { field: 'residual_percent', width: 160 },
  ],
  form: [
    { field: 'default_period', widget: 'number' },
    { field: 'max_period', widget: 'number' },
    { field: 'fee_percent', widget: 'number' },
    { field: 'residual_percent', widget: 'number' },
  ],
  screen: '/credit.calc/settings/{siteId}',
});

export const CREDIT_SETTINGS_DEFAULTS = { default_period: 36, max_period: 84, fee_percent: 20, residual_percent: 0 } as const;
export { months, percent };
