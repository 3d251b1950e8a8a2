import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasAnyPermission, stageResource, stageStateResource, type JsonApiRecord, type StageImageValue } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { useSession } from '../../app/session.ts';

/** Calls of the stages screens (content.storage stages and stage_states, their workflow routes). */
export interface StageAttributes {
  site_id: number;
  client_id: number;
  name: string;
  published: number | null;
  order: number | null;
  drafts: number[];
  submitted: number[];
  publish_at: string | null;
  created_at: string;
  updated_at: string;
}
export type StageRecord = JsonApiRecord<StageAttributes>;

export interface StageButton {
  text: string;
  type: 'link' | 'phone' | 'email' | 'anchor';
  link: string;
  icon?: string | null;
  icon_position: 'left' | 'right';
  style: 'primary' | 'secondary' | 'outline' | 'text';
  size: 'small' | 'medium' | 'large';
  full_width: boolean;
}
export interface StageCard {
  title: string;
  text?: string | null;
  link?: string | null;
  icon?: string | null;
}
export interface StageVideoValue {
  type: 'youtube' | 'vimeo' | 'rutube' | 'native';
  url: string | null;
  file_id: number | null;
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
}
export interface StageStateAttributes {
  stage_id: number;
  site_id: number;
  client_id: number;
  name: string;
  order: number;
  position: 'left' | 'center' | 'right';
  panel: { enabled?: boolean; color?: string | null; opacity?: number; rounded?: boolean };
  colors: Record<string, string | null>;
  title: string | null;
  subtitle: string | null;
  images: { pc: StageImageValue; tablet: StageImageValue; mobile: StageImageValue };
  disable_webp: boolean;
  video: StageVideoValue | null;
  buttons: StageButton[];
  cards: StageCard[];
  group_ids: number[];
  personalization_page_ids: number[];
  status: 1 | 2 | 3;
  version: number | null;
  published_at: string | null;
  superseded_at: string | null;
  publish_at: string | null;
  publication_status: 1 | 2 | 3 | 4 | null;
  publication_error: string | null;
  copied_from_id: number | null;
  created_at: string;
  updated_at: string;
  // The versions panel and the status tag read a caption.
  caption?: string;
}
export type StageStateRecord = JsonApiRecord<StageStateAttributes>;

export const stagePath = (path: string) => gatewayPath('content.storage', path);
export const stageKeys = queryKeys.resource(stageResource);
export const stageStateKeys = queryKeys.resource(stageStateResource);
export const STAGES_PATH = (siteId: string) => `/content.storage/stages/${siteId}`;
export const STAGE_EDIT_PATH = (siteId: string, stageId: string, stateId?: string) => `/content.storage/stages/${siteId}/${stageId}${stateId ? `/${stateId}` : ''}`;

export function useStageRights() {
  const { user } = useSession();
  const can = (codes: string[]) => hasAnyPermission(user?.permissions ?? {}, 'content.storage', codes);
  return { read: can(['stages.get_list', 'stages.patch']), change: can(['stages.patch']), publish: can(['stages.publish']) };
}

export function useStages(siteId: string | undefined) {
  return useQuery({
    queryKey: [...stageKeys.lists(), siteId],
    enabled: !!siteId,
    // Scheduled publications change a stage's status from a job: the list is asked again whenever it is shown.
    staleTime: 0,
    queryFn: async () => (await api.fetchAll<StageAttributes>(stagePath('stages'), { 'filter[site_id]': siteId, sort: 'id' }, 500)).data,
  });
}

export function useStage(id: string | undefined) {
  return useQuery({ queryKey: stageKeys.detail(id ?? ''), enabled: !!id, queryFn: () => api.get<StageRecord>(stagePath(`stages/${id}`)) });
}

/** The states of a stage, newest first (drafts and every published version). */
export function useStageStates(stageId: string | undefined) {
  return useQuery({
    queryKey: [...stageStateKeys.lists(), stageId],
    enabled: !!stageId,
    queryFn: async () => (await api.fetchAll<StageStateAttributes>(stagePath('stage_states'), { 'filter[stage_id]': stageId, sort: '-id' }, 500)).data,
    // While a publication by time is due within minutes, the editor follows it until it happens.
    refetchInterval: (query) => (publicationSoon(query.state.data ?? []) ? 5000 : false),
  });
}

/** Whether a state of the list waits for its publication by time within the next ten minutes. */
export function publicationSoon(states: { attributes: { publish_at: string | null; publication_status: number | null } }[], now = Date.now()): boolean {
  return states.some(({ attributes: a }) => a.publish_at !== null && a.publication_status === 1 && new Date(a.publish_at).getTime() - now < 10 * 60_000);
}

export function useInvalidateStages() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: stageKeys.all }), client.invalidateQueries({ queryKey: stageStateKeys.all })]);
}

export const stageAction = (id: string, action: 'submit' | 'publish' | 'unpublish' | 'copy' | 'restore') => api.post<StageStateRecord>(stagePath(`stage_states/${id}/${action}`));
export const scheduleStage = (id: string, at: string) => api.post<StageStateRecord>(stagePath(`stage_states/${id}/schedule`), { publish_at: at });
export const cancelStageSchedule = (id: string) => api.call<StageStateRecord>('DELETE', stagePath(`stage_states/${id}/schedule`));

/** The state an editor opens when none is named: the newest that is not a kept version. */
export function workingStageState(states: StageStateRecord[]): StageStateRecord | undefined {
  return states.find((state) => !state.attributes.superseded_at) ?? states[0];
}
