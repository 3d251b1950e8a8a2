import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddressReason, checkUrl, safeFetch, SafeFetchError } from './safe-fetch.ts';

/** A local server whose routes the tests pick; reached only through the test allowance. */
let server: http.Server;
let base: string;
let flaky = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return res.end('hello');
    if (url.pathname === '/big') return res.end('x'.repeat(5000));
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' });
      return res.end();
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (url.pathname === '/flaky') {
      flaky++;
      res.statusCode = flaky < 3 ? 503 : 200;
      return res.end(`try ${flaky}`);
    }
    if (url.pathname === '/hang') return; // never answers
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const allow = { allowHosts: ['127.0.0.1'] };
async function refusal(url: string, options = {}) {
  const error = await checkUrl(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(SafeFetchError);
  return (error as SafeFetchError).code;
}

describe('safe-fetch: the address guard', () => {
  it('refuses every non-public address and the IPv6 forms carrying one', async () => {
    const refused = [
      'http://127.0.0.1/',
      'http://localhost/',
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[ff02::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::127.0.0.1]/',
      'http://[::a00:1]/',
      'http://[64:ff9b::a00:1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[2002:7f00:1::]/',
      'http://[2002:c0a8:101::1]/',
    ];
    for (const url of refused) expect(await refusal(url), url).toBe('address_refused');
  });

  it('refuses hosts written as numbers in decimal, octal, hex and short forms', async () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f000001/', 'http://0x7f.0.0.1/', 'http://127.1/', 'http://017700000001/', 'http://134744072/']) {
      expect(await refusal(url), url).toBe('numeric_host');
    }
  });

  it('refuses schemes other than http and https, and text that is not a URL', async () => {
    expect(await refusal('file:///etc/passwd')).toBe('url_scheme');
    expect(await refusal('ftp://example.com/feed.xml')).toBe('url_scheme');
    expect(await refusal('gopher://example.com/')).toBe('url_scheme');
    expect(await refusal('not a url')).toBe('url_invalid');
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4010::200e', '::ffff:8.8.8.8', '2002:0808:0808::1']) {
      expect(blockedAddressReason(address), address).toBeNull();
    }
  });

  it('refuses 127.0.0.1 by default: the local server is reached only with the allowance', async () => {
    const error = await safeFetch(`${base}/ok`, { allowHosts: [] }).catch((e: SafeFetchError) => e);
    expect((error as SafeFetchError).code).toBe('address_refused');
    const response = await safeFetch(`${base}/ok`, allow);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('hello');
  });
});

describe('safe-fetch: redirects, limits and retries', () => {
  it('checks every redirect hop: a hop to a private or numeric address is refused', async () => {
    const ok = await safeFetch(`${base}/redirect?to=/ok`, allow);
    expect(ok.body.toString()).toBe('hello');
    const port = new URL(base).port;
    for (const [to, code] of [
      ['http://169.254.169.254/latest/meta-data/', 'address_refused'],
      [`http://[::1]:${port}/ok`, 'address_refused'],
      [`http://[::ffff:127.0.0.1]:${port}/ok`, 'address_refused'],
      [`http://2130706433:${port}/ok`, 'numeric_host'],
      ['file:///etc/passwd', 'url_scheme'],
    ]) {
      const error = await safeFetch(`${base}/redirect?to=${encodeURIComponent(to!)}`, allow).catch((e: SafeFetchError) => e);
      expect((error as SafeFetchError).code, to).toBe(code);
    }
  });

  it('stops endless redirects', async () => {
    const error = await safeFetch(`${base}/loop`, { ...allow, maxRedirects: 3 }).catch((e: SafeFetchError) => e);
    expect((error as SafeFetchError).code).toBe('too_many_redirects');
  });

  it('cuts a body larger than the limit', async () => {
    const error = await safeFetch(`${base}/big`, { ...allow, maxBytes: 1000 }).catch((e: SafeFetchError) => e);
    expect((error as SafeFetchError).code).toBe('too_large');
  });

  it('gives up on a server that does not answer in time', async () => {
    const error = await safeFetch(`${base}/hang`, { ...allow, timeoutMs: 300 }).catch((e: SafeFetchError) => e);
    expect((error as SafeFetchError).code).toBe('timeout');
  });

  it('retries transient failures with back-off, and not refusals', async () => {
    flaky = 0;
    const response = await safeFetch(`${base}/flaky`, { ...allow, retries: 3, retryDelayMs: 10 });
    expect(response.attempts).toBe(3);
    expect(response.body.toString()).toBe('try 3');
    flaky = 0;
    const error = await safeFetch(`${base}/flaky`, { ...allow, retries: 1, retryDelayMs: 10 }).catch((e: SafeFetchError) => e);
    expect((error as SafeFetchError).code).toBe('http_status');
    expect(flaky).toBe(2);
    const notFound = await safeFetch(`${base}/missing`, { ...allow, retries: 3, retryDelayMs: 10 }).catch((e: SafeFetchError) => e);
    expect((notFound as SafeFetchError).status).toBe(404);
  });
});
