import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, special, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { customMediaItemResource, customMediaProfileResource } from './custom-media.resource.ts';

export * from './custom-media.resource.ts';

const MODULE = 'custom_media';
const SITE_SCREEN = { module: MODULE };

/**
 * custom.media: a site's custom media (spec 002 §2 /custom.media, §3, §7 Custom media, §9): profiles
 * imported on their schedule from outside sources into items, which the `custom_media` floor shows.
 */
export const customMediaContract = defineService({
  name: 'custom.media',
  module: MODULE,
  permissions: {
    codes: [...entityCodes(['custom_media_profiles', 'custom_media_items'], CRUD_ACTIONS), 'custom_media_profiles.import'],
    entities: {
      custom_media_profiles: text('Профили медиа', 'Custom media profiles'),
      custom_media_items: text('Элементы медиа', 'Custom media items'),
    },
    special: {
      'custom_media_profiles.import': special(text('Медиа: импорт', 'Custom media: import'), text('Запускать импорт профиля медиа вне расписания', "Run a custom media profile's import outside its schedule")),
    },
  },
  resources: [customMediaProfileResource, customMediaItemResource],
  screens: [
    screen('custom_media_profiles', '/custom.media/profiles/{siteId}', 'site', 'custom_media', 170, ['custom_media_profiles.get_list'], SITE_SCREEN),
    screen('custom_media_items', '/custom.media/items/{siteId}', 'site', 'custom_media', 171, ['custom_media_items.get_list'], SITE_SCREEN),
  ],
  routes: [
    // A site's profiles and all its items (spec 002 §7).
    api('GET', '/api/v1/profiles/for_site/{siteId}', ['custom_media_profiles.get_list']),
    api('GET', '/api/v1/items/for_site/{siteId}/all', ['custom_media_items.get_list']),
    // An import of one profile now (queued; its state shows on the profile).
    api('GET', '/api/v1/profiles/{id}/import', ['custom_media_profiles.import'], false, { ...onRecord('custom.media/profiles'), writes: true }),
    // Hides a shown item or shows a hidden one.
    api('GET', '/api/v1/items/{id}/switch_hidden', ['custom_media_items.patch'], false, { ...onRecord('custom.media/items'), writes: true }),
  ],
});
