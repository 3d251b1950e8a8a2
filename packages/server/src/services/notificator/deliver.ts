import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { safeFetch, SafeFetchError } from '../../kit/safe-fetch.ts';
import { notificationDeliveries, notifications } from './notification.table.ts';

/**
 * A delivery job (docs/decisions/platform-operations.md, "How are notifications delivered?"):
 * sends one notification to one receiver through the mapping's messenger and records the outcome
 * on the delivery row. A failure worth another try (the network, a 5xx, a mail server down) is
 * thrown for pg-boss to retry with back-off; one that would fail again (no bot, an address the
 * guard refuses, a 4xx) ends the delivery as failed at once.
 */

/** pg-boss runs a job this many times at most (kit/jobs.ts: 5 retries). */
export const DELIVERY_RUNS = 6;

type Notification = typeof notifications.$inferSelect;
type Delivery = typeof notificationDeliveries.$inferSelect;

/** A failure that another run would not mend. */
class FinalFailure extends Error {}

/** The words of a message in each language of a mapping. */
const WORDS = {
  ru: {
    levels: { info: 'информация', warning: 'предупреждение', error: 'ошибка', critical: 'КРИТИЧНО' } as Record<string, string>,
    service: 'сервис',
    product: 'продукт',
    brand: 'бренд',
    level: 'уровень',
    type: 'тип',
    created: 'создано',
  },
  en: {
    levels: { info: 'info', warning: 'warning', error: 'error', critical: 'CRITICAL' } as Record<string, string>,
    service: 'service',
    product: 'product',
    brand: 'brand',
    level: 'level',
    type: 'type',
    created: 'created',
  },
};

type Language = keyof typeof WORDS;
const languageOf = (delivery: Pick<Delivery, 'language'>): Language => (delivery.language === 'en' ? 'en' : 'ru');

/** The notification's text in the delivery's language: the English one where kept, else the Russian. */
export const textIn = (notification: Pick<Notification, 'text' | 'text_en'>, language: Language) => (language === 'en' && notification.text_en) || notification.text;

/** The notification as a readable text in the mapping's language: the prefix, the text, its fields and details, the sender. */
export function messageText(delivery: Pick<Delivery, 'prefix' | 'sender' | 'language'>, notification: Notification): string {
  const language = languageOf(delivery);
  const words = WORDS[language];
  const details = Object.entries(notification.details ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return [
    `${delivery.prefix} ${textIn(notification, language)}`.trim(),
    '',
    `${words.service}: ${notification.service}`,
    `${words.product}: ${notification.product}`,
    ...(notification.brand ? [`${words.brand}: ${notification.brand}`] : []),
    `${words.level}: ${words.levels[notification.level] ?? notification.level}`,
    `${words.type}: ${notification.type}`,
    `${words.created}: ${notification.created.toISOString()}`,
    ...details,
    '',
    `— ${delivery.sender}`,
  ].join('\n');
}

const subjectOf = (delivery: Delivery, notification: Notification) => {
  const language = languageOf(delivery);
  const level = WORDS[language].levels[notification.level] ?? notification.level;
  return `${delivery.prefix} [${level}] ${textIn(notification, language)}`.replace(/\s+/g, ' ').trim().slice(0, 200);
};

/** An outgoing call's failure as a delivery's error: transient ones are retried, the rest are final. */
function callFailure(error: unknown, secret?: string | null): Error {
  const message = (error as Error).message ?? String(error);
  const shown = (secret ? message.split(secret).join('***') : message).slice(0, 500);
  if (error instanceof SafeFetchError && !error.transient) return new FinalFailure(shown);
  return new Error(shown);
}

async function sendMail(ctx: ServiceContext, delivery: Delivery, notification: Notification) {
  await ctx.mailer.send({ to: delivery.receiver, subject: subjectOf(delivery, notification), text: messageText(delivery, notification) });
}

/** Telegram Bot API sendMessage, through the outgoing-call guard, at the configured base URL. */
async function sendTelegram(ctx: ServiceContext, delivery: Delivery, notification: Notification) {
  const token = ctx.config.telegramBotToken;
  if (!token) throw new FinalFailure('no Telegram bot is configured (TELEGRAM_BOT_TOKEN)');
  try {
    await safeFetch(`${ctx.config.telegramApiUrl}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: delivery.receiver, text: messageText(delivery, notification).slice(0, 4096), disable_web_page_preview: true }),
      timeoutMs: 15_000,
      maxBytes: 256 * 1024,
      retries: 2,
      retryDelayMs: 300,
    });
  } catch (error) {
    throw callFailure(error, token);
  }
}

/** A webhook: the notification as JSON, POSTed through the outgoing-call guard. */
async function sendWebhook(_ctx: ServiceContext, delivery: Delivery, notification: Notification) {
  const { id, service, product, brand, level, type, details, created } = notification;
  const text = textIn(notification, languageOf(delivery));
  try {
    await safeFetch(delivery.receiver, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sender: delivery.sender, prefix: delivery.prefix, notification: { id, service, product, brand, level, type, text, details, created: created.toISOString() } }),
      timeoutMs: 15_000,
      maxBytes: 256 * 1024,
      retries: 2,
      retryDelayMs: 300,
    });
  } catch (error) {
    throw callFailure(error);
  }
}

const SENDERS: Record<string, (ctx: ServiceContext, delivery: Delivery, notification: Notification) => Promise<void>> = {
  email: sendMail,
  telegram: sendTelegram,
  webhook: sendWebhook,
};

/** Runs one delivery; records the run; throws when pg-boss should run it again. */
export async function deliverNotification(ctx: ServiceContext, deliveryId: number): Promise<void> {
  const [found] = await ctx.db
    .select({ delivery: notificationDeliveries, notification: notifications })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notification_id))
    .where(eq(notificationDeliveries.id, deliveryId))
    .limit(1);
  if (!found || found.delivery.status === 'sent' || found.delivery.status === 'failed') return;
  const { delivery, notification } = found;
  const run = delivery.attempts + 1;
  try {
    const send = SENDERS[delivery.messenger];
    if (!send) throw new FinalFailure(`unknown messenger ${delivery.messenger}`);
    await send(ctx, delivery, notification);
  } catch (error) {
    const final = error instanceof FinalFailure || run >= DELIVERY_RUNS;
    const message = ((error as Error).message ?? String(error)).slice(0, 500);
    await ctx.db
      .update(notificationDeliveries)
      .set({ status: final ? 'failed' : 'retrying', attempts: run, error: message, updated_at: sql`now()` })
      .where(eq(notificationDeliveries.id, deliveryId));
    if (!final) throw error;
    ctx.log.warn({ delivery: { id: deliveryId, messenger: delivery.messenger }, err: error }, 'a notification was not delivered');
    return;
  }
  await ctx.db
    .update(notificationDeliveries)
    .set({ status: 'sent', attempts: run, error: null, sent_at: sql`now()`, updated_at: sql`now()` })
    .where(eq(notificationDeliveries.id, deliveryId));
}
