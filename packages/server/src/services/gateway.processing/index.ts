import { apiRouteResource, restrictionResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as apiRouteTables from './api-route.table.ts';
import * as restrictionTables from './restriction.table.ts';

/** The gateway's route table and its restrictions by role (the gateway itself is kit/gateway.ts). */
export const gatewayProcessing = defineServerService({
  name: 'gateway.processing',
  tables: [apiRouteTables, restrictionTables],
  resources: () => [
    { resource: apiRouteResource, table: apiRouteTables.apiRoutes },
    { resource: restrictionResource, table: restrictionTables.restrictions },
  ],
});
