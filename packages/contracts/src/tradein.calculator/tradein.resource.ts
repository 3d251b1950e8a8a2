import { z } from 'zod';
import { defineResource, partialOf, siteSettingsListing } from '../kit/resource.ts';
import { id, integer, requiredText } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * The trade-in settings of a site (spec 002 §2 /tradein.calculator/settings/{siteId}, §3 "Trade-in
 * and reviewer", §9; docs/decisions/tradein.md): one record per site, made with the defaults on
 * first read. They say how the dealer values a visitor's car (trade-in against a new one by
 * default), which cars the public trade-in form takes (brands, age, mileage) and which optional
 * fields it shows; a request outside them is refused at the intake with the reason.
 */
const SERVICE = 'tradein.calculator';

/** How the dealer values the car: against a new one (spec default) or bought outright. */
export const EVALUATION_TYPES = ['tradein', 'buyout'] as const;
export type EvaluationType = (typeof EVALUATION_TYPES)[number];
/** The form's optional fields; brand, model, year, mileage, name and phone are always asked. */
export const TRADEIN_OPTIONAL_FIELDS = ['email', 'vin', 'comment'] as const;
export type TradeinOptionalField = (typeof TRADEIN_OPTIONAL_FIELDS)[number];
/** The largest mileage a form takes at all (the service request's bound). */
export const TRADEIN_MILEAGE_MAX = 10_000_000;
/** The oldest age limit offered, in years. */
export const TRADEIN_AGE_MAX = 100;

/** A brand as the visitor types it and the settings list it: compared trimmed, in any case. */
export const brandKey = (brand: string) => brand.trim().toLocaleLowerCase('ru').replaceAll('ё', 'е');

/** An optional positive whole number (empty: no limit). */
const optionalLimit = (max: number) =>
  z.preprocess((value) => (value === '' ? null : value), integer(1, max).nullable()).optional();

const settingsFields = {
  evaluation_type: z.enum(EVALUATION_TYPES, { error: encodeMessage('invalid_choice') }).default('tradein'),
  brands: z
    .array(requiredText(100))
    .max(200)
    .refine((list) => new Set(list.map(brandKey)).size === list.length, { error: encodeMessage('tradein_brand_duplicate') })
    .default([]),
  max_age_years: optionalLimit(TRADEIN_AGE_MAX),
  max_mileage: optionalLimit(TRADEIN_MILEAGE_MAX),
  form_fields: z.array(z.enum(TRADEIN_OPTIONAL_FIELDS, { error: encodeMessage('invalid_choice') })).max(TRADEIN_OPTIONAL_FIELDS.length).default([]),
};

const evaluationOptions = EVALUATION_TYPES.map((value) => ({ value, label: `evaluation_types.${value}` }));
export const tradeinFieldOptions = TRADEIN_OPTIONAL_FIELDS.map((value) => ({ value, label: `form_fields.${value}` }));

export const tradeinSettingsResource = defineResource({
  service: SERVICE,
  name: 'settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    evaluation_type: z.enum(EVALUATION_TYPES),
    brands: z.array(z.string()),
    max_age_years: z.number().nullable(),
    max_mileage: z.number().nullable(),
    form_fields: z.array(z.enum(TRADEIN_OPTIONAL_FIELDS)),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...settingsFields }),
  update: partialOf(settingsFields),
  ...siteSettingsListing,
  permissions: { list: ['settings.get_list'], get: ['settings.get_list'], create: ['settings.patch'], update: ['settings.patch'], delete: ['settings.patch'] },
  columns: [
    { field: 'site_id', width: 120, key: true },
    { field: 'evaluation_type', width: 160 },
    { field: 'updated_at', render: 'date', width: 160 },
  ],
  form: [
    { field: 'evaluation_type', widget: 'select', options: evaluationOptions },
    { field: 'brands', widget: 'tags', span: 2 },
    { field: 'max_age_years', widget: 'number' },
    { field: 'max_mileage', widget: 'number' },
    { field: 'form_fields', widget: 'multiselect', options: tradeinFieldOptions, span: 2 },
  ],
  screen: '/tradein.calculator/settings/{siteId}',
  label: ['site_id'],
});
