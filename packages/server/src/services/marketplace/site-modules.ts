import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { InstalledModules, JsonApiRecord, ModuleInstallationAttributes, SiteModuleAttributes } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { moduleInstallations, modules } from './module.table.ts';
import type { InstallationRow, ModuleRow, SiteRow } from './site-module-changes.ts';

/** A module as the site's colour scheme shows it: the scheme's overrides replace the card's texts. */
export function moduleForSite(module: ModuleRow, site: Pick<SiteRow, 'context'>): SiteModuleAttributes {
  const override = (site.context?.color_scheme && module.color_scheme_overrides?.[site.context.color_scheme]) || {};
  const pick = (field: 'name' | 'description' | 'image' | 'url') => override[field] || module[field];
  return {
    code: module.code,
    name: pick('name')!,
    description: pick('description') ?? null,
    promo_link: module.promo_link,
    url: pick('url') ?? null,
    image: pick('image') ?? null,
    sort: module.sort,
    locales: module.locales,
    active: module.active,
    site_category: module.site_category,
    billing_integration: module.billing_integration,
  };
}

const installationRecord = (row: InstallationRow, code: string): JsonApiRecord<ModuleInstallationAttributes> => ({
  id: String(row.id),
  type: 'module_installations',
  attributes: {
    site_id: row.site_id,
    module_id: row.module_id,
    module_code: code,
    active: row.active,
    suspended_reason: row.suspended_reason,
    suspended_at: row.suspended_at?.toISOString() ?? null,
    installed_by: row.installed_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  },
});

/**
 * The modules a site may have (spec 000 §7 "installed and available modules for a site"):
 * every active module offered to its client, plus every installed one whatever its state
 * (an installed but inactive module still counts as available). Installations come `included`.
 */
export async function listSiteModules(db: DbOrTx, site: SiteRow) {
  const rows = await db
    .select({ module: modules, installation: moduleInstallations })
    .from(modules)
    .leftJoin(moduleInstallations, and(eq(moduleInstallations.module_id, modules.id), eq(moduleInstallations.site_id, site.id)))
    .where(
      or(
        isNotNull(moduleInstallations.id),
        and(eq(modules.active, true), sql`(cardinality(${modules.client_ids}) = 0 or ${site.client_id} = any(${modules.client_ids}))`),
      ),
    )
    .orderBy(asc(modules.sort), asc(modules.name), asc(modules.id));
  return {
    data: rows.map(({ module, installation }) => ({
      id: String(module.id),
      type: 'modules',
      attributes: moduleForSite(module, site),
      relationships: { installation: { data: installation ? { id: String(installation.id), type: 'module_installations' } : null } },
    })),
    included: rows.flatMap(({ module, installation }) => (installation ? [installationRecord(installation, module.code)] : [])),
  };
}

/** The codes installed on a site, and which of them are paused: what the shell needs. */
export async function installedModuleCodes(db: DbOrTx, siteId: number): Promise<InstalledModules> {
  const rows = await db
    .select({ code: modules.code, active: moduleInstallations.active })
    .from(moduleInstallations)
    .innerJoin(modules, eq(modules.id, moduleInstallations.module_id))
    .where(eq(moduleInstallations.site_id, siteId))
    .orderBy(asc(modules.code));
  return { site_id: siteId, modules: rows.map((row) => row.code), paused: rows.filter((row) => !row.active).map((row) => row.code) };
}
