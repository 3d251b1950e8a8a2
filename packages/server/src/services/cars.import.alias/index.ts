import { fieldAliasResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as fieldAliasTables from './field-alias.table.ts';

/** The aliases of feed fields the import maps (staff write them). */
export const carsImportAlias = defineServerService({
  name: 'cars.import.alias',
  tables: [fieldAliasTables],
  resources: () => [{ resource: fieldAliasResource, table: fieldAliasTables.fieldAliases }],
});
