import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dealershipResource, hasAnyPermission, siteResource, translateMessage, type JsonApiRecord, type SiteAttributes, type SiteOptions } from '@dp/contracts';
import { api, ApiError, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { getSession, selectSite } from '../../app/session.ts';

/** Calls of the site screens (spec 000 §7 "Sites") beside the generic resource calls. */
export type SiteRecord = JsonApiRecord<SiteAttributes>;

export const sitePath = (path: string) => gatewayPath('sites.context', path);
export const siteKeys = queryKeys.resource(siteResource);
export const SETTINGS_PATH = (id: string) => `/sites.context/sites/${id}/settings`;
export const SITE_CREATE_PATH = '/sites.context/sites/create';

/** One site with its client's name (GET /sites/{id}). */
export function useSite(id: string | undefined) {
  return useQuery({
    queryKey: [...siteKeys.all, 'one', id ?? ''],
    enabled: !!id && /^\d+$/.test(id),
    queryFn: async ({ signal }) => {
      const body = await api.request<{ data: SiteRecord; included?: JsonApiRecord[] }>('GET', sitePath(`sites/${id}`), { signal });
      const client = body.included?.find((record) => record.type === 'clients' && record.id === String(body.data.attributes.client_id));
      return { site: body.data, clientName: (client?.attributes.name as string | undefined) ?? null };
    },
  });
}

export function useSiteOptions() {
  return useQuery({ queryKey: ['sites.context', 'site_options'], staleTime: 5 * 60_000, queryFn: ({ signal }) => api.get<SiteOptions>(sitePath('site_options'), undefined, signal) });
}

/** Official demo and master sites, the sources of copies, forks and generated sites. */
export function useOfficialSites(enabled = true) {
  return useQuery({
    queryKey: [...siteKeys.all, 'official'],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get<JsonApiRecord<{ name: string; type: number; host: string | null; technical_host: string | null }>[]>(sitePath('sites/official'), undefined, signal),
  });
}

/** After any write to a site: every site query (lists, the current site of the shell) refetches. */
export function useInvalidateSites() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: siteKeys.all });
}

/** Makes a site the one being edited (the site bar, the edit history) and returns its settings path. */
export function openSite(site: SiteRecord, clientName: string | null) {
  selectSite({ id: site.id, name: site.attributes.name, host: site.attributes.host, client: clientName });
  return SETTINGS_PATH(site.id);
}

/**
 * A multipart upload through the gateway with the session's token (one refresh on 401, like
 * every other call); the answer's errors as an ApiError.
 */
export async function uploadFiles(path: string, files: Record<string, File | Blob | string>): Promise<SiteRecord> {
  const send = () => {
    const form = new FormData();
    for (const [field, file] of Object.entries(files)) form.append(field, file);
    const token = api.store.get()?.access_token;
    return fetch(path, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', 'Accept-Language': getSession().lang, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  };
  let response = await send().catch(() => null);
  if (response?.status === 401 && (await api.refresh())) response = await send().catch(() => null);
  if (!response) throw new ApiError(0, [], translateMessage('service_unavailable', getSession().lang));
  const body = (await response.json().catch(() => undefined)) as { data?: SiteRecord; errors?: [] } | undefined;
  if (!response.ok) throw new ApiError(response.status, body?.errors ?? [], translateMessage('upload_failed', getSession().lang));
  return body!.data!;
}

/** Clients a site may belong to: the clients list when readable, else the user's own clients. */
export function useClientChoices() {
  const refs = useRefOptions({ service: 'clients.storage', name: 'clients', label: 'name' });
  const own = getSession().user?.clients ?? [];
  const options = refs.allowed ? refs.options : own.map((client) => ({ value: client.id, label: client.name }));
  return { options, loading: refs.allowed && refs.isFetching };
}

/** The dealerships of a client (for the site's dealership and the dealerships it shows). */
export function useDealerChoices(clientId: number | null | undefined) {
  const user = getSession().user;
  const allowed = !!clientId && hasAnyPermission(user?.permissions ?? {}, 'dealerships', ['dealers.get_list']);
  const query = useQuery({
    queryKey: [...queryKeys.resource(dealershipResource).all, 'of-client', clientId ?? 0],
    enabled: allowed,
    staleTime: 60_000,
    queryFn: async () => (await api.fetchAll<{ title: string; city: string | null }>(gatewayPath('dealerships', 'dealerships'), { 'filter[client_id]': clientId! }, 500)).data,
  });
  const options = (query.data ?? []).map((dealer) => ({ value: Number(dealer.id), label: dealer.attributes.city ? `${dealer.attributes.title} (${dealer.attributes.city})` : dealer.attributes.title }));
  return { ...query, options, allowed };
}
