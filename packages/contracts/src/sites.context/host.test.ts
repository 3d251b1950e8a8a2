import { describe, expect, it } from 'vitest';
import { isUnderDomain, isValidHost, normalizeHost, subdomainFrom, transliterate } from './host.ts';
import { siteResource } from './site.resource.ts';
import { siteVersionBody } from './site-actions.ts';

describe('host names (spec 000 §5)', () => {
  it('normalises: lowercase, transliterated, only a-z, 0-9, dot and hyphen', () => {
    expect(normalizeHost('Автоград-Север.РФ')).toBe('avtograd-sever.rf');
    expect(normalizeHost(' HTTPS://Kia.Example.ru:8080/path?q=1 ')).toBe('kia.example.ru');
    expect(normalizeHost('мой сайт_1.ру')).toBe('moy-sayt-1.ru');
    expect(normalizeHost('škoda--ladoga..ru.')).toBe('skoda-ladoga.ru');
    expect(normalizeHost('Щука-Ёж.kz')).toBe('shchuka-ezh.kz');
    expect(normalizeHost('!!!')).toBe('');
    expect(transliterate('Қазақ Әлем')).toBe('kazak alem');
  });

  it('checks domain names, subdomains made from names and the technical domain', () => {
    expect(isValidHost('kia.ru')).toBe(true);
    expect(isValidHost('localhost')).toBe(false);
    expect(isValidHost(`${'a'.repeat(64)}.ru`)).toBe(false);
    expect(subdomainFrom('Kia Север.Центр')).toBe('kia-sever-tsentr');
    expect(isUnderDomain('kia.localhost', 'localhost')).toBe(true);
    expect(isUnderDomain('localhost', 'localhost')).toBe(true);
    expect(isUnderDomain('mylocalhost.ru', 'localhost')).toBe(false);
  });

  it('normalises in the contract, so the server and the web agree', () => {
    const parsed = siteResource.update.safeParse({ host: 'Киа.РУ', technical_host: '' });
    expect(parsed.success && parsed.data).toEqual({ host: 'kia.ru', technical_host: null });
    expect(siteResource.update.safeParse({ host: '...' }).success).toBe(false);
    expect(siteVersionBody.safeParse({ data: { version: 3 } }).error?.issues[0]?.message).toBe('unexpected_site_version');
  });
});
