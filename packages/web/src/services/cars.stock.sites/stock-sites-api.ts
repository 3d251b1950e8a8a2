import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditResource, type JsonApiRecord, type Lang, type StockSettingsSelects } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of the stock settings and car sorting screens (server services/cars.stock.sites, cars.sorting). */
export const stockSitesPath = (rest: string) => gatewayPath('cars.stock.sites', rest);
export const sortingPath = (rest: string) => gatewayPath('cars.sorting', rest);

/** One settings record of a site (GET|PATCH <path>/where_site/{siteId}): the stored one or the defaults. */
export function useSiteSettings<A>(service: 'cars.stock.sites' | 'cars.sorting', path: string, siteId: string) {
  const url = gatewayPath(service, `${path}/where_site/${siteId}`);
  const key = [service, path, 'site', siteId];
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<A>>(url, undefined, signal),
  });
  const save = useMutation({
    mutationFn: (attributes: Record<string, unknown>) => api.patch<JsonApiRecord<A>>(url, { attributes }),
    onSuccess: async (saved) => {
      client.setQueryData(key, saved);
      await client.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all });
    },
  });
  return { query, save, settings: query.data?.attributes };
}

/** The site's pages and templates the stock settings may name (GET /lss/{siteId}/selects). */
export function useStockSelects(siteId: string) {
  const query = useQuery({
    queryKey: ['cars.stock.sites', 'selects', siteId],
    enabled: /^\d+$/.test(siteId),
    staleTime: 30_000,
    queryFn: ({ signal }) => api.get<StockSettingsSelects>(stockSitesPath(`lss/${siteId}/selects`), undefined, signal),
  });
  const pages = (query.data?.pages ?? []).map((page) => ({ value: page.id, label: page.caption ? `${page.uri} — ${page.caption}` : page.uri }));
  const templates = (query.data?.templates ?? []).map((template) => ({ value: template.id, label: template.name }));
  return { query, pages, templates };
}

/** A site's records of a site-owned resource: the kit's per-site list. */
export { useSiteList as useSiteResourceList } from '../../kit/useSiteList.ts';

/** The server's field errors on an antd form (pointers such as used_settings/sold_period name nested fields), the rest as a notice. */
export function showSaveErrors(error: unknown, lang: Lang, setFields: (fields: { name: (string | number)[]; errors: string[] }[]) => void) {
  if (!isApiError(error)) return notify.error(errorTitle(error, lang));
  const placed = error.errors.filter((one) => one.source?.pointer?.startsWith('/data/attributes/'));
  if (!placed.length) return notify.error(error.title);
  setFields(placed.map((one) => ({ name: one.source!.pointer!.slice('/data/attributes/'.length).split('/').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [one.title] })));
}
