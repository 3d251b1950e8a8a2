import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  code,
  email,
  filterText,
  id,
  idList,
  integer,
  INT4_MAX,
  optionalMultiLineText,
  optionalText,
  outbound,
  outboundAddresses,
  password,
  phone,
  rawText,
  requiredText,
  url,
  verificationCode,
} from './fields.ts';
import { translateMessage } from './messages.ts';

const messagesOf = (schema: z.ZodType, value: unknown, lang: 'ru' | 'en' = 'en') => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => translateMessage(issue.message, lang));
};

const BROKEN = 'The field contains characters that are not allowed: control characters (such as NUL) or broken ones';
const SINGLE_LINE = 'The field must be a single line, without line breaks or tabs';

describe('text fields refuse what is not text', () => {
  const builders: [string, z.ZodType][] = [
    ['requiredText', requiredText(10_000)],
    ['optionalText', optionalText(10_000)],
    ['optionalMultiLineText', optionalMultiLineText(10_000)],
    ['rawText', rawText(10_000)],
    ['filterText', filterText(10_000)],
    ['email', email()],
    ['phone', phone()],
    ['url', url()],
    ['password', password()],
    ['code', code()],
    ['verificationCode', verificationCode()],
  ];

  it.each(builders)('%s: NUL, other control characters and lone surrogates, with one message only', (_name, schema) => {
    for (const bad of ['a\u0000b', '\u0000', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b', 'a\udc00', 'Ab1!\u0000xyz']) {
      expect(messagesOf(schema, bad), JSON.stringify(bad)).toEqual([BROKEN]);
    }
  });

  it('single-line text refuses tabs and line breaks; multi-line text keeps them', () => {
    for (const value of ['a\nb', 'a\tb', 'a\r\nb']) {
      expect(messagesOf(requiredText(), value), JSON.stringify(value)).toEqual([SINGLE_LINE]);
      expect(messagesOf(optionalMultiLineText(), value), JSON.stringify(value)).toEqual([]);
    }
    expect(optionalMultiLineText().parse('  first\n\tsecond  ')).toBe('first\n\tsecond');
    expect(messagesOf(optionalMultiLineText(), 'a\u0000\nb')).toEqual([BROKEN]);
  });

  it('keeps real text: Cyrillic, emoji (surrogate pairs), quotes', () => {
    for (const ok of ['Иван Петров', 'Автосалон 🚗', '"Кавычки" & <угол>', 'e\u0301']) expect(messagesOf(requiredText(), ok), ok).toEqual([]);
  });

  it('speaks Russian by default', () => {
    expect(messagesOf(requiredText(), 'a\u0000', 'ru')).toEqual(['Поле содержит недопустимые символы: управляющие (например, нулевой) или повреждённые']);
    expect(messagesOf(requiredText(), 'a\nb', 'ru')).toEqual(['Поле должно быть одной строкой, без переводов строки и табуляции']);
  });
});

describe('ids and integers are strict and bounded by int4', () => {
  it('accepts JSON numbers and plain digit strings', () => {
    expect(id().parse(1)).toBe(1);
    expect(id().parse('42')).toBe(42);
    expect(id().parse(String(INT4_MAX))).toBe(INT4_MAX);
    expect(integer(0, 10).parse('0')).toBe(0);
  });

  it('refuses 0x1, 1e3, " 1", "1.0", "01", "+1", "" and other non-digits as whole numbers', () => {
    for (const bad of ['0x1', '1e3', ' 1', '1 ', '1.0', '01', '+1', 'abc', '', '１', 'Infinity', 'NaN']) {
      expect(messagesOf(id(), bad), JSON.stringify(bad)).toEqual(['The value must be a whole number']);
    }
    expect(messagesOf(id(), 1.5)).toEqual(['The value must be a whole number']);
  });

  it('refuses 0, -1, 2^31 and 2^53 with one message each', () => {
    expect(messagesOf(id(), 0)).toEqual(['The value must be at least 1']);
    expect(messagesOf(id(), '-1')).toEqual(['The value must be at least 1']);
    for (const big of [2 ** 31, '2147483648', 2 ** 53, '9007199254740992', 1e300]) {
      expect(messagesOf(id(), big), String(big)).toEqual(['The value must be at most 2147483647']);
    }
  });

  it('a missing id is required; a custom message replaces every other', () => {
    expect(messagesOf(z.object({ id: id() }), {})).toEqual(['This field is required']);
    expect(messagesOf(integer(1, 12, 'report_month'), '0x1')).toEqual(['The month must be a whole number from 1 to 12']);
    expect(messagesOf(integer(1, 12, 'report_month'), 13)).toEqual(['The month must be a whole number from 1 to 12']);
  });

  it('id lists are bounded in length', () => {
    expect(messagesOf(idList(3), [1, 2, 3, 4])).toEqual(['At most 3 items']);
    expect(messagesOf(idList(), [1, 2147483648])).toEqual(['The value must be at most 2147483647']);
  });
});

describe('fields of the same kind share one schema', () => {
  it('each set of bounds keeps its own rules, whatever was asked before', () => {
    expect(requiredText(3)).toBe(requiredText(3));
    expect(requiredText(3).safeParse('abcd').success).toBe(false);
    expect(requiredText(5).safeParse('abcd').success).toBe(true);
    expect(integer(1, 10).safeParse(11).success).toBe(false);
    expect(integer(1, 20).safeParse(11).success).toBe(true);
    expect(integer(1, 10, 'своё').safeParse(11).error?.issues[0]?.message).toBe('своё');
    expect(integer(1, 10).safeParse(11).error?.issues[0]?.message).not.toBe('своё');
  });

  it('an address marked outbound is a copy: the other fields of its kind stay unmarked', () => {
    const marked = outbound(requiredText(300), 'host');
    expect(outboundAddresses.get(marked)).toEqual({ kind: 'host' });
    expect(outboundAddresses.has(requiredText(300))).toBe(false);
    expect(marked.safeParse('smtp.example.ru').success).toBe(true);
    expect(marked.safeParse('').success).toBe(false);
  });
});
