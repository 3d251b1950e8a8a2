import { describe, expect, it } from 'vitest';
import { isSitePath, redirectToUri } from './redirect.resource.ts';

describe('redirect targets', () => {
  it('are a path of the site or an http(s) address, never a path that browsers read as another host', () => {
    for (const fine of ['/about', '/about?x=1#top', '/a//b', '/%D0%BD%D0%BE', 'https://new-dealer.example/cars', 'http://kia.ru']) {
      expect(redirectToUri().safeParse(fine).success, fine).toBe(true);
    }
    for (const off of ['//evil.example', '///evil.example/x', '/\\evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/%09/evil.example', '/%0a/evil.example', 'javascript:alert(1)', 'evil.example']) {
      expect(redirectToUri().safeParse(off).error?.issues[0]?.message, off).toBe('redirect_to_uri');
    }
  });

  it('isSitePath decodes once and refuses control characters and bad encodings', () => {
    expect(isSitePath('/')).toBe(true);
    expect(isSitePath('/%252F%252Fx')).toBe(true);
    expect(isSitePath('/%2F')).toBe(false);
    expect(isSitePath('/x%')).toBe(false);
    expect(isSitePath('/x\u007f')).toBe(false);
    expect(isSitePath('https://x.ru')).toBe(false);
  });
});
