/**
 * The long-polling loops of each app (keyed by its configuration object), for the bots' write hooks
 * to stop a bot's loop at once or look for a new bot, without importing the poller itself.
 */
export interface Poller {
  /** Looks for bots to poll now (after a bot is saved); resolves when that look is over. */
  kick(): Promise<void>;
  /** Stops polling a bot at once (deleted or switched off here). */
  stop(botId: number): void;
  /** The bots this process polls. */
  readonly polling: ReadonlySet<number>;
  close(): Promise<void>;
}

const pollers = new WeakMap<object, Poller>();
export const pollerOf = (config: object) => pollers.get(config) ?? null;
export const keepPoller = (config: object, poller: Poller | null) => (poller ? pollers.set(config, poller) : pollers.delete(config));
