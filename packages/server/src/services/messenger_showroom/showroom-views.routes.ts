import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { id, showroomCarsUpdate, summaryQuery, webhookDeliveryQuery, CALLBACK_TYPES, CUSTOMER_STATES, type ShowroomSummary } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { inScope, requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { carBrands } from '../cars.catalog/catalog.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { showroomBots, showroomCallbacks, showroomCustomers, showroomSettings, showroomUpdates, showroomWebHookDeliveries, showroomWebHooks } from './showroom.table.ts';

/**
 * The showroom's views read by the site's settings id (spec 002 §3 "The summary, cars and
 * webhooks views each read by id"): the summary of a date range, which stock the bots show, the
 * webhooks with their last delivery and the delivery log.
 */
const BASE = '/gateway/messenger_showroom/api/v1';
const tags = ['messenger_showroom'];
/** A summary covers a year at most; none given, the last 30 days. */
const SUMMARY_MAX_DAYS = 366;
const SUMMARY_DEFAULT_DAYS = 30;
const DAY = 86_400_000;

type Settings = typeof showroomSettings.$inferSelect;
type CarsChoice = Pick<Settings, 'cars_new' | 'cars_used' | 'cars_brand_ids' | 'cars_price_min' | 'cars_price_max'>;

/** The site's active stock the bots show of one kind (new or used): none when the kind is off. */
export function shownStock(siteId: number, choice: CarsChoice, isNew: boolean): SQL {
  const price = sql`coalesce(${cars.final_price}, ${cars.price})`;
  return and(
    eq(cars.site_id, siteId),
    eq(cars.is_new, isNew),
    eq(cars.status, 'active'),
    (isNew ? choice.cars_new : choice.cars_used) ? undefined : sql`false`,
    choice.cars_brand_ids.length ? inArray(cars.brand_id, choice.cars_brand_ids) : undefined,
    choice.cars_price_min != null ? gte(price, choice.cars_price_min) : undefined,
    choice.cars_price_max != null ? lte(price, choice.cars_price_max) : undefined,
  )!;
}

/** The bots' stock choice of a site (the defaults when the site has no settings yet: everything). */
export async function stockChoice(db: DbOrTx, siteId: number): Promise<CarsChoice> {
  const [row] = await db
    .select({ cars_new: showroomSettings.cars_new, cars_used: showroomSettings.cars_used, cars_brand_ids: showroomSettings.cars_brand_ids, cars_price_min: showroomSettings.cars_price_min, cars_price_max: showroomSettings.cars_price_max })
    .from(showroomSettings)
    .where(eq(showroomSettings.site_id, siteId))
    .limit(1);
  return row ?? { cars_new: true, cars_used: true, cars_brand_ids: [], cars_price_min: null, cars_price_max: null };
}

const CARS_ATTRIBUTES = ['cars_new', 'cars_used', 'cars_brand_ids', 'cars_price_min', 'cars_price_max', 'shown_new', 'shown_used', 'brands'];

async function carsView(db: DbOrTx, settings: Settings) {
  const count = async (isNew: boolean) => (await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(cars).where(shownStock(settings.site_id, settings, isNew)))[0]?.total ?? 0;
  const [shownNew, shownUsed, brands] = await Promise.all([
    count(true),
    count(false),
    // The brands of the site's active stock (and those chosen, should one have left the stock): the screen's choices.
    db
      .selectDistinct({ id: carBrands.id, name: carBrands.name })
      .from(carBrands)
      .where(
        settings.cars_brand_ids.length
          ? sql`${carBrands.id} in (select ${cars.brand_id} from ${cars} where ${cars.site_id} = ${settings.site_id} and ${cars.status} = 'active') or ${inArray(carBrands.id, settings.cars_brand_ids)}`
          : sql`${carBrands.id} in (select ${cars.brand_id} from ${cars} where ${cars.site_id} = ${settings.site_id} and ${cars.status} = 'active')`,
      )
      .orderBy(asc(carBrands.name))
      .limit(500),
  ]);
  return toRecord('cars', { ...settings, id: settings.id, shown_new: shownNew, shown_used: shownUsed, brands } as never, CARS_ATTRIBUTES);
}

/** A range of UTC days, both included: [from, to + 1 day). */
function dayRange(query: { 'date[from]'?: string; 'date[to]'?: string }) {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const to = query['date[to]'] ? Date.parse(`${query['date[to]']}T00:00:00Z`) : today;
  const from = query['date[from]'] ? Date.parse(`${query['date[from]']}T00:00:00Z`) : to - (SUMMARY_DEFAULT_DAYS - 1) * DAY;
  if (from > to) throw badRequest('sender_dates_order', 'date[from]');
  if ((to - from) / DAY + 1 > SUMMARY_MAX_DAYS) throw badRequest('showroom_range_too_long', 'date[from]');
  return { from: new Date(from), end: new Date(to + DAY), days: Math.round((to - from) / DAY) + 1 };
}

async function summaryOf(db: DbOrTx, settings: Settings, range: ReturnType<typeof dayRange>): Promise<ShowroomSummary> {
  const site = settings.site_id;
  const inRange = (column: typeof showroomCallbacks.created_at | typeof showroomCustomers.created_at) => and(gte(column, range.from), lt(column, range.end));
  const day = sql<string>`to_char(${showroomCallbacks.created_at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [states, fresh, byDay, bots] = await Promise.all([
    db.select({ state: showroomCustomers.state, total: sql<number>`count(*)`.mapWith(Number) }).from(showroomCustomers).where(eq(showroomCustomers.site_id, site)).groupBy(showroomCustomers.state),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(showroomCustomers).where(and(eq(showroomCustomers.site_id, site), inRange(showroomCustomers.created_at))),
    db
      .select({ day, type: showroomCallbacks.callback_type, total: sql<number>`count(*)`.mapWith(Number) })
      .from(showroomCallbacks)
      .where(and(eq(showroomCallbacks.site_id, site), inRange(showroomCallbacks.created_at)))
      .groupBy(day, showroomCallbacks.callback_type),
    db.select().from(showroomBots).where(eq(showroomBots.site_id, site)).orderBy(asc(showroomBots.name), asc(showroomBots.id)).limit(100),
  ]);
  const handled = bots.length
    ? await db
        .select({ bot: showroomUpdates.bot_id, total: sql<number>`count(*)`.mapWith(Number) })
        .from(showroomUpdates)
        .where(and(inArray(showroomUpdates.bot_id, bots.map((bot) => bot.id)), gte(showroomUpdates.created_at, range.from), lt(showroomUpdates.created_at, range.end)))
        .groupBy(showroomUpdates.bot_id)
    : [];
  const days = Array.from({ length: range.days }, (_, i) => ({ day: new Date(range.from.getTime() + i * DAY).toISOString().slice(0, 10), callback: 0, testdrive: 0, service: 0 }));
  const requests = Object.fromEntries(CALLBACK_TYPES.map((type) => [type, 0])) as ShowroomSummary['requests'];
  for (const row of byDay) {
    const type = row.type as keyof typeof requests;
    if (!(type in requests)) continue;
    requests[type] += row.total;
    const entry = days.find((one) => one.day === row.day);
    if (entry) entry[type] += row.total;
  }
  const messagesOf = (botId: number) => handled.find((row) => row.bot === botId)?.total ?? 0;
  return {
    from: range.from.toISOString().slice(0, 10),
    to: new Date(range.end.getTime() - DAY).toISOString().slice(0, 10),
    customers: Object.fromEntries(CUSTOMER_STATES.map((state) => [state, states.find((row) => row.state === state)?.total ?? 0])) as ShowroomSummary['customers'],
    new_customers: fresh[0]?.total ?? 0,
    requests,
    days,
    messages: handled.reduce((sum, row) => sum + row.total, 0),
    bots: bots.map((bot) => ({
      id: bot.id,
      name: bot.name,
      meta_name: bot.meta_name,
      deleted: bot.deleted,
      debug: bot.debug,
      delivery: bot.webhook_set ? 'webhook' : 'polling',
      webhook_set: bot.webhook_set,
      last_update_at: bot.last_update_at?.toISOString() ?? null,
      last_error: bot.last_error,
      last_error_at: bot.last_error_at?.toISOString() ?? null,
      messages: messagesOf(bot.id),
    })),
  };
}

const DELIVERY_ATTRIBUTES = ['web_hook_id', 'url', 'event', 'status', 'http_code', 'duration_ms', 'error', 'attempt', 'created_at', 'updated_at'];
const HOOK_ATTRIBUTES = ['url', 'events', 'enabled', 'has_secret', 'last_status', 'last_code', 'last_at', 'failed'];

export function registerShowroomViews(app: FastifyInstance, ctx: ServiceContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: id() });
  const reachableSettings = async (db: DbOrTx, auth: AuthContext, settingsId: number) => {
    const [row] = await db.select().from(showroomSettings).where(eq(showroomSettings.id, settingsId)).limit(1);
    if (!row || !inScope(auth, row.client_id)) throw notFound();
    return row;
  };

  r.get(`${BASE}/summary/:id`, { schema: { tags, summary: "The showroom's summary of a date range: customers, requests by type and day, messages handled, the bots' health", params, querystring: summaryQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(ctx.db, auth, request.params.id);
    return { data: { id: String(settings.id), type: 'summary', attributes: await summaryOf(ctx.db, settings, dayRange(request.query)) } };
  });

  r.get(`${BASE}/cars/:id`, { schema: { tags, summary: 'Which stock the bots show, with how many cars that is', params } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(ctx.db, auth, request.params.id);
    return { data: await carsView(ctx.db, settings) };
  });

  r.patch(`${BASE}/cars/:id`, { schema: { tags, summary: 'Change which stock the bots show', params, body: z.object({ data: z.object({ attributes: showroomCarsUpdate }) }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const changes = request.body.data.attributes;
    const row = await ctx.db.transaction(async (tx) => {
      const settings = await reachableSettings(tx, auth, request.params.id);
      const next = { ...settings, ...changes };
      if (next.cars_price_min != null && next.cars_price_max != null && next.cars_price_min > next.cars_price_max) throw badRequest('showroom_price_range', 'cars_price_max');
      const brandIds = [...new Set(next.cars_brand_ids)];
      const [updated] = await tx
        .update(showroomSettings)
        .set({ ...changes, ...(changes.cars_brand_ids ? { cars_brand_ids: brandIds } : {}), updated_at: new Date() })
        .where(eq(showroomSettings.id, settings.id))
        .returning();
      await recordAudit(tx, auth, { action: 'update', service: 'messenger_showroom', resource: 'cars', recordId: settings.id, changes: { site_id: settings.site_id, ...changes }, clientId: settings.client_id, ip: request.ip });
      return updated!;
    });
    return { data: await carsView(ctx.db, row) };
  });

  r.get(`${BASE}/webhooks/:id`, { schema: { tags, summary: "The site's webhooks with their last delivery and the failed ones", params } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(ctx.db, auth, request.params.id);
    const hooks = await ctx.db.select().from(showroomWebHooks).where(eq(showroomWebHooks.site_id, settings.site_id)).orderBy(asc(showroomWebHooks.id)).limit(100);
    const ids = hooks.map((hook) => hook.id);
    const [last, failed] = ids.length
      ? await Promise.all([
          ctx.db
            .selectDistinctOn([showroomWebHookDeliveries.web_hook_id], { hook: showroomWebHookDeliveries.web_hook_id, status: showroomWebHookDeliveries.status, code: showroomWebHookDeliveries.http_code, at: showroomWebHookDeliveries.updated_at })
            .from(showroomWebHookDeliveries)
            .where(inArray(showroomWebHookDeliveries.web_hook_id, ids))
            .orderBy(showroomWebHookDeliveries.web_hook_id, desc(showroomWebHookDeliveries.id)),
          ctx.db
            .select({ hook: showroomWebHookDeliveries.web_hook_id, total: sql<number>`count(*)`.mapWith(Number) })
            .from(showroomWebHookDeliveries)
            .where(and(inArray(showroomWebHookDeliveries.web_hook_id, ids), eq(showroomWebHookDeliveries.status, 'failed')))
            .groupBy(showroomWebHookDeliveries.web_hook_id),
        ])
      : [[], []];
    const data = hooks.map((hook) => {
      const latest = last.find((row) => row.hook === hook.id);
      return toRecord('web_hooks', { ...hook, last_status: latest?.status ?? null, last_code: latest?.code ?? null, last_at: latest?.at.toISOString() ?? null, failed: failed.find((row) => row.hook === hook.id)?.total ?? 0 } as never, HOOK_ATTRIBUTES);
    });
    return toList(data, { number: 1, size: 100, total: data.length });
  });

  r.get(`${BASE}/webhooks/:id/deliveries`, { schema: { tags, summary: "The delivery log of the site's webhooks, newest first", params, querystring: webhookDeliveryQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(ctx.db, auth, request.params.id);
    const { page, limit, web_hook_id, status } = request.query;
    const where = and(eq(showroomWebHookDeliveries.site_id, settings.site_id), web_hook_id ? eq(showroomWebHookDeliveries.web_hook_id, web_hook_id) : undefined, status ? eq(showroomWebHookDeliveries.status, status) : undefined);
    const [rows, [count]] = await Promise.all([
      ctx.db
        .select({
          id: showroomWebHookDeliveries.id,
          web_hook_id: showroomWebHookDeliveries.web_hook_id,
          url: showroomWebHooks.url,
          event: showroomWebHookDeliveries.event,
          status: showroomWebHookDeliveries.status,
          http_code: showroomWebHookDeliveries.http_code,
          duration_ms: showroomWebHookDeliveries.duration_ms,
          error: showroomWebHookDeliveries.error,
          attempt: showroomWebHookDeliveries.attempt,
          created_at: showroomWebHookDeliveries.created_at,
          updated_at: showroomWebHookDeliveries.updated_at,
        })
        .from(showroomWebHookDeliveries)
        .innerJoin(showroomWebHooks, eq(showroomWebHooks.id, showroomWebHookDeliveries.web_hook_id))
        .where(where)
        .orderBy(desc(showroomWebHookDeliveries.id))
        .limit(limit)
        .offset((page - 1) * limit),
      ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(showroomWebHookDeliveries).where(where),
    ]);
    const data = rows.map((row) => toRecord('webhook_deliveries', { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() } as never, DELIVERY_ATTRIBUTES));
    return toList(data, { number: page, size: limit, total: count?.total ?? 0 });
  });
}
