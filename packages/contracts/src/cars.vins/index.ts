import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { vinAllowedClientResource, vinDataResource, vinProfileResource } from './vin.resource.ts';

export * from './vin.resource.ts';
export * from './vin-import.ts';

/** cars.vins: VIN data with its import, retrieval profiles, the clients allowed VIN data. */
export const carsVinsContract = defineService({
  name: 'cars.vins',
  permissions: {
    // VIN data (the spec's vin_data.import and the codes it leaves unnamed; vin_data.patch also invalidates images), retrieval profiles, allowed clients.
    codes: ['vin_data.get_list', 'vin_data.patch', 'vin_data.delete', 'vin_data.import', ...entityCodes(['vin_profiles', 'vin_clients'], CRUD_ACTIONS)],
    entities: {
      vin_data: text('VIN-данные', 'VIN data'),
      vin_profiles: text('Профили получения VIN-данных', 'VIN data retrieval profiles'),
      vin_clients: text('Клиенты с доступом к VIN-данным', 'Clients allowed VIN data'),
    },
    special: {
      'vin_data.import': special(text('VIN-данные: импорт', 'VIN data: import'), text('Загружать VIN-данные из файла и добавлять записи вручную', 'Upload VIN data from a file and add records by hand')),
    },
  },
  resources: [vinDataResource, vinProfileResource, vinAllowedClientResource],
  screens: [
    // VIN data with its import, retrieval profiles, allowed clients (dictionaries menu).
    screen('vins_vin_data', '/cars.vins/vins/', 'dictionaries', 'vins', 70, ['vin_data.get_list']),
    screen('vins_profiles', '/cars.vins/profiles/', 'dictionaries', 'vins', 71, ['vin_profiles.get_list']),
    screen('vins_clients', '/cars.vins/clients/', 'dictionaries', 'vins', 72, ['vin_clients.get_list']),
  ],
  routes: [
    // The VIN data import (a preview, then the apply) and "invalidate images".
    api('POST', '/api/v1/import/vin_data/preview', ['vin_data.import']),
    api('POST', '/api/v1/import/vin_data', ['vin_data.import']),
    api('POST', '/api/v1/vin_data/invalidate_images', ['vin_data.patch']),
  ],
});
