import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { t } from '@dp/contracts';
import { errorBody } from './errors.ts';
import { sendIndexHtml } from './browser-protection.ts';

/** The Cache-Control of hashed build output: its name changes whenever its content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Vite names every file under assets/ by its content hash, so a name never changes content: the
 * browser keeps it a year without asking again. Anything else (favicon.svg) is revalidated.
 */
const staticCacheHeaders = (webDist: string) => (response: { setHeader(name: string, value: string): unknown }, filePath: string) => {
  const hashed = path.relative(webDist, filePath).split(path.sep)[0] === 'assets';
  response.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
};

/** The built SPA: files as they are, every other non-API path gets index.html (client routing). */
export function serveWeb(app: FastifyInstance, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  // wildcard: files are looked up per request, so a rebuilt web is served without a restart.
  if (hasWeb) {
    // preCompressed: the build writes .br and .gz beside each asset (packages/web/precompress.ts),
    // sent as they are to a browser that accepts them.
    // The build's source maps stay on the server (error collection maps stack traces with them): never served.
    app.register(fastifyStatic, { root: webDist!, wildcard: true, index: false, preCompressed: true, cacheControl: false, setHeaders: staticCacheHeaders(webDist!), allowedPath: (pathName) => !/\.map$/i.test(pathName) });
    // The page always goes through sendIndexHtml, which gives it this reply's CSP nonce.
    for (const url of ['/', '/index.html']) app.get(url, { schema: { hide: true } }, (_request, reply) => sendIndexHtml(reply, index!));
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (asked for by a page built before the last build) is a 404, never index.html.
    const apiPath = request.url.startsWith('/gateway/') || request.url.startsWith('/docs') || request.url.startsWith('/assets/');
    if (!apiPath && request.method === 'GET' && hasWeb) return sendIndexHtml(reply, index!);
    return reply.status(404).send(errorBody([{ status: '404', code: 'route_not_found', title: t('route_not_found', request.lang ?? 'ru') }]));
  });
}
