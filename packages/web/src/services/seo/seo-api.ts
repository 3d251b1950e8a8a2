import { useQuery, useQueryClient } from '@tanstack/react-query';
import { auditResource, hasAnyPermission, type AnyResource } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of the SEO screens (server services/seo): a site's redirects, settings and constants. */
export const seoPath = (path: string) => gatewayPath('seo', path);

export interface RedirectAttributes {
  site_id: number;
  client_id: number;
  from_page_id: number | null;
  from_uri: string;
  to_page_id: number | null;
  to_uri: string;
  created_type: 'manual' | 'import' | 'auto';
  code: 301 | 302;
  created_at: string;
  updated_at: string;
}

/** A site's records of a seo resource: the kit's per-site list. */
export { useSiteList } from '../../kit/useSiteList.ts';

/** The pages of a site (sites.context) as choices of a redirect's ends: address and caption. */
export function useSitePages(siteId: string) {
  const { user } = useSession();
  const allowed = hasAnyPermission(user?.permissions ?? {}, 'sites.context', ['pages.get_list', 'pages.patch']);
  const query = useQuery({
    queryKey: ['sites.context', 'pages', 'list', 'site', siteId, 'redirect-choices'],
    enabled: allowed && /^\d+$/.test(siteId),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => (await api.fetchAll<{ uri: string; caption?: string | null }>(gatewayPath('sites.context', 'pages'), { 'filter[site_id]': siteId }, 500)).data,
  });
  const options = (query.data ?? [])
    .map((page) => ({ value: Number(page.id), label: page.attributes.caption ? `${page.attributes.uri} — ${page.attributes.caption}` : page.attributes.uri, uri: page.attributes.uri }))
    .sort((a, b) => a.uri.localeCompare(b.uri));
  return { ...query, allowed, options };
}

/** After a write: the resource's lists and the audit trail refetch. */
export function useInvalidateSeo(resource: AnyResource) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.resource(resource).all }), client.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all })]);
}
