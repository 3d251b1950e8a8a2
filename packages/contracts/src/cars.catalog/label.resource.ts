import { z } from 'zod';
import { crudPermissions, defineResource } from '../kit/resource.ts';
import { filterText, id, optionalText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';
import { catalogName, i18nNameEntity, i18nNameFields, sortingValue } from './catalog-fields.ts';
import { colorHex } from './dictionary.resource.ts';

/**
 * Labels (tags) of a site's cars (spec 001 §3 label, route /cars.catalog/tags/{siteId}): a name,
 * category, description, background colour, order, type, a hide switch and conditions; a car
 * carries every label whose conditions it all meets. An official master's labels are central: its
 * forks show them too, and may only hide them or order them for themselves (label overrides).
 */
export const LABEL_TYPES = ['tag', 'badge'] as const;
export const LABEL_CONDITION_FIELDS = [
  'pts', 'year', 'final_price', 'has_discount_price', 'dealer_code', 'certified', 'mileage',
  'owners_count', 'marketing_complectation_code', 'logistic_status', 'brand', 'restyling',
] as const;
export const LABEL_OPERATORS = ['equal', 'not_equal', 'more', 'more_or_equal', 'less', 'less_or_equal', 'contains'] as const;
export type LabelConditionField = (typeof LABEL_CONDITION_FIELDS)[number];
export type LabelOperator = (typeof LABEL_OPERATORS)[number];

/** Spec 001 §3 Car: the passport kinds and the logistic statuses. */
export const PTS_VALUES = ['original', 'duplicate'] as const;
export const LOGISTIC_STATUSES = ['on_the_way', 'in_stock', 'in_production', 'in_the_central_warehouse'] as const;

/**
 * What a field compares: numbers (all but contains), yes/no, text (equal, not equal, contains),
 * one of a list, or catalogue ids (brand, restyling). Equal and not equal take one value or more
 * ("any of", "none of"); the comparisons exactly one.
 */
type FieldKind = { kind: 'number' } | { kind: 'boolean' } | { kind: 'text' } | { kind: 'choice'; values: readonly string[] } | { kind: 'ref' };
export const LABEL_FIELD_KINDS: Record<LabelConditionField, FieldKind> = {
  pts: { kind: 'choice', values: PTS_VALUES },
  year: { kind: 'number' },
  final_price: { kind: 'number' },
  has_discount_price: { kind: 'boolean' },
  dealer_code: { kind: 'text' },
  certified: { kind: 'boolean' },
  mileage: { kind: 'number' },
  owners_count: { kind: 'number' },
  marketing_complectation_code: { kind: 'text' },
  logistic_status: { kind: 'choice', values: LOGISTIC_STATUSES },
  brand: { kind: 'ref' },
  restyling: { kind: 'ref' },
};
const COMPARISONS: LabelOperator[] = ['more', 'more_or_equal', 'less', 'less_or_equal'];

export function operatorsOf(field: LabelConditionField): LabelOperator[] {
  const { kind } = LABEL_FIELD_KINDS[field];
  if (kind === 'number') return ['equal', 'not_equal', ...COMPARISONS];
  if (kind === 'text') return ['equal', 'not_equal', 'contains'];
  return ['equal', 'not_equal'];
}

export type LabelOperand = string | number | boolean;
export interface LabelCondition {
  field: LabelConditionField;
  operator: LabelOperator;
  operands: LabelOperand[];
}

/** An operand as its field keeps it (numbers, booleans, trimmed text), or undefined when it does not fit. */
function operandOf(field: LabelConditionField, raw: unknown): LabelOperand | undefined {
  const spec = LABEL_FIELD_KINDS[field];
  if (spec.kind === 'boolean') return raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : undefined;
  if (spec.kind === 'number' || spec.kind === 'ref') {
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isFinite(value) || value < 0 || value > 1e12) return undefined;
    return spec.kind === 'ref' && !Number.isInteger(value) ? undefined : value;
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  if (!text || text.length > 255 || /[\u0000-\u001f]/.test(text)) return undefined;
  return spec.kind === 'choice' && !spec.values.includes(text) ? undefined : text;
}

const conditionSchema = z
  .strictObject({
    field: z.enum(LABEL_CONDITION_FIELDS, { error: encodeMessage('label_condition_field') }),
    operator: z.enum(LABEL_OPERATORS, { error: encodeMessage('label_condition_operator') }),
    operands: z.array(z.unknown()).max(50, { error: encodeMessage('max_items', { count: 50 }) }),
  })
  .transform((condition, ctx) => {
    if (!operatorsOf(condition.field).includes(condition.operator)) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: encodeMessage('label_condition_operator') });
      return z.NEVER;
    }
    const operands = condition.operands.map((raw) => operandOf(condition.field, raw));
    const bad = operands.findIndex((value) => value === undefined);
    if (bad >= 0) {
      ctx.addIssue({ code: 'custom', path: ['operands', bad], message: encodeMessage('label_condition_value') });
      return z.NEVER;
    }
    const single = COMPARISONS.includes(condition.operator) || LABEL_FIELD_KINDS[condition.field].kind === 'boolean';
    if (single ? operands.length !== 1 : operands.length < 1) {
      ctx.addIssue({ code: 'custom', path: ['operands'], message: encodeMessage(single ? 'label_condition_one_value' : 'label_condition_values') });
      return z.NEVER;
    }
    return { field: condition.field, operator: condition.operator, operands: operands as LabelOperand[] } satisfies LabelCondition;
  });

