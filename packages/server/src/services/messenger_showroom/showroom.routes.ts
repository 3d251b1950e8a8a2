import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { callbackExportQuery, callbackListQuery, id, showroomCustomerResource, showroomSettingsResource, type CallbackType, type Lang } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry, Row } from '../../kit/crud-routes.ts';
import { findScoped } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { badRequest, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { toList, toRecord } from '../../kit/jsonapi.ts';
import { inScope, requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { xlsxStream } from '../../kit/xlsx-stream.ts';
import { siteSettingsOf } from '../sites.context/site-ownership.ts';
import { showroomBots, showroomCallbacks, showroomCustomers, showroomSettings } from './showroom.table.ts';

const BASE = '/gateway/messenger_showroom/api/v1';
const tags = ['messenger_showroom'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SETTINGS_ATTRIBUTES = Object.keys(showroomSettingsResource.entity.shape);
/** An export holds at most this many rows (a year of a busy showroom); the range is narrowed beyond it. */
const EXPORT_MAX_ROWS = 100_000;

/** A site's showroom settings, made with the defaults on first read (the site reached by the caller). */
export async function settingsOfSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number) {
  return siteSettingsOf(db, registry, auth, siteId, showroomSettings);
}

/** The columns of a callback as the API answers it, with its bot's name. */
const callbackColumns = {
  id: showroomCallbacks.id,
  callback_type: showroomCallbacks.callback_type,
  bot_id: showroomCallbacks.bot_id,
  bot_name: showroomBots.name,
  customer_id: showroomCallbacks.customer_id,
  customer: showroomCallbacks.customer,
  phone: showroomCallbacks.phone,
  car: showroomCallbacks.car,
  service_work: showroomCallbacks.service_work,
  desired_at: showroomCallbacks.desired_at,
  source: showroomCallbacks.source,
  request_id: showroomCallbacks.request_id,
  created_at: showroomCallbacks.created_at,
};
type CallbackRow = { [K in keyof typeof callbackColumns]: unknown } & { id: number; created_at: Date; desired_at: Date | null };
const CALLBACK_ATTRIBUTES = Object.keys(callbackColumns).filter((key) => key !== 'id');
const present = (row: CallbackRow) => toRecord('callbacks', { ...row, created_at: row.created_at.toISOString(), desired_at: row.desired_at?.toISOString() ?? null }, CALLBACK_ATTRIBUTES);

/** The callbacks of a site, of a type, matching a text (name, phone, car, service work). */
function callbackCondition(siteId: number, type: CallbackType | undefined, filter: string | undefined): SQL | undefined {
  const text = filter?.trim();
  const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    eq(showroomCallbacks.site_id, siteId),
    type ? eq(showroomCallbacks.callback_type, type) : undefined,
    like ? or(ilike(showroomCallbacks.customer, like), ilike(showroomCallbacks.phone, like), ilike(showroomCallbacks.car, like), ilike(showroomCallbacks.service_work, like)) : undefined,
  );
}

const HEADERS: Record<Lang, string[]> = {
  ru: ['№', 'Создана', 'Тип', 'Клиент', 'Телефон', 'Автомобиль', 'Сервисная работа', 'Желаемое время', 'Бот', 'Источник', 'Заявка'],
  en: ['No.', 'Created', 'Type', 'Customer', 'Phone', 'Car', 'Service work', 'Desired time', 'Bot', 'Source', 'Request'],
};
const TYPE_NAMES: Record<Lang, Record<CallbackType, string>> = {
  ru: { callback: 'Обратный звонок', testdrive: 'Тест-драйв', service: 'Запись на сервис' },
  en: { callback: 'Callback', testdrive: 'Test drive', service: 'Service booking' },
};

/** A range's callbacks as XLSX, read page by page as the reader takes them. */
function callbacksWorkbook(db: DbOrTx, where: SQL | undefined, lang: Lang, signal: AbortSignal) {
  const workbook = xlsxStream(lang === 'ru' ? 'Заявки' : 'Requests', { signal, widths: [8, 17, 18, 24, 16, 30, 24, 17, 20, 12, 10] });
  void (async () => {
    try {
      workbook.addRow(HEADERS[lang]);
      let after = 0;
      let written = 0;
      while (!signal.aborted && written < EXPORT_MAX_ROWS) {
        const rows = (await db
          .select(callbackColumns)
          .from(showroomCallbacks)
          .leftJoin(showroomBots, eq(showroomBots.id, showroomCallbacks.bot_id))
          .where(and(where, gt(showroomCallbacks.id, after)))
          .orderBy(asc(showroomCallbacks.id))
          .limit(1000)) as CallbackRow[];
        if (!rows.length) break;
        for (const row of rows) {
          workbook.addRow([row.id, row.created_at, TYPE_NAMES[lang][row.callback_type as CallbackType] ?? String(row.callback_type), row.customer as string | null, row.phone as string | null, row.car as string | null, row.service_work as string | null, row.desired_at, row.bot_name as string | null, row.source as string, row.request_id as number | null]);
        }
        written += rows.length;
        after = rows[rows.length - 1]!.id;
        await workbook.ready();
      }
      if (signal.aborted) workbook.stream.destroy();
      else await workbook.end();
    } catch (error) {
      workbook.stream.destroy(error as Error);
    }
  })();
  return workbook.stream;
}

/** messenger_showroom's calls beyond the generic CRUD: a site's settings, deleting a customer, the callback lists and their export. */
export function registerShowroomRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: id() });
  /** The settings {id} names, when the caller reaches them. */
  const reachableSettings = async (auth: AuthContext, settingsId: number) => {
    const [row] = await ctx.db.select().from(showroomSettings).where(eq(showroomSettings.id, settingsId)).limit(1);
    if (!row || !inScope(auth, row.client_id)) throw notFound();
    return row;
  };

  r.get(`${BASE}/settings/for_site_id/:siteId`, { schema: { tags, summary: "A site's showroom settings (made with the defaults on first read)", params: z.object({ siteId: id() }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await settingsOfSite(ctx.db, registry, auth, request.params.siteId);
    return { data: toRecord('settings', row as unknown as Row, SETTINGS_ATTRIBUTES) };
  });

  const customersBinding = registry.get(showroomCustomerResource as never);
  r.delete(`${BASE}/customers/:id`, { schema: { tags, summary: 'Delete a customer of the showroom', params } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await ctx.db.transaction(async (tx) => {
      const existing = await findScoped(tx, customersBinding, request.params.id, auth);
      await tx.delete(showroomCustomers).where(eq(showroomCustomers.id, existing.id));
      await recordAudit(tx, auth, { action: 'delete', service: 'messenger_showroom', resource: 'customers', recordId: existing.id, changes: { site_id: existing.site_id, state: existing.state }, clientId: existing.client_id as number, ip: request.ip });
    });
    return reply.status(204).send();
  });

  r.get(`${BASE}/callbacks/:id`, { schema: { tags, summary: "The showroom's callbacks, test drives and service bookings, newest first", params, querystring: callbackListQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(auth, request.params.id);
    const { page, limit, callback_type, filter } = request.query;
    const where = callbackCondition(settings.site_id, callback_type, filter);
    const [rows, [count]] = await Promise.all([
      ctx.db
        .select(callbackColumns)
        .from(showroomCallbacks)
        .leftJoin(showroomBots, eq(showroomBots.id, showroomCallbacks.bot_id))
        .where(where)
        .orderBy(desc(showroomCallbacks.created_at), desc(showroomCallbacks.id))
        .limit(limit)
        .offset((page - 1) * limit),
      ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(showroomCallbacks).where(where),
    ]);
    return toList((rows as CallbackRow[]).map(present), { number: page, size: limit, total: count?.total ?? 0 });
  });

  r.get(`${BASE}/callbacks/:id/format_xlsx`, { schema: { tags, summary: "The showroom's callbacks of a date range as XLSX", params, querystring: callbackExportQuery } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const settings = await reachableSettings(auth, request.params.id);
    const query = request.query;
    const from = new Date(`${query['date[from]']}T00:00:00Z`);
    const to = new Date(new Date(`${query['date[to]']}T00:00:00Z`).getTime() + 86_400_000);
    if (from >= to) throw badRequest('sender_dates_order', 'date[from]');
    const where = and(callbackCondition(settings.site_id, query.callback_type, undefined), gte(showroomCallbacks.created_at, from), lt(showroomCallbacks.created_at, to));
    const reading = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) reading.abort();
    });
    const name = `showroom-${query.callback_type ?? 'requests'}-${query['date[from]']}-${query['date[to]']}`;
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(callbacksWorkbook(ctx.db, where, request.lang ?? 'ru', reading.signal));
  });
}
