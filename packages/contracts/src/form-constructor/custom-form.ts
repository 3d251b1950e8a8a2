import { z } from 'zod';
import { DATE_YEARS, id, integer, isCalendarDate, isPhone, normalizePhone, optionalText, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage, type MessageKey, type MessageParams } from '../kit/messages.ts';

/**
 * The form constructor's forms (spec 002 §3 "Custom form", §5): a title, fields and the grid of
 * rows that places them. One definition serves the builder, the server's checks of a form and of
 * its submissions, and the markup the sites show (render-form.ts), so the preview is the site's.
 */

/** Spec 002 §3 "Field types" ("file upload" is `file`). */
export const FIELD_TYPES = ['text', 'phone', 'email', 'checkbox', 'textarea', 'select', 'dealerships', 'radio', 'brands', 'models', 'cities', 'datetimepicker', 'file'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Spec 002 §3 "Validation types". */
export const VALIDATION_TYPES = ['date', 'email', 'mileage', 'phone', 'time', 'range', 'vin', 'year', 'length', 'inn', 'phone_pattern', 'cyrillic'] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];

/** Spec 002 §3 "Phone country codes offered", with their dialling code and the digits after it. */
export const PHONE_CODES = {
  ru: { dial: '7', digits: [10], flag: 'RU' },
  by: { dial: '375', digits: [9], flag: 'BY' },
  ee: { dial: '372', digits: [7, 8], flag: 'EE' },
  kz: { dial: '7', digits: [10], flag: 'KZ' },
  lv: { dial: '371', digits: [8], flag: 'LV' },
  lt: { dial: '370', digits: [8], flag: 'LT' },
  ua: { dial: '380', digits: [9], flag: 'UA' },
  uz: { dial: '998', digits: [9], flag: 'UZ' },
} as const;
export type PhoneCode = keyof typeof PHONE_CODES;
export const PHONE_CODE_LIST = Object.keys(PHONE_CODES) as PhoneCode[];

/**
 * Formats a file field may accept; each is checked by the bytes (`sniff`: what file-type names
 * the content), never by the name alone. Plain text cannot be recognised by its bytes: not offered.
 */
