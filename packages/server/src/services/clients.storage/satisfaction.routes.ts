import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { satisfactionBody, satisfactionReportQuery } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { recordSatisfactionVote, reportFileName, satisfactionReportCsv } from './satisfaction.ts';

const BASE = '/gateway/clients.storage/api/v1/satisfaction';
const tags = ['clients.storage'];

/** The satisfaction survey (spec 000 §9) and its monthly report. */
export function registerSatisfactionRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(BASE, { schema: { tags, summary: 'Vote in the satisfaction survey (1 to 5 stars)', body: satisfactionBody } }, async (request, reply) => {
    const vote = await recordSatisfactionVote(ctx.db, requireAuth(request.auth), request.body.data.rate);
    return reply.status(201).send({
      data: { id: String(vote.id), type: 'satisfaction', attributes: { rate: vote.rate, client_id: vote.client_id, created_at: vote.created_at.toISOString() } },
    });
  });

  r.get(
    `${BASE}/report/csv`,
    { schema: { tags, summary: "The month's votes as CSV (UTF-8 with BOM)", querystring: satisfactionReportQuery } },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { month, year } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(year, month)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(satisfactionReportCsv(ctx.db, auth, year, month, request.lang)));
    },
  );
}
