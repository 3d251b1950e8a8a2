import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  hasAnyPermission,
  mediaFileResource,
  mediaFolderResource,
  translateMessage,
  type CropTarget,
  type JsonApiList,
  type JsonApiRecord,
  type MediaElement,
  type MediaVariant,
} from '@dp/contracts';
import { api, ApiError, gatewayPath } from '../../kit/api.ts';
import { saveDownload } from '../../kit/save-file.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { getSession, useSession } from '../../app/session.ts';

/** Calls of the media library (spec 000 §7 "Media") beside the generic resource calls. */
export interface MediaFileAttributes {
  client_id: number | null;
  folder_id: number | null;
  name: string;
  mime: string;
  ext: string;
  kind: 'image' | 'video';
  size: number;
  width: number | null;
  height: number | null;
  access: number;
  url: string | null;
  variants: MediaVariant[];
  source_id: number | null;
  created_at: string;
}
export type MediaFile = JsonApiRecord<MediaFileAttributes>;
export interface FolderAttributes {
  client_id: number | null;
  parent_id: number | null;
  name: string;
}
export type MediaFolder = JsonApiRecord<FolderAttributes>;

export const mediaPath = (path: string) => gatewayPath('media.storage', path);
export const fileKeys = queryKeys.resource(mediaFileResource);
export const folderKeys = queryKeys.resource(mediaFolderResource);

/** What the signed-in user may do in the library. */
export function useMediaRights() {
  const { user } = useSession();
  const can = (code: string) => hasAnyPermission(user?.permissions ?? {}, 'media.storage', [code]);
  return { read: can('media.get_list'), create: can('media.create'), change: can('media.patch'), remove: can('media.delete') };
}

/** The thumbnail a grid shows: the library's own thumbnail, else the webp, else the file (public files only). */
export const thumbUrl = (file: MediaFileAttributes) =>
  file.variants.find((v) => v.name === 'thumb')?.url ?? file.variants.find((v) => v.name === 'webp')?.url ?? file.url;

export interface FileQuery {
  clientId: number | null;
  folderId: number | null;
  kind: 'image' | 'video' | null;
  search: string;
  page: number;
  size: number;
  sort: string;
}

/** One page of a client's files. */
export function useFiles(query: FileQuery, enabled = true) {
  return useQuery<JsonApiList<MediaFileAttributes>>({
    queryKey: [...fileKeys.lists(), query],
    enabled: enabled && query.clientId !== null,
    placeholderData: (previous) => previous,
    queryFn: ({ signal }) =>
      api.list<MediaFileAttributes>(
        mediaPath('files'),
        {
          'filter[client_id]': query.clientId,
          'filter[folder_id]': query.folderId,
          'filter[kind]': query.kind,
          'filter[search]': query.search || undefined,
          'page[number]': query.page,
          'page[size]': query.size,
          sort: query.sort,
        },
        signal,
      ) as Promise<JsonApiList<MediaFileAttributes>>,
  });
}

/** Every folder of a client (the tree is built in the browser). */
export function useFolders(clientId: number | null) {
  return useQuery({
    queryKey: [...folderKeys.lists(), clientId],
    enabled: clientId !== null,
    queryFn: async () => (await api.fetchAll<FolderAttributes>(mediaPath('folders'), { 'filter[client_id]': clientId! }, 1000)).data,
  });
}

export function useInvalidateMedia() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: fileKeys.all }), client.invalidateQueries({ queryKey: folderKeys.all })]);
}

/**
 * POST /file with upload progress (XMLHttpRequest: fetch reports none), the session's token and
 * one refresh on 401; errors as an ApiError with field pointers.
 */
export async function uploadMedia(file: File, fields: { client_id: number | null; folder_id: number | null; access?: number }, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<MediaFile> {
  const send = () =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const form = new FormData();
      if (fields.client_id !== null) form.append('client_id', String(fields.client_id));
      if (fields.folder_id !== null) form.append('folder_id', String(fields.folder_id));
      if (fields.access) form.append('access', String(fields.access));
      form.append('file', file, file.name);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', mediaPath('file'));
      const token = api.store.get()?.access_token;
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Accept-Language', getSession().lang);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(Math.round((event.loaded / event.total) * 100));
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(new ApiError(0, [], translateMessage('service_unavailable', getSession().lang)));
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });
  let answer = await send();
  if (answer.status === 401 && (await api.refresh())) answer = await send();
  const body = answer.body as { data?: MediaFile; errors?: [] } | undefined;
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, body?.errors ?? [], translateMessage('upload_failed', getSession().lang));
  return body!.data!;
}

export const cropMedia = (id: string, box: { x: number; y: number; width: number; height: number; target?: CropTarget | null }) => api.post<MediaFile>(mediaPath(`files/${id}/crop`), box);
export const changeMedia = (id: string, attributes: { name?: string; folder_id?: number | null }) => api.patch<MediaFile>(mediaPath(`files/${id}`), { attributes });
export const deleteMedia = (id: string) => api.delete(mediaPath(`files/${id}`));
export const getMedia = (id: string) => api.get<MediaFile>(mediaPath(`files/${id}`));

/** A private file's bytes through the gateway, saved by the browser. */
export async function downloadMedia(file: MediaFile) {
  await saveDownload(mediaPath(`storage/${file.id}`), file.attributes.name, { download: '1' });
}

export function useMediaElements(clientId: number | null) {
  return useQuery({
    queryKey: ['media.storage', 'media_elements', clientId],
    enabled: clientId !== null,
    queryFn: () => api.get<JsonApiRecord<{ name: string; media_elements: MediaElement[] }>>(mediaPath(`clients/${clientId}/media_elements`)),
  });
}
export const saveMediaElements = (clientId: number, elements: MediaElement[]) =>
  api.call<JsonApiRecord<{ name: string; media_elements: MediaElement[] }>>('PUT', mediaPath(`clients/${clientId}/media_elements`), { body: { data: { media_elements: elements } } });

/** A size in bytes for people: 1.2 MB, 340 KB. */
export function formatBytes(bytes: number, lang: string): string {
  const units = lang === 'ru' ? ['Б', 'КБ', 'МБ', 'ГБ'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}
