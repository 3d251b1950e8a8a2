import { assertDealersOfClient } from '../dealerships/dealers-of-client.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { siteResource, subdomainFrom, type copySiteBody, type forkSiteBody, type generateSiteBody, type SiteCopied } from '@dp/contracts';
import type { z } from 'zod';
import type { Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { inScope } from '../../kit/request-context.ts';
import { clients } from '../clients.storage/client.table.ts';
import { actionPointer, assertHostsAllowed, assertOfficialAllowed, isOfficialType } from './site-rules.ts';
import { EMPTY_CONTEXT, taskForSite } from './site.hooks.ts';
import { SITE_STATUS } from './site-provisioned.ts';
import { siteGroups, sites } from './site.table.ts';
import type { TransitionContext } from './site-transitions.ts';

type CopyInput = z.output<typeof copySiteBody>['data'];
type ForkInput = z.output<typeof forkSiteBody>['data'];
type GenerateInput = z.output<typeof generateSiteBody>['data'];

/**
 * What a new site takes from its source besides the settings, one kind per copier: `pages` (pages,
 * layouts and templates; copy-site-content.ts) on every copy, fork and generate; `stages`
 * (content.storage copy-stages.ts), `redirects` and `seo_constants` (seo site-copiers.ts) on a copy
 * whose dialog sets their flag. The owners of the content register their copiers here as their
 * routes load (this file imports none of them); a kind whose service is not loaded copies nothing
 * (docs/decisions/sites.md, "What do copy, fork and generate carry?").
 */
export type SiteCopyKind = 'stages' | 'redirects' | 'seo_constants' | 'pages';
/** `how` the new site was made: a fork keeps its master's content read-only (origin_id). Answers how many of each thing it copied. */
export type SiteCopier = (tx: DbOrTx, sites: { from: Row; to: Row; how?: 'copy' | 'fork' | 'generate' }, ctx: TransitionContext) => Promise<SiteCopied>;
const copiers = new Map<SiteCopyKind, SiteCopier[]>();

export function registerSiteCopier(kind: SiteCopyKind, copier: SiteCopier) {
  copiers.set(kind, [...(copiers.get(kind) ?? []), copier]);
}

/** Runs the copiers of `kind` (sites.context pages: 'pages' runs on every copy, fork and generate), adding what they copied to `copied`. */
async function runCopiers(kind: SiteCopyKind, ctx: TransitionContext, from: Row, to: Row, how: 'copy' | 'fork' | 'generate', copied: SiteCopied = {}) {
  for (const copier of copiers.get(kind) ?? []) {
    for (const [thing, count] of Object.entries(await copier(ctx.tx, { from, to, how }, ctx)) as [keyof SiteCopied, number][]) copied[thing] = (copied[thing] ?? 0) + count;
  }
  return copied;
}

/** The settings a new site takes over from its source (not its hosts, status, dealers or credentials). */
function settingsOf(source: Row) {
  return {
    use_http: source.use_http as boolean,
    context: (source.context ?? EMPTY_CONTEXT) as typeof EMPTY_CONTEXT,
    admin_email: source.admin_email as string | null,
    country: source.country as string,
    strict_publishing: source.strict_publishing as boolean,
    content_version: source.content_version as number,
    phone_format: source.phone_format as string | null,
    locale: source.locale as string,
    locales: source.locales as string[],
    default_mailer: source.default_mailer as string | null,
    depersonalization: source.depersonalization as { enabled: boolean; period: number | null },
    favicons: source.favicons as never,
    logos: source.logos as never,
    logo_position: source.logo_position as string,
    core: source.core as string,
    group_ids: source.group_ids as number[],
  };
}

/** The technical host of a new site: typed, `<subdomain>.<domain>`, or made from its name. */
function technicalHostOf(input: { technical_host?: string | null; subdomain?: string; auto_technical_host?: boolean; name: string }, domain: string) {
  if (input.technical_host) return input.technical_host;
  const sub = input.subdomain?.trim() ? subdomainFrom(input.subdomain) : input.auto_technical_host ? subdomainFrom(input.name) : '';
  return sub ? `${sub}.${domain}` : null;
}

/** An automatic technical host that is free: `kia`, else `kia-2`, `kia-3` ... */
async function freeTechnicalHost(tx: DbOrTx, wanted: string, domain: string) {
  const base = wanted.slice(0, -(domain.length + 1));
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? wanted : `${base.slice(0, 58)}-${n}.${domain}`;
    const [taken] = await tx.select({ id: sites.id }).from(sites).where(sql`${sites.host} = ${candidate} or ${sites.technical_host} = ${candidate}`).limit(1);
    if (!taken) return candidate;
  }
  return wanted;
}

