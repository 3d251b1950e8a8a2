import { assertDealersOfClient } from '../dealerships/dealers-of-client.ts';
import { eq } from 'drizzle-orm';
import { siteResource } from '@dp/contracts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import { releaseReferences, type ResourceRegistry } from '../../kit/crud-routes.ts';
import type { Config } from '../../kit/config.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest } from '../../kit/errors.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { hashPassword } from '../auth.processing/password.ts';
import { createSiteTask } from '../sites.controller/create-site-task.ts';
import { assertHostsAllowed, assertOfficialAllowed, attributePointer, domainCodeOf } from './site-rules.ts';
import { SITE_STATUS } from './site-provisioned.ts';
import { sites, type SiteContext } from './site.table.ts';

type Attrs = Record<string, unknown>;
const ATTRIBUTES = Object.keys(siteResource.entity.shape);
export const EMPTY_CONTEXT: SiteContext = { brand_id: null, color_scheme: null, extra_color_schemes: [] };

/** A change of Site.context changes only the keys it names. */
export function mergeContext(stored: unknown, given: unknown): SiteContext {
  const defined = Object.fromEntries(Object.entries((given ?? {}) as Attrs).filter(([, value]) => value !== undefined));
  return { ...EMPTY_CONTEXT, ...((stored ?? {}) as Partial<SiteContext>), ...defined } as SiteContext;
}

/** The basic-auth password becomes its argon2id hash; no login, no password. */
async function withBasicAuth(attrs: Attrs, existing?: Row): Promise<Attrs> {
  const { basic_auth_password: password, ...rest } = attrs;
  const login = attrs.basic_auth_login !== undefined ? attrs.basic_auth_login : existing?.basic_auth_login;
  if (!login) {
    if (typeof password === 'string') throw badRequest('basic_auth_needs_login', attributePointer('basic_auth_login'));
    return attrs.basic_auth_login !== undefined || password === null ? { ...rest, basic_auth_password_hash: null } : rest;
  }
  if (typeof password === 'string') return { ...rest, basic_auth_password_hash: await hashPassword(password) };
  if (password === null) return { ...rest, basic_auth_password_hash: null };
  return rest;
}

/** The task that provisions a new site or moves it to a new host (sites.controller approves and runs it). */
export async function taskForSite(tx: DbOrTx, auth: AuthContext, config: Pick<Config, 'technicalDomain'>, site: Row, action: 'create_site' | 'change_host', oldHost: string | null, ip: string | null) {
  await createSiteTask(
    tx,
    auth,
    {
      siteId: site.id,
      clientId: site.client_id as number,
      action,
      host: (site.host as string | null) ?? (site.technical_host as string | null),
      oldHost,
      domainCode: domainCodeOf(site.technical_host as string | null, config.technicalDomain),
    },
    ip,
  );
}

/**
 * Deleting a site (spec 000 §5): the host typed exactly (the technical host, else the name, for a
 * site without one), refused while published or pending and while forks hang on it; audited with
 * a snapshot.
 */
export async function deleteSite(tx: DbOrTx, registry: ResourceRegistry, auth: AuthContext, site: Row, typed: string | undefined, ip: string | null) {
  if (site.status === SITE_STATUS.published || site.status === SITE_STATUS.pending) throw new AppError(409, 'site_published_delete');
  if (typed !== confirmationOf(site)) throw new AppError(400, 'delete_host_mismatch', undefined, 'confirm');
  const [fork] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.origin_site_id, site.id)).limit(1);
  if (fork) throw new AppError(409, 'site_has_forks');
  await releaseReferences(tx, registry, siteResource as never, site.id);
  await tx.delete(sites).where(eq(sites.id, site.id));
  await recordAudit(tx, auth, { action: 'delete', service: 'sites.context', resource: 'sites', recordId: site.id, changes: snapshot(site, ATTRIBUTES), clientId: site.client_id as number, ip });
}

/** What must be typed to unpublish or delete a site: its host, else its technical host, else its name. */
export const confirmationOf = (site: Row) => String(site.host ?? site.technical_host ?? site.name);

/**
 * Sites: official types for staff only; the domain rules; dealers of the site's client; the
 * basic-auth password hashed; a new site is a draft with a create_site task, a new host makes a
 * change_host task.
 */
export function siteHooks(config: Pick<Config, 'technicalDomain'>, registry: () => ResourceRegistry): ResourceHooks {
  const checkDealers = async (tx: DbOrTx, attrs: Attrs, clientId: number) => {
    if (attrs.dealer_id != null) await assertDealersOfClient(tx, clientId, [attrs.dealer_id as number], attributePointer('dealer_id'));
  };
  return {
    async beforeCreate(attrs, { tx, auth }) {
      assertOfficialAllowed(auth, attrs.type);
      await assertHostsAllowed(tx, config.technicalDomain, attrs);
      await checkDealers(tx, attrs, attrs.client_id as number);
      const dealerIds = attrs.dealer_id != null ? [attrs.dealer_id as number] : [];
      return withBasicAuth({ ...attrs, context: mergeContext(null, attrs.context), dealer_ids: dealerIds, status: SITE_STATUS.draft });
    },
    async beforeUpdate(attrs, { tx, auth, existing }) {
      assertOfficialAllowed(auth, attrs.type, existing.type);
      const changed = (field: string) => attrs[field] !== undefined && attrs[field] !== existing[field];
      await assertHostsAllowed(
        tx,
        config.technicalDomain,
        { host: changed('host') ? (attrs.host as string | null) : null, technical_host: changed('technical_host') ? (attrs.technical_host as string | null) : null },
        { exceptSiteId: existing.id },
      );
      const next: Attrs = { ...attrs };
      const clientId = (attrs.client_id ?? existing.client_id) as number;
      // Dealers belong to a client: moving the site to another client lets go of them.
      if (clientId !== existing.client_id) {
        next.dealer_ids = [];
        if (attrs.dealer_id === undefined) next.dealer_id = null;
      }
      await checkDealers(tx, next, clientId);
      if (attrs.context !== undefined) next.context = mergeContext(existing.context, attrs.context);
      return withBasicAuth(next, existing);
    },
    async afterWrite(row, { tx, auth, existing, request }) {
      if (!existing) return taskForSite(tx, auth, config, row, 'create_site', null, request.ip);
      const oldHost = (existing.host as string | null) ?? null;
      if (row.host !== oldHost) await taskForSite(tx, auth, config, row, 'change_host', oldHost, request.ip);
    },
    async remove({ tx, auth, existing, request }) {
      assertOfficialAllowed(auth, undefined, existing.type);
      await deleteSite(tx, registry(), auth, existing, (request.query as { confirm?: string }).confirm, request.ip);
    },
  };
}
