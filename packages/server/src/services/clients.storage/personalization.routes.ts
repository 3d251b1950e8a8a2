import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { personalizationCreateBody, personalizationUpdateBody } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { createPersonalization, getPersonalization, updatePersonalization, type PersonalizationRecord } from './personalization.ts';

const PATH = '/gateway/clients.storage/api/v1/personalization';
const tags = ['clients.storage'];

/** The caller's own record, JSON:API; `id` is null while none is stored. */
const record = ({ id, ...attributes }: PersonalizationRecord) => ({ id: id === null ? null : String(id), type: 'personalization', attributes });

/** Favorites of site selection and the clients list (spec 000 §3 Personalization). */
export function registerPersonalizationRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PATH, { schema: { tags, summary: 'Own favorites (an empty record when none is stored)' } }, async (request) => ({
    data: record(await getPersonalization(ctx.db, requireAuth(request.auth))),
  }));

  r.post(PATH, { schema: { tags, summary: 'Create own favorites', body: personalizationCreateBody } }, async (request, reply) => {
    const created = await createPersonalization(ctx.db, requireAuth(request.auth), request.body.data.attributes);
    return reply.status(201).send({ data: record(created) });
  });

  r.patch(PATH, { schema: { tags, summary: 'Change own favorites', body: personalizationUpdateBody } }, async (request) => ({
    data: record(await updatePersonalization(ctx.db, requireAuth(request.auth), request.body.data.attributes)),
  }));
}
