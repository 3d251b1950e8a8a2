import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { CLIENT, target } from '../kit/module-targets.ts';
import { carResource } from './car.resource.ts';

export * from './car.resource.ts';
export * from './car-technical.ts';

/** cars.stock: the new and used cars of a site's stock. */
export const carsStockContract = defineService({
  name: 'cars.stock',
  module: 'available_cars|used_cars',
  permissions: {
    // cars.patch also marks cars as sold in bulk.
    codes: ['cars.get_list', 'cars.create', 'cars.patch', 'cars.delete'],
    entities: { cars: text('Автомобили склада', 'Stock cars') },
  },
  resources: [carResource],
  screens: [
    // New and used cars of a site, manual creation and edit of a car.
    // Site-menu pages need their site module (spec 001 §2): available_cars for new cars, used_cars for used ones.
    screen('stock_new_cars', '/cars.stock/new_cars/{siteId}', 'site', 'cars', 96, ['cars.get_list'], { module: 'available_cars' }),
    screen('stock_used_cars', '/cars.stock/used_cars/{siteId}', 'site', 'cars', 97, ['cars.get_list'], { module: 'used_cars' }),
    screen('stock_car_create', '/cars.stock/create/{type}', null, 'cars', 98, ['cars.create', 'cars.patch'], { in_menu: false }),
  ],
  routes: [
    // Manual creation with the spec's messages, bulk "mark as sold", a client's cars with labels.
    api('POST', '/api/v1/cars/manual', ['cars.create'], false, { targets: [target.siteBody('/data/attributes/site_id')] }),
    api('POST', '/api/v1/cars/sold/by_ids', ['cars.patch'], false, { targets: [target.body('cars.stock/cars', '/data/ids')] }),
    api('GET', '/api/v1/cars/where_client/{id}', ['cars.get_list'], false, onRecord(CLIENT)),
    // The names and public pages of cars, read again; their sites' cached pages are dropped. Reading cars is enough.
    api('POST', '/api/v1/car/cached_data', ['cars.get_list'], false, { targets: [target.body('cars.stock/cars', '/data/ids')] }),
  ],
});
