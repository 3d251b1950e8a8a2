import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { safeFetch } from '../../kit/safe-fetch.ts';
import { ActionFailure } from './action-failure.ts';
import { proxyPayload, type RequestContext, type RequestRow } from './request-values.ts';
import { openFor } from './sender.hooks.ts';
import { proxyActions } from './sender.table.ts';

/**
 * Posts a request to a site's CRM (a proxy action): JSON, the token as `Authorization: Bearer`,
 * through kit/safe-fetch.ts (the address checked at every hop, the token dropped when a redirect
 * leaves the origin, a deadline, a size limit). Any 2xx is success; the executor retries the rest.
 */
export async function sendProxyAction(ctx: Pick<ServiceContext, 'db'>, actionId: number, request: RequestRow, context: RequestContext, timeoutMs: number): Promise<void> {
  const [action] = await ctx.db.select().from(proxyActions).where(and(eq(proxyActions.id, actionId), eq(proxyActions.site_id, request.site_id))).limit(1);
  if (!action) throw new ActionFailure('Прокси-действие не найдено: оно удалено или принадлежит другому сайту', true);
  const token = await openFor(ctx.db, 'proxy_actions', action.site_id, action.token_encrypted);
  await safeFetch(action.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(proxyPayload(request, context)),
    timeoutMs,
    maxBytes: 1024 * 1024,
    maxRedirects: 3,
  });
}
