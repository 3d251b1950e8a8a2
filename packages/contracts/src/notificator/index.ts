import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { screen } from '../kit/routes.ts';
import { mappingResource, notificationResource } from './notification.resource.ts';

export * from './notification.resource.ts';

/** notificator: the platform's notifications about its own events, and where they are delivered. Staff only. */
export const notificatorContract = defineService({
  name: 'notificator',
  permissions: {
    // The spec shows no code for these pages; the codes keep them out of dealers' menus, and the server refuses non-staff whatever they hold.
    codes: ['notifications.get_list', 'mappings.get_list', 'mappings.patch'],
    entities: {
      notifications: text('Уведомления платформы', 'Platform notifications'),
      mappings: text('Настройки доставки уведомлений', 'Notification delivery settings'),
    },
  },
  resources: [notificationResource, mappingResource],
  screens: [
    screen('notifications', '/notificator/notifications/', 'settings', 'platform', 120, ['notifications.get_list']),
    screen('notificator_settings', '/notificator/settings/', 'settings', 'platform', 121, ['mappings.get_list']),
  ],
});
