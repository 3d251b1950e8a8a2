import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { restylingSortResource } from './sorting.ts';

export * from './sorting.ts';

/** cars.sorting: how a site sorts its car lists, and its restylings' order. */
export const carsSortingContract = defineService({
  name: 'cars.sorting',
  module: 'available_cars|used_cars',
  permissions: {
    codes: ['sorting.get_list', 'sorting.patch'],
    entities: { sorting: text('Сортировка автомобилей сайта', 'Site car sorting') },
  },
  resources: [restylingSortResource],
  screens: [
    screen('cars_sorting', '/cars.sorting/settings/{siteId}', 'site', 'cars', 105, ['sorting.get_list'], { module: 'available_cars|used_cars' }),
  ],
  routes: [
    // List sort settings, the restylings' order.
    api('GET', '/api/v1/list_sort_settings/where_site/{siteId}', ['sorting.get_list']),
    api('PATCH', '/api/v1/list_sort_settings/where_site/{siteId}', ['sorting.patch']),
    api('GET', '/api/v1/sites/{siteId}/restylings', ['sorting.get_list']),
    api('POST', '/api/v1/sites/{siteId}/restyling_sort/order', ['sorting.patch']),
  ],
});
