import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, optionalPhone, phone, writtenPhone } from './fields.ts';

describe('the Russian phone normaliser', () => {
  it('turns every accepted format into +7 and the 10 digits', () => {
    const formats = [
      '9161112233',
      '89161112233',
      '79161112233',
      '+79161112233',
      '8 916 111 22 33',
      '8 (916) 111-22-33',
      '+7 (916) 111-22-33',
      '7-916-111-22-33',
      '+7(916)1112233',
      '(916) 111-22-33',
      '916 111 22 33',
      ' 8.916.111.22.33 ',
    ];
    for (const format of formats) expect(normalizePhone(format), format).toBe('+79161112233');
    expect(normalizePhone('8 800 555-35-35')).toBe('+78005553535');
    expect(normalizePhone('(843) 200-00-00')).toBe('+78432000000');
  });

  it('refuses what is not a Russian phone', () => {
    const bad = ['', '12345', '916111223', '991611122334', '+89161112233', '+1 212 555 0100', '1161112233', '0161112233', '+7 916 111 22 3', '8916111223a', '8 916 111 22 33 доб. 5', '++79161112233', '+7 916 111 22 33 44'];
    for (const value of bad) expect(normalizePhone(value), value).toBeNull();
  });

  it('is what the phone fields store, with the message of spec 000 §5 for the rest', () => {
    expect(phone().parse('8 (916) 111-22-33')).toBe('+79161112233');
    expect(optionalPhone().parse('')).toBeNull();
    expect(optionalPhone().parse('916 111 22 33')).toBe('+79161112233');
    expect(phone().safeParse('12345').error?.issues[0]?.message).toBe('phone');
    // An editor's phone for visitors is checked the same way and kept as written.
    expect(writtenPhone().parse('8 800 555-35-35')).toBe('8 800 555-35-35');
  });

  it("shows a stored phone in the site's format", () => {
    expect(formatPhone('+79161112233', '+7 (XXX) XXX-XX-XX')).toBe('+7 (916) 111-22-33');
    expect(formatPhone('+79161112233', '8 (XXX) XXX-XX-XX')).toBe('8 (916) 111-22-33');
    expect(formatPhone('+79161112233', 'XXXXXXXXXXX')).toBe('79161112233');
    // A phone stored before the normaliser, typed as the visitor liked, is shown in the format too.
    expect(formatPhone('8 916 111-22-33', '+7 XXX XXX XX XX')).toBe('+7 916 111 22 33');
    expect(formatPhone('+79161112233', null)).toBe('+7 (916) 111-22-33');
    expect(formatPhone('+79161112233', 'XXX')).toBe('+79161112233');
    expect(formatPhone('+375 29 123-45-67', '+7 (XXX) XXX-XX-XX')).toBe('+375 29 123-45-67');
    expect(formatPhone(null, '+7 (XXX) XXX-XX-XX')).toBe('');
  });
});
