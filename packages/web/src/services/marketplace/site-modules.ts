import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  auditResource,
  moduleDescription,
  moduleTitle,
  SPEC_MODULES,
  siteResource,
  type InstalledModules,
  type JsonApiRecord,
  type Lang,
  type ModuleInstallationAttributes,
  type SiteModuleAttributes,
} from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** The marketplace's calls and cache keys (spec 000 §7 Marketplace). */
const path = (rest: string) => gatewayPath('marketplace', rest);
export const siteModulesPath = (siteId: string) => path(`sites/${encodeURIComponent(siteId)}/modules`);
export const siteModulePath = (siteId: string, code: string, action: 'install' | 'uninstall' | 'suspend' | 'resume') =>
  path(`sites/${encodeURIComponent(siteId)}/modules/${encodeURIComponent(code)}/${action}`);
export const MASS_INSTALL_PATH = path('modules/mass_install');
export const MASS_UNINSTALL_PATH = path('modules/mass_uninstall');

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  site: (siteId: string) => ['marketplace', 'site', siteId] as const,
};

/**
 * The codes installed on a site (paused ones marked), for the shell's menu, guard and notice.
 * Null when the call fails: the site still opens, without its module pages.
 */
export async function fetchInstalledModules(siteId: string, signal?: AbortSignal): Promise<InstalledModules | null> {
  try {
    return await api.get<InstalledModules>(path(`sites/${encodeURIComponent(siteId)}/installed_modules`), undefined, signal);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    return null;
  }
}

/** A module of the site's list with its installation, if any. */
export interface SiteModule extends SiteModuleAttributes {
  id: string;
  installation: (ModuleInstallationAttributes & { id: string }) | null;
}

/** Where a module stands on the site: the marketplace's three lists. */
export type ModuleState = 'available' | 'installed' | 'paused';
export const moduleState = (module: SiteModule): ModuleState => (!module.installation ? 'available' : module.installation.active ? 'installed' : 'paused');

export function useSiteModules(siteId: string | undefined) {
  return useQuery({
    queryKey: marketplaceKeys.site(siteId ?? ''),
    enabled: !!siteId,
    queryFn: async ({ signal }) => {
      const body = await api.request<{ data: JsonApiRecord<SiteModuleAttributes>[]; included?: JsonApiRecord<ModuleInstallationAttributes>[] }>('GET', siteModulesPath(siteId!), { signal });
      const installations = new Map((body.included ?? []).filter((r) => r.type === 'module_installations').map((r) => [r.id, { ...r.attributes, id: r.id }]));
      return body.data.map((record): SiteModule => {
        const link = record.relationships?.installation?.data;
        const installation = link && !Array.isArray(link) ? (installations.get(link.id) ?? null) : null;
        return { ...record.attributes, id: record.id, installation };
      });
    },
  });
}

/** After a change: the marketplace lists, the histories and the current site (menu, guard, notice) read again. */
export async function afterModulesChanged(queryClient: QueryClient, siteIds: string[]) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
    // The sites' histories show the change.
    queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all }),
    ...siteIds.map((siteId) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(siteResource).detail(siteId) })),
  ]);
}

/** Name and description in the reader's language (see moduleTitle in contracts). */
export const titleOf = (module: { code: string; name: string }, lang: Lang) => moduleTitle(module, lang);
export const descriptionOf = (module: { code: string; description: string | null }, lang: Lang) => moduleDescription(module, lang);

/** A module known only by its code (the shell's installed list): the spec's name, else the code. */
export function codeTitle(code: string, lang: Lang): string {
  const spec = (SPEC_MODULES as Record<string, { ru: readonly string[]; en: readonly string[] }>)[code];
  return spec ? spec[lang][0]! : code;
}
