import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authDataCreateBody, id, oidcStartBody } from '@dp/contracts';
import { z } from 'zod';
import type { ServiceContext } from '../../kit/context.ts';
import { toList } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { listAuthData } from './auth-data-record.ts';
import { requestMeta } from './auth.routes.ts';
import { bindAuthData } from './bind-auth-data.ts';
import { listProviders } from './oidc-providers.ts';
import { startOidc } from './start-oidc.ts';
import { unbindAuthData } from './unbind-auth-data.ts';

const BASE = '/gateway/auth.processing/api/v1';
const tags = ['auth.processing'];

/**
 * External sign-in (OpenID Connect): the configured providers, the start of a sign-in or a
 * binding, and the caller's own bindings (GET/POST /api/v1/auth_data, DELETE /auth_data/{id}).
 * The sign-in itself is POST /api/v1/auth with method "oidc" (auth.routes.ts).
 */
export function registerAuthDataRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${BASE}/auth/providers`, { schema: { tags, summary: 'External sign-in providers (public)' } }, async () => ({
    data: listProviders(ctx.config),
  }));

  r.post(`${BASE}/auth/oidc/start`, { schema: { tags, summary: 'Start an external sign-in or binding', body: oidcStartBody } }, async (request) => ({
    data: await startOidc(ctx, request.auth, request.body.data, requestMeta(request)),
  }));

  r.get(`${BASE}/auth_data`, { schema: { tags, summary: 'Own external sign-in bindings' } }, async (request) => {
    const records = await listAuthData(ctx.db, ctx.config, requireAuth(request.auth).userId);
    return toList(records, { number: 1, size: records.length, total: records.length });
  });

  r.post(`${BASE}/auth_data`, { schema: { tags, summary: 'Bind the external identity the provider confirmed', body: authDataCreateBody } }, async (request, reply) => {
    const { created, record } = await bindAuthData(ctx, requireAuth(request.auth), request.body.data, requestMeta(request));
    return reply.status(created ? 201 : 200).send({ data: record });
  });

  r.delete(
    `${BASE}/auth_data/:id`,
    { schema: { tags, summary: 'Remove an own binding', params: z.strictObject({ id: id() }) } },
    async (request, reply) => {
      await unbindAuthData(ctx, requireAuth(request.auth), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );
}