/** The client of a new site must be in the caller's reach (a foreign one looks missing). */
async function assertClient(ctx: TransitionContext, clientId: number) {
  const [client] = await ctx.tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client || !inScope(ctx.auth, clientId)) throw badRequest('invalid_reference', actionPointer('client_id'), { id: clientId });
}

async function assertGroups(tx: DbOrTx, ids: number[] | undefined) {
  const wanted = [...new Set(ids ?? [])];
  if (!wanted.length) return;
  const found = await tx.select({ id: siteGroups.id }).from(siteGroups).where(inArray(siteGroups.id, wanted));
  const missing = wanted.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw badRequest('invalid_reference', actionPointer('group_ids'), { id: missing });
}

/** Inserts a new draft site, with its create_site task and audit entry. */
async function insertSite(ctx: TransitionContext, values: typeof sites.$inferInsert, action: string, source: Row | null) {
  const [created] = await ctx.tx.insert(sites).values({ ...values, status: SITE_STATUS.draft, version: 1 }).returning();
  const row = created as unknown as Row;
  await recordAudit(ctx.tx, ctx.auth, {
    action,
    service: 'sites.context',
    resource: 'sites',
    recordId: row.id,
    changes: { ...snapshot(row, Object.keys(siteResource.entity.shape)), ...(source ? { source_site_id: source.id } : {}) },
    clientId: row.client_id as number,
    ip: ctx.ip,
  });
  await taskForSite(ctx.tx, ctx.auth, ctx.config, row, 'create_site', null, ctx.ip);
  return row;
}

/**
 * Copy (spec 000 §2 copy dialog): a new draft site with the source's settings and the dialog's
 * values, and, per flag, the content copiers registered for it. A copy of an official site keeps
 * it as its origin. Answers the new site and what was copied.
 */
export async function copySite(ctx: TransitionContext, source: Row, input: CopyInput): Promise<{ row: Row; copied: SiteCopied }> {
  const type = input.type ?? 3;
  assertOfficialAllowed(ctx.auth, type);
  await assertClient(ctx, input.client_id);
  await assertGroups(ctx.tx, input.group_ids);
  const technicalHost = technicalHostOf(input, ctx.config.technicalDomain);
  await assertHostsAllowed(ctx.tx, ctx.config.technicalDomain, { host: input.host ?? null, technical_host: technicalHost }, { pointer: actionPointer });
  if (input.dealer_id != null) await assertDealersOfClient(ctx.tx, input.client_id, [input.dealer_id], actionPointer('dealer_id'));
  const settings = settingsOf(source);
  const sameClient = source.client_id === input.client_id;
  const row = await insertSite(
    ctx,
    {
      ...settings,
      name: input.name,
      host: input.host ?? null,
      technical_host: technicalHost,
      client_id: input.client_id,
      type,
      dealer_id: input.dealer_id ?? null,
      // Dealers are the source client's: a copy for another client starts without them.
      dealer_ids: sameClient ? (source.dealer_ids as number[]) : input.dealer_id != null ? [input.dealer_id] : [],
      phone_format: input.phone_format !== undefined ? input.phone_format : settings.phone_format,
      admin_email: input.admin_email !== undefined ? input.admin_email : settings.admin_email,
      locale: input.locale ?? settings.locale,
      context: input.color_scheme !== undefined ? { ...settings.context, color_scheme: input.color_scheme } : settings.context,
      group_ids: input.group_ids ?? settings.group_ids,
      origin_site_id: isOfficialType(source.type) ? source.id : null,
    },
    'copy',
    source,
  );
  // Pages, layouts and templates are the site itself: always copied (docs/decisions/content.md,
  // "Which sites get copies of content?"); the other kinds per the dialog's flags.
  const flags: [SiteCopyKind, boolean | undefined][] = [['pages', true], ['stages', input.copy_stages], ['redirects', input.copy_redirects], ['seo_constants', input.copy_seo_constants]];
  const copied: SiteCopied = {};
  for (const [kind, wanted] of flags) {
    if (!wanted) continue;
    await runCopiers(kind, ctx, source, row, 'copy', copied);
  }
  return { row, copied };
}

