import { describe, expect, it } from 'vitest';
import { changePasswordBody, clientResource, email as emailField, meUpdateBody, restoreCodeBody, restorePasswordBody, passwordSignIn } from '@dp/contracts';
import { isRequired, sameAsRule, validateWith, zodRule } from './rules.ts';

const client = clientResource.create.shape;
const me = meUpdateBody.shape.data.shape.attributes.shape;
const password = changePasswordBody.shape.data.shape.new_password;
const email = restoreCodeBody.shape.data.shape.identity;

async function ruleMessage(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const validator = (rule as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator;
  try {
    await validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zod → antd rule adapter speaks the specification texts (spec 000 §5)', () => {
  it('required', async () => {
    expect(validateWith(client.name, undefined, 'ru')).toBe('Это поле обязательно для заполнения');
    expect(validateWith(client.name, '', 'en')).toBe('This field is required');
    expect(validateWith(client.name, '   ', 'ru')).toBe('Это поле обязательно для заполнения');
    expect(await ruleMessage(zodRule(client.name, 'ru'), undefined)).toBe('Это поле обязательно для заполнения');
    expect(await ruleMessage(zodRule(client.name, 'ru'), 'Автодом')).toBeNull();
    expect(isRequired(client.name)).toBe(true);
    expect(isRequired(client.holding)).toBe(false);
  });

  it('max length', () => {
    expect(validateWith(client.name, 'x'.repeat(256), 'ru')).toBe('Поле должно состоять из 255 знаков или меньше');
    expect(validateWith(client.name, 'x'.repeat(256), 'en')).toBe('The field must be 255 characters or fewer');
    expect(validateWith(client.name, 'x'.repeat(255), 'en')).toBeNull();
  });

  it('e-mail', () => {
    expect(validateWith(emailField(), 'not-an-email', 'ru')).toBe('Неправильный формат email');
    expect(validateWith(emailField(), 'not-an-email', 'en')).toBe('Invalid email format');
    expect(validateWith(emailField(), `${'a'.repeat(64)}@x.ru`, 'ru')).toBe('Часть адреса до @ должна быть не длиннее 63 знаков');
    expect(validateWith(emailField(), 'Admin@Platform.test', 'ru')).toBeNull();
    const schema = restorePasswordBody.shape.data.shape.identity;
    expect(validateWith(schema, '', 'ru')).toBe('Это поле обязательно для заполнения');
    expect(validateWith(passwordSignIn.shape.identity, 'admin@platform.test', 'ru')).toBeNull();
    expect(email).toBeDefined();
  });

  it('phone', () => {
    expect(validateWith(me.phone, '12345', 'ru')).toBe('Неправильный формат телефона: +7, 7 или 8 и 10 цифр');
    expect(validateWith(me.phone, '12345', 'en')).toBe('Invalid phone number: +7, 7 or 8 followed by 10 digits');
    expect(validateWith(me.phone, '+7 (999) 123-45-67', 'ru')).toBeNull();
    expect(validateWith(me.phone, '89991234567', 'ru')).toBeNull();
    expect(validateWith(me.phone, '', 'ru')).toBeNull(); // optional
  });

  it('password', () => {
    expect(validateWith(password, 'short', 'ru')).toBe(
      'Пароль должен быть не короче 8 знаков и содержать заглавную букву, цифру и специальный символ',
    );
    expect(validateWith(password, 'longenough1!', 'en')).toBe(
      'The password must be at least 8 characters long and contain a capital letter, a digit and a special character',
    );
    expect(validateWith(password, 'Longenough1!', 'en')).toBeNull();
    expect(validateWith(password, undefined, 'en')).toBe('This field is required');
  });

  it('code format and repeated password', async () => {
    expect(validateWith(client.code, 'код', 'ru')).toBe('Допустимы латинские буквы, цифры, «-» и «_»');
    const rule = sameAsRule('new_password', 'ru')({ getFieldValue: () => 'Secret-1' } as never);
    await expect((rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, 'Secret-2')).rejects.toThrow('Пароли не совпадают');
    await expect((rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, 'Secret-1')).resolves.toBeUndefined();
    const en = sameAsRule('new_password', () => 'en')({ getFieldValue: () => 'a' } as never);
    await expect((en as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, 'b')).rejects.toThrow('Passwords do not match');
  });
});
