import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { showroomPageResource } from './showroom-page.resource.ts';
import { customFilterResource } from './custom-filter.resource.ts';

export * from './stock-settings.ts';
export * from './showroom-page.resource.ts';
export * from './custom-filter.resource.ts';

/** cars.stock.sites: a site's stock settings, showroom pages, custom filters, viewed and favorites. */
export const carsStockSitesContract = defineService({
  name: 'cars.stock.sites',
  module: 'available_cars|used_cars',
  permissions: {
    codes: ['stock_settings.get_list', 'stock_settings.patch'],
    entities: { stock_settings: text('Настройки склада сайта (шоурум, фильтры, просмотренные и избранное)', 'Site stock settings (showroom, filters, viewed and favorites)') },
  },
  resources: [showroomPageResource, customFilterResource],
  screens: [
    // Either stock module opens them.
    screen('stock_settings', '/cars.stock.sites/settings/{siteId}', 'site', 'cars', 101, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
    screen('stock_showroom_pages', '/cars.stock.sites/showroom_pages/{siteId}', 'site', 'cars', 102, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
    screen('stock_custom_filters', '/cars.stock.sites/custom_filters/{siteId}', 'site', 'cars', 103, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
    screen('stock_viewed_favorites', '/cars.stock.sites/viewed_favorites/{siteId}/', 'site', 'cars', 104, ['stock_settings.get_list'], { module: 'available_cars|used_cars' }),
  ],
  routes: [
    // A site's stock settings and their choices.
    api('GET', '/api/v1/settings/where_site/{siteId}', ['stock_settings.get_list']),
    api('PATCH', '/api/v1/settings/where_site/{siteId}', ['stock_settings.patch']),
    api('GET', '/api/v1/lss/{siteId}/selects', ['stock_settings.get_list']),
  ],
});