/** Fork: a client site of an official master that keeps it as its origin (and its central content). */
export async function forkSite(ctx: TransitionContext, master: Row, input: ForkInput) {
  if (master.type !== 2) throw new AppError(409, 'fork_needs_master');
  await assertClient(ctx, input.client_id);
  const technicalHost = technicalHostOf({ ...input, auto_technical_host: input.auto_technical_host ?? !input.subdomain }, ctx.config.technicalDomain);
  const free = technicalHost && !input.technical_host && !input.subdomain ? await freeTechnicalHost(ctx.tx, technicalHost, ctx.config.technicalDomain) : technicalHost;
  await assertHostsAllowed(ctx.tx, ctx.config.technicalDomain, { host: input.host ?? null, technical_host: free }, { pointer: actionPointer });
  const row = await insertSite(
    ctx,
    { ...settingsOf(master), name: input.name, host: input.host ?? null, technical_host: free, client_id: input.client_id, type: 3, dealer_ids: [], origin_site_id: master.id },
    'fork',
    master,
  );
  await runCopiers('pages', ctx, master, row, 'fork');
  return row;
}

/**
 * Generate: a new client site from an official demo site (the given one, else the first of the
 * colour scheme, else the first), with an automatic technical host made from its name.
 */
export async function generateSite(ctx: TransitionContext, input: GenerateInput) {
  await assertClient(ctx, input.client_id);
  const [demo] = input.demo_site_id
    ? await ctx.tx.select().from(sites).where(eq(sites.id, input.demo_site_id)).limit(1)
    : await ctx.tx
        .select()
        .from(sites)
        .where(and(eq(sites.type, 1), input.color_scheme ? sql`${sites.context}->>'color_scheme' = ${input.color_scheme}` : undefined))
        .orderBy(asc(sites.id))
        .limit(1);
  if (!demo) throw new AppError(input.demo_site_id ? 400 : 409, input.demo_site_id ? 'generate_needs_demo' : 'no_demo_site', undefined, input.demo_site_id ? actionPointer('demo_site_id') : undefined);
  if (demo.type !== 1) throw badRequest('generate_needs_demo', actionPointer('demo_site_id'));
  const [client] = await ctx.tx.select({ name: clients.name }).from(clients).where(eq(clients.id, input.client_id));
  const name = input.name ?? client!.name;
  const technicalHost = await freeTechnicalHost(ctx.tx, `${subdomainFrom(name) || 'site'}.${ctx.config.technicalDomain}`, ctx.config.technicalDomain);
  await assertHostsAllowed(ctx.tx, ctx.config.technicalDomain, { host: input.host ?? null, technical_host: technicalHost }, { pointer: actionPointer });
  const settings = settingsOf(demo as unknown as Row);
  const context = {
    ...settings.context,
    ...(input.color_scheme !== undefined ? { color_scheme: input.color_scheme } : {}),
    ...(input.brand_id !== undefined ? { brand_id: input.brand_id } : {}),
  };
  const row = await insertSite(
    ctx,
    { ...settings, context, name, host: input.host ?? null, technical_host: technicalHost, client_id: input.client_id, type: 3, dealer_ids: [], origin_site_id: demo.id },
    'generate',
    demo as unknown as Row,
  );
  await runCopiers('pages', ctx, demo as unknown as Row, row, 'generate');
  return row;
}
