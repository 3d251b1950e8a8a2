import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { screen } from '../kit/routes.ts';

/**
 * gateway.processing: the gateway's route table and its restrictions, declared as resources beside
 * the list of services (resources.ts), since their choices are every service.
 */
export const gatewayProcessingContract = defineService({
  name: 'gateway.processing',
  permissions: {
    codes: [
      'routes.get_list', 'routes.create', 'routes.patch', 'routes.delete',
      'restrictions.get_list', 'restrictions.create', 'restrictions.patch', 'restrictions.delete',
    ],
    entities: {
      routes: text('Маршруты шлюза', 'Gateway routes'),
      restrictions: text('Ограничения', 'Restrictions'),
    },
  },
  screens: [
    screen('gateway_route_edit', '/gateway.processing/routes/{routeId}', null, 'access', 61, ['routes.get_list']),
    screen('restrictions', '/gateway.processing/restrictions/', 'settings', 'access', 65, ['restrictions.get_list']),
    screen('gateway_routes', '/gateway.processing/routes/', 'settings', 'access', 60, ['routes.get_list']),
  ],
});
