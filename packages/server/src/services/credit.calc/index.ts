import { creditBankResource, creditPackResource, creditProgramResource, creditProgramStateResource, creditSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as creditTables from './credit.table.ts';
import { packHooks, programHooks, programStateHooks, settingsHooks } from './credit.hooks.ts';
import { registerCreditRoutes } from './credit.routes.ts';

/**
 * The credit calculator: banks, programmes and packs of a client or of the platform (a null client:
 * every client reads them, staff change them), programme states under the shared workflow, each
 * site's settings, the calculation.
 */
export const creditCalc = defineServerService({
  name: 'credit.calc',
  tables: [creditTables],
  resources: (registry) => [
    { resource: creditBankResource, table: creditTables.creditBanks, sharedWhenNull: true },
    { resource: creditProgramResource, table: creditTables.creditPrograms, hooks: programHooks, sharedWhenNull: true },
    // The states of a system-wide programme are the platform's: staff only (not shared to read either).
    { resource: creditProgramStateResource, table: creditTables.creditProgramStates, hooks: programStateHooks() },
    { resource: creditPackResource, table: creditTables.creditPacks, hooks: packHooks, sharedWhenNull: true },
    { resource: creditSettingsResource, table: creditTables.creditSettings, hooks: settingsHooks, siteOwned: siteOwnership(registry) },
  ],
  async register(app, ctx, { registry, database }) {
    await registerCreditRoutes(app, ctx, registry, database);
  },
});
