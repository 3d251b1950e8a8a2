import { and, eq } from 'drizzle-orm';
import { moduleTitle, type Lang } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError } from '../../kit/errors.ts';
import { inScope, type AuthContext } from '../../kit/request-context.ts';
import { sites } from '../sites.context/site.table.ts';
import { moduleInstallations, modules } from './module.table.ts';

/** Where a site stands with a module: what the gateway decides on. */
export type SiteModuleState = 'installed' | 'paused' | 'missing' | 'no_site';

/**
 * One cheap query (primary key, unique index): the site's client and its installation of the
 * module. Kept apart so that a cache can later wrap it (invalidated by install, uninstall,
 * suspend and resume).
 */
export async function siteModuleState(db: DbOrTx, siteId: number, code: string) {
  const [row] = await db
    .select({ clientId: sites.client_id, active: moduleInstallations.active, name: modules.name })
    .from(sites)
    .leftJoin(modules, eq(modules.code, code))
    .leftJoin(moduleInstallations, and(eq(moduleInstallations.site_id, sites.id), eq(moduleInstallations.module_id, modules.id)))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) return { state: 'no_site' as SiteModuleState, clientId: null, name: null };
  const state: SiteModuleState = row.active === null ? 'missing' : row.active ? 'installed' : 'paused';
  return { state, clientId: row.clientId, name: row.name };
}

/**
 * The gateway's check of a route that needs a module on the site of its path (spec 000 §2):
 * 403 when the module is not installed, 403 with the paused message when it is suspended. A site
 * the caller cannot reach, or none, passes on: the handler answers 404 as for any such site, so
 * the answer never tells whether another client's site has a module.
 */
export function moduleGate(db: DbOrTx) {
  return async (code: string, siteId: number, auth: AuthContext, lang: Lang) => {
    const { state, clientId, name } = await siteModuleState(db, siteId, code);
    if (state === 'no_site' || state === 'installed' || !inScope(auth, clientId)) return;
    const module = moduleTitle({ code, name: name ?? code }, lang);
    throw new AppError(403, state === 'paused' ? 'module_paused' : 'module_not_installed', { module });
  };
}

export type ModuleGate = ReturnType<typeof moduleGate>;
