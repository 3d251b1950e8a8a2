import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SiteRenderFilters } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { auditLog } from '../../kit/audit.table.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { SITE_STATUS } from './site-provisioned.ts';
import { sites } from './site.table.ts';

/** The conditions of the filters given, each one must hold (AND); empty when none is given. */
export function renderFilterConditions(filters: SiteRenderFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.ids?.length) conditions.push(inArray(sites.id, filters.ids));
  if (filters.client_ids?.length) conditions.push(inArray(sites.client_id, filters.client_ids));
  if (filters.types?.length) conditions.push(inArray(sites.type, filters.types));
  if (filters.color_scheme) conditions.push(sql`(${sites.context}->>'color_scheme' = ${filters.color_scheme} or ${sites.context}->'extra_color_schemes' @> jsonb_build_array(${filters.color_scheme}::text))`);
  if (filters.brand_id) conditions.push(sql`(${sites.context}->>'brand_id')::int = ${filters.brand_id}`);
  if (filters.module_code) {
    conditions.push(
      sql`exists (select 1 from ${moduleInstallations} join ${modules} on ${modules.id} = ${moduleInstallations.module_id}
            where ${moduleInstallations.site_id} = ${sites.id} and ${moduleInstallations.active} and ${modules.code} = ${filters.module_code})`,
    );
  }
  return conditions;
}

/**
 * Republish or rerender (spec 000 §5, §7): the published sites in the caller's scope matching every
 * filter get a new rendered_at (the renderer drops its cache for them); with no filter the caller
 * must confirm. One audit entry per site; the answer is how many.
 */
export async function rerenderSites(db: DbOrTx, auth: AuthContext, action: 'republish' | 'rerender', filters: SiteRenderFilters, ip: string | null) {
  const conditions = renderFilterConditions(filters);
  if (!conditions.length && filters.confirm !== true) throw new AppError(400, 'render_confirm_required', undefined, '/data/confirm');
  const scope = auth.scope === 'all' ? undefined : auth.scope.length ? inArray(sites.client_id, auth.scope) : sql`false`;
  const at = new Date();
  const touched = await db
    .update(sites)
    .set({ rendered_at: at })
    .where(and(eq(sites.status, SITE_STATUS.published), scope, ...conditions))
    .returning({ id: sites.id, client_id: sites.client_id });
  // Chunks stay far below PostgreSQL's 65,535 bind parameters (10 per row).
  for (let i = 0; i < touched.length; i += 1000) {
    await db.insert(auditLog).values(
      touched.slice(i, i + 1000).map((site) => ({
        action,
        service: 'sites.context',
        resource: 'sites',
        record_id: String(site.id),
        changes: { rendered_at: at.toISOString(), filters: { ...filters, confirm: undefined } },
        actor_user_id: auth.userId,
        actor_token_id: auth.tokenId ?? null,
        acting_client_id: auth.clientId,
        client_id: site.client_id,
        ip,
      })),
    );
  }
  return { count: touched.length };
}