export const FILE_FORMATS = {
  jpg: { mime: 'image/jpeg', sniff: ['jpg'] },
  png: { mime: 'image/png', sniff: ['png'] },
  gif: { mime: 'image/gif', sniff: ['gif'] },
  bmp: { mime: 'image/bmp', sniff: ['bmp'] },
  webp: { mime: 'image/webp', sniff: ['webp'] },
  heic: { mime: 'image/heic', sniff: ['heic'] },
  pdf: { mime: 'application/pdf', sniff: ['pdf'] },
  doc: { mime: 'application/msword', sniff: ['cfb'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniff: ['docx'] },
  xls: { mime: 'application/vnd.ms-excel', sniff: ['cfb'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniff: ['xlsx'] },
} as const;
export type FileFormat = keyof typeof FILE_FORMATS;
export const FILE_FORMAT_LIST = Object.keys(FILE_FORMATS) as FileFormat[];
/** Limits of a file field: at most this many files of at most this many MB each. */
export const FILE_LIMITS = { maxFiles: 10, maxSizeMb: 20 } as const;
/** What a new file field starts with in the builder. */
export const FILE_DEFAULTS = { max_files: 1, max_size: 5, accept: ['jpg', 'png', 'pdf'] as FileFormat[] };

/** Types whose value is one of a list (given in the field, or from the site's data). */
export const CHOICE_TYPES: FieldType[] = ['select', 'radio', 'dealerships', 'brands', 'models', 'cities'];
/** Types with options typed in the builder. */
export const OWN_OPTION_TYPES: FieldType[] = ['select', 'radio'];

/**
 * The settings each type has (the builder shows only these; others are dropped on save):
 * common ones for every type, then the type's own.
 */
export const COMMON_SETTINGS = ['id', 'label', 'type', 'required', 'disabled'] as const;
export const TYPE_SETTINGS: Record<FieldType, string[]> = {
  text: ['placeholder', 'mask', 'validation_type', 'min', 'max'],
  phone: ['placeholder', 'mask', 'phone_codes', 'default_phone_code', 'validation_type'],
  email: ['placeholder'],
  checkbox: [],
  textarea: ['placeholder', 'validation_type', 'min', 'max'],
  select: ['placeholder', 'options'],
  dealerships: ['placeholder'],
  radio: ['options'],
  brands: ['placeholder', 'brands'],
  models: ['placeholder', 'brands', 'models', 'dependent_field'],
  cities: ['placeholder'],
  datetimepicker: ['show_time_select', 'validation_type'],
  file: ['max_files', 'max_size', 'accept'],
};
/** Validation types that fit a type (a checkbox or a list needs none). */
export const TYPE_VALIDATIONS: Partial<Record<FieldType, ValidationType[]>> = {
  text: ['date', 'email', 'mileage', 'phone', 'time', 'range', 'vin', 'year', 'length', 'inn', 'phone_pattern', 'cyrillic'],
  phone: ['phone', 'phone_pattern'],
  textarea: ['length', 'cyrillic'],
  datetimepicker: ['date', 'time'],
};

const CYRILLIC = /[\u0400-\u04FF]/;
/** A field id: Latin letters, digits, '_' and '-', starting with a letter or '_' (it names the value in requests). */
export const FIELD_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const fieldId = () =>
  safeString()
    .trim()
    .min(1)
    .max(64)
    .refine((value) => !CYRILLIC.test(value), { error: encodeMessage('form_field_id_cyrillic'), abort: true })
    .refine((value) => FIELD_ID_PATTERN.test(value), { error: encodeMessage('form_field_id_format') });

export const customFormField = z.strictObject({
  id: fieldId(),
  /** The field's name as visitors see it (spec: "field name ... required"). */
  label: requiredText(200),
  type: z.enum(FIELD_TYPES, { error: (issue) => (issue.input == null ? encodeMessage('required') : encodeMessage('invalid_choice')) }),
  placeholder: optionalText(200),
  /** The choices of a select or radio field. */
  options: z.array(requiredText(200)).max(100).optional(),
  /** Brands offered (brands, models); none: the site's brand, else every brand. */
  brands: z.array(id()).max(100).optional(),
  /** Models offered (models); none: the models of the brands. */
  models: z.array(id()).max(500).optional(),
  phone_codes: z.array(z.enum(PHONE_CODE_LIST, { error: encodeMessage('invalid_choice') })).max(PHONE_CODE_LIST.length).optional(),
  default_phone_code: z.enum(PHONE_CODE_LIST, { error: encodeMessage('invalid_choice') }).nullable().optional(),
  show_time_select: z.boolean().optional(),
  max_files: integer(1, FILE_LIMITS.maxFiles).optional(),
  /** Megabytes per file. */
  max_size: integer(1, FILE_LIMITS.maxSizeMb).optional(),
  accept: z.array(z.enum(FILE_FORMAT_LIST, { error: encodeMessage('invalid_choice') })).max(FILE_FORMAT_LIST.length).optional(),
  /** Another field this one follows (models of the brand chosen in a brands field). */
  dependent_field: safeString().trim().max(64).nullable().optional(),
  required: z.boolean().optional(),
  disabled: z.boolean().optional(),
  /** An input mask: 9 a digit, a a letter, * any character, anything else as written. */
  mask: optionalText(100),
  validation_type: z.enum(VALIDATION_TYPES, { error: encodeMessage('invalid_choice') }).nullable().optional(),
  /** Bounds of the range (a number) or length (characters) validations. */
  min: z.number().finite().min(-1e12).max(1e12).nullable().optional(),
  max: z.number().finite().min(-1e12).max(1e12).nullable().optional(),
});
export type CustomFormField = z.output<typeof customFormField>;

export const customFormRow = z.strictObject({
  title: optionalText(200),
  /** The ids of the row's fields, in order. */
  fields: z.array(safeString().trim().max(64)).max(50),
});
export type CustomFormRow = z.output<typeof customFormRow>;

export interface CustomFormDefinition {
  title: string;
  fields: CustomFormField[];
  grid: CustomFormRow[];
}

type Issue = { path: (string | number)[]; key: MessageKey; params?: MessageParams };

/** The checks of spec 002 §5 across fields and rows, each pointing at the field it is about. */
export function formStructureIssues(fields: CustomFormField[], grid: CustomFormRow[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Map<string, number>();
  fields.forEach((field, index) => {
    const at = (name: string) => ['fields', index, name];
    if (seen.has(field.id)) issues.push({ path: at('id'), key: 'form_field_id_unique', params: { id: field.id } });
    else seen.set(field.id, index);
    if (field.type === 'phone' && field.default_phone_code && field.phone_codes?.length && !field.phone_codes.includes(field.default_phone_code)) {
      issues.push({ path: at('default_phone_code'), key: 'form_default_phone_code' });
    }
    if (OWN_OPTION_TYPES.includes(field.type) && !field.options?.length) issues.push({ path: at('options'), key: 'form_options_required' });
    if (field.type === 'file') {
      if (field.max_files == null) issues.push({ path: at('max_files'), key: 'required' });
      if (field.max_size == null) issues.push({ path: at('max_size'), key: 'required' });
      if (!field.accept?.length) issues.push({ path: at('accept'), key: 'form_file_formats_required' });
    }
    if (field.min != null && field.max != null && field.min > field.max) issues.push({ path: at('max'), key: 'form_range_order' });
    if (field.validation_type && !(TYPE_VALIDATIONS[field.type] ?? []).includes(field.validation_type)) issues.push({ path: at('validation_type'), key: 'invalid_choice' });
  });
  fields.forEach((field, index) => {
    if (field.dependent_field && (field.dependent_field === field.id || !seen.has(field.dependent_field))) {
      issues.push({ path: ['fields', index, 'dependent_field'], key: 'form_dependent_field' });
    }
  });
  const placed = new Set<string>();
  grid.forEach((row, rowIndex) =>
    row.fields.forEach((ref, index) => {
      if (!seen.has(ref)) issues.push({ path: ['grid', rowIndex, 'fields', index], key: 'form_component_not_found', params: { id: ref } });
      else if (placed.has(ref)) issues.push({ path: ['grid', rowIndex, 'fields', index], key: 'form_field_placed_twice', params: { id: ref } });
      placed.add(ref);
    }),
  );
  fields.forEach((field, index) => {
    if (seen.get(field.id) === index && !placed.has(field.id)) issues.push({ path: ['fields', index, 'id'], key: 'form_field_unplaced', params: { id: field.id } });
  });
  return issues;
}

const addIssues = (value: { fields?: CustomFormField[]; grid?: CustomFormRow[] }, ctx: z.RefinementCtx) => {
  if (!value.fields || !value.grid) return;
  for (const issue of formStructureIssues(value.fields, value.grid)) ctx.addIssue({ code: 'custom', path: issue.path, message: encodeMessage(issue.key, issue.params) });
};

const formFields = {
  title: requiredText(200),
  fields: z.array(customFormField).min(1).max(100),
  grid: z.array(customFormRow).min(1).max(50),
};
export const customFormCreate = z.strictObject({ site_id: id(), ...formFields }).superRefine(addIssues);
/** A change: the title alone, or the fields and the grid together (they are checked as one). */
export const customFormUpdate = z
  .strictObject({ title: formFields.title.optional(), fields: formFields.fields.optional(), grid: formFields.grid.optional() })
  .superRefine((value, ctx) => {
    if ((value.fields === undefined) !== (value.grid === undefined)) {
      ctx.addIssue({ code: 'custom', path: [value.fields === undefined ? 'fields' : 'grid'], message: encodeMessage('required') });
      return;
    }
    addIssues(value, ctx);
  });

/** Drops the settings a field's type does not have (what the builder keeps when the type changes). */
export function normalizeField(field: CustomFormField): CustomFormField {
  const keep = new Set<string>([...COMMON_SETTINGS, ...TYPE_SETTINGS[field.type]]);
  return Object.fromEntries(Object.entries(field).filter(([key, value]) => keep.has(key) && value !== undefined)) as CustomFormField;
}

// ---------------------------------------------------------------------------------------------
// Submissions

/** The choices of the fields that take them from the site's data, resolved by the server. */
export interface FormChoices {
  dealerships: string[];
  cities: string[];
  brands: { id: number; name: string }[];
  models: { id: number; name: string; brand_id: number }[];
  /** The brands a field without its own choice offers: the site's brand; null: every brand. */
  default_brand_ids: number[] | null;
}
export const NO_CHOICES: FormChoices = { dealerships: [], cities: [], brands: [], models: [], default_brand_ids: null };

/** The brands a brands or models field offers: its own choice, else the site's brand, else every brand. */
export function brandsOf(field: CustomFormField, choices: FormChoices) {
  const ids = field.brands?.length ? field.brands : choices.default_brand_ids;
  return ids ? choices.brands.filter((brand) => ids.includes(brand.id)) : choices.brands;
}
/** The models a models field offers: its own choice, else the models of its brands. */
export function modelsOf(field: CustomFormField, choices: FormChoices) {
  if (field.models?.length) return choices.models.filter((model) => field.models!.includes(model.id));
  const brands = new Set(brandsOf(field, choices).map((brand) => brand.id));
  return choices.models.filter((model) => brands.has(model.brand_id));
}
/** The values a choice field accepts (what visitors see is what is stored). */
export function choicesOf(field: CustomFormField, choices: FormChoices): string[] {
  switch (field.type) {
    case 'select':
    case 'radio':
      return field.options ?? [];
    case 'dealerships':
      return choices.dealerships;
    case 'cities':
      return choices.cities;
    case 'brands':
      return brandsOf(field, choices).map((brand) => brand.name);
    case 'models':
      return modelsOf(field, choices).map((model) => model.name);
    default:
      return [];
  }
}

/** A phone's digits and whether they fit one of the offered country codes (a Russian 8 counts as 7). */
export function phoneFits(value: string, codes: readonly PhoneCode[]): boolean {
  if (!/^[+\d\s()-]{5,30}$/.test(value)) return false;
  let digits = value.replace(/\D/g, '');
  if ((codes.includes('ru') || codes.includes('kz')) && /^8\d{10}$/.test(digits)) digits = `7${digits.slice(1)}`;
  return codes.some((code) => {
    const { dial, digits: lengths } = PHONE_CODES[code];
    return digits.startsWith(dial) && (lengths as readonly number[]).includes(digits.length - dial.length);
  });
}

/** Whether a value fits a mask (9 a digit, a a letter, * anything, other characters as written). */
export function fitsMask(value: string, mask: string): boolean {
  if (value.length !== mask.length) return false;
  return [...mask].every((m, index) => {
    const c = value[index]!;
    if (m === '9') return /\d/.test(c);
    if (m === 'a') return /\p{L}/u.test(c);
    if (m === '*') return true;
    return c === m;
  });
}

/** A Russian taxpayer number (INN) of 10 or 12 digits with its check digits. */
export function isInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const d = [...value].map(Number);
  const check = (weights: number[]) => (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** A calendar date within the shared year range (kit/dates.ts). */
const isRealDate = (year: number, month: number, day: number) => isCalendarDate(year, month, day) && year >= DATE_YEARS.min && year <= DATE_YEARS.max;
/** A date as YYYY-MM-DD or DD.MM.YYYY that exists. */
export function isDate(value: string): boolean {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  return !!ru && isRealDate(Number(ru[3]), Number(ru[2]), Number(ru[1]));
}
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
const EMAIL = /^[^\s@]{1,63}@[^\s@]+\.[^\s@]{2,}$/;

/** The message of a value breaking the field's validation type; null when it passes. */
export function validationIssue(field: CustomFormField, value: string, now = new Date()): { key: MessageKey; params?: MessageParams } | null {
  switch (field.validation_type) {
    case 'date':
      return isDate(value.slice(0, 10)) ? null : { key: 'form_value_date' };
    case 'email':
      return EMAIL.test(value) ? null : { key: 'email' };
    case 'mileage': {
      const digits = value.replace(/\s/g, '');
      return /^\d{1,7}$/.test(digits) && Number(digits) <= 2_000_000 ? null : { key: 'form_value_mileage' };
    }
    case 'phone':
      return isPhone(value) ? null : { key: 'phone' };
    case 'time':
      return isTime(value.length > 5 ? value.slice(-5) : value) ? null : { key: 'form_value_time' };
    case 'range': {
      const number = Number(value.replace(',', '.'));
      const min = field.min ?? -Infinity;
      const max = field.max ?? Infinity;
      return value.trim() !== '' && Number.isFinite(number) && number >= min && number <= max
        ? null
        : { key: 'form_value_range', params: { min: Number.isFinite(min) ? min : '−∞', max: Number.isFinite(max) ? max : '∞' } };
    }
    case 'vin':
      return /^[A-HJ-NPR-Z0-9]{17}$/i.test(value) ? null : { key: 'request_vin' };
    case 'year': {
      const year = Number(value);
      return /^\d{4}$/.test(value) && year >= 1900 && year <= now.getUTCFullYear() + 1 ? null : { key: 'form_value_year', params: { max: now.getUTCFullYear() + 1 } };
    }
    case 'length': {
      const length = [...value].length;
      if (field.min != null && length < field.min) return { key: 'min_length', params: { length: field.min } };
      if (field.max != null && length > field.max) return { key: 'max_length', params: { length: field.max } };
      return null;
    }
    case 'inn':
      return isInn(value) ? null : { key: 'form_value_inn' };
    case 'phone_pattern':
      if (field.mask) return fitsMask(value, field.mask) ? null : { key: 'form_value_mask', params: { mask: field.mask } };
      return phoneFits(value, field.phone_codes?.length ? field.phone_codes : PHONE_CODE_LIST) ? null : { key: 'form_value_phone_code' };
    case 'cyrillic':
      return /^[\u0400-\u04FF\s'’-]+$/.test(value) ? null : { key: 'form_value_cyrillic' };
    default:
      return null;
  }
}

export type ContentValue = string | boolean | string[] | null;
export interface ContentIssue {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
const MAX_TEXT = { textarea: 2000, other: 500 };

/**
 * Checks a submission's values against the form (spec 002 §5 and the fields' settings): every key
 * a field of the form, required ones given, choices among those offered, phones of an offered
 * country code, files within the count, then the validation type. Disabled fields take no value.
 * Files are given as upload tokens here; the server resolves them (size and format were checked
 * at upload). Answers the cleaned values and the issues, each naming its field.
 */
export function checkContent(form: Pick<CustomFormDefinition, 'fields'>, content: Record<string, unknown>, choices: FormChoices, now = new Date()): { values: Record<string, ContentValue>; issues: ContentIssue[] } {
  const issues: ContentIssue[] = [];
  const values: Record<string, ContentValue> = {};
  const byId = new Map(form.fields.map((field) => [field.id, field]));
  for (const key of Object.keys(content)) if (!byId.has(key)) issues.push({ field: key, key: 'unknown_field', params: { field: key } });
  for (const field of form.fields) {
    const raw = content[field.id];
    if (field.disabled) continue;
    if (isEmpty(raw)) {
      if (field.required) issues.push({ field: field.id, key: 'required' });
      else values[field.id] = field.type === 'checkbox' ? false : null;
      continue;
    }
    if (field.type === 'checkbox') {
      if (typeof raw !== 'boolean') issues.push({ field: field.id, key: 'invalid_type' });
      else values[field.id] = raw;
      continue;
    }
    if (field.type === 'file') {
      if (!Array.isArray(raw) || !raw.every((token) => typeof token === 'string' && /^[a-f0-9]{32}$/.test(token))) issues.push({ field: field.id, key: 'form_file_unknown' });
      else if (raw.length > (field.max_files ?? 1)) issues.push({ field: field.id, key: 'form_file_count', params: { count: field.max_files ?? 1 } });
      else values[field.id] = [...new Set(raw as string[])];
      continue;
    }
    if (typeof raw !== 'string') {
      issues.push({ field: field.id, key: 'invalid_type' });
      continue;
    }
    const value = raw.trim();
    const max = field.type === 'textarea' ? MAX_TEXT.textarea : MAX_TEXT.other;
    if (value.length > max) {
      issues.push({ field: field.id, key: 'max_length', params: { length: max } });
      continue;
    }
    if (field.type !== 'textarea' && /[\n\r\t]/.test(value)) {
      issues.push({ field: field.id, key: 'single_line' });
      continue;
    }
    if (CHOICE_TYPES.includes(field.type)) {
      if (!choicesOf(field, choices).includes(value)) {
        issues.push({ field: field.id, key: 'invalid_choice' });
        continue;
      }
    } else if (field.type === 'email' && !EMAIL.test(value)) {
      issues.push({ field: field.id, key: 'email' });
      continue;
    } else if (field.type === 'phone') {
      const fits = field.phone_codes?.length ? phoneFits(value, field.phone_codes) : isPhone(value);
      if (!fits) {
        issues.push({ field: field.id, key: field.phone_codes?.length ? 'form_value_phone_code' : 'phone' });
        continue;
      }
    } else if (field.type === 'datetimepicker') {
      const [date, time] = value.split(/[T ]/);
      if (!date || !isDate(date) || (field.show_time_select ? !time || !isTime(time.slice(0, 5)) : time !== undefined)) {
        issues.push({ field: field.id, key: field.show_time_select ? 'form_value_datetime' : 'form_value_date' });
        continue;
      }
    } else if (field.mask && field.validation_type !== 'phone_pattern' && !fitsMask(value, field.mask)) {
      issues.push({ field: field.id, key: 'form_value_mask', params: { mask: field.mask } });
      continue;
    }
    const invalid = validationIssue(field, value, now);
    if (invalid) {
      issues.push({ field: field.id, ...invalid });
      continue;
    }
    // A Russian phone is stored in the one normalised form (kit/fields.ts); another country's as given.
    values[field.id] = field.type === 'phone' ? (normalizePhone(value) ?? value) : value;
  }
  return { values, issues };
}

/** A stored file of a submission, as the request keeps it. */
export interface SubmittedFile {
  file_id: number;
  name: string;
  size: number;
  mime: string;
}

/** The attributes of a form as the API answers them. */
export const customFormEntity = z.object({
  site_id: z.number(),
  client_id: z.number(),
  title: z.string(),
  fields: z.array(z.record(z.string(), z.unknown())),
  grid: z.array(z.record(z.string(), z.unknown())),
  created_by: z.number().nullable(),
  updated_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomFormEntity = Omit<z.output<typeof customFormEntity>, 'fields' | 'grid'> & { fields: CustomFormField[]; grid: CustomFormRow[]; created_by_name?: string | null; updated_by_name?: string | null };