export const labelConditions = () => z.array(conditionSchema).max(20, { error: encodeMessage('max_items', { count: 20 }) });

/** What a label's conditions are checked against: a car of the stock, as cars.stock describes it. */
export interface LabelSubject {
  pts: string | null;
  year: number | null;
  final_price: number | null;
  has_discount_price: boolean;
  dealer_code: string | null;
  certified: boolean;
  mileage: number | null;
  owners_count: number | null;
  marketing_complectation_code: string | null;
  logistic_status: string | null;
  brand: number | null;
  restyling: number | null;
}

function holds(condition: LabelCondition, subject: LabelSubject): boolean {
  const value = subject[condition.field];
  if (value === null || value === undefined) return condition.operator === 'not_equal';
  const { operands } = condition;
  const fold = (v: LabelOperand) => (typeof v === 'string' ? v.toLocaleLowerCase('ru') : v);
  const same = (operand: LabelOperand) => fold(operand) === fold(value);
  const first = operands[0] as number;
  switch (condition.operator) {
    case 'equal': return operands.some(same);
    case 'not_equal': return !operands.some(same);
    case 'more': return (value as number) > first;
    case 'more_or_equal': return (value as number) >= first;
    case 'less': return (value as number) < first;
    case 'less_or_equal': return (value as number) <= first;
    case 'contains': return operands.some((operand) => String(fold(value)).includes(String(fold(operand))));
  }
}

/** Whether a car meets every condition of a label (a label without conditions is put by hand only). */
export const labelApplies = (conditions: LabelCondition[], subject: LabelSubject) => conditions.length > 0 && conditions.every((condition) => holds(condition, subject));

const fields = {
  name: catalogName(),
  ...i18nNameFields,
  category: optionalText(100),
  about: safeString({ lines: true }).trim().max(1000).nullable().optional(),
  background: colorHex(),
  sort: sortingValue(),
  type: z.enum(LABEL_TYPES, { error: encodeMessage('label_type') }),
  hide: z.boolean(),
  conditions: labelConditions(),
};

export const labelResource = defineResource({
  service: 'cars.catalog',
  name: 'labels',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    name: z.string(),
    ...i18nNameEntity,
    category: z.string().nullable(),
    about: z.string().nullable(),
    background: z.string(),
    sort: z.number(),
    type: z.enum(LABEL_TYPES),
    hide: z.boolean(),
    conditions: z.array(z.object({ field: z.enum(LABEL_CONDITION_FIELDS), operator: z.enum(LABEL_OPERATORS), operands: z.array(z.union([z.string(), z.number(), z.boolean()])) })),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({
    site_id: id(),
    ...fields,
    sort: fields.sort.optional(),
    type: fields.type.default('tag'),
    hide: fields.hide.default(false),
    conditions: fields.conditions.default([]),
    background: fields.background.default('#1677FF'),
  }),
  update: z.strictObject(fields).partial(),
  filters: {
    site_id: { op: 'eq', schema: id() },
    search: { op: 'search', columns: ['name', 'category'], schema: filterText(), widget: 'text' },
    type: { op: 'eq', schema: z.enum(LABEL_TYPES), widget: 'select', options: LABEL_TYPES.map((value) => ({ value, label: `labels.types.${value}` })) },
  },
  sort: ['id', 'name', 'category', 'sort', 'type', 'created_at', 'updated_at'],
  defaultSort: 'sort,name',
  pageSize: { default: 500, max: 1000 },
  tenant: 'client_id',
  permissions: crudPermissions('labels'),
  columns: [
    { field: 'name', sortable: true, width: 220 },
    { field: 'category', sortable: true, width: 160 },
    { field: 'type', sortable: true, render: 'tag', width: 120 },
    { field: 'sort', sortable: true, width: 100 },
  ],
  form: [
    { field: 'name', widget: 'text' },
    { field: 'category', widget: 'text' },
  ],
  screen: '/cars.catalog/tags/{siteId}',
  label: ['name'],
});

/** A fork's own view of a central label: hidden there, or another place in its order. */
export const labelOverrideInput = z.strictObject({ hide: z.boolean(), sort: sortingValue().nullable() }).partial();
