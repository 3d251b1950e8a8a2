import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mappingMatches } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { clients } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import type { Notifier, RaisedNotification, ServiceContext } from '../../kit/context.ts';
import { notificationDeliveries, notificationMappings, notifications } from './notification.table.ts';

/** The queue of the deliveries: one job per notification and receiver (deliver.ts). */
export const DELIVERY_JOB = 'notificator.deliver';

const cut = (value: string | null | undefined, max: number) => (value ?? '').replace(/\u0000/g, '').slice(0, max);

/** The product a notification is about: the site (its host, else its name) or the client, else the platform. */
async function productOf(db: DbOrTx, raised: RaisedNotification): Promise<{ product: string; ids: Record<string, number> }> {
  if (raised.siteId) {
    const [site] = await db.select({ name: sites.name, host: sites.host, client_id: sites.client_id }).from(sites).where(eq(sites.id, raised.siteId)).limit(1);
    if (site) return { product: raised.product ?? site.host ?? site.name, ids: { site_id: raised.siteId, client_id: site.client_id } };
  }
  if (raised.clientId) {
    const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, raised.clientId)).limit(1);
    if (client) return { product: raised.product ?? client.name, ids: { client_id: raised.clientId } };
  }
  return { product: raised.product ?? PLATFORM_PRODUCT, ids: {} };
}

/** The product of a notification about the platform itself (a queue, the captcha service). */
export const PLATFORM_PRODUCT = 'platform';

/** The notification as stored: bounded texts, no NUL (PostgreSQL refuses it in text and jsonb). */
function storedForm(raised: RaisedNotification, product: string, ids: Record<string, number>) {
  return {
    service: cut(raised.service, 100),
    product: cut(product, 255) || PLATFORM_PRODUCT,
    brand: raised.brand ? cut(raised.brand, 255) : null,
    level: raised.level,
    type: cut(raised.type, 100),
    text: cut(raised.text.ru, 2000),
    text_en: cut(raised.text.en, 2000) || null,
    details: JSON.parse(JSON.stringify({ ...ids, ...raised.details }).replace(/\\u0000/g, '')) as Record<string, unknown>,
  };
}

/**
 * Keeps a notification and starts its deliveries: one row and one job per receiver of every
 * mapping it matches. Answers the notification's id.
 */
export async function recordNotification(ctx: ServiceContext, raised: RaisedNotification): Promise<number> {
  const { product, ids } = await productOf(ctx.db, raised);
  const values = storedForm(raised, product, ids);
  const [row] = await ctx.db.insert(notifications).values(values).returning({ id: notifications.id });
  const mappings = (await ctx.db.select().from(notificationMappings)).filter((mapping) => mappingMatches(mapping, values));
  const deliveries = mappings.flatMap((mapping) =>
    mapping.receivers.map((receiver) => ({ notification_id: row!.id, mapping_id: mapping.id, messenger: mapping.messenger, receiver, prefix: mapping.prefix, sender: mapping.sender, language: mapping.language })),
  );
  if (deliveries.length) {
    const ids = await ctx.db.insert(notificationDeliveries).values(deliveries).returning({ id: notificationDeliveries.id });
    await ctx.jobs.sendMany(DELIVERY_JOB, ids.map(({ id }) => ({ id: randomUUID(), data: { delivery_id: id } })));
  }
  return row!.id;
}

/**
 * The context's notifier: raising starts the recording and returns at once; a failure (the
 * database gone, a bad value) is logged and never reaches the event that raised it.
 */
export function createNotifier(ctx: ServiceContext): Notifier {
  return {
    raise(notification) {
      try {
        void recordNotification(ctx, notification).catch((error: unknown) => ctx.log.warn({ err: error, notification: { service: notification.service, type: notification.type } }, 'a notification was not recorded'));
      } catch (error) {
        ctx.log.warn({ err: error }, 'a notification was not recorded');
      }
    },
  };
}
