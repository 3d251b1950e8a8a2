import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { screen } from '../kit/routes.ts';
import { fieldAliasResource } from './field-alias.resource.ts';

export * from './field-alias.resource.ts';

/** cars.import.alias: the aliases of feed fields, for import and export. */
export const carsImportAliasContract = defineService({
  name: 'cars.import.alias',
  permissions: {
    codes: ['field_aliases.get_list', 'field_aliases.create', 'field_aliases.patch', 'field_aliases.delete'],
    entities: { field_aliases: text('Алиасы полей импорта и экспорта', 'Import and export field aliases') },
  },
  resources: [fieldAliasResource],
  screens: [
    screen('import_aliases', '/cars.import.alias/aliases/', 'dictionaries', 'import', 82, ['field_aliases.get_list']),
  ],
});
