import { createHmac, randomUUID } from 'node:crypto';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { safeFetch, SafeFetchError } from '../../kit/safe-fetch.ts';
import { openShowroomSecret } from './showroom.hooks.ts';
import { showroomWebHookDeliveries, showroomWebHooks } from './showroom.table.ts';

/**
 * The showroom's webhooks (docs/decisions/messenger-showroom.md, "Webhooks"): an event of a site
 * (a customer registered, a callback, a test drive, a service booking) becomes one delivery row
 * per enabled webhook that chose it, and one queued job each. A job POSTs the event as JSON
 * through the outgoing-call guard (no redirect followed: an address that moved is a failure to
 * see, not to follow), signed with the webhook's secret, and records the run on its row; a failure
 * worth another try (the network, a timeout, a 5xx) is thrown for pg-boss to retry with back-off.
 */
export const WEBHOOK_JOB = 'messenger_showroom.webhook';
/** pg-boss runs a job this many times at most (kit/jobs.ts: 5 retries). */
export const WEBHOOK_RUNS = 6;
/** A receiver answers within this time, or the run failed (and is tried again). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The header carrying `sha256=<hex HMAC-SHA256 of the body>` under the webhook's secret. */
export const SIGNATURE_HEADER = 'x-showroom-signature';

class FinalFailure extends Error {}

/**
 * Records the event's deliveries and queues them; never throws (a booking is not refused because a
 * webhook could not be queued: it is logged).
 */
export async function raiseShowroomEvent(ctx: ServiceContext, siteId: number, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  try {
    const hooks = await ctx.db
      .select({ id: showroomWebHooks.id, client_id: showroomWebHooks.client_id })
      .from(showroomWebHooks)
      .where(and(eq(showroomWebHooks.site_id, siteId), eq(showroomWebHooks.enabled, true), arrayContains(showroomWebHooks.events, [event])));
    if (!hooks.length) return;
    const payload = { event, site_id: siteId, occurred_at: new Date().toISOString(), data };
    const rows = await ctx.db
      .insert(showroomWebHookDeliveries)
      .values(hooks.map((hook) => ({ site_id: siteId, client_id: hook.client_id, web_hook_id: hook.id, event, payload })))
      .returning({ id: showroomWebHookDeliveries.id });
    await ctx.jobs.sendMany(WEBHOOK_JOB, rows.map((row) => ({ id: randomUUID(), data: { delivery_id: row.id } })));
  } catch (error) {
    ctx.log.error({ site: siteId, event, err: (error as Error).message }, 'a showroom event was not queued for its webhooks');
  }
}

/** Runs one delivery; records the run; throws when pg-boss should run it again. */
export async function deliverWebhook(ctx: ServiceContext, deliveryId: number, { timeoutMs = WEBHOOK_TIMEOUT_MS } = {}): Promise<void> {
  const [found] = await ctx.db
    .select({ delivery: showroomWebHookDeliveries, hook: showroomWebHooks })
    .from(showroomWebHookDeliveries)
    .innerJoin(showroomWebHooks, eq(showroomWebHooks.id, showroomWebHookDeliveries.web_hook_id))
    .where(eq(showroomWebHookDeliveries.id, deliveryId))
    .limit(1);
  if (!found || found.delivery.status === 'sent' || found.delivery.status === 'failed') return;
  const { delivery, hook } = found;
  const attempt = delivery.attempt + 1;
  const body = JSON.stringify({ id: delivery.id, ...(delivery.payload as object) });
  const started = performance.now();
  let code: number | null = null;
  try {
    if (!hook.enabled) throw new FinalFailure('the webhook is switched off');
    const secret = await openShowroomSecret(ctx.db, 'showroom_web_hooks', hook.site_id, hook.secret_encrypted);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-showroom-event': delivery.event, 'x-showroom-delivery': String(delivery.id), 'user-agent': 'dealer-platform-showroom/1' };
    if (secret) headers[SIGNATURE_HEADER] = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    try {
      const response = await safeFetch(hook.url, { method: 'POST', headers, body, timeoutMs, maxBytes: 64 * 1024, maxRedirects: 0, requireOk: false });
      code = response.status;
    } catch (error) {
      const message = ((error as Error).message ?? String(error)).slice(0, 500);
      if (error instanceof SafeFetchError && !error.transient) throw new FinalFailure(message);
      throw new Error(message);
    }
    if (code >= 300 && code < 400) throw new FinalFailure(`the receiver answered ${code} (a redirect is not followed)`);
    if (code >= 400 && code < 500) throw new FinalFailure(`the receiver answered ${code}`);
    if (code >= 500) throw new Error(`the receiver answered ${code}`);
  } catch (error) {
    const final = error instanceof FinalFailure || attempt >= WEBHOOK_RUNS;
    await ctx.db
      .update(showroomWebHookDeliveries)
      .set({ status: final ? 'failed' : 'retrying', attempt, http_code: code, duration_ms: Math.round(performance.now() - started), error: (error as Error).message.slice(0, 500), updated_at: sql`now()` })
      .where(eq(showroomWebHookDeliveries.id, deliveryId));
    if (!final) throw error;
    ctx.log.warn({ delivery: deliveryId, webhook: hook.id, err: (error as Error).message }, 'a showroom webhook delivery failed');
    return;
  }
  await ctx.db
    .update(showroomWebHookDeliveries)
    .set({ status: 'sent', attempt, http_code: code, duration_ms: Math.round(performance.now() - started), error: null, updated_at: sql`now()` })
    .where(eq(showroomWebHookDeliveries.id, deliveryId));
}
