import { and, eq, inArray } from 'drizzle-orm';
import type { Lang } from '@dp/contracts';
import { moduleTitle } from '@dp/contracts';
import type { Tx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from '../sites.context/site.table.ts';
import { moduleInstallations, modules } from './module.table.ts';
import { findModuleHandler } from './module-handlers.ts';

export type SiteRow = typeof sites.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type InstallationRow = typeof moduleInstallations.$inferSelect;

/** Who acts, from where, in which language (module names in messages). */
export interface Actor {
  auth: AuthContext;
  ip: string | null;
  lang: Lang;
  log?: { warn(details: object, message: string): void };
  /** Where an error about this site points (a mass change names the site's place in the body). */
  pointer?: string;
}

const named = (module: ModuleRow, actor: Actor) => ({ module: moduleTitle(module, actor.lang) });

/**
 * Installing a module is a grant (DESIGN.md §5): it widens what the site's users reach. Only a
 * module still offered (active in the dictionary) and offered to the site's client may be
 * installed, whoever installs it.
 */
export function assertInstallable(site: SiteRow, module: ModuleRow, actor: Actor) {
  if (!module.active) throw new AppError(409, 'module_inactive', named(module, actor), actor.pointer);
  if (module.client_ids.length > 0 && !module.client_ids.includes(site.client_id))
    throw new AppError(403, 'module_not_offered', named(module, actor), actor.pointer);
}

/**
 * Runs a module's install or uninstall handlers in the caller's transaction. Each reads the site
 * afresh (an earlier handler may have changed it). A failure rolls the whole change back.
 */
async function runHandlers(tx: Tx, kind: 'install' | 'uninstall', siteId: number, module: ModuleRow, actor: Actor) {
  for (const name of module.handlers?.[kind] ?? []) {
    const handler = findModuleHandler(name);
    const failed = (cause?: unknown) => {
      actor.log?.warn({ err: cause, module: module.code, handler: name, site: siteId }, 'module handler failed');
      return new AppError(409, 'module_handler_failed', { ...named(module, actor), handler: name }, actor.pointer);
    };
    if (!handler) throw failed(new Error(`unknown handler ${name}`));
    const [site] = await tx.select().from(sites).where(eq(sites.id, siteId));
    try {
      await handler(tx, { site: site!, module, auth: actor.auth });
    } catch (error) {
      throw failed(error);
    }
  }
}

/** The site's installations of the given modules, by module id. */
async function installationsOf(tx: Tx, siteId: number, moduleIds: number[]) {
  if (!moduleIds.length) return new Map<number, InstallationRow>();
  const rows = await tx
    .select()
    .from(moduleInstallations)
    .where(and(eq(moduleInstallations.site_id, siteId), inArray(moduleInstallations.module_id, moduleIds)));
  return new Map(rows.map((row) => [row.module_id, row]));
}

function audit(tx: Tx, actor: Actor, site: SiteRow, action: string, changes: Record<string, unknown>) {
  return recordAudit(tx, actor.auth, {
    action,
    service: 'marketplace',
    resource: 'sites',
    recordId: site.id,
    changes,
    clientId: site.client_id,
    ip: actor.ip,
  });
}

/**
 * Installs modules on a site, running their install handlers; one audit entry names them.
 * `skipInstalled` (mass install) passes over modules already there instead of refusing.
 */
export async function installModules(tx: Tx, site: SiteRow, wanted: ModuleRow[], actor: Actor, { skipInstalled = false } = {}) {
  const existing = await installationsOf(tx, site.id, wanted.map((m) => m.id));
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const module of wanted) {
    if (existing.has(module.id)) {
      if (!skipInstalled) throw new AppError(409, 'module_already_installed', named(module, actor), actor.pointer);
      unchanged.push(module.code);
      continue;
    }
    assertInstallable(site, module, actor);
    await tx.insert(moduleInstallations).values({ site_id: site.id, module_id: module.id, installed_by: actor.auth.userId });
    await runHandlers(tx, 'install', site.id, module, actor);
    changed.push(module.code);
  }
  if (changed.length) await audit(tx, actor, site, 'module_install', { modules: changed });
  return { site_id: site.id, changed, unchanged };
}

/**
 * Uninstalls modules from a site with a reason (kept in the audit trail), running their uninstall
 * handlers. A paused module stays until the platform removes it: otherwise uninstalling and
 * installing again would lift a suspension for non-payment.
 */
export async function uninstallModules(tx: Tx, site: SiteRow, wanted: ModuleRow[], reason: string, actor: Actor, { skipMissing = false } = {}) {
  const existing = await installationsOf(tx, site.id, wanted.map((m) => m.id));
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const module of wanted) {
    const installation = existing.get(module.id);
    if (!installation) {
      if (!skipMissing) throw new AppError(409, 'module_not_installed', named(module, actor), actor.pointer);
      unchanged.push(module.code);
      continue;
    }
    if (!installation.active && !actor.auth.internal) throw new AppError(403, 'module_paused_staff_only', named(module, actor), actor.pointer);
    await runHandlers(tx, 'uninstall', site.id, module, actor);
    await tx.delete(moduleInstallations).where(eq(moduleInstallations.id, installation.id));
    changed.push(module.code);
  }
  if (changed.length) await audit(tx, actor, site, 'module_uninstall', { modules: changed, reason });
  return { site_id: site.id, changed, unchanged };
}

/**
 * Suspends (a negative balance, ...) or resumes an installed module. Billing grounds: platform
 * staff only, so that a dealer cannot lift its own suspension.
 */
export async function setModulePaused(tx: Tx, site: SiteRow, module: ModuleRow, paused: boolean, reason: string | null, actor: Actor) {
  if (!actor.auth.internal) throw new AppError(403, 'module_staff_only');
  const installation = (await installationsOf(tx, site.id, [module.id])).get(module.id);
  if (!installation) throw new AppError(409, 'module_not_installed', named(module, actor));
  if (paused && !installation.active) throw new AppError(409, 'module_already_paused', named(module, actor));
  if (!paused && installation.active) throw new AppError(409, 'module_not_paused', named(module, actor));
  const [row] = await tx
    .update(moduleInstallations)
    .set({ active: !paused, suspended_reason: paused ? reason : null, suspended_at: paused ? new Date() : null, updated_at: new Date() })
    .where(eq(moduleInstallations.id, installation.id))
    .returning();
  await audit(tx, actor, site, paused ? 'module_suspend' : 'module_resume', paused ? { modules: [module.code], reason } : { modules: [module.code] });
  return row!;
}
