import { describe, expect, it } from 'vitest';
import { domainToASCII, domainToUnicode } from 'node:url';
import { displayHost, hasPort, isIpAddressHost, isUnderDomain, isValidHost, normalizeHost, subdomainFrom, transliterate } from './host.ts';
import { siteResource } from './site.resource.ts';
import { siteVersionBody } from './site-actions.ts';

describe('host names (spec 000 §5)', () => {
  it('normalises: lowercase, no scheme, path or port, only letters, digits, dot and hyphen', () => {
    expect(normalizeHost(' HTTPS://Kia.Example.ru:8080/path?q=1 ')).toBe('kia.example.ru');
    expect(normalizeHost('škoda--ladoga..ru.')).toBe(new URL('http://škoda-ladoga.ru').hostname);
    expect(normalizeHost('my site_1.ru')).toBe('my-site-1.ru');
    expect(normalizeHost('!!!')).toBe('');
    expect(transliterate('Қазақ Әлем')).toBe('kazak alem');
  });

  it('keeps an internationalised domain: stored in punycode as browsers send it, shown in its own script', () => {
    const stored = normalizeHost('Haval-Тест.РФ');
    expect(stored).toBe(domainToASCII('haval-тест.рф'));
    expect(stored).toMatch(/^xn--haval--[a-z0-9]+\.xn--p1ai$/);
    expect(isValidHost(stored)).toBe(true);
    expect(displayHost(stored)).toBe('haval-тест.рф');
    expect(normalizeHost(displayHost(stored))).toBe(stored);
    expect(normalizeHost('мой сайт_1.рф')).toBe(new URL('http://мой-сайт-1.рф').hostname);
    for (const host of ['автоград-север.рф', 'қазақ.kz', 'щука-ёж.бел', 'kia.ru', 'münchen.de', 'ключ.москва']) {
      const punycode = normalizeHost(host);
      expect(punycode, host).toMatch(/^[a-z0-9.-]+$/);
      expect(displayHost(punycode), host).toBe(domainToUnicode(punycode));
    }
    expect(displayHost('xn--zz.ru')).toBe('xn--zz.ru');
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
    const parsed = siteResource.update.safeParse({ host: 'Киа.РФ', technical_host: '' });
    expect(parsed.success && parsed.data).toEqual({ host: domainToASCII('киа.рф'), technical_host: null });
    expect(siteResource.update.safeParse({ host: '...' }).success).toBe(false);
    expect(siteVersionBody.safeParse({ data: { version: 3 } }).error?.issues[0]?.message).toBe('unexpected_site_version');
  });

  it('refuses an IP address or a port instead of normalising them away', () => {
    for (const ip of ['127.0.0.1', ' http://127.0.0.1/ ', '10.0.0.1:8080', '127.1', '0x7f.1', '[::1]', '[::1]:3000', '::1', 'fe80::1']) {
      expect(isIpAddressHost(ip), ip).toBe(true);
      expect(siteResource.update.safeParse({ host: ip }).error?.issues[0]?.message, ip).toBe('host_ip_address');
    }
    for (const ported of ['kia.ru:8080', 'https://kia.ru:443/path', 'kia.ru:']) {
      expect(hasPort(ported), ported).toBe(true);
      expect(siteResource.update.safeParse({ technical_host: ported }).error?.issues[0]?.message, ported).toBe('host_port');
    }
    for (const fine of ['kia.ru', 'https://kia.ru/path?x=1:2', '1kia.ru', 'kia1.ru', 'a.b.c.example']) {
      expect([isIpAddressHost(fine), hasPort(fine)], fine).toEqual([false, false]);
      expect(siteResource.update.safeParse({ host: fine }).success, fine).toBe(true);
    }
    expect(isValidHost('127.0.0.1')).toBe(false);
    expect(isValidHost('kia.123')).toBe(false);
  });
});
