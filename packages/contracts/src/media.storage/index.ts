import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { mediaFileResource, mediaFolderResource } from './media.resource.ts';

export * from './media.resource.ts';

/** media.storage: the media library (files, folders, crops, the clients' media elements). */
export const mediaStorageContract = defineService({
  name: 'media.storage',
  permissions: {
    codes: ['media.get_list', 'media.create', 'media.patch', 'media.delete'],
    entities: { media: text('Медиабиблиотека', 'Media library') },
  },
  resources: [mediaFolderResource, mediaFileResource],
  screens: [
    screen('media_library', '/media.storage/library/{siteId}', 'site', 'content', 65, ['media.get_list']),
  ],
  routes: [
    // Upload (spec 000 §7 POST /file), the bytes (GET /storage/{id}), files_size,
    // a file's change, delete and crop, the clients' media elements.
    api('POST', '/api/v1/file', ['media.create']),
    api('GET', '/api/v1/storage/{id}', ['media.get_list']),
    api('GET', '/api/v1/files_size', ['media.get_list']),
    api('PATCH', '/api/v1/files/{id}', ['media.patch']),
    api('DELETE', '/api/v1/files/{id}', ['media.delete']),
    api('POST', '/api/v1/files/{id}/crop', ['media.create']),
    api('GET', '/api/v1/clients/{id}/media_elements', ['media.get_list']),
    api('PUT', '/api/v1/clients/{id}/media_elements', ['media.patch']),
  ],
});
