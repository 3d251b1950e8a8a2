import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasAnyPermission, layoutResource, layoutStateResource, pageResource, pageStateResource, templateResource, type JsonApiRecord } from '@dp/contracts';
import { api, gatewayPath } from '../../../kit/api.ts';
import { queryKeys } from '../../../kit/queryKeys.ts';
import { useSession } from '../../../app/session.ts';
import { useSite } from '../site-api.ts';

/** Calls of the pages, layouts, templates and collections screens (server sites.context content.routes.ts). */
export type Placed = { floor_id: number; values?: Record<string, unknown> };

export interface StateAttributes {
  caption: string;
  status: 1 | 2 | 3;
  version: number | null;
  published_at: string | null;
  published_by: number | null;
  submitted_by: number | null;
  superseded_at: string | null;
  publish_at: string | null;
  publication_status: 1 | 2 | 3 | 4 | null;
  publication_error: string | null;
  copied_from_id: number | null;
  created_by: number | null;
  site_id: number;
  client_id: number;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
}
export type StateRecord = JsonApiRecord<StateAttributes>;

export interface PageAttributes {
  site_id: number;
  uri: string;
  parent_id: number | null;
  position: number;
  layout_id: number | null;
  template_id: number | null;
  group_ids: number[];
  origin_id: number | null;
  caption: string | null;
  published: number | null;
  submitted: number[];
  drafts: number[];
  updated_at: string;
}
export type PageRecord = JsonApiRecord<PageAttributes>;

export const contentPath = (path: string) => gatewayPath('sites.context', path);
export const pageKeys = queryKeys.resource(pageResource);
export const pageStateKeys = queryKeys.resource(pageStateResource);
export const layoutKeys = queryKeys.resource(layoutResource);
export const layoutStateKeys = queryKeys.resource(layoutStateResource);
export const templateKeys = queryKeys.resource(templateResource);

/** The two kinds of workflow states the editors handle. */
export type StateKind = 'page_states' | 'layout_states';
export const stateKeysOf = (kind: StateKind) => (kind === 'page_states' ? pageStateKeys : layoutStateKeys);

/** Every record of a site-owned resource of one site. */
export function useSiteRecords<A>(resource: { service: string; name: string }, siteId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.resource(resource).lists(), 'site', siteId ?? ''],
    enabled: !!siteId && enabled,
    queryFn: async () => (await api.fetchAll<A>(gatewayPath(resource.service, resource.name), { 'filter[site_id]': siteId! }, 500)).data,
  });
}

/** The states of one owner (a page, a layout), newest first. */
export function useStates(kind: StateKind, ownerId: string | undefined) {
  const field = kind === 'page_states' ? 'page_id' : 'layout_id';
  return useQuery({
    queryKey: [...stateKeysOf(kind).lists(), field, ownerId ?? ''],
    enabled: !!ownerId,
    queryFn: async () => (await api.fetchAll<StateAttributes>(contentPath(kind), { [`filter[${field}]`]: ownerId!, sort: '-id' }, 500)).data,
  });
}

export function useRecord<A>(resource: { service: string; name: string }, id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.resource(resource).detail(id ?? ''),
    enabled: !!id && /^\d+$/.test(id),
    queryFn: ({ signal }) => api.get<JsonApiRecord<A>>(gatewayPath(resource.service, `${resource.name}/${id}`), undefined, signal),
  });
}

/** After a write: every list and record of the content resources refetch. */
export function useInvalidateContent() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [pageKeys, pageStateKeys, layoutKeys, layoutStateKeys, templateKeys].map((keys) => client.invalidateQueries({ queryKey: keys.all })).concat(
        client.invalidateQueries({ queryKey: ['sites.context', 'collections'] }),
        client.invalidateQueries({ queryKey: ['clients.storage', 'audit'] }),
      ),
    );
}

/** Floors that may be placed (floors.storage), by id, for pickers and names. */
export interface FloorOption {
  id: number;
  title: string;
  code: string;
  component: string;
  enabled: boolean;
}
export function useFloorOptions() {
  const { user } = useSession();
  const allowed = !!user && hasAnyPermission(user.permissions, 'floors.storage', ['floors.get_list', 'floors.patch', 'floors.create']);
  const query = useQuery({
    queryKey: ['floors.storage', 'floors', 'options', 'placeable'],
    staleTime: 60_000,
    queryFn: async () => {
      const list = await api.fetchAll<{ title: string; code: string; component: string; enabled: boolean; client_id: number | null }>(gatewayPath('floors.storage', 'floors'), {}, 500);
      return list.data.map((floor) => ({ id: Number(floor.id), ...floor.attributes }));
    },
    retry: false,
  });
  return { ...query, allowed, floors: query.data ?? [] };
}

/**
 * A site's constructor forms (form-constructor) by title, for a floor that places one: only the
 * site's own are offered, as the renderer draws only those.
 */
export function useSiteForms(siteId: number | null | undefined) {
  const { user } = useSession();
  const allowed = !!user && !!siteId && hasAnyPermission(user.permissions, 'form-constructor', ['form_constructor.get_list']);
  const query = useQuery({
    queryKey: ['form-constructor', 'custom_forms', 'options', siteId],
    enabled: allowed,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const list = await api.list<{ title: string }>(gatewayPath('form-constructor', `custom_forms/list/${siteId}`), { 'page[size]': 1000 }, signal);
      return list.data.map((form) => ({ id: Number(form.id), title: form.attributes.title }));
    },
    retry: false,
  });
  return { ...query, allowed, forms: query.data ?? [] };
}

/** The states resource of another service under the same workflow (loan programme states). */
export interface WorkflowTarget {
  service: string;
  name: string;
}
/** A path below a states resource: the sites' content, or another service's states. */
export const statesPath = (kind: StateKind | WorkflowTarget, rest: string) => (typeof kind === 'string' ? contentPath(`${kind}/${rest}`) : gatewayPath(kind.service, `${kind.name}/${rest}`));
/** The service whose codes change and publish a kind of state. */
export const serviceOfStates = (kind: StateKind | WorkflowTarget) => (typeof kind === 'string' ? 'sites.context' : kind.service);

/** The workflow actions of a state (kit/state-workflow.ts routes). */
export const stateAction = (kind: StateKind | WorkflowTarget, id: string, action: 'submit' | 'publish' | 'unpublish' | 'copy' | 'restore') =>
  api.post<StateRecord>(statesPath(kind, `${id}/${action}`));
export const scheduleState = (kind: StateKind | WorkflowTarget, id: string, at: string) => api.post<StateRecord>(statesPath(kind, `${id}/schedule`), { publish_at: at });
export const cancelSchedule = (kind: StateKind | WorkflowTarget, id: string) => api.call<StateRecord>('DELETE', statesPath(kind, `${id}/schedule`));

/** The state an editor opens when none is named: the newest that is not a kept version. */
export function workingState(states: StateRecord[]): StateRecord | undefined {
  return states.find((state) => !state.attributes.superseded_at) ?? states[0];
}

/**
 * Central content of an official master site (spec 000 §4, §6): only platform staff change it
 * there; everybody else sees it read-only (the server's check is central-content.ts).
 */
export function useCentralLock(siteId: string | undefined): boolean {
  const { user } = useSession();
  const site = useSite(siteId);
  return site.data?.site.attributes.type === 2 && !user?.internal;
}
