import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { id, type ServiceName } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import { recordAudit } from '../../kit/audit.ts';
import { badRequest, notFound } from '../../kit/errors.ts';
import { requireAuth, type AuthContext } from '../../kit/request-context.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';

type Attrs = Record<string, unknown>;
type SettingsTable = PgTable & { site_id: PgColumn } & Record<string, PgColumn>;
const isObject = (value: unknown): value is Attrs => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A change laid over what is stored: objects merge field by field (one level down too), the rest replaces. */
export function mergeSettings(stored: Attrs, patch: Attrs): Attrs {
  const next: Attrs = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    next[key] = isObject(value) && isObject(stored[key]) ? mergeSettings(stored[key] as Attrs, value) : value;
  }
  return next;
}

export interface SiteSettingsDef {
  service: ServiceName;
  /** JSON:API type of the answer (its id is the site's). */
  type: string;
  /** Below /gateway/<service>: `${path}/where_site/:siteId`. */
  path: string;
  table: SettingsTable;
  /** The settings' fields with their defaults (a site without a row reads these). */
  defaults: () => Attrs;
  /** The whole record, checked after the change is merged (documents are checked whole). */
  full: z.ZodType;
  patch: z.ZodType;
  /** Cross-record checks of the merged settings (the site's own pages...); throws a 400 on the field. */
  check?: (tx: DbOrTx, siteId: number, next: Attrs, changed: Attrs) => Promise<void>;
}

/**
 * One record of settings per site (stock settings, list sort settings): GET answers what is
 * stored or the defaults (`stored: false`), PATCH merges the change, checks the whole and stores
 * it (the first save creates the row), audited. A site the caller does not reach is a 404.
 */
export function registerSiteSettings(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry, def: SiteSettingsDef) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owned = siteOwnership(registry);
  const url = `/gateway/${def.service}/api/v1/${def.path}/where_site/:siteId`;
  const params = z.object({ siteId: id() });
  const fields = Object.keys(def.defaults());
  const tags = [def.service];

  const read = async (db: DbOrTx, auth: AuthContext, siteId: number) => {
    const site = await owned.findSite(db, auth, siteId);
    if (!site) throw notFound();
    const [row] = await db.select().from(def.table as PgTable).where(eq(def.table.site_id, site.id)).limit(1);
    const values = row ? Object.fromEntries(fields.map((field) => [field, (row as Attrs)[field]])) : def.defaults();
    return { site, row: row as Attrs | undefined, values: mergeSettings(def.defaults(), values) };
  };
  const answer = (site: { id: number; client_id: number }, values: Attrs, row: Attrs | undefined) => ({
    data: {
      id: String(site.id),
      type: def.type,
      attributes: { site_id: site.id, client_id: site.client_id, ...values, stored: !!row, updated_at: row ? new Date(row.updated_at as Date).toISOString() : null },
    },
  });

  r.get(url, { schema: { tags, summary: `The ${def.type} of a site`, params } }, async (request) => {
    const { site, row, values } = await read(ctx.db, requireAuth(request.auth), request.params.siteId);
    return answer(site, values, row);
  });

  r.patch(url, { schema: { tags, summary: `Change the ${def.type} of a site`, params, body: z.object({ data: z.object({ attributes: def.patch }) }) } }, async (request) => {
    const auth = requireAuth(request.auth);
    const changed = request.body.data.attributes as Attrs;
    return ctx.db.transaction(async (tx) => {
      const { site, row, values } = await read(tx, auth, request.params.siteId);
      // Settings are the site's own (a fork of an official master sets its own): no central-content check.
      const merged = mergeSettings(values, changed);
      const parsed = def.full.safeParse(merged);
      // The change schema checks every field; a stored document the contract no longer takes is refused whole.
      if (!parsed.success) throw badRequest('invalid_body', `/data/attributes/${parsed.error.issues[0]!.path.join('/')}`);
      const next = parsed.data as Attrs;
      await def.check?.(tx, site.id, next, changed);
      const stored = { ...next, updated_at: new Date() };
      const [saved] = row
        ? await tx.update(def.table).set(stored as never).where(eq(def.table.site_id, site.id)).returning()
        : await tx.insert(def.table).values({ ...stored, site_id: site.id, client_id: site.client_id } as never).returning();
      const changes = Object.fromEntries(fields.filter((field) => JSON.stringify(values[field]) !== JSON.stringify(next[field])).map((field) => [field, [values[field], next[field]]]));
      if (Object.keys(changes).length) await recordAudit(tx, auth, { action: row ? 'update' : 'create', service: def.service, resource: def.type, recordId: site.id, changes, clientId: site.client_id, ip: request.ip });
      return answer(site, next, saved as Attrs);
    });
  });
}
