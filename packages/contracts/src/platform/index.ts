import { defineService } from '../kit/service.ts';
import { screen } from '../kit/routes.ts';

/** platform: the home page, the personal area and the platform's news. */
export const platformContract = defineService({
  name: 'platform',
  screens: [
    screen('news', '/platform/news', 'settings', 'platform', 110, []),
    screen('home', '/home-page', null, 'main', 0),
    screen('personal', '/personal/', null, 'main', 0),
  ],
});
