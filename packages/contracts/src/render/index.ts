import { defineService } from '../kit/service.ts';
import { api } from '../kit/routes.ts';

export * from './dictionaries.ts';

/** render: the dictionaries of the page and floor editors (colour schemes, locales, title weights, colours, components). */
export const renderContract = defineService({
  name: 'render',
  routes: [
    // Open to every signed-in user.
    api('GET', '/api/v1/color_schemes'),
    api('GET', '/api/v1/locales'),
    api('GET', '/api/v1/title_weights'),
    api('GET', '/api/v1/colors'),
    api('GET', '/api/v1/components'),
  ],
});
