import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../kit/db.ts';
import { safeFetch } from '../../kit/safe-fetch.ts';
import { ActionFailure } from './action-failure.ts';
import { proxyPayload, type RequestContext, type RequestRow } from './request-values.ts';
import { openFor } from './sender.hooks.ts';
import { centralProxyActions, proxyActions } from './sender.table.ts';

/** Where a proxy action posts: its URL and its opened token. */
export interface ProxyTarget {
  url: string;
  token: string | null;
}

/**
 * The target of a request's proxy action: the site's own (`proxy_action`, of the request's site)
 * or the platform's (`central_proxy_action`), its token opened in its record's context.
 */
export async function proxyTarget(db: DbOrTx, kind: 'proxy_action' | 'central_proxy_action', actionId: number, request: Pick<RequestRow, 'site_id'>): Promise<ProxyTarget> {
  if (kind === 'central_proxy_action') {
    const [central] = await db.select().from(centralProxyActions).where(eq(centralProxyActions.id, actionId)).limit(1);
    if (!central) throw new ActionFailure('sender_action_central_missing', {}, true);
    return { url: central.url, token: await openFor(db, 'central_proxy_actions', null, central.token_encrypted) };
  }
  const [action] = await db.select().from(proxyActions).where(and(eq(proxyActions.id, actionId), eq(proxyActions.site_id, request.site_id))).limit(1);
  if (!action) throw new ActionFailure('sender_action_proxy_missing', {}, true);
  return { url: action.url, token: await openFor(db, 'proxy_actions', action.site_id, action.token_encrypted) };
}

/**
 * Posts a request to a CRM (a proxy action, a site's or a central one): JSON, the token as
 * `Authorization: Bearer`, through kit/safe-fetch.ts (the address checked at every hop, the token
 * dropped when a redirect leaves the origin, a deadline, a size limit). Any 2xx is success; the
 * executor retries the rest.
 */
export async function sendProxyAction(target: ProxyTarget, request: RequestRow, context: RequestContext, timeoutMs: number): Promise<void> {
  await safeFetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) },
    body: JSON.stringify(proxyPayload(request, context)),
    timeoutMs,
    maxBytes: 1024 * 1024,
    maxRedirects: 3,
  });
}
