import { describe, expect, it } from 'vitest';
import { siteUrl } from './data.ts';

const site = { host: 'kia-kazan.ru', technical_host: 'kia-kazan.localhost', use_http: false };

describe('the link that opens a site', () => {
  it('goes to the technical host on this server when the admin runs at localhost (the local driver)', () => {
    expect(siteUrl(site, { protocol: 'http:', hostname: 'localhost', port: '3000' })).toBe('http://kia-kazan.localhost:3000');
  });

  it('goes to the site\'s host by use_http elsewhere, else to its technical host', () => {
    const admin = { protocol: 'https:', hostname: 'admin.example.com', port: '' };
    expect(siteUrl(site, admin)).toBe('https://kia-kazan.ru');
    expect(siteUrl({ ...site, use_http: true }, admin)).toBe('http://kia-kazan.ru');
    expect(siteUrl({ host: null, technical_host: 'kia.dealers.example.com', use_http: false }, admin)).toBe('https://kia.dealers.example.com');
    expect(siteUrl({ host: null, technical_host: null, use_http: false }, admin)).toBeNull();
  });
});
