import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../kit/config.ts';
import type { ResourceHooks } from '../../kit/crud-routes.ts';
import type { Db, DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { loadSecret, openSecret, sealSecret } from '../../kit/secrets.ts';
import { BotApiError, callBotApi, getMe, type BotIdentity } from './bot-api.ts';
import { showroomBots } from './showroom.table.ts';
import { pollerOf } from './poller-registry.ts';

/**
 * The showroom's write rules beside the generic CRUD: secrets sealed at rest (bot tokens, the
 * credit widget's and call tracking's tokens), a bot's token checked with Telegram (getMe) before
 * the write, its webhook set and removed.
 */
export const SHOWROOM_SECRET = 'messenger-showroom';
const showroomKey = (db: DbOrTx) => loadSecret(db as Db, SHOWROOM_SECRET, process.env.SHOWROOM_SECRET_KEY || null);
type SecretTable = 'showroom_settings' | 'showroom_bots' | 'showroom_web_hooks';
const secretContext = (table: SecretTable, siteId: number) => `${table}:${siteId}`;

export async function sealShowroomSecret(db: DbOrTx, table: SecretTable, siteId: number, plain: string) {
  return sealSecret(await showroomKey(db), plain, secretContext(table, siteId));
}
export async function openShowroomSecret(db: DbOrTx, table: SecretTable, siteId: number, sealed: string | null) {
  return sealed === null ? null : openSecret(await showroomKey(db), sealed, secretContext(table, siteId));
}

/** Write-only fields of a body become their sealed columns: given, encrypted; null clears; absent leaves. */
async function sealFields(tx: DbOrTx, table: SecretTable, siteId: number, attrs: Record<string, unknown>, fields: Record<string, string>) {
  const result = { ...attrs };
  for (const [field, column] of Object.entries(fields)) {
    if (!(field in result)) continue;
    const plain = result[field];
    delete result[field];
    if (plain === undefined) continue;
    result[column] = plain === null ? null : await sealShowroomSecret(tx, table, siteId, String(plain));
  }
  return result;
}

const SETTINGS_SECRETS = { credit_token: 'credit_token_encrypted', calltracking_token: 'calltracking_token_encrypted' };

export const settingsHooks: ResourceHooks = {
  beforeCreate: (attrs, { tx }) => sealFields(tx, 'showroom_settings', attrs.site_id as number, attrs, SETTINGS_SECRETS),
  beforeUpdate: (attrs, { tx, existing }) => sealFields(tx, 'showroom_settings', existing.site_id as number, attrs, SETTINGS_SECRETS),
};

/** A webhook's signing secret is write-only, sealed like the tokens. */
export const webHookHooks: ResourceHooks = {
  beforeCreate: (attrs, { tx }) => sealFields(tx, 'showroom_web_hooks', attrs.site_id as number, attrs, { secret: 'secret_encrypted' }),
  beforeUpdate: (attrs, { tx, existing }) => sealFields(tx, 'showroom_web_hooks', existing.site_id as number, attrs, { secret: 'secret_encrypted' }),
};

/** What Telegram said of the token a bot write carries (checked before the write's transaction). */
const checkedTokens = new WeakMap<FastifyRequest, BotIdentity>();
const BOTS_PATHS = new Set(['/gateway/messenger_showroom/api/v1/bots', '/gateway/messenger_showroom/api/v1/bots/:id']);

/**
 * Checks a bot's token with getMe before the write (no database connection waits on Telegram): a
 * token Telegram refuses is 400 on the token, Telegram unreachable is 502; both write nothing.
 */
export function registerTokenCheck(app: FastifyInstance, config: Config) {
  app.addHook('preHandler', async (request) => {
    if ((request.method !== 'POST' && request.method !== 'PATCH') || !BOTS_PATHS.has(request.routeOptions.url ?? '')) return;
    const token = (request.body as { data?: { attributes?: { token?: unknown } } } | undefined)?.data?.attributes?.token;
    if (typeof token !== 'string') return;
    checkedTokens.set(request, await checkToken(config, token.trim()));
  });
}

export async function checkToken(config: Pick<Config, 'telegramApiUrl'>, token: string): Promise<BotIdentity> {
  try {
    const me = await getMe(config, token);
    if (!me || typeof me.id !== 'number') throw new BotApiError('getMe answered no bot', true);
    return me;
  } catch (error) {
    if (error instanceof BotApiError && error.refused) throw new AppError(400, 'showroom_bot_token_refused', undefined, '/data/attributes/token');
    throw new AppError(502, 'showroom_bot_api_unreachable', undefined, '/data/attributes/token');
  }
}

/** The token's bot may serve one showroom only: a second bot record of it would answer twice. */
async function assertBotFree(tx: DbOrTx, metaId: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: showroomBots.id })
    .from(showroomBots)
    .where(and(eq(showroomBots.meta_id, metaId), exceptId ? ne(showroomBots.id, exceptId) : undefined))
    .limit(1);
  if (other) throw new AppError(409, 'showroom_bot_taken', undefined, '/data/attributes/token');
}

