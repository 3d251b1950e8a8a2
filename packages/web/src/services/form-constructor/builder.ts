import { FILE_DEFAULTS, normalizeField, OWN_OPTION_TYPES, TYPE_VALIDATIONS, type CustomFormField, type CustomFormRow, type FieldType } from '@dp/contracts';

/**
 * The builder's form as it is being edited, and the changes the screen makes to it (pure, so the
 * drag and drop, the keyboard buttons and the tests share them). Rows hold field ids; every field
 * is in exactly one row.
 */
export interface BuilderForm {
  title: string;
  fields: CustomFormField[];
  grid: CustomFormRow[];
}

export const emptyForm = (): BuilderForm => ({ title: '', fields: [], grid: [{ title: null, fields: [] }] });

/** A new id for a field of `type`: `<type>_<n>`, unused in the form. */
export function freeId(type: FieldType, fields: Pick<CustomFormField, 'id'>[]): string {
  const taken = new Set(fields.map((field) => field.id));
  for (let n = 1; ; n++) if (!taken.has(`${type}_${n}`)) return `${type}_${n}`;
}

/** A new field of a type with what it needs to be valid (options, file limits, phone codes). */
export function newField(type: FieldType, label: string, fields: Pick<CustomFormField, 'id'>[], optionLabel = 'Option'): CustomFormField {
  return withTypeDefaults({ id: freeId(type, fields), label, type, required: false }, optionLabel);
}

function withTypeDefaults(field: CustomFormField, optionLabel: string): CustomFormField {
  const next: CustomFormField = { ...field };
  if (OWN_OPTION_TYPES.includes(next.type) && !next.options?.length) next.options = [`${optionLabel} 1`, `${optionLabel} 2`];
  if (next.type === 'file') {
    next.max_files ??= FILE_DEFAULTS.max_files;
    next.max_size ??= FILE_DEFAULTS.max_size;
    if (!next.accept?.length) next.accept = [...FILE_DEFAULTS.accept];
  }
  if (next.type === 'phone' && !next.phone_codes?.length) {
    next.phone_codes = ['ru'];
    next.default_phone_code = 'ru';
  }
  if (next.validation_type && !(TYPE_VALIDATIONS[next.type] ?? []).includes(next.validation_type)) next.validation_type = null;
  return normalizeField(next);
}

/** A field given another type: the settings of the new type (defaults where needed), the common ones kept. */
export const changeType = (field: CustomFormField, type: FieldType, optionLabel = 'Option') => withTypeDefaults({ ...field, type }, optionLabel);

export const rowOf = (form: BuilderForm, id: string) => form.grid.findIndex((row) => row.fields.includes(id));

export function addField(form: BuilderForm, rowIndex: number, field: CustomFormField): BuilderForm {
  const grid = form.grid.length ? form.grid : [{ title: null, fields: [] }];
  const row = Math.min(Math.max(rowIndex, 0), grid.length - 1);
  return { ...form, fields: [...form.fields, field], grid: grid.map((one, index) => (index === row ? { ...one, fields: [...one.fields, field.id] } : one)) };
}

/** Puts a field at `index` of row `toRow` (drag and drop; the index counts the row's other fields). */
export function moveField(form: BuilderForm, id: string, toRow: number, index: number): BuilderForm {
  if (toRow < 0 || toRow >= form.grid.length || rowOf(form, id) < 0) return form;
  const grid = form.grid.map((row) => ({ ...row, fields: row.fields.filter((ref) => ref !== id) }));
  const target = grid[toRow]!.fields;
  target.splice(Math.min(Math.max(index, 0), target.length), 0, id);
  return { ...form, grid };
}

/** One place up (-1) or down (+1): within its row, past the row's edge into the next one (the keyboard's way). */
export function moveFieldBy(form: BuilderForm, id: string, delta: -1 | 1): BuilderForm {
  const row = rowOf(form, id);
  if (row < 0) return form;
  const index = form.grid[row]!.fields.indexOf(id);
  const next = index + delta;
  if (next >= 0 && next < form.grid[row]!.fields.length) return moveField(form, id, row, next);
  const otherRow = row + delta;
  if (otherRow < 0 || otherRow >= form.grid.length) return form;
  return moveField(form, id, otherRow, delta < 0 ? form.grid[otherRow]!.fields.length : 0);
}

export function removeField(form: BuilderForm, id: string): BuilderForm {
  return {
    ...form,
    fields: form.fields.filter((field) => field.id !== id).map((field) => (field.dependent_field === id ? { ...field, dependent_field: null } : field)),
    grid: form.grid.map((row) => ({ ...row, fields: row.fields.filter((ref) => ref !== id) })),
  };
}

/** Changes a field; a new id follows into the rows and into the fields that depend on it. */
export function updateField(form: BuilderForm, id: string, next: CustomFormField): BuilderForm {
  const renamed = next.id !== id;
  return {
    ...form,
    fields: form.fields.map((field) => (field.id === id ? next : renamed && field.dependent_field === id ? { ...field, dependent_field: next.id } : field)),
    grid: renamed ? form.grid.map((row) => ({ ...row, fields: row.fields.map((ref) => (ref === id ? next.id : ref)) })) : form.grid,
  };
}

export const addRow = (form: BuilderForm): BuilderForm => ({ ...form, grid: [...form.grid, { title: null, fields: [] }] });

/** Removes a row; its fields go to the row above (or below, for the first row). The last row stays. */
export function removeRow(form: BuilderForm, index: number): BuilderForm {
  if (form.grid.length <= 1) return form;
  const moved = form.grid[index]!.fields;
  const grid = form.grid.filter((_, i) => i !== index);
  const into = Math.max(0, index - 1);
  grid[into] = { ...grid[into]!, fields: index === 0 ? [...moved, ...grid[into]!.fields] : [...grid[into]!.fields, ...moved] };
  return { ...form, grid };
}

export function moveRow(form: BuilderForm, index: number, delta: -1 | 1): BuilderForm {
  const to = index + delta;
  if (to < 0 || to >= form.grid.length) return form;
  const grid = [...form.grid];
  [grid[index], grid[to]] = [grid[to]!, grid[index]!];
  return { ...form, grid };
}

export const renameRow = (form: BuilderForm, index: number, title: string): BuilderForm => ({ ...form, grid: form.grid.map((row, i) => (i === index ? { ...row, title: title || null } : row)) });

/** What is saved: the settings of each field's type only; a field in no row is placed in the last one. */
export function toPayload(form: BuilderForm) {
  const placed = new Set(form.grid.flatMap((row) => row.fields));
  const unplaced = form.fields.filter((field) => !placed.has(field.id)).map((field) => field.id);
  const grid = unplaced.length ? form.grid.map((row, i) => (i === form.grid.length - 1 ? { ...row, fields: [...row.fields, ...unplaced] } : row)) : form.grid;
  return { title: form.title.trim(), fields: form.fields.map(normalizeField), grid: grid.map((row) => ({ title: row.title?.trim() || null, fields: row.fields })) };
}

/** The editor's form and the saved one are the same (nothing to lose on leaving). */
export const sameForm = (a: BuilderForm, b: BuilderForm) => JSON.stringify(toPayload(a)) === JSON.stringify(toPayload(b));
