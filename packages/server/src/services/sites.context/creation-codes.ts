import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SITE_CREATION_CODES, type JsonApiError } from '@dp/contracts';

/** The calls that create a site: the resource's create, both copies, fork and generate. */
const CREATION_ROUTES = new Set(['/sites', '/sites/:id/copy', '/sites/copy', '/sites/:id/fork', '/sites/generate']);

/** The creation code (spec 000 §8, second reading) of an error on a body field, if the field has one. */
export function creationCodeOf(error: JsonApiError): number | undefined {
  const field = /^\/data\/(?:attributes\/)?([a-z_]+)/.exec(error.source?.pointer ?? '')?.[1];
  return field !== undefined && Object.hasOwn(SITE_CREATION_CODES, field) ? SITE_CREATION_CODES[field as keyof typeof SITE_CREATION_CODES] : undefined;
}

/** Adds `meta.creation_code` to each error of a refused body that has one. */
export function withCreationCodes(body: { errors?: JsonApiError[] }) {
  for (const error of body.errors ?? []) {
    const code = creationCodeOf(error);
    if (code !== undefined) error.meta = { ...error.meta, creation_code: code };
  }
  return body;
}

/**
 * A 400 of a site's creation carries, beside each error's own code, the spec's creation code of
 * the field it points at (host 0, group 1, domain code 2), for API clients written against it.
 */
export function addCreationCodes(app: FastifyInstance, base: string) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 400 || request.method !== 'POST' || typeof payload !== 'string') return payload;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith(base) || !CREATION_ROUTES.has(url.slice(base.length))) return payload;
    try {
      return JSON.stringify(withCreationCodes(JSON.parse(payload) as { errors?: JsonApiError[] }));
    } catch {
      return payload;
    }
  });
}
