import { defineService } from '../kit/service.ts';
import { screen } from '../kit/routes.ts';

/** notificator: the platform's notifications to its users. */
export const notificatorContract = defineService({
  name: 'notificator',
  screens: [
    screen('notifications', '/notificator/notifications/', 'settings', 'platform', 120, []),
  ],
});
