import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { id, reportSettingsPatch } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceHooks, ResourceRegistry } from '../../kit/crud-routes.ts';
import { AppError, badRequest, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { inScope, requireAuth, type AuthContext } from '../../kit/request-context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { siteSettingsOf } from '../sites.context/site-ownership.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { notifierReportSettings } from './notifier.table.ts';
import { sendReportNow } from './send-notices.ts';

const BASE = '/gateway/importer.notifier/api/v1';
const tags = ['importer.notifier'];
const params = z.object({ id: id() });
type Row = typeof notifierReportSettings.$inferSelect;

const present = (row: Row) => ({
  id: String(row.id),
  type: 'report_settings',
  attributes: { ...row, id: undefined, last_sent_at: row.last_sent_at?.toISOString() ?? null, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() },
});

/** A site's importer mail settings, made with the defaults (no receivers, hourly) on first read. */
async function settingsOfSite(db: DbOrTx, registry: ResourceRegistry, auth: AuthContext, siteId: number) {
  return siteSettingsOf(db, registry, auth, siteId, notifierReportSettings);
}

/** A manager's dealership must be one of the site's client's (a dealer user never names another client's). */
export const managerSettingsHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    await assertDealer(tx, attrs.site_id as number, attrs.dealer_id as number | null | undefined);
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.dealer_id !== undefined) await assertDealer(tx, existing.site_id as number, attrs.dealer_id as number | null);
    return attrs;
  },
};

async function assertDealer(db: DbOrTx, siteId: number, dealerId: number | null | undefined) {
  if (!dealerId) return;
  const [row] = await db.select({ id: dealerships.id }).from(dealerships).innerJoin(sites, eq(sites.client_id, dealerships.client_id)).where(and(eq(dealerships.id, dealerId), eq(sites.id, siteId))).limit(1);
  if (!row) throw badRequest('import_dealer_mismatch', '/data/attributes/dealer_id');
}

/** importer.notifier calls beyond the generic CRUD: a site's report settings and a test send. */
export function registerNotifierRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reachable = async (auth: AuthContext, settingsId: number) => {
    const [row] = await ctx.db.select().from(notifierReportSettings).where(eq(notifierReportSettings.id, settingsId)).limit(1);
    if (!row || !inScope(auth, row.client_id)) throw notFound();
    return row;
  };

  r.get(`${BASE}/report_settings/where_site/:siteId`, { schema: { tags, summary: "A site's importer report mail settings", params: z.object({ siteId: id() }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    return { data: present(await settingsOfSite(ctx.db, registry, auth, request.params.siteId)) };
  });

  r.patch(`${BASE}/report_settings/:id`, { schema: { tags, summary: 'Change the receivers, subject, frequency of report mails', params, body: z.object({ data: z.object({ attributes: reportSettingsPatch }) }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await reachable(auth, request.params.id);
    const change = request.body.data.attributes;
    const [updated] = await ctx.db.update(notifierReportSettings).set({ ...change, updated_at: new Date() }).where(eq(notifierReportSettings.id, row.id)).returning();
    const changes = Object.fromEntries(Object.keys(change).map((key) => [key, [row[key as keyof Row], updated![key as keyof Row]]]));
    await recordAudit(ctx.db, auth, { action: 'update', service: 'importer.notifier', resource: 'report_settings', recordId: row.id, clientId: row.client_id, ip: request.ip, changes: changes as never });
    return { data: present(updated!) };
  });

  r.post(`${BASE}/report_settings/:id/send_now`, { schema: { tags, summary: 'Send the report mail of the period since the last one now', params } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await reachable(auth, request.params.id);
    if (!row.receivers.length) throw new AppError(400, 'notifier_receivers_required', undefined, '/data/attributes/receivers');
    const sent = await sendReportNow(ctx, row.id, new Date());
    return { data: { sent } };
  });
}
