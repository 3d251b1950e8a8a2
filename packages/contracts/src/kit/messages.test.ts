import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { email, password, phone, url, latin, requiredText, verificationCode } from './fields.ts';
import { translateMessage, pickLang, t } from './messages.ts';

const messageOf = (schema: z.ZodType, value: unknown, lang: 'ru' | 'en' = 'ru') => {
  const result = schema.safeParse(value);
  return result.success ? null : translateMessage(result.error.issues[0]!.message, lang);
};

describe('validation messages (spec 000 §5)', () => {
  it('required, in both languages, for a missing value and an empty string', () => {
    const schema = z.object({ name: requiredText(10) });
    expect(translateMessage(schema.safeParse({}).error!.issues[0]!.message, 'ru')).toBe('Это поле обязательно для заполнения');
    expect(messageOf(requiredText(10), '   ', 'en')).toBe('This field is required');
    expect(messageOf(z.array(z.number()).min(1), [])).toBe('Это поле обязательно для заполнения');
  });

  it('maximum length with the number', () => {
    expect(messageOf(requiredText(200), 'x'.repeat(201))).toBe('Поле должно состоять из 200 знаков или меньше');
    expect(messageOf(requiredText(200), 'x'.repeat(201), 'en')).toBe('The field must be 200 characters or fewer');
  });

  it('e-mail format and its local part of at most 63 characters', () => {
    expect(messageOf(email(), 'not-an-email')).toBe('Неправильный формат email');
    expect(messageOf(email(), `${'a'.repeat(64)}@dealer.ru`)).toBe('Часть адреса до @ должна быть не длиннее 63 знаков');
    expect(email().parse(' Manager@Dealer.RU ')).toBe('manager@dealer.ru');
  });

  it('Russian phone formats starting 8, 7 or +7, or the 10 digits alone', () => {
    for (const ok of ['+7 (912) 345-67-89', '89123456789', '7 912 345 67 89', '+79123456789', '9123456789']) expect(messageOf(phone(), ok), ok).toBeNull();
    for (const bad of ['12345', '+1 212 555 0100', '1123456789', '+7 912 345 67 8']) expect(messageOf(phone(), bad), bad).toBe('Неправильный формат телефона: +7, 7 или 8 и 10 цифр');
  });

  it('URL with http, https or ftp', () => {
    for (const ok of ['https://dealer.ru/cars', 'http://a.ru', 'ftp://files.dealer.ru/x']) expect(messageOf(url(), ok), ok).toBeNull();
    expect(messageOf(url(), 'javascript:alert(1)', 'en')).toBe('Invalid URL format');
  });

  it('password: 8+ characters with a capital letter, a digit and a special character', () => {
    expect(messageOf(password(), 'Strong-Pass1')).toBeNull();
    for (const weak of ['short1!', 'nocapital1!', 'NoDigits!!', 'NoSpecial12']) {
      expect(messageOf(password(), weak, 'en'), weak).toBe('The password must be at least 8 characters long and contain a capital letter, a digit and a special character');
    }
  });

  it('Latin only, and the verification code rule', () => {
    expect(messageOf(latin(), 'Кириллица')).toBe('Допустимы только латинские буквы');
    expect(messageOf(latin(), 'Latin')).toBeNull();
    expect(messageOf(verificationCode(), 'ab c')).toBe('Код не должен содержать пробелы, кавычки, угловые скобки и кириллицу');
    expect(messageOf(verificationCode(), '<b>')).not.toBeNull();
    expect(messageOf(verificationCode(), 'код')).not.toBeNull();
  });

  it('picks ru by default and en from Accept-Language; fills parameters', () => {
    expect(pickLang(undefined)).toBe('ru');
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('de-DE')).toBe('ru');
    expect(t('too_many_requests', 'en', { seconds: 30 })).toBe('Too many attempts. Try again in 30 s');
    expect(translateMessage('text that is no key', 'en')).toBe('text that is no key');
  });
});

describe('numbers in messages', () => {
  it('give the word the form the number needs, in Russian and English', () => {
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => t('form_file_count', 'ru', { count }))).toEqual([
      'Не больше 1 файла',
      'Не больше 2 файлов',
      'Не больше 5 файлов',
      'Не больше 11 файлов',
      'Не больше 21 файла',
      'Не больше 22 файлов',
      'Не больше 25 файлов',
    ]);
    expect([1, 3].map((count) => t('module_in_use', 'ru', { count }))).toEqual(['Модуль подключён к 1 сайту: сначала отключите его', 'Модуль подключён к 3 сайтам: сначала отключите его']);
    expect([1, 2].map((count) => t('form_file_count', 'en', { count }))).toEqual(['At most 1 file', 'At most 2 files']);
  });

  it('leave a token whose parameter is missing as it is, and write {name:n} the way of the language', () => {
    expect(t('form_file_count', 'en')).toBe('At most {count} {count:file|files}');
    expect(t('file_cell_too_long', 'ru', { cell: 'B2', max: 10000 })).toBe('Ячейка B2 длиннее 10\u00a0000 символов');
  });
});
