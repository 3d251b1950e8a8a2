import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authWithClientBody, joinClientBody } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { requestMeta } from './auth.routes.ts';
import { switchClient } from './switch-client.ts';

const BASE = '/gateway/auth.processing/api/v1';
const tags = ['auth.processing'];

/** Client switching (spec 000 §4) and logging in as a client (§1, root). */
export function registerClientSwitchRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${BASE}/auth_with_client`,
    { schema: { tags, summary: 'Re-authenticate as another of your clients', body: authWithClientBody } },
    async (request) => ({
      data: await switchClient(ctx, requireAuth(request.auth), request.body.data.client_id, 'auth_with_client', requestMeta(request)),
    }),
  );

  r.post(
    `${BASE}/join_client`,
    { schema: { tags, summary: 'Log in as any client (internal users with root)', body: joinClientBody } },
    async (request) => ({
      data: await switchClient(ctx, requireAuth(request.auth), request.body.data.client_id, 'join_client', requestMeta(request)),
    }),
  );
}
