import { dealershipResource, dealershipServiceResource, departmentResource, employeeResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as dealershipTables from './dealership.table.ts';
import { dealershipHooks, dealershipServiceHooks, departmentHooks, employeeHooks } from './dealership.hooks.ts';
import { registerDealershipRoutes } from './dealership.routes.ts';

/** A client's dealers (dealerships), which its sites name; departments and services take their client from the dealership, employees from the department. */
export const dealerships = defineServerService({
  name: 'dealerships',
  tables: [dealershipTables],
  resources: (registry) => [
    { resource: dealershipResource, table: dealershipTables.dealerships, hooks: dealershipHooks(() => registry) },
    { resource: departmentResource, table: dealershipTables.dealershipDepartments, hooks: departmentHooks },
    { resource: employeeResource, table: dealershipTables.dealershipEmployees, hooks: employeeHooks },
    { resource: dealershipServiceResource, table: dealershipTables.dealershipServices, hooks: dealershipServiceHooks },
  ],
  // The import of a department's employees.
  async register(app, ctx) {
    await registerDealershipRoutes(app, ctx);
  },
});
