import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { requireAuth } from '../../kit/request-context.ts';
import { currentRate, rateView } from './exchange-rate.ts';

const BASE = '/gateway/currency.rates/api/v1/rates';

/** currency.rates's call: the current rate, for any signed-in user (it is public data). */
export function registerRateRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.get(`${BASE}/current`, { schema: { tags: ['currency.rates'], summary: 'The current USD rate with its day and source; 404 while none is known' } }, async (request) => {
    requireAuth(request.auth);
    const row = await currentRate(ctx.db);
    if (!row) throw new AppError(404, 'rate_unknown');
    return { data: { id: String(row.id), type: 'rates', attributes: rateView(row) } };
  });
}
