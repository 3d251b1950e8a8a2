import { useQuery, useQueryClient } from '@tanstack/react-query';
import { auditResource, floorGroupResource, floorResource, type JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';

/** Calls of the floor screens (server services/floors.storage) beside the generic resource calls. */
export interface FloorAttributes {
  client_id: number | null;
  code: string;
  title: string;
  description: string | null;
  title_position: string;
  offset_top: string;
  offset_bottom: string;
  background: string | null;
  alignment: string;
  component: string;
  values: Record<string, unknown>;
  group_id: number | null;
  enabled: boolean;
  official: boolean;
  created_at: string;
  updated_at: string;
}
export type FloorRecord = JsonApiRecord<FloorAttributes>;

export const FLOORS_PATH = '/floors.storage/floors';
export const FLOOR_CREATE_PATH = '/floors.storage/floors/create';
export const floorEditPath = (id: string) => `/floors.storage/floors/edit/${id}`;
export const floorPath = (path = '') => gatewayPath('floors.storage', `floors${path}`);
export const floorKeys = queryKeys.resource(floorResource);
export const floorGroupKeys = queryKeys.resource(floorGroupResource);

/** Description cut at 70 characters (spec 000 §5); the whole text goes into a tooltip. */
export const DESCRIPTION_CUT = 70;
export const cutDescription = (text: string | null | undefined) => (text && text.length > DESCRIPTION_CUT ? `${text.slice(0, DESCRIPTION_CUT).trimEnd()}…` : (text ?? ''));

export function useFloor(id: string | undefined) {
  return useQuery({
    queryKey: floorKeys.detail(id ?? ''),
    enabled: !!id && /^\d+$/.test(id),
    queryFn: ({ signal }) => api.get<FloorRecord>(floorPath(`/${id}`), undefined, signal),
  });
}

/** Floor groups as select options, in their order. */
export function useFloorGroups() {
  return useQuery({
    queryKey: floorGroupKeys.options(),
    staleTime: 60_000,
    queryFn: async () => (await api.fetchAll<{ name: string; position: number }>(gatewayPath('floors.storage', 'groups'), { sort: 'position,name' }, 500)).data,
  });
}

/** A site that places a floor and where (GET /sites.context/api/v1/sites/search_by_floor). */
export interface FloorSite {
  name: string;
  host: string | null;
  technical_host: string | null;
  client_id: number;
  places: { kind: 'page' | 'layout' | 'template'; id: number; name: string; state_id: number | null; status: number | null }[];
}

export function useFloorSites(floorId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['floors.storage', 'floor_sites', floorId ?? ''],
    enabled: enabled && !!floorId,
    queryFn: ({ signal }) => api.get<JsonApiRecord<FloorSite>[]>(gatewayPath('sites.context', 'sites/search_by_floor'), { floor_id: floorId }, signal),
  });
}

/** After a write: the floor lists, the record, its history and the placement pickers refetch. */
export function useInvalidateFloors() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      // Also the pages' floor pickers (['floors.storage', 'floors', 'options', …]).
      client.invalidateQueries({ queryKey: floorKeys.all }),
      client.invalidateQueries({ queryKey: ['floors.storage', 'floor_sites'] }),
      client.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all }),
    ]);
}

export const switchFloor = (id: string, enabled: boolean) => api.post<FloorRecord>(floorPath(`/${id}/${enabled ? 'enable' : 'disable'}`));
