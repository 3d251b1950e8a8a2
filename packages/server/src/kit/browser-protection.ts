import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from './config.ts';

/**
 * One nonce per reply for the <style> tags antd's CSS-in-JS injects: the CSP header allows it and
 * the served index.html hands it to the web (meta csp-nonce). Kept per raw response because
 * helmet builds the header from the raw objects.
 */
const nonces = new WeakMap<ServerResponse, string>();

export function styleNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}

/**
 * The browser-facing headers of every reply (DESIGN §9, docs/decisions.md "Browser-facing
 * protection"): a strict CSP (scripts and styles from this origin only, plus nonce-bearing
 * styles; never framed), nosniff, a referrer policy, HSTS when served over https, and no-store
 * on the API, whose replies all carry tokens or personal data.
 */
export async function registerBrowserProtection(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  await app.register(fastifyHelmet, {
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
        'style-src': ["'self'", (_request, response) => `'nonce-${styleNonce(response)}'`],
        // antd and the API description draw a few icons as data: URLs.
        'img-src': ["'self'", 'data:'],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Not includeSubDomains: dealer sites may live on subdomains with their own TLS decisions.
    strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', async (request, reply) => {
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
