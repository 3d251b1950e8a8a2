import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { benefitProgramResource, discountResource } from './benefit.resource.ts';

export * from './benefit.resource.ts';
export * from './discount-import.ts';

/** The names of the demo benefits (server demo-benefits.ts), in both languages. */
export const BENEFITS_DEMO_TEXTS = {
  program: text('Выгода дилера', 'Dealer benefit'),
  disclaimer: text('Скидка на новый автомобиль при покупке у дилера до окончания акции, в том числе в кредит.', 'A discount on a new car bought from the dealer before the offer ends, on credit too.'),
};

/** benefits: discount programs (programs.*) and discounts (discounts.*) with their import. */
export const benefitsContract = defineService({
  name: 'benefits',
  permissions: {
    // The spec's read codes (§2) and the write codes it leaves unnamed; the import writes discounts.
    codes: ['programs.get_list', 'programs.create', 'programs.patch', 'programs.delete', 'discounts.get_list', 'discounts.create', 'discounts.patch', 'discounts.delete'],
    entities: {
      programs: text('Программы скидок', 'Discount programs'),
      discounts: text('Скидки', 'Discounts'),
    },
  },
  seeded: Object.values(BENEFITS_DEMO_TEXTS),
  resources: [benefitProgramResource, discountResource],
  screens: [
    screen('benefits_discounts', '/benefits/discounts', 'dictionaries', 'benefits', 70, ['discounts.get_list']),
    screen('benefits_programs', '/benefits/programs', 'dictionaries', 'benefits', 71, ['programs.get_list']),
  ],
  routes: [
    // Discounts from a CSV or XLSX file ({kind}: xlsx or csv) or from a link; a preview first, then the apply.
    api('POST', '/api/v1/import/discounts/{kind}/preview', ['discounts.create']),
    api('POST', '/api/v1/import/discounts/{kind}', ['discounts.create']),
    api('POST', '/api/v1/import/discounts/from/google_sheet/preview', ['discounts.create']),
    api('POST', '/api/v1/import/discounts/from/google_sheet', ['discounts.create']),
  ],
});
