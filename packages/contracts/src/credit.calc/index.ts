import { defineService } from '../kit/service.ts';
import { CRUD_ACTIONS, entityCodes, special, text } from '../kit/permission-texts.ts';
import { api, onRecord, screen } from '../kit/routes.ts';
import { target } from '../kit/module-targets.ts';
import { PUBLISHING_NOTE, workflowApiRoutes } from '../kit/workflow.ts';
import { creditBankResource, creditPackResource, creditProgramResource, creditProgramStateResource, creditSettingsResource } from './credit.resource.ts';

export * from './credit-fields.ts';
export * from './credit.resource.ts';
export * from './calculation.ts';

const READ_ANY = ['programs.get_list', 'settings.get_list'];

/** The names of the demo credit records (server demo-credit.ts), in both languages. */
export const CREDIT_DEMO_TEXTS = {
  bank: text('Автокредит Банк', 'Auto Credit Bank'),
  newCar: text('Новый автомобиль', 'New car'),
  usedCar: text('Автомобиль с пробегом', 'Used car'),
  pack: text('Программы сайтов', "The sites' programmes"),
};

/** credit.calc: banks, loan programmes with their states, packs, each site's settings, the calculation. */
export const creditCalcContract = defineService({
  name: 'credit.calc',
  module: 'credit_calc',
  permissions: {
    codes: [...entityCodes(['banks', 'programs', 'program_states', 'packs', 'settings'], CRUD_ACTIONS), 'program_states.publish'],
    entities: {
      banks: text('Банки кредитного калькулятора', 'Credit calculator banks'),
      programs: text('Кредитные программы', 'Loan programmes'),
      program_states: text('Версии кредитных программ', 'Loan programme versions'),
      packs: text('Пакеты кредитных программ', 'Loan programme packs'),
      settings: text('Настройки кредитного калькулятора сайта', 'Site credit calculator settings'),
    },
    special: {
      'program_states.publish': special(
        text('Кредитные программы: публикация', 'Loan programmes: publish'),
        text('Публиковать версии кредитных программ, снимать с публикации и назначать время публикации', 'Publish and unpublish loan programme versions, and schedule their publication'),
        PUBLISHING_NOTE,
      ),
    },
  },
  seeded: Object.values(CREDIT_DEMO_TEXTS),
  resources: [creditBankResource, creditProgramResource, creditProgramStateResource, creditPackResource, creditSettingsResource],
  screens: [
    screen('credit_banks', '/credit.calc/banks/', 'dictionaries', 'credit', 70, ['banks.get_list']),
    screen('credit_programs', '/credit.calc/programs/', 'dictionaries', 'credit', 71, ['programs.get_list']),
    screen('credit_program_edit', '/credit.calc/programs/{programId}/{programStateId?}', null, 'credit', 72, ['programs.get_list'], { in_menu: false }),
    screen('credit_packs', '/credit.calc/packs/', 'dictionaries', 'credit', 73, ['packs.get_list']),
    screen('credit_settings', '/credit.calc/settings/{siteId}', 'site', 'credit', 120, ['settings.get_list'], { module: 'credit_calc' }),
  ],
  routes: [
    // The workflow of programme states; publishing needs program_states.publish.
    ...workflowApiRoutes('program_states', { change: ['program_states.patch'], publish: ['program_states.publish'] }).map((route) => ({
      ...route,
      targets: [onRecord('credit.calc/program_states').targets![0]!],
    })),
    // The calculation: with a site id, the site's packs and settings (the module on that site).
    api('POST', '/api/v1/calculations', READ_ANY, false, { targets: [target.siteBody('/data/site_id')], reads: true }),
  ],
});
