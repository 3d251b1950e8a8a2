import { describe, expect, it } from 'vitest';
import { hasPort, isIpAddressHost, isUnderDomain, isValidHost, normalizeHost, subdomainFrom, transliterate } from './host.ts';
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
