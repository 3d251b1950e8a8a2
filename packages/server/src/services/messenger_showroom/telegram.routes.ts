import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { requestIntake } from '../request.storage/intake.ts';
import { ensureAgreement } from '../request.storage/request.routes.ts';
import { firstDelivery, handleUpdate, liveBot, type Bot, type SubmitRequest, type TelegramUpdate } from './bot.ts';
import { showroomBots, showroomSettings } from './showroom.table.ts';

/**
 * Telegram's calls of the bots' webhooks: POST /messenger_showroom/telegram/{bot}/{secret}. The
 * secret is the bot's own (compared in constant time); an unknown, deleted or mismatched bot is 404
 * and nothing is said. Each update is handled once, then answered 200 (Telegram retries otherwise).
 */
const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (given: string, kept: string) => timingSafeEqual(digest(given), digest(kept));

/** The request types of request.storage each booking becomes (spec 002 §3 request type ids). */
const REQUEST_TYPE = { callback: 1, service: 2, testdrive: 3 } as const;
const DEFAULT_CONSENT = {
  ru: 'Отправляя номер телефона боту, я соглашаюсь на обработку персональных данных.',
  en: 'By sending my phone number to the bot I agree to the processing of my personal data.',
};

/**
 * Bookings go through request.storage's intake (its request settings, e-mail templates, proxy
 * actions, blocks and lost-request handling apply), with the customer's consent (the settings'
 * agreement text, else the bot's own) and `telegram` as the source. The customer proved a person
 * by sharing their Telegram contact, so no captcha is asked; the intake's limits apply per user.
 */
export function bookingSubmitter(ctx: ServiceContext): SubmitRequest {
  const intake = requestIntake(ctx, { challenge: () => ({}) as never, verify: async () => null });
  return async ({ bot, customer, type, car, work, desiredAt }) => {
    const [settings] = await ctx.db.select({ agreement: showroomSettings.agreement_text }).from(showroomSettings).where(eq(showroomSettings.site_id, bot.site_id)).limit(1);
    const site = { id: bot.site_id, client_id: bot.client_id };
    const hash = await ensureAgreement(ctx.db, site, settings?.agreement?.trim() || DEFAULT_CONSENT[bot.locale === 'en' ? 'en' : 'ru']);
    const time = desiredAt.toISOString().slice(0, 16).replace('T', ' ');
    const attributes = {
      name: customer.name || 'Telegram',
      last_name: customer.last_name ?? undefined,
      phone: customer.phone,
      processing_of_personal_data: true,
      agreement_hash: hash,
      analytics: { utm: { source: 'telegram', medium: 'messenger_showroom', campaign: bot.name } },
      ...(type === 'testdrive' ? { model_id: car!.model_id, time, subject: car!.label } : {}),
      ...(type === 'service' ? { works: [work!], time, subject: work } : {}),
      ...(type === 'callback' ? { subject: 'Telegram' } : {}),
    };
    try {
      const result = await intake.accept({ site, type: REQUEST_TYPE[type], ip: `telegram:${customer.external_id}`.slice(0, 64), body: { data: { attributes } } });
      return result.id;
    } catch (error) {
      // The site takes no requests now (its module, a block, a limit): the booking stays in the showroom's lists.
      if (error instanceof AppError) {
        ctx.log.warn({ bot: bot.id, key: error.key }, 'a showroom booking did not become a request');
        return null;
      }
      throw error;
    }
  };
}

/**
 * One update of a live bot, by webhook or long polling: handled once (false: seen before); a
 * failure is logged and kept as the bot's last error, the update counted as handled (Telegram
 * would deliver it again and again).
 */
export async function processUpdate(ctx: ServiceContext, bot: Bot, update: TelegramUpdate, submit: SubmitRequest): Promise<boolean> {
  if (!(await firstDelivery(ctx.db, bot.id, update.update_id))) return false;
  try {
    await handleUpdate(ctx, bot, update, submit);
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    ctx.log.error({ bot: bot.id, err: message }, 'a showroom bot update failed');
    await ctx.db.update(showroomBots).set({ last_error: message.slice(0, 500), last_error_at: new Date() }).where(eq(showroomBots.id, bot.id));
  }
  return true;
}

export function registerTelegramRoutes(app: FastifyInstance, ctx: ServiceContext, submit: SubmitRequest) {
  app.post<{ Params: { bot: string; secret: string }; Body: unknown }>('/messenger_showroom/telegram/:bot/:secret', { schema: { hide: true }, bodyLimit: 1024 * 1024 }, async (request, reply) => {
    const botId = /^\d{1,9}$/.test(request.params.bot) ? Number(request.params.bot) : null;
    const bot = botId ? await liveBot(ctx.db, botId) : null;
    if (!bot || !sameSecret(String(request.params.secret ?? ''), bot.webhook_secret)) return reply.status(404).send({ ok: false });
    const update = request.body as TelegramUpdate | null;
    if (!update || typeof update !== 'object' || !Number.isSafeInteger(update.update_id)) return reply.status(400).send({ ok: false });
    await processUpdate(ctx, bot, update, submit);
    return { ok: true };
  });
}