async function withToken(tx: DbOrTx, request: FastifyRequest, siteId: number, attrs: Record<string, unknown>, exceptId?: number) {
  const { token, ...rest } = attrs;
  if (typeof token !== 'string') return rest;
  const me = checkedTokens.get(request);
  // The preHandler checked every bot write carrying a token; reaching here without is a bug, not input.
  if (!me) throw new Error('bot token not checked');
  const metaId = String(me.id);
  await assertBotFree(tx, metaId, exceptId);
  return {
    ...rest,
    token_encrypted: await sealShowroomSecret(tx, 'showroom_bots', siteId, token.trim()),
    meta_id: metaId,
    meta_name: me.username ?? me.first_name ?? null,
  };
}

/** The bot's token, opened; null when none is kept. */
export async function botToken(db: DbOrTx, bot: { site_id: number; token_encrypted: string | null }) {
  return openShowroomSecret(db, 'showroom_bots', bot.site_id, bot.token_encrypted);
}

/** The address Telegram posts a bot's updates to. */
export const webhookUrl = (config: Pick<Config, 'telegramWebhookUrl'>, bot: { id: number; webhook_secret: string }) =>
  config.telegramWebhookUrl ? `${config.telegramWebhookUrl}/messenger_showroom/telegram/${bot.id}/${bot.webhook_secret}` : null;

/**
 * After a write: a live bot's webhook points at this server (when a public address is configured),
 * a deleted one's is removed. Telegram unreachable is logged, not refused: the record is saved and
 * the next save or start sets it.
 */
export async function syncWebhook(config: Config, db: DbOrTx, bot: typeof showroomBots.$inferSelect, log?: { warn: (obj: object, msg: string) => void }, { removing = false } = {}) {
  const token = await botToken(db, bot);
  if (!token) return;
  try {
    const url = webhookUrl(config, bot);
    if (bot.deleted || !url) {
      // Off, or long polling (no public address): Telegram holds no webhook, or getUpdates would be refused.
      if (bot.deleted || bot.webhook_set) await callBotApi(config, token, 'deleteWebhook', { drop_pending_updates: bot.deleted });
      if (!removing && bot.webhook_set) await db.update(showroomBots).set({ webhook_set: false }).where(eq(showroomBots.id, bot.id));
    } else {
      await callBotApi(config, token, 'setWebhook', { url, allowed_updates: ['message', 'callback_query'] });
      if (!bot.webhook_set) await db.update(showroomBots).set({ webhook_set: true }).where(eq(showroomBots.id, bot.id));
    }
  } catch (error) {
    log?.warn({ bot: bot.id, err: (error as Error).message }, 'the bot webhook was not changed');
    if (!removing) await db.update(showroomBots).set({ last_error: `Telegram: ${(error as Error).message}`.slice(0, 500), last_error_at: new Date() }).where(eq(showroomBots.id, bot.id));
  }
}

export function botHooks(config: Config): ResourceHooks {
  return {
    beforeCreate: async (attrs, { tx, request }) => ({
      ...(await withToken(tx, request, attrs.site_id as number, attrs)),
      webhook_secret: randomBytes(24).toString('hex'),
    }),
    beforeUpdate: (attrs, { tx, request, existing }) => withToken(tx, request, existing.site_id as number, attrs, existing.id as number),
    async afterWrite(row, { tx, request }) {
      const bot = row as typeof showroomBots.$inferSelect;
      // Long polling: a bot switched off stops at once; a new or changed one is looked up now.
      if (bot.deleted) pollerOf(config)?.stop(bot.id);
      await syncWebhook(config, tx, bot, request.log);
      if (!bot.deleted) void pollerOf(config)?.kick();
    },
    async beforeDelete({ tx, existing, request }) {
      pollerOf(config)?.stop(existing.id as number);
      await syncWebhook(config, tx, { ...(existing as typeof showroomBots.$inferSelect), deleted: true }, request.log, { removing: true });
    },
  };
}
