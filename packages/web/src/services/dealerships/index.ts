import { defineWebService } from '../../kit/webService.ts';
// lazyScreen is React's lazy() with a preload (app/preload.ts asks for the opened page's code early).
import { lazyScreen as lazy } from '../../kit/lazyScreen.ts';

/**
 * dealerships: dealerships with their create and edit pages, departments, employees, services;
 * and the same lists for a site's client (the spec's {siteId?} variants).
 */
export const dealershipsWeb = defineWebService({
  name: 'dealerships',
  screens: {
    '/dealerships/dealers': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.DealersPage }))),
    '/dealerships/dealer/create': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.DealerCreatePage }))),
    '/dealerships/dealer/edit/{id}': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.DealerEditPage }))),
    '/dealerships/departments': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.DepartmentsPage }))),
    '/dealerships/employees': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.EmployeesPage }))),
    '/dealerships/services': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.ServicesPage }))),
    '/dealerships/dealers/{siteId}': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.SiteDealersPage }))),
    '/dealerships/departments/{siteId}': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.SiteDepartmentsPage }))),
    '/dealerships/employees/{siteId}': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.SiteEmployeesPage }))),
    '/dealerships/services/{siteId}': lazy(() => import('./DealershipPages.tsx').then((module) => ({ default: module.SiteServicesPage }))),
  },
});
