import { z } from 'zod';
import { code, integer, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * The documents of a marketing complectation (spec 001 §3): the engine {name, volume, power,
 * torque} and the specification categories with their specifications. Units come from the
 * spec's lists; numbers are non-negative; the rpm range runs from ≤ to.
 */
export const VOLUME_UNITS = ['liter', 'cubic_centimeter'] as const;
export const POWER_UNITS = ['horse_power', 'kilowatts_per_hours'] as const;
export const TORQUE_UNITS = ['newton_meter'] as const;

/** A non-negative number (1.6 litres, 249 hp), from JSON or a form's text; at most `max`. */
export const measure = (max = 1_000_000) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: (issue) => encodeMessage(issue.input == null ? 'required' : 'decimal_number') })
      .min(0, { error: encodeMessage('non_negative'), abort: true })
      .max(max),
  );

const unit = <T extends readonly [string, ...string[]]>(values: T, message: 'engine_volume_unit' | 'engine_power_unit' | 'engine_torque_unit') =>
  z.enum(values, { error: encodeMessage(message) });

export const engineSchema = z
  .strictObject({
    name: requiredText(255),
    volume: z.strictObject({ value: measure(100_000), unit: unit(VOLUME_UNITS, 'engine_volume_unit') }).nullable().optional(),
    power: z.strictObject({ value: measure(10_000), unit: unit(POWER_UNITS, 'engine_power_unit') }).nullable().optional(),
    torque: z
      .strictObject({
        value: measure(100_000),
        unit: unit(TORQUE_UNITS, 'engine_torque_unit'),
        rpm_from: integer(0, 100_000, encodeMessage('non_negative')).nullable().optional(),
        rpm_to: integer(0, 100_000, encodeMessage('non_negative')).nullable().optional(),
      })
      .nullable()
      .optional()
      .superRefine((torque, ctx) => {
        if (torque?.rpm_from != null && torque.rpm_to != null && torque.rpm_from > torque.rpm_to)
          ctx.addIssue({ code: 'custom', message: encodeMessage('engine_rpm_range'), path: ['rpm_from'] });
      }),
  })
  .nullable();

export const specificationSchema = z.strictObject({
  title: requiredText(255),
  code: code(100).nullable().optional(),
  value: safeString().trim().max(1000).nullable().optional(),
  main: z.boolean().optional(),
  order: integer(0, 1_000_000).optional(),
});

export const specificationCategorySchema = z.strictObject({
  title: requiredText(255),
  order: integer(0, 1_000_000).optional(),
  specifications: z.array(specificationSchema).max(300).optional(),
});

/** The categories of a marketing complectation; a specification code appears once in it. */
export const specificationCategoriesSchema = z
  .array(specificationCategorySchema)
  .max(100)
  .superRefine((categories, ctx) => {
    const seen = new Set<string>();
    categories.forEach((category, i) =>
      (category.specifications ?? []).forEach((spec, j) => {
        if (!spec.code) return;
        if (seen.has(spec.code)) ctx.addIssue({ code: 'custom', message: encodeMessage('specification_code_twice', { code: spec.code }), path: [i, 'specifications', j, 'code'] });
        seen.add(spec.code);
      }),
    );
  });

export interface MarketingEngine {
  name: string;
  volume?: { value: number; unit: (typeof VOLUME_UNITS)[number] } | null;
  power?: { value: number; unit: (typeof POWER_UNITS)[number] } | null;
  torque?: { value: number; unit: (typeof TORQUE_UNITS)[number]; rpm_from?: number | null; rpm_to?: number | null } | null;
}

export interface Specification {
  title: string;
  code?: string | null;
  value?: string | null;
  main?: boolean;
  order?: number;
}

export interface SpecificationCategory {
  title: string;
  order?: number;
  specifications?: Specification[];
}

/** Codes as a list (formative options and packs): each a code, at most 200. */
export const codeList = () => z.array(code(100)).max(200);

/** The base price in whole roubles (decisions.md: money is never a float). */
export const basePrice = () => integer(0, 1_000_000_000_000, undefined).nullable().optional();

