import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, special, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { CLIENT, target } from '../kit/module-targets.ts';
import { accessoryAttributeResource, accessoryCategoryResource, accessoryResource, accessorySettingsResource } from './accessory.resource.ts';

export * from './accessory.resource.ts';

/** The names of the demo accessories records (server demo-accessories.ts), in both languages. */
export const ACCESSORY_DEMO_TEXTS = {
  mats: text('Коврики', 'Floor mats'),
  roof: text('Багажники и боксы', 'Roof racks and boxes'),
  towbars: text('Фаркопы', 'Tow bars'),
  wheels: text('Диски', 'Wheels'),
  material: text('Материал', 'Material'),
  matsItem: text('Коврики в салон, комплект', 'Cabin floor mats, set'),
  boxItem: text('Бокс на крышу 420 л', 'Roof box 420 l'),
  towbarItem: text('Фаркоп съёмный', 'Detachable tow bar'),
  wheelItem: text('Диск литой R17', 'Alloy wheel R17'),
  rubber: text('Резина', 'Rubber'),
  plastic: text('Пластик', 'Plastic'),
  steel: text('Сталь', 'Steel'),
  alloy: text('Алюминиевый сплав', 'Aluminium alloy'),
};

const ACCESSORY = 'accessories.showroom/accessories';
const SETTINGS = 'accessories.showroom/settings';
const IMPORT = 'accessories.showroom/imports';
const MODULE = 'accessories_stock';
/** Writes the system-wide accessory attributes (provider staff). */
export const SYSTEM_ATTRIBUTES_CODE = 'system_accessory_attributes.admin';

/**
 * accessories.showroom: the accessories shop of a site (spec 002 §2 /accessories.showroom and
 * /accessories.catalog, §3, §7 "Accessories stock"): categories and attributes (system-wide or a
 * client's), the accessories of a site, its settings and their import. The system-wide attributes'
 * screen (/accessories.catalog/accessory_attribute/) is this service's too: one table of attributes.
 */
export const accessoriesShowroomContract = defineService({
  name: 'accessories.showroom',
  module: MODULE,
  permissions: {
    codes: [...entityCodes(['accessories', 'accessory_categories', 'accessory_attributes', 'accessory_settings'], CRUD_ACTIONS), 'accessories.import', SYSTEM_ATTRIBUTES_CODE],
    entities: {
      accessories: text('Аксессуары', 'Accessories'),
      accessory_categories: text('Категории аксессуаров', 'Accessory categories'),
      accessory_attributes: text('Атрибуты аксессуаров клиента', "Client's accessory attributes"),
      accessory_settings: text('Настройки аксессуаров сайта', 'Site accessories settings'),
    },
    special: {
      'accessories.import': special(text('Аксессуары: импорт', 'Accessories: import'), text('Запускать импорт аксессуаров сайта из файлов его настроек', "Run the import of a site's accessories from the files of its settings")),
      [SYSTEM_ATTRIBUTES_CODE]: special(
        text('Системные атрибуты аксессуаров', 'System accessory attributes'),
        text('Создавать, изменять и удалять атрибуты аксессуаров, общие для всех клиентов', 'Create, change and delete the accessory attributes shared by every client'),
      ),
    },
  },
  seeded: Object.values(ACCESSORY_DEMO_TEXTS),
  resources: [accessoryAttributeResource, accessoryCategoryResource, accessoryResource, accessorySettingsResource],
  screens: [
    screen('accessories', '/accessories.showroom/accessories/{siteId}', 'site', 'accessories', 130, ['accessories.get_list'], { module: MODULE }),
    screen('accessory_categories', '/accessories.showroom/categories/{siteId}', 'site', 'accessories', 131, ['accessory_categories.get_list'], { module: MODULE }),
    screen('accessory_attributes', '/accessories.showroom/accessory_attribute/{siteId}', 'site', 'accessories', 132, ['accessory_attributes.get_list'], { module: MODULE }),
    screen('accessory_settings', '/accessories.showroom/settings/{siteId}', 'site', 'accessories', 133, ['accessory_settings.get_list'], { module: MODULE }),
    screen('system_accessory_attributes', '/accessories.catalog/accessory_attribute/', 'dictionaries', 'accessories', 90, [SYSTEM_ATTRIBUTES_CODE]),
  ],
  routes: [
    // A site's settings (made on first read), its categories (its client's and the system-wide ones), its accessories with their filters.
    api('GET', '/api/v1/settings/by_site_id/{siteId}', ['accessory_settings.get_list']),
    api('GET', '/api/v1/categories/by_site_id/{siteId}', ['accessory_categories.get_list']),
    api('GET', '/api/v1/accessories/by_site_id/{siteId}', ['accessories.get_list']),
    // One status for many accessories.
    api('POST', '/api/v1/accessories/status', ['accessories.patch'], false, { targets: [target.body(ACCESSORY, '/data/ids')] }),
    // The import of a site's files.
    api('POST', '/api/v1/accessories/import/by_settings_id/{settingsId}', ['accessories.import'], false, { targets: [target.path(SETTINGS, 'settingsId')] }),
    // A YML file checked before it is named in the settings (no site: no module).
    api('POST', '/api/v1/accessories/import/check_file', ['accessories.import', 'accessory_settings.patch'], false, null),
    // An import's progress and its per-row report.
    api('GET', '/api/v1/accessories/imports/{id}', ['accessories.get_list'], false, onRecord(IMPORT)),
    api('GET', '/api/v1/accessories/imports/{id}/rows', ['accessories.get_list'], false, onRecord(IMPORT)),
    // A client's attributes (with the system-wide ones), a page or all of them.
    api('GET', '/api/v1/accessory_attributes/for_client_id/{clientId}', ['accessory_attributes.get_list'], false, { targets: [target.path(CLIENT, 'clientId')] }),
    api('GET', '/api/v1/accessory_attributes/for_client_id/{clientId}/all', ['accessory_attributes.get_list'], false, { targets: [target.path(CLIENT, 'clientId')] }),
    // The system-wide attributes: every user reads them, staff write them; no site, no module.
    api('GET', '/api/v1/system_accessory_attributes', ['accessory_attributes.get_list', SYSTEM_ATTRIBUTES_CODE], false, null),
    api('POST', '/api/v1/admin/accessory_attributes', [SYSTEM_ATTRIBUTES_CODE], false, null),
    api('PATCH', '/api/v1/admin/accessory_attributes/{id}', [SYSTEM_ATTRIBUTES_CODE], false, null),
    api('DELETE', '/api/v1/admin/accessory_attributes/{id}', [SYSTEM_ATTRIBUTES_CODE], false, null),
  ],
});
