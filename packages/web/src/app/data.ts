import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { siteResource, type JsonApiRecord, type MeUser, type ScreenRoute } from '@dp/contracts';
import { api, gatewayPath, isApiError } from '../kit/api.ts';
import { fetchInstalledModules } from '../services/marketplace/site-modules.ts';
import { queryKeys } from '../kit/queryKeys.ts';
import { leaveSite, updateUser, useSession } from './session.ts';

/** The routes registry as stored on the server (GET /me/routes). */
export function useRoutesRegistry(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.routes(),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const records = await api.get<JsonApiRecord<ScreenRoute>[]>(gatewayPath('clients.storage', 'me/routes'), undefined, signal);
      return (records ?? []).map((record) => ({ ...record.attributes }));
    },
  });
}

/** Refreshes the stored user from GET /me once a session starts (permissions may have changed). */
export function useMeRefresh(enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.me(),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const record = await api.get<JsonApiRecord<Omit<MeUser, 'id'>>>(gatewayPath('clients.storage', 'me'), undefined, signal);
      return { ...record.attributes, id: Number(record.id) } as MeUser;
    },
  });
  useEffect(() => {
    if (query.data) updateUser(query.data);
  }, [query.data]);
  return query;
}

export interface SiteAttributes {
  name: string;
  host: string | null;
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

/** The site being edited (GET /sites/{id}); an inaccessible site is forgotten. */
export function useCurrentSite() {
  const { siteId, user } = useSession();
  const query = useQuery({
    queryKey: queryKeys.resource(siteResource).detail(siteId ?? ''),
    enabled: !!siteId && !!user,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const [body, installed] = await Promise.all([
        api.request<{ data: JsonApiRecord<SiteAttributes>; included?: JsonApiRecord[] }>('GET', gatewayPath('sites.context', `sites/${encodeURIComponent(siteId!)}`), { signal }),
        // marketplace: the site's modules gate its menu items and pages (spec 000 §2).
        fetchInstalledModules(siteId!, signal),
      ]);
      const client = body.included?.find((record) => record.type === 'clients' && record.id === String(body.data.attributes.client_id));
      return {
        ...body.data.attributes,
        modules: installed?.modules ?? body.data.attributes.modules ?? [],
        paused_modules: installed?.paused ?? [],
        id: String(body.data.id),
        clientName: (client?.attributes.name as string | undefined) ?? null,
      } satisfies CurrentSite;
    },
  });
  useEffect(() => {
    if (query.error && isApiError(query.error) && (query.error.status === 404 || query.error.status === 403)) leaveSite();
  }, [query.error]);
  return { ...query, siteId };
}

/** The URL that opens a site: http:// or https:// per use_http, only when a host is set. */
export function siteUrl(site: Pick<SiteAttributes, 'host' | 'use_http'> | null | undefined): string | null {
  if (!site?.host) return null;
  return `${site.use_http ? 'http' : 'https'}://${site.host}`;
}
