import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calculationBody } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import type { Database } from '../../kit/db.ts';
import { CreditTermsCache } from './credit-cache.ts';
import { notFound } from '../../kit/errors.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { registerWorkflowRoutes } from '../../kit/state-workflow.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { calculateCredit } from './calculate-credit.ts';
import { programStatesWorkflow } from './program-state-workflow.ts';
import { mayHaveWritten } from '../../kit/gateway.ts';

/**
 * credit.calc's routes beside its resources: the workflow of programme states, and
 * POST /api/v1/calculations (the gateway checks programs.get_list or settings.get_list, and the
 * module on the site the body names). A site out of the caller's reach is 404; without a site the
 * programmes the caller reaches apply.
 */
export async function registerCreditRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry, database: Pick<Database, 'listen' | 'executeSql'>) {
  registerWorkflowRoutes(app, ctx, registry, programStatesWorkflow);
  // A site's terms are kept per process; a write through credit.calc answers once this process has
  // heard of it, so the writer's next calculation here sees the change.
  const cache = new CreditTermsCache();
  await cache.start(database);
  app.addHook('onSend', async (request, reply, payload) => {
    if (mayHaveWritten(request) && reply.statusCode < 400 && request.url.startsWith('/gateway/credit.calc/')) await cache.sync();
    return payload;
  });
  app.addHook('onClose', () => cache.stop());
  const sites = siteOwnership(registry);
  /**
   * The site a calculation names, when the caller reaches it. Its client comes from the process's
   * module states (the gateway has just read them for the module check; kept until the site
   * changes), so a calculation reads no site from the database.
   */
  const reachedSite = async (auth: AuthContext, siteId: number) => {
    if (!ctx.modules) return sites.findSite(ctx.db, auth, siteId);
    const clientId = await ctx.modules.siteClient(siteId);
    return clientId !== null && (auth.scope === 'all' || auth.scope.includes(clientId)) ? { id: siteId, client_id: clientId } : null;
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/gateway/credit.calc/api/v1/calculations',
    { schema: { tags: ['credit.calc'], summary: 'Calculate the payments of every applicable loan programme for a car', body: calculationBody } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const input = request.body.data;
      let site = null;
      if (input.site_id !== undefined) {
        site = await reachedSite(auth, input.site_id);
        if (!site) throw notFound();
      }
      return { data: await calculateCredit(ctx.db, input, { site, clientIds: auth.scope, cache }, request.lang ?? 'ru') };
    },
  );
}
