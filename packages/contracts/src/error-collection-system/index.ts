import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';

/** error-collection-system: the error collection system (its projects and search). */
export const errorCollectionSystemContract = defineService({
  name: 'error-collection-system',
  permissions: {
    codes: ['sso_show'],
    entities: { '': text('Сбор ошибок', 'Error collection') },
    special: {
      sso_show: special(text('Система сбора ошибок', 'Error collection system'), text('Открывать проекты и поиск системы сбора ошибок', 'Open the projects and search of the error collection system')),
    },
  },
});
