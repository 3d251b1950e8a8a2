import { showroomBotResource, showroomCustomerResource, showroomServiceWorkResource, showroomSettingsResource, showroomSpecialResource, showroomWebHookResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as showroomTables from './showroom.table.ts';
import { botHooks, registerTokenCheck, settingsHooks, webHookHooks } from './showroom.hooks.ts';
import { registerShowroomViews } from './showroom-views.routes.ts';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.ts';
import { registerShowroomRoutes } from './showroom.routes.ts';
import { bookingSubmitter, registerTelegramRoutes } from './telegram.routes.ts';
import { startPolling } from './polling.ts';

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
    { resource: showroomWebHookResource, table: showroomTables.showroomWebHooks, hooks: webHookHooks, siteOwned: siteOwnership(registry) },
  ],
  records: { 'messenger_showroom/settings': showroomTables.showroomSettings, 'messenger_showroom/customers': showroomTables.showroomCustomers },
  async beforeGateway(app, ctx) {
    registerTokenCheck(app, ctx.config);
  },
  async register(app, ctx, { registry }) {
    registerShowroomRoutes(app, ctx, registry);
    registerShowroomViews(app, ctx);
    const submit = bookingSubmitter(ctx);
    registerTelegramRoutes(app, ctx, submit);
    // No public address: the bots' updates are fetched by long polling, in the processes that run jobs.
    if (!ctx.config.telegramWebhookUrl && ctx.config.runJobs) {
      const poller = startPolling(ctx, submit);
      app.addHook('onClose', () => poller.close());
    }
  },
  jobs: (ctx) => ({
    [WEBHOOK_JOB]: async (data: { delivery_id: number }) => deliverWebhook(ctx, data.delivery_id),
  }),
  // Deliveries are short calls: several at a time, so that a slow receiver does not hold up the rest.
  batchSizes: { [WEBHOOK_JOB]: 5 },
});
