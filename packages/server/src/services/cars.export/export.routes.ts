import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { exportRegenerateInput, exportSettingsPatch, id, offerInput, safeString } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import { inScope, requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import { clients } from '../clients.storage/client.table.ts';
import { exportSettings } from './export.table.ts';
import { feedStream, feedUrl, findFeed, newFeedToken, nextLinks, presentSettings, settingsOfClient, yandexIndex, yandexParts } from './export-feed.ts';
import { loadOfferCars, offerDocx, offerPdf, offerTitle } from './offer-documents.ts';

const BASE = '/gateway/cars.export/api/v1';
const tags = ['cars.export'];
const params = z.object({ id: id() });
// A token is checked by findFeed; the schema only bounds it (any other text is a plain 404).
const tokenParams = z.object({ token: safeString().max(100) });
const partParams = z.object({ token: safeString().max(100), part: safeString().max(10) });

/**
 * cars.export (spec 001 §7 "Export"): a client's settings (GET where_client_id, PATCH), a
 * channel's new address, the public feeds at their token addresses, and the commercial offers.
 */
export function registerExportRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = ctx.config.publicUrl;
  const reachable = async (auth: AuthContext, settingsId: number) => {
    const [row] = await ctx.db.select().from(exportSettings).where(eq(exportSettings.id, settingsId)).limit(1);
    if (!row || !inScope(auth, row.client_id)) throw notFound();
    return row;
  };
  const answer = (row: typeof exportSettings.$inferSelect) => ({ data: { id: String(row.id), type: 'settings', attributes: presentSettings(row, publicUrl) } });

  r.get(`${BASE}/settings/where_client_id/:id`, { schema: { tags, summary: "A client's export settings (made with the defaults on first read)", params } }, async (request) => {
    const auth = requireAuth(request.auth);
    if (!inScope(auth, request.params.id)) throw notFound();
    const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, request.params.id)).limit(1);
    if (!client) throw notFound();
    return answer(await settingsOfClient(ctx.db, client.id));
  });

  r.patch(`${BASE}/settings/:id`, { schema: { tags, summary: 'Change the channels and image options of export settings', params, body: z.object({ data: z.object({ attributes: exportSettingsPatch }) }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await reachable(auth, request.params.id);
    const change = request.body.data.attributes;
    const links = change.links ? nextLinks(row.links, change.links) : row.links;
    const [updated] = await ctx.db
      .update(exportSettings)
      .set({ use_dealer_images: change.use_dealer_images ?? row.use_dealer_images, dealer_images_first: change.dealer_images_first ?? row.dealer_images_first, links, touched: true, updated_at: new Date() })
      .where(eq(exportSettings.id, row.id))
      .returning();
    const needed = (state: typeof links) => Object.entries(state).filter(([, value]) => value.is_needed).map(([name]) => name).join(', ');
    await recordAudit(ctx.db, auth, {
      action: 'update', service: 'cars.export', resource: 'settings', recordId: row.id, clientId: row.client_id, ip: request.ip,
      changes: { use_dealer_images: [row.use_dealer_images, updated!.use_dealer_images], dealer_images_first: [row.dealer_images_first, updated!.dealer_images_first], channels: [needed(row.links), needed(links)] },
    });
    return answer(updated!);
  });

  r.post(`${BASE}/settings/:id/regenerate`, { schema: { tags, summary: "A new address for a channel's feed (the old one stops working)", params, body: z.object({ data: exportRegenerateInput }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const row = await reachable(auth, request.params.id);
    const channel = request.body.data.channel;
    const links = { ...row.links, [channel]: { is_needed: row.links[channel]?.is_needed ?? false, token: newFeedToken() } };
    const [updated] = await ctx.db.update(exportSettings).set({ links, touched: true, updated_at: new Date() }).where(eq(exportSettings.id, row.id)).returning();
    await recordAudit(ctx.db, auth, { action: 'update', service: 'cars.export', resource: 'settings', recordId: row.id, clientId: row.client_id, ip: request.ip, changes: { regenerated: [null, channel] } });
    return answer(updated!);
  });

  // The public feeds: the token is the key (no sign-in); a wrong token, or a channel switched off, is a 404.
  r.get(`${BASE}/feeds/:token`, { schema: { tags, summary: "A channel's feed (public; for yandex_search the index of its parts)", params: tokenParams } }, async (request, reply) => {
    const found = await findFeed(ctx.db, request.params.token);
    if (!found) throw notFound();
    const url = feedUrl(publicUrl, request.params.token);
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    if (found.channel === 'yandex_search') return reply.send(yandexIndex(await yandexParts(ctx.db, found.settings, publicUrl), url));
    return reply.send(await feedStream(ctx.db, found.settings, found.channel, url, { publicUrl }));
  });

  r.get(`${BASE}/feeds/:token/:part`, { schema: { tags, summary: 'One part of a Yandex search feed (public)', params: partParams } }, async (request, reply) => {
    const found = await findFeed(ctx.db, request.params.token);
    if (!found || found.channel !== 'yandex_search' || !/^[1-9][0-9]{0,5}$/.test(request.params.part)) throw notFound();
    const parts = await yandexParts(ctx.db, found.settings, publicUrl);
    const part = parts[Number(request.params.part) - 1];
    if (!part) throw notFound();
    const url = `${feedUrl(publicUrl, request.params.token)}/${request.params.part}`;
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    return reply.send(await feedStream(ctx.db, found.settings, 'yandex_search', url, { publicUrl, fromId: part.fromId, toId: part.toId }));
  });

  for (const kind of ['pdf', 'docx'] as const) {
    r.post(`${BASE}/${kind}_offer`, { schema: { tags, summary: `A commercial offer for chosen cars as ${kind.toUpperCase()}`, body: z.object({ data: offerInput }) } }, async (request, reply) => {
      const auth = requireAuth(request.auth);
      const input = request.body.data;
      const site = await siteOwnership(registry).findSite(ctx.db, auth, input.site_id);
      if (!site) throw new AppError(404, 'not_found', undefined, '/data/site_id');
      const list = await loadOfferCars(ctx.db, ctx.files, site, input, publicUrl);
      const options = { type: input.type, orientation: input.orientation, title: offerTitle(request.lang, input.title), lang: request.lang };
      const body = kind === 'pdf' ? await offerPdf(list, options) : await offerDocx(list, options);
      const mime = kind === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      return reply.header('content-type', mime).header('content-disposition', `attachment; filename="offer-${new Date().toISOString().slice(0, 10)}.${kind}"`).header('cache-control', 'no-store').send(body);
    });
  }
}
