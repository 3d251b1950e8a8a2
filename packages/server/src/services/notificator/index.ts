import { mappingResource, notificationResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import * as tables from './notification.table.ts';
import { mappingHooks, notificationHooks } from './notificator.hooks.ts';
import { deliverNotification } from './deliver.ts';
import { DELIVERY_JOB } from './raise.ts';

/**
 * notificator: the notifications the services raise about their own events (ctx.notifier,
 * raise.ts), the mappings that deliver them by e-mail, Telegram or webhook (deliver.ts), staff only.
 */
export const notificator = defineServerService({
  name: 'notificator',
  tables: [tables],
  resources: () => [
    { resource: notificationResource, table: tables.notifications as never, hooks: notificationHooks },
    { resource: mappingResource, table: tables.notificationMappings, hooks: mappingHooks },
  ],
  jobs: (ctx) => ({
    [DELIVERY_JOB]: async (data: { delivery_id: number }) => deliverNotification(ctx, data.delivery_id),
  }),
  // Deliveries are short calls: several at a time, so that a slow receiver does not hold up the rest.
  batchSizes: { [DELIVERY_JOB]: 5 },
});
