import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { nonceScriptedStyles, readCspNonce } from './csp.ts';

const NONCE = 'bm9uY2Utb2YtdGhpcy1wYWdl';

function addNonceMeta() {
  const meta = document.createElement('meta');
  meta.name = 'csp-nonce';
  meta.content = NONCE;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="csp-nonce"]').forEach((meta) => meta.remove());
  vi.resetModules();
});

describe('the CSP nonce of the page', () => {
  it('is read from the meta the server puts in index.html, and absent without it (Vite dev server)', () => {
    expect(readCspNonce()).toBeUndefined();
    addNonceMeta();
    expect(readCspNonce()).toBe(NONCE);
  });

  it("marks every <style> antd injects, so the page's CSP admits them", async () => {
    addNonceMeta();
    vi.resetModules();
    const { Providers } = await import('./Providers.tsx');
    render(
      <Providers>
        <Button type="primary">Сохранить</Button>
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeTruthy();
    const styles = [...document.head.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.nonce).toBe(NONCE);
  });
});

describe('styles created by scripts outside antd', () => {
  it('get the nonce (the scroll lock of modals and drawers), markup does not', () => {
    const doc = document.implementation.createHTMLDocument('page');
    nonceScriptedStyles(NONCE, doc);
    expect(doc.createElement('style').nonce).toBe(NONCE);
    expect(doc.createElement('div').nonce).toBeFalsy();
    doc.body.innerHTML = '<style>body{}</style>';
    expect(doc.querySelector('style')!.nonce).toBeFalsy();
  });

  it('are left alone without a nonce (Vite dev server)', () => {
    const doc = document.implementation.createHTMLDocument('page');
    const create = doc.createElement;
    nonceScriptedStyles(undefined, doc);
    expect(doc.createElement).toBe(create);
  });
});
