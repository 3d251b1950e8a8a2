import { describe, expect, it } from 'vitest';
import { customFormUpdate, type CustomFormField } from '@dp/contracts';
import { addField, addRow, changeType, moveField, moveFieldBy, newField, removeField, removeRow, toPayload, updateField, type BuilderForm } from './builder.ts';

const text = (id: string): CustomFormField => ({ id, label: id, type: 'text' });
const form = (): BuilderForm => ({ title: 'Форма', fields: [text('a'), text('b'), text('c')], grid: [{ title: 'Первая', fields: ['a', 'b'] }, { title: null, fields: ['c'] }] });

describe('the builder', () => {
  it('moves a field within its row and between rows, by drop position or one step at a time', () => {
    expect(moveField(form(), 'b', 0, 0).grid[0]!.fields).toEqual(['b', 'a']);
    expect(moveField(form(), 'a', 1, 1).grid.map((row) => row.fields)).toEqual([['b'], ['c', 'a']]);
    // A step past the row's edge goes into the next row, at its near end.
    expect(moveFieldBy(form(), 'b', 1).grid.map((row) => row.fields)).toEqual([['a'], ['b', 'c']]);
    expect(moveFieldBy(form(), 'c', -1).grid.map((row) => row.fields)).toEqual([['a', 'b', 'c'], []]);
    expect(moveFieldBy(form(), 'a', -1)).toEqual(form());
  });

  it('adds fields valid for their type, renames ids everywhere, removes rows without losing fields', () => {
    const withPhone = addField(form(), 1, newField('phone', 'Телефон', form().fields));
    expect(withPhone.fields.at(-1)).toEqual({ id: 'phone_1', label: 'Телефон', type: 'phone', required: false, phone_codes: ['ru'], default_phone_code: 'ru' });
    expect(withPhone.grid[1]!.fields).toEqual(['c', 'phone_1']);
    const select = changeType(text('kind'), 'select', 'Вариант');
    expect(select.options).toEqual(['Вариант 1', 'Вариант 2']);
    const file = changeType({ ...text('doc'), placeholder: 'x' }, 'file');
    expect(file).toEqual({ id: 'doc', label: 'doc', type: 'file', max_files: 1, max_size: 5, accept: ['jpg', 'png', 'pdf'] });
    const renamed = updateField({ ...form(), fields: [...form().fields, { id: 'm', label: 'Модель', type: 'models', dependent_field: 'a' }], grid: [{ title: null, fields: ['a', 'b', 'c', 'm'] }] }, 'a', { ...text('a'), id: 'brand' });
    expect(renamed.grid[0]!.fields[0]).toBe('brand');
    expect(renamed.fields.find((field) => field.id === 'm')!.dependent_field).toBe('brand');
    expect(removeRow(form(), 1).grid).toEqual([{ title: 'Первая', fields: ['a', 'b', 'c'] }]);
    expect(removeField(form(), 'c').grid[1]!.fields).toEqual([]);
    expect(addRow(form()).grid).toHaveLength(3);
  });

  it('saves what the server accepts: each type with its own settings, every field in a row', () => {
    const payload = toPayload({ ...form(), fields: [...form().fields, { ...text('d'), options: ['лишнее'] }] });
    expect(payload.fields.at(-1)).toEqual(text('d'));
    expect(payload.grid.at(-1)!.fields).toEqual(['c', 'd']);
    expect(customFormUpdate.safeParse(payload).success).toBe(true);
  });
});
