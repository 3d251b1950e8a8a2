import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, special, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { carReportResource, importHookResource, importProfileResource, importReportResource, importSettingsResource } from './import.resource.ts';

export * from './import.resource.ts';

/** cars.import: the import of a site's cars from feeds: profiles, hooks, settings, reports, every client's import states. */
export const carsImportContract = defineService({
  name: 'cars.import',
  module: 'available_cars|used_cars',
  permissions: {
    codes: [
      // A site's import settings and reports, running an import (dealer managers); profiles and hooks (provider staff).
      'import_settings.get_list', 'import_settings.patch', 'import.run', 'import_reports.get_list',
      ...entityCodes(['import_profiles', 'import_hooks'], CRUD_ACTIONS),
      // Every client's imports (provider staff).
      'import_states.get_list', 'import_states.manage',
    ],
    entities: {
      import_settings: text('Настройки импорта автомобилей', 'Car import settings'),
      import: text('Запуск импорта автомобилей', 'Running a car import'),
      import_reports: text('Отчёты импорта автомобилей', 'Car import reports'),
      import_profiles: text('Профили импорта', 'Import profiles'),
      import_hooks: text('Хуки импорта', 'Import hooks'),
      import_states: text('Состояния импорта клиентов', "Clients' import states"),
    },
    special: {
      'import.run': special(text('Импорт: запуск', 'Import: run'), text('Запускать импорт автомобилей сайта из его фидов', "Run the import of a site's cars from its feeds")),
      'import_states.manage': special(
        text('Состояния импорта: управление', 'Import states: manage'),
        text('Прерывать, перезапускать и сбрасывать импорт любого клиента, сбрасывать кэш каталога', "Abort, restart and reset any client's import, reset the catalogue cache"),
      ),
    },
  },
  resources: [importProfileResource, importHookResource, importSettingsResource, importReportResource, carReportResource],
  screens: [
    // A site's import settings and reports (site menu, with a stock module), profiles and hooks (dictionaries).
    screen('import_settings', '/cars.import/settings/{siteId}', 'site', 'cars', 106, ['import_settings.get_list'], { module: 'available_cars|used_cars' }),
    screen('import_reports', '/cars.import/reports/{siteId}', 'site', 'cars', 107, ['import_reports.get_list'], { module: 'available_cars|used_cars' }),
    screen('import_profiles', '/cars.import/profiles/', 'dictionaries', 'import', 80, ['import_profiles.get_list']),
    screen('import_hooks', '/cars.import/hooks/', 'dictionaries', 'import', 81, ['import_hooks.get_list']),
    // Every client's import states (provider staff).
    screen('import_states', '/cars.import/import_states/', 'dictionaries', 'import', 83, ['import_states.get_list']),
  ],
  routes: [
    // A site's settings (made on first read), manual mode, feed uploads, the run, profiles a site may use, report downloads and rows.
    api('GET', '/api/v1/settings/where_site/{siteId}', ['import_settings.get_list']),
    api('PATCH', '/api/v1/settings/{id}/change_manual', ['import_settings.patch'], false, onRecord('cars.import/settings')),
    api('PATCH', '/api/v1/import/{id}/manual/edit', ['import_settings.patch'], false, onRecord('cars.import/settings')),
    api('POST', '/api/v1/import/{id}/manual', ['import_settings.patch'], false, onRecord('cars.import/settings')),
    api('POST', '/api/v1/import/{id}/manual/start', ['import.run'], false, onRecord('cars.import/settings')),
    api('GET', '/api/v1/import/profiles/for_site/{siteId}', ['import_settings.get_list']),
    api('GET', '/api/v1/import/reports/{id}/xlsx', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
    api('GET', '/api/v1/import/reports/{id}/errors', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
    api('GET', '/api/v1/import/car_reports/by/report/{id}', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
    api('GET', '/api/v1/import/reports/{id}/with_root', ['import_reports.get_list'], false, onRecord('cars.import/reports')),
    // A report's errors sent to the error collection (its site's project): staff, like the states overview, untied from modules.
    api('POST', '/api/v1/import/reports/ecs', ['import_states.manage'], false, null),
    api('POST', '/api/v1/import/reports/ecs/by_projects', ['import_states.manage'], false, null),
    // Import states: the list, feed checks, abort, restart, reset, the catalogue cache.
    // The overview of every site's imports, stopping or resetting one and the catalogue cache need no module; checking a feed and running it again do.
    api('GET', '/api/v1/import_states', ['import_states.get_list'], false, null),
    api('POST', '/api/v1/import_states/{id}/check', ['import_states.get_list'], false, onRecord('cars.import/settings')),
    api('POST', '/api/v1/import/abort/{id}', ['import_states.manage'], false, null),
    api('POST', '/api/v1/import/restart/{id}', ['import_states.manage'], false, onRecord('cars.import/settings')),
    api('POST', '/api/v1/import/reset/{id}', ['import_states.manage'], false, null),
    api('POST', '/api/v1/catalog_cache/reset', ['import_states.manage'], false, null),
  ],
});
