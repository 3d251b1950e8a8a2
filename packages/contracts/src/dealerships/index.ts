import { defineService } from '../kit/service.ts';
import { entityCodes, text, WRITE_ACTIONS } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { dealershipResource, dealershipServiceResource, departmentResource, employeeResource } from './dealership.resource.ts';

export * from './dealership-fields.ts';
export * from './dealership.resource.ts';
export * from './employee-import.ts';

/** dealerships: dealerships (dealers.*), their departments, employees and services. */
export const dealershipsContract = defineService({
  name: 'dealerships',
  module: 'dealerships',
  permissions: {
    // The spec's dealers.get_list (reads all four) and dealers.create, the write codes it leaves unnamed.
    codes: ['dealers.get_list', 'dealers.create', 'dealers.patch', 'dealers.delete', ...entityCodes(['departments', 'employees', 'services'], WRITE_ACTIONS)],
    entities: {
      dealers: text('Дилерские центры (карточки)', 'Dealerships'),
      departments: text('Отделы дилерских центров', 'Dealership departments'),
      employees: text('Сотрудники дилерских центров', 'Dealership employees'),
      services: text('Услуги дилерских центров', 'Dealership services'),
    },
  },
  resources: [dealershipResource, departmentResource, employeeResource, dealershipServiceResource],
  screens: [
    // Dealers with their create and edit pages, departments, employees, services.
    screen('dealerships_dealers', '/dealerships/dealers', 'dictionaries', 'dealerships', 60, ['dealers.get_list']),
    screen('dealerships_dealer_create', '/dealerships/dealer/create', null, 'dealerships', 61, ['dealers.create'], { in_menu: false }),
    screen('dealerships_dealer_edit', '/dealerships/dealer/edit/{id}', null, 'dealerships', 62, ['dealers.get_list'], { in_menu: false }),
    screen('dealerships_departments', '/dealerships/departments', 'dictionaries', 'dealerships', 63, ['dealers.get_list']),
    screen('dealerships_employees', '/dealerships/employees', 'dictionaries', 'dealerships', 64, ['dealers.get_list']),
    screen('dealerships_services', '/dealerships/services', 'dictionaries', 'dealerships', 65, ['dealers.get_list']),
    // The spec's {siteId?} variants: with a site, the lists of the site's client, in the site menu when the site has the module.
    screen('dealerships_site_dealers', '/dealerships/dealers/{siteId}', 'site', 'dealerships', 110, ['dealers.get_list'], { module: 'dealerships' }),
    screen('dealerships_site_departments', '/dealerships/departments/{siteId}', 'site', 'dealerships', 111, ['dealers.get_list'], { module: 'dealerships' }),
    screen('dealerships_site_employees', '/dealerships/employees/{siteId}', 'site', 'dealerships', 112, ['dealers.get_list'], { module: 'dealerships' }),
    screen('dealerships_site_services', '/dealerships/services/{siteId}', 'site', 'dealerships', 113, ['dealers.get_list'], { module: 'dealerships' }),
  ],
  routes: [
    // A department's employees from a CSV or XLSX file, a preview first, then the apply.
    api('POST', '/api/v1/departments/{id}/import_employees/preview', ['employees.create'], false, onRecord('dealerships/departments')),
    api('POST', '/api/v1/departments/{id}/import_employees', ['employees.create'], false, onRecord('dealerships/departments')),
  ],
});
