import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from './config.ts';

/**
 * One nonce per reply for the <style> tags antd's CSS-in-JS injects: the CSP header allows it and
 * the served index.html hands it to the web (meta csp-nonce). Kept per raw response.
 */
const nonces = new WeakMap<ServerResponse, string>();

/**
 * Nonces are cut from a pool of random bytes filled 1024 nonces at a time: the same randomness,
 * without a system call and a buffer per reply (a fifth of the CPU of a cached GET /me).
 */
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let poolAt = 0;
function freshNonce(): string {
  if (poolAt >= pool.length) {
    pool = randomBytes(NONCE_BYTES * 1024);
    poolAt = 0;
  }
  poolAt += NONCE_BYTES;
  return pool.toString('base64', poolAt - NONCE_BYTES, poolAt);
}

export function styleNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(response, nonce);
  }
  return nonce;
}

/** Stands for the nonce in the headers computed once; replaced by each reply's own. */
const NONCE_MARK = 'nonce-placeholder-0';

const helmetOptions = (config: Pick<Config, 'publicUrl'>): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", `'nonce-${NONCE_MARK}'`],
      // antd and the API description draw a few icons as data: URLs.
      'img-src': ["'self'", 'data:'],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Not includeSubDomains: dealer sites may live on subdomains with their own TLS decisions.
  strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
});

/**
 * The headers @fastify/helmet sends with these options, computed once on a throwaway instance:
 * helmet builds and validates its policy on every reply, which cost a tenth of a cached call.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const reply = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !skip.has(name)).map(([name, value]) => [name, String(value)]));
}

/**
 * The browser-facing headers of every reply (DESIGN §9; docs/decisions/admin-web.md, "Which headers
 * protect the browser?"): a strict CSP (scripts and styles from this origin only, plus
 * nonce-bearing styles; never framed), nosniff, a referrer policy, HSTS when served over https, and
 * no-store on the API, whose replies all carry tokens or personal data.
 */
export async function registerBrowserProtection(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  const headers = await helmetHeaders(helmetOptions(config));
  const policy = headers['content-security-policy']!;
  if (!policy.includes(NONCE_MARK)) throw new Error('the CSP lost its style nonce');
  delete headers['content-security-policy'];
  const [before, after] = policy.split(NONCE_MARK) as [string, string];
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    reply.header('content-security-policy', before + styleNonce(reply.raw) + after);
    if (request.url.startsWith('/gateway/')) reply.header('cache-control', 'no-store');
  });
}

const isHttps = (url: string) => url.toLowerCase().startsWith('https:');

/**
 * index.html with this reply's style nonce in `<meta name="csp-nonce">`, read per request so a
 * rebuilt web is served without a restart. no-cache: the page is revalidated on every load.
 */
export async function sendIndexHtml(reply: FastifyReply, indexPath: string) {
  const html = await fs.readFile(indexPath, 'utf8');
  const meta = `<meta name="csp-nonce" content="${styleNonce(reply.raw)}">`;
  const page = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : `${meta}${html}`;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
}
