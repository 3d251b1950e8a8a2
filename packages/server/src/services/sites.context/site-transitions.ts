import { and, eq } from 'drizzle-orm';
import { normalizeHost, type SITE_CORES } from '@dp/contracts';
import type { Row } from '../../kit/crud-routes.ts';
import type { Config } from '../../kit/config.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { createSiteTask } from '../sites.controller/create-site-task.ts';
import { virtualMachines } from '../sites.controller/site-task.table.ts';
import { assertHostsAllowed, domainCodeOf, isOfficialType } from './site-rules.ts';
import { confirmationOf, taskForSite } from './site.hooks.ts';
import { SITE_STATUS } from './site-provisioned.ts';
import { sites } from './site.table.ts';

/**
 * The site transitions of spec 000 §4. Each one takes a site the caller reaches (findScoped),
 * changes it in the caller's transaction, writes the audit entry, and returns the fresh row.
 */
export interface TransitionContext {
  tx: DbOrTx;
  auth: AuthContext;
  config: Pick<Config, 'technicalDomain'>;
  ip: string | null;
}

async function change(ctx: TransitionContext, site: Row, action: string, values: Record<string, unknown>, changes: Record<string, unknown>) {
  const [fresh] = await ctx.tx
    .update(sites)
    .set({ ...values, updated_at: new Date() })
    .where(eq(sites.id, site.id))
    .returning();
  await recordAudit(ctx.tx, ctx.auth, { action, service: 'sites.context', resource: 'sites', recordId: site.id, changes, clientId: site.client_id as number, ip: ctx.ip });
  return fresh as unknown as Row;
}

/** Whether the site already has a running virtual machine (sites.controller's table, read only). */
async function hasActiveVm(tx: DbOrTx, siteId: number) {
  const [vm] = await tx.select({ id: virtualMachines.id }).from(virtualMachines).where(and(eq(virtualMachines.site_id, siteId), eq(virtualMachines.status, 'CREATED'))).limit(1);
  return !!vm;
}

/**
 * Publish: only a draft. Published at once when the site has a running VM; otherwise pending
 * until sites.controller completes its provisioning task (markSiteProvisioned).
 */
export async function publishSite(ctx: TransitionContext, site: Row) {
  if (site.status !== SITE_STATUS.draft) throw new AppError(409, 'site_not_draft');
  if (!site.host && !site.technical_host) throw new AppError(409, 'site_needs_host');
  const status = (await hasActiveVm(ctx.tx, site.id)) ? SITE_STATUS.published : SITE_STATUS.pending;
  return change(ctx, site, 'publish', { status }, { status: [site.status, status] });
}

/** Unpublish: only a published site, the host typed exactly; it becomes a draft and its VM is taken down by a task. */
export async function unpublishSite(ctx: TransitionContext, site: Row, typedHost: string) {
  if (site.status !== SITE_STATUS.published) throw new AppError(409, 'site_not_published');
  if (typedHost !== confirmationOf(site)) throw new AppError(400, 'unpublish_host_mismatch', undefined, '/data/host');
  const fresh = await change(ctx, site, 'unpublish', { status: SITE_STATUS.draft }, { status: [site.status, SITE_STATUS.draft] });
  await createSiteTask(
    ctx.tx,
    ctx.auth,
    {
      siteId: site.id,
      clientId: site.client_id as number,
      action: 'unpublish',
      host: (site.host as string | null) ?? (site.technical_host as string | null),
      domainCode: domainCodeOf(site.technical_host as string | null, ctx.config.technicalDomain),
    },
    ctx.ip,
  );
  return fresh;
}

/** Render: only a published site; the renderer drops its cache for pages older than rendered_at. */
export async function renderSite(ctx: TransitionContext, site: Row) {
  if (site.status !== SITE_STATUS.published) throw new AppError(409, 'site_not_published');
  const at = new Date();
  return change(ctx, site, 'render', { rendered_at: at }, { rendered_at: [site.rendered_at ?? null, at.toISOString()] });
}

/** Version switching (1 submitted, 2 published), except for official sites. */
export async function switchSiteVersion(ctx: TransitionContext, site: Row, version: number) {
  if (isOfficialType(site.type)) throw new AppError(409, 'official_site_version');
  if (site.version === version) return site;
  return change(ctx, site, 'switch_version', { version }, { version: [site.version, version] });
}

/** Switching the rendering core creates a switch_core task that moves the site's VM to the other core. */
export async function switchSiteCore(ctx: TransitionContext, site: Row, core: (typeof SITE_CORES)[number]) {
  if (site.core === core) throw new AppError(409, 'same_core');
  const fresh = await change(ctx, site, 'switch_core', { core }, { core: [site.core, core] });
  await createSiteTask(
    ctx.tx,
    ctx.auth,
    {
      siteId: site.id,
      clientId: site.client_id as number,
      action: 'switch_core',
      host: (site.host as string | null) ?? (site.technical_host as string | null),
      domainCode: domainCodeOf(site.technical_host as string | null, ctx.config.technicalDomain),
      payload: { core, old_core: site.core },
    },
    ctx.ip,
  );
  return fresh;
}

/**
 * POST /sites/{id}/normalize: the stored host and technical host normalised (spec 000 §5), for
 * sites stored before the rule; a result another site uses is refused (409).
 */
export async function normalizeSiteHosts(ctx: TransitionContext, site: Row) {
  const next = {
    host: site.host ? normalizeHost(String(site.host)) || null : null,
    technical_host: site.technical_host ? normalizeHost(String(site.technical_host)) || null : null,
  };
  const changes: Record<string, unknown> = {};
  for (const field of ['host', 'technical_host'] as const) if (next[field] !== site[field]) changes[field] = [site[field], next[field]];
  if (!Object.keys(changes).length) return site;
  await assertHostsAllowed(
    ctx.tx,
    ctx.config.technicalDomain,
    { host: changes.host ? next.host : null, technical_host: null },
    { exceptSiteId: site.id, pointer: (field) => `/data/attributes/${field}` },
  );
  if (changes.technical_host && next.technical_host) {
    // Only uniqueness: a technical host from before the domain rule keeps its domain.
    const [taken] = await ctx.tx.select({ id: sites.id }).from(sites).where(eq(sites.technical_host, next.technical_host)).limit(1);
    const [asHost] = await ctx.tx.select({ id: sites.id }).from(sites).where(eq(sites.host, next.technical_host)).limit(1);
    const other = [taken, asHost].find((row) => row && row.id !== site.id);
    if (other) throw new AppError(409, 'host_in_use', { host: next.technical_host }, '/data/attributes/technical_host');
  }
  const fresh = await change(ctx, site, 'normalize', next, changes);
  if (changes.host) await taskForSite(ctx.tx, ctx.auth, ctx.config, fresh, 'change_host', (site.host as string | null) ?? null, ctx.ip);
  return fresh;
}
