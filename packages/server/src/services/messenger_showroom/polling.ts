import { and, eq, isNotNull } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { takeRunLock } from '../../kit/run-lock.ts';
import { callBotApi } from './bot-api.ts';
import { liveBot, type SubmitRequest, type TelegramUpdate } from './bot.ts';
import { botToken } from './showroom.hooks.ts';
import { showroomBots } from './showroom.table.ts';
import { processUpdate } from './telegram.routes.ts';
import { keepPoller, type Poller } from './poller-registry.ts';

/**
 * Long polling (docs/decisions/messenger-showroom.md, "Webhook, long polling, updates once"):
 * without a public address (TELEGRAM_WEBHOOK_URL) each live bot is polled with getUpdates by one
 * loop across all processes: the loop holds the bot's run lock (kit/run-lock.ts: a PostgreSQL
 * advisory lock on a connection of its own, released when its process dies), so a second process
 * finds it taken and leaves the bot alone. The offset is kept on the bot (`poll_offset`), each
 * update recorded before it is handled (handled once, whoever fetched it). A bot deleted or
 * switched off in this process stops at once (its call aborted); in another, the loop sees it at
 * its next round, at most one poll timeout later.
 */
const POLL_LOCK_SCOPE = 7301;
/** How often the supervisor looks for bots to poll (new ones, ones whose poller died). */
const SUPERVISE_MS = 5_000;
/** A round that failed (Telegram unreachable, a refused token) waits this long before the next. */
const FAILURE_PAUSE_MS = 5_000;
/** A round that answered at once with nothing (a poll timeout of 0) waits this long, not to spin. */
const EMPTY_PAUSE_MS = 1_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function startPolling(ctx: ServiceContext, submit: SubmitRequest): Poller {
  const loops = new Map<number, { abort: AbortController; done: Promise<void> }>();
  const closing = new AbortController();
  let supervising: Promise<void> | null = null;

  async function loop(botId: number, signal: AbortSignal, release: () => Promise<void>) {
    try {
      while (!signal.aborted && !closing.signal.aborted) {
        const bot = await liveBot(ctx.db, botId);
        const token = bot && (await botToken(ctx.db, bot));
        if (!bot || !token) return;
        const timeout = ctx.config.telegramPollTimeout;
        const started = Date.now();
        let updates: TelegramUpdate[];
        try {
          const answer = await callBotApi<unknown>(ctx.config, token, 'getUpdates', { offset: bot.poll_offset || undefined, timeout, allowed_updates: ['message', 'callback_query'] }, (timeout + 10) * 1000, signal);
          updates = Array.isArray(answer) ? (answer as TelegramUpdate[]).filter((update) => Number.isSafeInteger(update?.update_id)) : [];
        } catch (error) {
          if (signal.aborted || closing.signal.aborted) return;
          const message = `getUpdates: ${(error as Error).message}`.slice(0, 500);
          ctx.log.warn({ bot: botId, err: message }, 'a showroom bot could not poll Telegram');
          await ctx.db.update(showroomBots).set({ last_error: message, last_error_at: new Date() }).where(eq(showroomBots.id, botId));
          await pause(FAILURE_PAUSE_MS, signal);
          continue;
        }
        // Off meanwhile (deleted here or in another process): nothing more is handled.
        const current = await liveBot(ctx.db, botId);
        if (!current || signal.aborted) return;
        for (const update of updates.sort((a, b) => a.update_id - b.update_id)) {
          await processUpdate(ctx, current, update, submit);
          await ctx.db.update(showroomBots).set({ poll_offset: update.update_id + 1 }).where(eq(showroomBots.id, botId));
        }
        if (!updates.length && Date.now() - started < EMPTY_PAUSE_MS) await pause(EMPTY_PAUSE_MS, signal);
      }
    } finally {
      loops.delete(botId);
      await release().catch(() => undefined);
    }
  }

  async function supervise() {
    if (closing.signal.aborted) return;
    const bots = await ctx.db
      .select({ id: showroomBots.id })
      .from(showroomBots)
      .where(and(eq(showroomBots.deleted, false), isNotNull(showroomBots.token_encrypted)));
    for (const { id } of bots) {
      if (loops.has(id) || closing.signal.aborted) continue;
      const release = await takeRunLock(ctx, POLL_LOCK_SCOPE, id);
      if (!release) continue;
      const abort = new AbortController();
      const entry = { abort, done: Promise.resolve() };
      loops.set(id, entry);
      entry.done = loop(id, abort.signal, release).catch((error) => ctx.log.error({ bot: id, err: (error as Error).message }, 'a showroom bot poller stopped'));
    }
  }

  const kick = (): Promise<void> => {
    if (closing.signal.aborted) return Promise.resolve();
    supervising ??= supervise()
      .catch((error) => ctx.log.warn({ err: (error as Error).message }, 'the showroom bots were not looked up for polling'))
      .finally(() => (supervising = null));
    return supervising;
  };
  const timer = setInterval(() => void kick(), SUPERVISE_MS);
  timer.unref?.();
  void kick();

  const poller: Poller = {
    kick,
    stop(botId) {
      loops.get(botId)?.abort.abort();
    },
    get polling() {
      return new Set(loops.keys());
    },
    async close() {
      clearInterval(timer);
      closing.abort();
      for (const entry of loops.values()) entry.abort.abort();
      await supervising;
      await Promise.allSettled([...loops.values()].map((entry) => entry.done));
      keepPoller(ctx.config, null);
    },
  };
  keepPoller(ctx.config, poller);
  return poller;
}
