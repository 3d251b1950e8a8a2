import { benefitProgramResource, discountResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as benefitTables from './benefit.table.ts';
import { benefitProgramHooks, discountHooks } from './benefit.hooks.ts';
import { registerDiscountImportRoutes } from './discount-import.routes.ts';

/** A client's discount programs and discounts (spec 001 §3 Benefits) and the import of discounts from a file or a link. */
export const benefits = defineServerService({
  name: 'benefits',
  tables: [benefitTables],
  resources: () => [
    { resource: benefitProgramResource, table: benefitTables.benefitPrograms, hooks: benefitProgramHooks },
    { resource: discountResource, table: benefitTables.benefitDiscounts, hooks: discountHooks },
  ],
  async register(app, ctx) {
    await registerDiscountImportRoutes(app, ctx);
  },
});
