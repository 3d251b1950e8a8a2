import { showroomBotResource, showroomCustomerResource, showroomServiceWorkResource, showroomSettingsResource, showroomSpecialResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as showroomTables from './showroom.table.ts';
import { botHooks, registerTokenCheck, settingsHooks } from './showroom.hooks.ts';
import { registerShowroomRoutes } from './showroom.routes.ts';
import { registerTelegramRoutes } from './telegram.routes.ts';

/**
 * The messenger showroom: a site's Telegram showroom (settings, bots, service works, special
 * offers, customers, the requests its bots took) and the bots themselves.
 */
export const messengerShowroom = defineServerService({
  name: 'messenger_showroom',
  tables: [showroomTables],
  resources: (registry, config) => [
    { resource: showroomSettingsResource, table: showroomTables.showroomSettings, hooks: settingsHooks, siteOwned: siteOwnership(registry) },
    { resource: showroomBotResource, table: showroomTables.showroomBots, hooks: botHooks(config), siteOwned: siteOwnership(registry) },
    { resource: showroomServiceWorkResource, table: showroomTables.showroomServiceWorks, siteOwned: siteOwnership(registry) },
    { resource: showroomSpecialResource, table: showroomTables.showroomSpecials, siteOwned: siteOwnership(registry) },
    { resource: showroomCustomerResource, table: showroomTables.showroomCustomers, siteOwned: siteOwnership(registry) },
  ],
  records: { 'messenger_showroom/settings': showroomTables.showroomSettings, 'messenger_showroom/customers': showroomTables.showroomCustomers },
  async beforeGateway(app, ctx) {
    registerTokenCheck(app, ctx.config);
  },
  async register(app, ctx, { registry }) {
    registerShowroomRoutes(app, ctx, registry);
    registerTelegramRoutes(app, ctx);
  },
});
