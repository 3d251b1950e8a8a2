import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

const AUTH = '/gateway/auth.processing/api/v1';
const ME = '/gateway/clients.storage/api/v1/me';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Dealer Platform</title></head><body></body></html>');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The CSP header as directive -> sources. */
function csp(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const metaNonce = (html: string) => /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];

function expectBrowserHeaders(response: LightMyRequestResponse) {
  const policy = csp(response);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('the admin page', () => {
  it('carries the strict CSP with a fresh style nonce that the page repeats in its meta', async () => {
    const nonces: string[] = [];
    for (const url of ['/', '/clients.storage/clients/', '/index.html']) {
      const page = await t.request('GET', url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Dealer Platform');
      expectBrowserHeaders(page);
      expect(page.headers['cache-control']).toBe('no-cache');
      const nonce = metaNonce(page.body);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp(page)['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('sends no HSTS when the public address is plain http', async () => {
    expect(t.config.publicUrl).toMatch(/^http:/);
    expect((await t.request('GET', '/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the API', () => {
  it('answers with the browser headers and no-store on sign-in, refresh, me and errors', async () => {
    const user = await t.createUser({});
    const signIn = await t.request('POST', `${AUTH}/auth`, { body: { data: { method: 'password', identity: user.email, secret: 'Test-Pass1!' } } });
    expect(signIn.statusCode).toBe(200);
    const refresh = await t.request('POST', `${AUTH}/refresh`, { body: { data: { refresh_token: signIn.json().data.refresh_token } } });
    expect(refresh.statusCode).toBe(200);
    const me = await t.request('GET', ME, { token: refresh.json().data.access_token });
    expect(me.statusCode).toBe(200);
    const refused = await t.request('GET', ME);
    expect(refused.statusCode).toBe(401);
    const unknown = await t.request('GET', '/gateway/clients.storage/api/v1/nothing');
    expect(unknown.statusCode).toBe(404);
    for (const reply of [signIn, refresh, me, refused, unknown]) {
      expectBrowserHeaders(reply);
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('accepts the bearer scheme in any case', async () => {
    const user = await t.createUser({});
    const { access_token } = await t.signIn(user.email);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect((await t.request('GET', ME, { headers: { authorization: `${scheme} ${access_token}` } })).statusCode).toBe(200);
    }
    expect((await t.request('GET', ME, { headers: { authorization: `Basic ${access_token}` } })).statusCode).toBe(401);
  });
});

describe('the API description', () => {
  it('/docs keeps working under the same headers', async () => {
    const page = await t.request('GET', '/docs/');
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page);
    const spec = await t.request('GET', '/docs/json');
    expect(spec.statusCode).toBe(200);
    expectBrowserHeaders(spec);
  });
});

describe('HSTS', () => {
  it('is sent when the public address is https', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://admin.dealer.test' });
    try {
      const reply = await secure.request('GET', '/healthz');
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
