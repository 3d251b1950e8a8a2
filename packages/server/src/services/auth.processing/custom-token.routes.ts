import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customTokenCreateBody, id, integer } from '@dp/contracts';
import { z } from 'zod';
import type { ServiceContext } from '../../kit/context.ts';
import { pageFromQuery, toList } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { createCustomToken } from './create-custom-token.ts';
import { listCustomTokens, refuseTokenCaller } from './custom-token-record.ts';
import { deleteCustomToken } from './delete-custom-token.ts';

const BASE = '/gateway/auth.processing/api/v1/custom_tokens';
const tags = ['auth.processing'];

/** GET/POST /api/v1/custom_tokens, DELETE /api/v1/custom_tokens/{id} (permission custom_tokens.view). */
export function registerCustomTokenRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Custom tokens of the clients the caller may see (never their values)',
        querystring: z.strictObject({
          'page[number]': integer(1).optional(),
          'page[size]': integer(1, 500).optional(),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      refuseTokenCaller(auth);
      const page = pageFromQuery(request.query, { size: 20, max: 500 });
      const { records, total } = await listCustomTokens(ctx.db, auth, page);
      return toList(records, { number: page.number, size: page.size, total });
    },
  );

  r.post(BASE, { schema: { tags, summary: 'Create a token: its value is in this answer only', body: customTokenCreateBody } }, async (request, reply) => {
    const record = await createCustomToken(ctx, requireAuth(request.auth), request.body.data, { ip: request.ip ?? null });
    return reply.status(201).send({ data: record });
  });

  r.delete(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Revoke a token at once', params: z.strictObject({ id: id() }) } },
    async (request, reply) => {
      await deleteCustomToken(ctx, requireAuth(request.auth), request.params.id, { ip: request.ip ?? null });
      return reply.status(204).send();
    },
  );
}
