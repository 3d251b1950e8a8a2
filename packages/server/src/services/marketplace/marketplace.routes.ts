import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { code, id, massInstallBody, massUninstallBody, moduleReasonBody, type MassModulesResult } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { findScoped, scopeCondition, type ResourceRegistry } from '../../kit/crud-routes.ts';
import type { DbOrTx, Tx } from '../../kit/db.ts';
import { badRequest, notFound } from '../../kit/errors.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { sites } from '../sites.context/site.table.ts';
import { modules } from './module.table.ts';
import { installModules, setModulePaused, uninstallModules, type Actor, type ModuleRow, type SiteRow } from './site-module-changes.ts';
import { installedModuleCodes, listSiteModules } from './site-modules.ts';
import { queueModuleNotice, type ModuleChange } from './send-module-notices.ts';

const BASE = '/gateway/marketplace/api/v1';
const tags = ['marketplace'];
const siteRef = { service: 'sites.context', name: 'sites' } as const;
const siteParams = z.object({ siteId: id() });
const siteModuleParams = z.object({ siteId: id(), code: code(100) });
/** Mass changes write at most this many sites per statement batch (bind-parameter limit). */
const CHUNK = 500;

export function registerMarketplaceRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const siteBinding = () => registry.get(siteRef);
  const actor = (request: FastifyRequest, pointer?: string): Actor => ({ auth: requireAuth(request.auth), ip: request.ip, lang: request.lang, log: request.log, pointer });
  /** A site the caller reaches; 404 otherwise (never 403: no leak). */
  const siteOf = async (db: DbOrTx, siteId: number, auth: AuthContext) => (await findScoped(db, siteBinding(), siteId, auth)) as unknown as SiteRow;
  const moduleOf = async (db: DbOrTx, moduleCode: string) => {
    const [module] = await db.select().from(modules).where(eq(modules.code, moduleCode)).limit(1);
    if (!module) throw notFound();
    return module;
  };
  const installationReply = async (db: DbOrTx, site: SiteRow) => ({ data: await installedModuleCodes(db, site.id) });
  /** After the commit: the modules' notification e-mails hear of what changed. */
  const notify = (request: FastifyRequest, action: ModuleChange, changes: MassModulesResult[], reason: string | null = null) =>
    queueModuleNotice(ctx, { action, reason, actor_user_id: requireAuth(request.auth).userId, changes: changes.map((c) => ({ site_id: c.site_id, modules: c.changed })) });

  r.get(`${BASE}/sites/:siteId/modules`, { schema: { tags, summary: "A site's available and installed modules, installations included", params: siteParams } }, async (request) => {
    const site = await siteOf(ctx.db, request.params.siteId, requireAuth(request.auth));
    return listSiteModules(ctx.db, site);
  });

  r.get(
    `${BASE}/sites/:siteId/installed_modules`,
    { schema: { tags, summary: 'The module codes installed on a site, paused ones marked (menu, guards, notices)', params: siteParams } },
    async (request) => installationReply(ctx.db, await siteOf(ctx.db, request.params.siteId, requireAuth(request.auth))),
  );

  r.post(`${BASE}/sites/:siteId/modules/:code/install`, { schema: { tags, summary: 'Install a module on a site', params: siteModuleParams } }, async (request) => {
    const { reply, result } = await ctx.db.transaction(async (tx) => {
      const site = await siteOf(tx, request.params.siteId, requireAuth(request.auth));
      const result = await installModules(tx, site, [await moduleOf(tx, request.params.code)], actor(request));
      return { reply: await installationReply(tx, site), result };
    });
    await notify(request, 'install', [result]);
    return reply;
  });

  r.post(
    `${BASE}/sites/:siteId/modules/:code/uninstall`,
    { schema: { tags, summary: 'Uninstall a module from a site, with a reason', params: siteModuleParams, body: moduleReasonBody } },
    async (request) => {
      const { reply, result } = await ctx.db.transaction(async (tx) => {
        const site = await siteOf(tx, request.params.siteId, requireAuth(request.auth));
        const result = await uninstallModules(tx, site, [await moduleOf(tx, request.params.code)], request.body.data.reason, actor(request));
        return { reply: await installationReply(tx, site), result };
      });
      await notify(request, 'uninstall', [result], request.body.data.reason);
      return reply;
    },
  );

  r.post(
    `${BASE}/sites/:siteId/modules/:code/suspend`,
    { schema: { tags, summary: 'Suspend a module on a site (a negative balance ...), with a reason; staff only', params: siteModuleParams, body: moduleReasonBody } },
    async (request) => {
      const reply = await ctx.db.transaction(async (tx) => {
        const site = await siteOf(tx, request.params.siteId, requireAuth(request.auth));
        await setModulePaused(tx, site, await moduleOf(tx, request.params.code), true, request.body.data.reason, actor(request));
        return installationReply(tx, site);
      });
      await notify(request, 'suspend', [{ site_id: reply.data.site_id, changed: [request.params.code], unchanged: [] }], request.body.data.reason);
      ctx.notifier?.raise({
        service: 'marketplace',
        siteId: reply.data.site_id,
        level: 'warning',
        type: 'module_suspended',
        text: { ru: `Модуль ${request.params.code} приостановлен: ${request.body.data.reason}`, en: `Module ${request.params.code} suspended: ${request.body.data.reason}` },
        details: { module: request.params.code, reason: request.body.data.reason },
      });
      return reply;
    },
  );

  r.post(
    `${BASE}/sites/:siteId/modules/:code/resume`,
    { schema: { tags, summary: 'Resume a suspended module; staff only', params: siteModuleParams } },
    async (request) => {
      const reply = await ctx.db.transaction(async (tx) => {
        const site = await siteOf(tx, request.params.siteId, requireAuth(request.auth));
        await setModulePaused(tx, site, await moduleOf(tx, request.params.code), false, null, actor(request));
        return installationReply(tx, site);
      });
      await notify(request, 'resume', [{ site_id: reply.data.site_id, changed: [request.params.code], unchanged: [] }]);
      return reply;
    },
  );

  /** The sites and modules of a mass change, in the caller's reach; a bad one is a field error. */
  async function massTargets(tx: Tx, auth: AuthContext, siteIds: number[], codes: string[]) {
    const wantedSites = [...new Set(siteIds)];
    const found: SiteRow[] = [];
    for (let at = 0; at < wantedSites.length; at += CHUNK) {
      const chunk = wantedSites.slice(at, at + CHUNK);
      found.push(...((await tx.select().from(sites).where(and(inArray(sites.id, chunk), scopeCondition(siteBinding(), auth)))) as SiteRow[]));
    }
    const missingSite = siteIds.findIndex((siteId) => !found.some((site) => site.id === siteId));
    if (missingSite >= 0) throw badRequest('invalid_reference', `/data/site_ids/${missingSite}`, { id: siteIds[missingSite]! });
    const wantedModules = await tx.select().from(modules).where(inArray(modules.code, codes));
    const missingModule = codes.findIndex((c) => !wantedModules.some((module) => module.code === c));
    if (missingModule >= 0) throw badRequest('module_unknown', `/data/module_codes/${missingModule}`, { module: codes[missingModule]! });
    const byCode = new Map<string, ModuleRow>(wantedModules.map((module) => [module.code, module]));
    const ordered = [...new Set(codes)].map((c) => byCode.get(c)!);
    const sitesById = new Map(found.map((site) => [site.id, site]));
    return { sites: wantedSites.map((siteId) => sitesById.get(siteId)!), modules: ordered };
  }

  // All or nothing: one transaction; the first refusal names the site's place in site_ids.
  r.post(`${BASE}/modules/mass_install`, { schema: { tags, summary: 'Install modules on many sites at once', body: massInstallBody } }, async (request) => {
    const { site_ids, module_codes } = request.body.data;
    const results = await ctx.db.transaction(async (tx) => {
      const targets = await massTargets(tx, requireAuth(request.auth), site_ids, module_codes);
      const out: MassModulesResult[] = [];
      for (const site of targets.sites) {
        out.push(await installModules(tx, site, targets.modules, actor(request, `/data/site_ids/${site_ids.indexOf(site.id)}`), { skipInstalled: true }));
      }
      return out;
    });
    await notify(request, 'install', results);
    return { data: { results } };
  });

  r.post(`${BASE}/modules/mass_uninstall`, { schema: { tags, summary: 'Uninstall modules from many sites at once, with a reason', body: massUninstallBody } }, async (request) => {
    const { site_ids, module_codes, reason } = request.body.data;
    const results = await ctx.db.transaction(async (tx) => {
      const targets = await massTargets(tx, requireAuth(request.auth), site_ids, module_codes);
      const out: MassModulesResult[] = [];
      for (const site of targets.sites) {
        out.push(await uninstallModules(tx, site, targets.modules, reason, actor(request, `/data/site_ids/${site_ids.indexOf(site.id)}`), { skipMissing: true }));
      }
      return out;
    });
    await notify(request, 'uninstall', results, reason);
    return { data: { results } };
  });
}
