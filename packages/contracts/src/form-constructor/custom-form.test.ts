import { describe, expect, it } from 'vitest';
import { checkContent, fitsMask, isDate, isInn, NO_CHOICES, phoneFits, validationIssue, type CustomFormField } from './custom-form.ts';
import '../kit/messages.ts';
import { renderFormHtml as render } from './render-form.ts';

const field = (extra: Partial<CustomFormField>): CustomFormField => ({ id: 'x', label: 'X', type: 'text', ...extra });
const issue = (extra: Partial<CustomFormField>, value: string) => validationIssue(field(extra), value, new Date('2026-11-23T00:00:00Z'))?.key ?? null;

describe('custom form values (spec 002 §3 validation types)', () => {
  it('checks each validation type', () => {
    expect([issue({ validation_type: 'date' }, '29.02.2024'), issue({ validation_type: 'date' }, '30.02.2024')]).toEqual([null, 'form_value_date']);
    expect([issue({ validation_type: 'mileage' }, '150 000'), issue({ validation_type: 'mileage' }, '-5')]).toEqual([null, 'form_value_mileage']);
    expect([issue({ validation_type: 'time' }, '09:30'), issue({ validation_type: 'time' }, '25:00')]).toEqual([null, 'form_value_time']);
    expect([issue({ validation_type: 'range', min: 1, max: 5 }, '5'), issue({ validation_type: 'range', min: 1, max: 5 }, '6')]).toEqual([null, 'form_value_range']);
    expect([issue({ validation_type: 'vin' }, 'XW8AB000000000001'), issue({ validation_type: 'vin' }, 'XW8AB00000000000I')]).toEqual([null, 'request_vin']);
    expect([issue({ validation_type: 'year' }, '2027'), issue({ validation_type: 'year' }, '2028')]).toEqual([null, 'form_value_year']);
    expect([issue({ validation_type: 'length', min: 2, max: 3 }, 'abc'), issue({ validation_type: 'length', min: 2, max: 3 }, 'abcd')]).toEqual([null, 'max_length']);
    expect([isInn('7707083893'), isInn('7707083894'), isInn('500100732259'), isInn('123')]).toEqual([true, false, true, false]);
    expect([issue({ validation_type: 'cyrillic' }, 'Анна-Мария'), issue({ validation_type: 'cyrillic' }, 'Anna')]).toEqual([null, 'form_value_cyrillic']);
    expect([issue({ validation_type: 'phone' }, '8 916 555 12 34'), issue({ validation_type: 'phone' }, '+375 29 1234567')]).toEqual([null, 'phone']);
    expect(issue({ validation_type: 'phone_pattern', mask: '+7 (999) 999-99-99' }, '+7 (916) 555-12-34')).toBeNull();
    expect([fitsMask('AB-12', 'aa-99'), fitsMask('A1-12', 'aa-99'), isDate('2026-11-31')]).toEqual([true, false, false]);
  });

  it('takes phones of the offered country codes only', () => {
    expect(phoneFits('+375 29 123-45-67', ['by'])).toBe(true);
    expect(phoneFits('+375 29 123-45-67', ['ru', 'kz'])).toBe(false);
    expect(phoneFits('8 (916) 555-12-34', ['ru'])).toBe(true);
    expect(phoneFits('+372 5123 4567', ['ee'])).toBe(true);
    expect(phoneFits('+7 916 555', ['ru'])).toBe(false);
  });

  it('checks a submission against the form: required, choices, unknown keys, disabled fields, file counts', () => {
    const form = {
      fields: [
        field({ id: 'name', required: true }),
        field({ id: 'kind', type: 'select', options: ['A', 'B'] }),
        field({ id: 'agree', type: 'checkbox', required: true }),
        field({ id: 'locked', disabled: true }),
        field({ id: 'docs', type: 'file', max_files: 1, max_size: 1, accept: ['pdf'] }),
      ],
    };
    const token = 'a'.repeat(32);
    expect(checkContent(form, { name: ' Анна ', kind: 'B', agree: true, locked: 'x', docs: [token] }, NO_CHOICES)).toEqual({ values: { name: 'Анна', kind: 'B', agree: true, docs: [token] }, issues: [] });
    const { issues } = checkContent(form, { kind: 'C', agree: false, extra: 1, docs: [token, 'b'.repeat(32)] }, NO_CHOICES);
    expect(issues.map((one) => [one.field, one.key])).toEqual([['extra', 'unknown_field'], ['name', 'required'], ['kind', 'invalid_choice'], ['agree', 'required'], ['docs', 'form_file_count']]);
  });

  it('renders the form with every value escaped', () => {
    const html = render({ title: '<b>Форма</b>', fields: [field({ id: 'q', label: '<img src=x onerror=alert(1)>', placeholder: '"><script>' })], grid: [{ title: 'Ряд & <1>', fields: ['q'] }] }, { lang: 'ru', choices: NO_CHOICES, idPrefix: 'p', consentText: 'Согласен', showTitle: true });
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Ряд &amp; &lt;1&gt;');
  });
});
