import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  copySiteBody,
  copySiteV2Body,
  dealerIdsBody,
  displayPriorityBody,
  forkSiteBody,
  generateSiteBody,
  id,
  IMAGE_MAX_BYTES,
  LOGO_KINDS,
  siteCoreBody,
  siteLocalesBody,
  siteRenderBody,
  siteResource,
  siteVersionBody,
  t,
  unpublishSiteBody,
  withModulesQuery,
  type DnsCheckResult,
  type SiteOptions,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { findScoped, type ResourceRegistry, type Row } from '../../kit/crud-routes.ts';
import { csvDelimiter, csvRow, UTF8_BOM } from '../../kit/csv.ts';
import type { Tx } from '../../kit/db.ts';
import { readUploadedFiles, type FileStorage } from '../../kit/files.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { copySite, forkSite, generateSite } from './copy-site.ts';
import { addCreationCodes } from './creation-codes.ts';
import { checkSiteDns, createResolver } from './dns-check.ts';
import { rerenderSites } from './republish-sites.ts';
import { appendDealers, removeDealers, reorderDealers, setSiteLocales } from './site-dealers.ts';
import { clearImages, setFavicons, setLogo } from './site-images.ts';
import { colorSchemesInUse, forkCounts, officialSites, sitesWithModules, siteUsers } from './site-queries.ts';
import { normalizeSiteHosts, publishSite, renderSite, switchSiteCore, switchSiteVersion, unpublishSite, type TransitionContext } from './site-transitions.ts';
import { sites } from './site.table.ts';

const BASE = '/gateway/sites.context/api/v1';
const tags = ['sites.context'];
const ATTRIBUTES = Object.keys(siteResource.entity.shape);
const idParams = z.object({ id: id() });
const siteRecord = (row: Row) => ({ data: toRecord('sites', row, ATTRIBUTES) });

/**
 * The action routes of sites beside the declared resource (spec 000 §4, §7): transitions,
 * copy, fork, generate, normalize, dealers, locales, republish and rerender, with_modules and
 * its CSV, the DNS check, the site's users, favicons and logos.
 */
