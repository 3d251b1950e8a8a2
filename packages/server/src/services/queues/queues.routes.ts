import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueJobsQuery, queueNameParam } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError, forbidden, notFound } from '../../kit/errors.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { queueExists, queueJobs, queueStates } from './queue-state.ts';

const BASE = '/gateway/queues/api/v1/queues';
const nameParams = z.object({ name: queueNameParam });
const jobParams = z.object({ name: queueNameParam, id: z.uuid({ error: 'not_found' }) });

/** The queues screen's calls: staff only, whatever codes a dealer holds. */
export function registerQueueRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['queues'];
  const staff = (auth: unknown) => {
    const caller = requireAuth(auth as never);
    if (!caller.internal) throw forbidden();
  };

  r.get(BASE, { schema: { tags, summary: 'Every job queue with its counts by state, the oldest wait and the throughput; staff only' } }, async (request) => {
    staff(request.auth);
    const states = await queueStates(ctx.db);
    return { data: states.map((state) => ({ id: state.name, type: 'queues', attributes: state })) };
  });

  r.get(`${BASE}/:name`, { schema: { tags, summary: "A queue's counts and a page of its jobs, newest first, secrets hidden; staff only", params: nameParams, querystring: queueJobsQuery } }, async (request) => {
    staff(request.auth);
    const { name } = request.params;
    if (!(await queueExists(ctx.db, name))) throw notFound();
    const number = request.query['page[number]'] ?? 1;
    const size = request.query['page[size]'] ?? 25;
    const [state] = (await queueStates(ctx.db)).filter((queue) => queue.name === name);
    const { jobs, total } = await queueJobs(ctx.db, name, { number, size }, request.query['filter[state]']);
    return { data: { id: name, type: 'queues', attributes: state }, included: jobs.map(({ id, ...attributes }) => ({ id, type: 'jobs', attributes })), meta: { page: { number, size, total } } };
  });

  r.post(`${BASE}/:name/jobs/:id/retry`, { schema: { tags, summary: 'Runs a failed job again; staff only', params: jobParams } }, async (request) => {
    staff(request.auth);
    if (!(await ctx.jobs.retry(request.params.name, request.params.id))) throw new AppError(409, 'queue_job_not_failed');
    return { data: { retried: true } };
  });

  r.post(`${BASE}/:name/jobs/:id/cancel`, { schema: { tags, summary: 'Cancels a job that has not finished; staff only', params: jobParams } }, async (request) => {
    staff(request.auth);
    await ctx.jobs.cancel(request.params.name, request.params.id);
    return { data: { cancelled: true } };
  });
}
