import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JsonApiRecord, MeUser, ScreenRoute } from '@dp/contracts';
import { api, gatewayPath, isApiError } from '../kit/api.ts';
import { queryKeys } from '../kit/queryKeys.ts';
import { leaveSite, updateUser, useSession } from './session.ts';
import { loadLanguage } from './i18n.ts';

/** The routes registry as stored on the server (GET /me/routes); app/preload.ts asks for it early. */
export const routesQuery = queryOptions({
  queryKey: queryKeys.routes(),
  staleTime: 5 * 60_000,
  queryFn: async ({ signal }) => {
    const records = await api.get<JsonApiRecord<ScreenRoute>[]>(gatewayPath('clients.storage', 'me/routes'), undefined, signal);
    return (records ?? []).map((record) => ({ ...record.attributes }));
  },
});

export function useRoutesRegistry(enabled: boolean) {
  return useQuery({ ...routesQuery, enabled });
}

/** The signed-in user (GET /me); app/preload.ts asks for it early. */
export const meQuery = queryOptions({
  queryKey: queryKeys.me(),
  staleTime: 5 * 60_000,
  queryFn: async ({ signal }) => {
    const record = await api.get<JsonApiRecord<Omit<MeUser, 'id'>>>(gatewayPath('clients.storage', 'me'), undefined, signal);
    return { ...record.attributes, id: Number(record.id) } as MeUser;
  },
});

/**
 * Every namespace of the interface language, for the signed-in pages (the app's code carries only
 * those of the sign-in pages, app/i18n.ts). A language switch keeps the previous answer meanwhile,
 * so the pages stay on screen; applyLanguage switches once the new texts are there.
 */
export function useLanguageBundle(enabled: boolean) {
  const { lang } = useSession();
  return useQuery({
    queryKey: ['locales', lang],
    enabled,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
    queryFn: () => loadLanguage(lang).then(() => lang),
  });
}

/** Refreshes the stored user from GET /me once a session starts (permissions may have changed). */
export function useMeRefresh(enabled: boolean) {
  const query = useQuery({ ...meQuery, enabled });
  useEffect(() => {
    if (query.data) updateUser(query.data);
  }, [query.data]);
  return query;
}

export interface SiteAttributes {
  name: string;
  host: string | null;
  technical_host?: string | null;
  client_id: number;
  type: number;
  use_http: boolean;
  /** Module codes installed on the site, paused ones included (marketplace installed_modules). */
  modules?: string[];
  /** Installed but suspended modules: their screens tell the user to contact the account manager. */
  paused_modules?: string[];
  created_at?: string;
  updated_at?: string;
}

export interface CurrentSite extends SiteAttributes {
  id: string;
  clientName: string | null;
}

/** The sites resource of sites.context, by name (its declaration stays out of the app's first chunk). */
const SITES = { service: 'sites.context', name: 'sites' };

/** A site with its client's name (GET /sites/{id}, the client among `included`). */
export async function fetchSite(siteId: string, signal?: AbortSignal): Promise<{ id: string; attributes: SiteAttributes; clientName: string | null }> {
  const body = await api.request<{ data: JsonApiRecord<SiteAttributes>; included?: JsonApiRecord[] }>('GET', gatewayPath('sites.context', `sites/${encodeURIComponent(siteId)}`), { signal });
  const client = body.included?.find((record) => record.type === 'clients' && record.id === String(body.data.attributes.client_id));
  return { id: String(body.data.id), attributes: body.data.attributes, clientName: (client?.attributes.name as string | undefined) ?? null };
}

/** The site being edited (GET /sites/{id}); an inaccessible site is forgotten. */
export function useCurrentSite() {
  const { siteId, user } = useSession();
  const query = useQuery({
    queryKey: queryKeys.resource(SITES).detail(siteId ?? ''),
    enabled: !!siteId && !!user,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const [site, installed] = await Promise.all([
        fetchSite(siteId!, signal),
        // marketplace: the site's modules gate its menu items and pages (spec 000 §2). Imported
        // here, not with the app: the sign-in page needs none of the marketplace's code.
        import('../services/marketplace/site-modules.ts').then(({ fetchInstalledModules }) => fetchInstalledModules(siteId!, signal)),
      ]);
      return {
        ...site.attributes,
        modules: installed?.modules ?? site.attributes.modules ?? [],
        paused_modules: installed?.paused ?? [],
        id: site.id,
        clientName: site.clientName,
      } satisfies CurrentSite;
    },
  });
  useEffect(() => {
    if (query.error && isApiError(query.error) && (query.error.status === 404 || query.error.status === 403)) leaveSite();
  }, [query.error]);
  return { ...query, siteId };
}

/**
 * The URL that opens a site. An admin reached at a localhost address (the `local` provisioning
 * driver, `npm start`) serves the sites itself at their technical hosts `<code>.localhost`, so the
 * link goes there with the admin's scheme and port; elsewhere http:// or https:// per use_http to
 * the site's host, else its technical host.
 */
export function siteUrl(
  site: Pick<SiteAttributes, 'host' | 'technical_host' | 'use_http'> | null | undefined,
  admin: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location,
): string | null {
  const local = /(^|\.)localhost$/.test(admin.hostname) && site?.technical_host?.endsWith('.localhost');
  if (local) return `${admin.protocol}//${site!.technical_host}${admin.port ? `:${admin.port}` : ''}`;
  const host = site?.host || site?.technical_host;
  return host ? `${site!.use_http ? 'http' : 'https'}://${host}` : null;
}