export async function registerSiteRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry, files: FileStorage) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = registry.get(siteResource);
  const resolver = createResolver(ctx.config.dnsServers);

  /** Runs `work` on a site the caller reaches, in one transaction. */
  const onSite = <T>(request: FastifyRequest, siteId: number, work: (tc: TransitionContext, site: Row) => Promise<T>) => {
    const auth = requireAuth(request.auth);
    return ctx.db.transaction(async (tx) => work(transition(tx, auth, request), await findScoped(tx, binding, siteId, auth)));
  };
  const transition = (tx: Tx, auth: AuthContext, request: FastifyRequest): TransitionContext => ({ tx, auth, config: ctx.config, ip: request.ip });

  /** A source of a copy or fork: a site the caller reaches, or any official site. */
  const sourceSite = async (tx: Tx, auth: AuthContext, siteId: number) => {
    const [official] = await tx.select().from(sites).where(and(eq(sites.id, siteId), inArray(sites.type, [1, 2]))).limit(1);
    return official ? (official as unknown as Row) : findScoped(tx, binding, siteId, auth);
  };

  /** A source named in a body: a site out of reach is a bad reference on its field, not a missing route. */
  const sourceOfBody = async (tx: Tx, auth: AuthContext, siteId: number) => {
    try {
      return await sourceSite(tx, auth, siteId);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw badRequest('invalid_reference', '/data/source_site_id', { id: siteId });
      throw error;
    }
  };

  r.get(`${BASE}/site_options`, { schema: { tags, summary: 'The technical domain and the colour schemes in use' } }, async () => {
    const options: SiteOptions = { technical_domain: ctx.config.technicalDomain, color_schemes: await colorSchemesInUse(ctx.db) };
    return { data: options };
  });

  r.get(`${BASE}/sites/official`, { schema: { tags, summary: 'Official demo and master sites (sources of copies, forks and generated sites)' } }, async () => {
    const rows = await officialSites(ctx.db);
    return { data: rows.map((row) => toRecord('sites', row, ['name', 'type', 'host', 'technical_host', 'context'])) };
  });

  r.get(`${BASE}/sites/forks`, { schema: { tags, summary: 'Official master sites with the number of their forks' } }, async (request) => {
    const rows = await forkCounts(ctx.db, requireAuth(request.auth));
    return { data: rows.map((row) => toRecord('sites', row, ['name', 'host', 'technical_host', 'forks'])) };
  });

  r.get(`${BASE}/sites/with_modules`, { schema: { tags, summary: 'Sites with every one of the modules', querystring: withModulesQuery } }, async (request) => {
    const rows = await sitesWithModules(ctx.db, requireAuth(request.auth), request.query.module_codes.split(','));
    return { data: rows.map((row) => toRecord('sites', row, ['name', 'host', 'technical_host', 'status', 'client_id', 'client', 'modules'])), meta: { total: rows.length } };
  });

  r.get(`${BASE}/sites/with_modules/csv`, { schema: { tags, summary: 'Sites with every one of the modules, as CSV', querystring: withModulesQuery } }, async (request, reply) => {
    const rows = await sitesWithModules(ctx.db, requireAuth(request.auth), request.query.module_codes.split(','));
    const lang = request.lang;
    const d = csvDelimiter(lang);
    const head = lang === 'ru' ? ['ID', 'Сайт', 'Домен', 'Технический домен', 'Клиент', 'Модули'] : ['ID', 'Site', 'Host', 'Technical host', 'Client', 'Modules'];
    const body = rows.map((row) => csvRow([row.id, row.name, row.host, row.technical_host, row.client, row.modules.join(' ')], d)).join('');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="sites-with-modules.csv"')
      .send(UTF8_BOM + csvRow(head, d) + body);
  });

  for (const action of ['republish', 'rerender'] as const) {
    r.post(`${BASE}/sites/${action}`, { schema: { tags, summary: `${action} the published sites matching every filter`, body: siteRenderBody } }, async (request) => {
      const auth = requireAuth(request.auth);
      const result = await ctx.db.transaction((tx) => rerenderSites(tx, auth, action, request.body.data, request.ip));
      return { data: result };
    });
  }

  r.post(`${BASE}/sites/generate`, { schema: { tags, summary: 'A new client site from an official demo site', body: generateSiteBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const row = await ctx.db.transaction((tx) => generateSite(transition(tx, auth, request), request.body.data));
    return reply.status(201).send(siteRecord(row));
  });

  addCreationCodes(app, BASE);

  // The copy in its two versions (spec 000 §7): the source in the path, answering the new site; the source in the body, also saying what was copied.
  r.post(`${BASE}/sites/:id/copy`, { schema: { tags, summary: 'Copy a site (the copy dialog), first version', params: idParams, body: copySiteBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const { row } = await ctx.db.transaction(async (tx) => copySite(transition(tx, auth, request), await sourceSite(tx, auth, request.params.id), request.body.data));
    return reply.status(201).send(siteRecord(row));
  });
  r.post(`${BASE}/sites/copy`, { schema: { tags, summary: 'Copy a site, second version: the source in the body, what was copied in meta', body: copySiteV2Body } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const { source_site_id: sourceId, ...input } = request.body.data;
    const { row, copied } = await ctx.db.transaction(async (tx) => copySite(transition(tx, auth, request), await sourceOfBody(tx, auth, sourceId), input));
    return reply.status(201).send({ ...siteRecord(row), meta: { copied } });
  });

  r.post(`${BASE}/sites/:id/fork`, { schema: { tags, summary: 'Fork an official master site for a client', params: idParams, body: forkSiteBody } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    const row = await ctx.db.transaction(async (tx) => forkSite(transition(tx, auth, request), await sourceSite(tx, auth, request.params.id), request.body.data));
    return reply.status(201).send(siteRecord(row));
  });

  const simple: [string, string, (tc: TransitionContext, site: Row) => Promise<Row>][] = [
    ['publish', 'Publish a draft site', publishSite],
    ['render', 'Render a published site again', renderSite],
    ['normalize', 'Normalise the stored host and technical host', normalizeSiteHosts],
  ];
  for (const [path, summary, run] of simple) {
    r.post(`${BASE}/sites/:id/${path}`, { schema: { tags, summary, params: idParams } }, async (request) => siteRecord(await onSite(request, request.params.id, run)));
  }

  r.post(`${BASE}/sites/:id/unpublish`, { schema: { tags, summary: 'Unpublish a site (the host typed)', params: idParams, body: unpublishSiteBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => unpublishSite(tc, site, request.body.data.host))),
  );

  r.patch(`${BASE}/sites/:id/version`, { schema: { tags, summary: 'Switch the version (not of official sites)', params: idParams, body: siteVersionBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => switchSiteVersion(tc, site, request.body.data.version))),
  );

  r.patch(`${BASE}/sites/:id/core`, { schema: { tags, summary: 'Switch the rendering core (creates a task)', params: idParams, body: siteCoreBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => switchSiteCore(tc, site, request.body.data.core))),
  );

  r.post(`${BASE}/sites/:id/dealers/append`, { schema: { tags, summary: 'Show more dealerships on the site', params: idParams, body: dealerIdsBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => appendDealers(tc, site, request.body.data.dealer_ids))),
  );
  r.post(`${BASE}/sites/:id/dealers/remove`, { schema: { tags, summary: 'Stop showing dealerships on the site', params: idParams, body: dealerIdsBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => removeDealers(tc, site, request.body.data.dealer_ids))),
  );
  r.patch(`${BASE}/sites/:id/display_priority`, { schema: { tags, summary: 'The display order of the dealerships', params: idParams, body: displayPriorityBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => reorderDealers(tc, site, request.body.data.dealer_ids))),
  );
  r.patch(`${BASE}/sites/:id/locales`, { schema: { tags, summary: "The site's extra languages", params: idParams, body: siteLocalesBody } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => setSiteLocales(tc, site, request.body.data.locales))),
  );

  r.get(`${BASE}/sites/:id/dns_check`, { schema: { tags, summary: 'DNS check of the host and technical host (codes 0-7)', params: idParams } }, async (request) => {
    const site = await findScoped(ctx.db, binding, request.params.id, requireAuth(request.auth));
    const hosts = { host: site.host as string | null, technical_host: site.technical_host as string | null };
    const check = await checkSiteDns(resolver, hosts);
    const result: DnsCheckResult = {
      ...hosts,
      ok: check.codes.length === 0,
      problems: check.codes.map((code) => ({ code, title: t(`dns_${code}`, request.lang) })),
      records: check.records,
    };
    return { data: result };
  });

  r.get(`${BASE}/sites/:id/users`, { schema: { tags, summary: "The users of the site's client", params: idParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const site = await findScoped(ctx.db, binding, request.params.id, auth);
    const rows = await siteUsers(ctx.db, auth, site.client_id as number);
    return { data: rows.map((row) => toRecord('users', row, ['name', 'last_name', 'email', 'active', 'roles'])) };
  });

  // Uploads: multipart only here, in a scope of their own; every other route still takes JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 100 } });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(`${BASE}/sites/:id/favicons`, { schema: { tags, summary: 'Upload the favicon (icon 192×192 or 512×512) and the Apple icon (180×180), multipart', params: idParams } }, async (request) => {
      const auth = requireAuth(request.auth);
      await findScoped(ctx.db, binding, request.params.id, auth);
      const parts = await readUploadedFiles(request, IMAGE_MAX_BYTES);
      return siteRecord(await onSite(request, request.params.id, (tc, site) => setFavicons(tc, files, site, parts)));
    });
    s.post(
      `${BASE}/sites/:id/logos/:kind`,
      { schema: { tags, summary: 'Upload a brand logo for PC or mobile (multipart, field `file`)', params: z.object({ id: id(), kind: z.enum(LOGO_KINDS) }) } },
      async (request) => {
        const auth = requireAuth(request.auth);
        await findScoped(ctx.db, binding, request.params.id, auth);
        const parts = await readUploadedFiles(request, IMAGE_MAX_BYTES);
        return siteRecord(await onSite(request, request.params.id, (tc, site) => setLogo(tc, files, site, request.params.kind, parts)));
      },
    );
  });
  r.delete(`${BASE}/sites/:id/favicons`, { schema: { tags, summary: 'Remove the favicons', params: idParams } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => clearImages(tc, site, 'favicons', ['icon', 'apple']))),
  );
  r.delete(`${BASE}/sites/:id/logos/:kind`, { schema: { tags, summary: 'Remove a logo', params: z.object({ id: id(), kind: z.enum(LOGO_KINDS) }) } }, async (request) =>
    siteRecord(await onSite(request, request.params.id, (tc, site) => clearImages(tc, site, 'logos', [request.params.kind]))),
  );
}

