import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_ROUTES } from '@dp/contracts';
import { buildTestApp, PASSWORD, type TestApp } from './test/test-app.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Dealer Platform</title>');
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the app', () => {
  it('/docs describes every route of the gateway table', async () => {
    const spec = (await t.request('GET', '/docs/json')).json();
    const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{id\}/g, '{id}')}`),
    );
    for (const route of DEFAULT_API_ROUTES) expect(documented).toContain(`${route.method} /gateway/${route.service}${route.path}`);
    expect(spec.paths['/gateway/clients.storage/api/v1/clients'].post.requestBody).toBeTruthy();
    expect((await t.request('GET', '/docs/')).statusCode).toBe(200);
  });

  it('serves the SPA for its own routes and files, and JSON 404 below /gateway', async () => {
    const index = await t.request('GET', '/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('Dealer Platform');
    const page = await t.request('GET', '/clients.storage/clients/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dealer Platform');
    expect((await t.request('GET', '/app.js')).body).toBe('console.log(1)');
    // A rebuilt web is served without a restart.
    fs.writeFileSync(path.join(webDist, 'app-2.js'), 'console.log(2)');
    const rebuilt = await t.request('GET', '/app-2.js');
    expect(rebuilt.body).toBe('console.log(2)');
    expect(rebuilt.headers['content-type']).toMatch(/javascript/);
    const api = await t.request('GET', '/gateway/clients.storage/api/v1/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('route_not_found');
  });

  it('/healthz answers 200 while the database answers, 503 when it does not', async () => {
    expect((await t.request('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const other = await buildTestApp();
    const inject = other.app.inject.bind(other.app);
    await other.database.close();
    const down = await inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    await other.close();
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildTestApp({ logLevel: 'debug', logStream: stream });
    try {
      const user = await logged.createUser({});
      const session = await logged.signIn(user.email);
      const refreshed = await logged.request('POST', '/gateway/auth.processing/api/v1/refresh', { body: { data: { refresh_token: session.refresh_token } } });
      await logged.request('GET', '/gateway/clients.storage/api/v1/me', { token: refreshed.json().data.access_token });
      await logged.request('POST', '/gateway/auth.processing/api/v1/auth', { body: { data: { method: 'password', identity: user.email, secret: 'Wrong-Secret9!' } } });
      const output = lines.join('');
      expect(output).toContain('incoming request');
      for (const secret of [PASSWORD, 'Wrong-Secret9!', session.access_token, session.refresh_token, refreshed.json().data.refresh_token]) {
        expect(output).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
