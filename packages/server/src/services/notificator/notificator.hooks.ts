import { inArray, asc } from 'drizzle-orm';
import { receiverProblem, type Lang, type NotificationDelivery } from '@dp/contracts';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import { AppError, fieldErrors, forbidden } from '../../kit/errors.ts';
import { savedAddressProblem } from '../../kit/outbound-address.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { notificationDeliveries } from './notification.table.ts';

/** The notificator is the provider's own: only staff read notifications and manage mappings, whatever codes a dealer holds. */
function assertStaff(auth: AuthContext) {
  if (!auth.internal) throw forbidden();
}

const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : value);

/** Each notification's deliveries, oldest first. */
async function attachDeliveries(rows: Row[], db: Parameters<NonNullable<ResourceHooks['decorate']>>[1]['db']) {
  const ids = rows.map((row) => row.id);
  const found = ids.length
    ? await db.select().from(notificationDeliveries).where(inArray(notificationDeliveries.notification_id, ids)).orderBy(asc(notificationDeliveries.id))
    : [];
  const byNotification = new Map<number, NotificationDelivery[]>();
  for (const delivery of found) {
    const list = byNotification.get(delivery.notification_id) ?? [];
    list.push({
      id: delivery.id,
      mapping_id: delivery.mapping_id,
      messenger: delivery.messenger as NotificationDelivery['messenger'],
      receiver: delivery.receiver,
      status: delivery.status as NotificationDelivery['status'],
      attempts: delivery.attempts,
      error: delivery.error,
      sent_at: iso(delivery.sent_at),
      updated_at: iso(delivery.updated_at)!,
    });
    byNotification.set(delivery.notification_id, list);
  }
  for (const row of rows) row.deliveries = byNotification.get(row.id) ?? [];
}

/** Each notification's text in the reader's language: the English one where it is kept, else the Russian. */
function inReadersLanguage(rows: Row[], lang: Lang) {
  if (lang !== 'en') return;
  for (const row of rows) if (row.text_en) row.text = row.text_en;
}

export const notificationHooks: ResourceHooks = {
  beforeRead: ({ auth }) => assertStaff(auth),
  async decorate(rows, { db, lang }) {
    inReadersLanguage(rows, lang);
    await attachDeliveries(rows, db);
  },
};

/**
 * The mapping as it will be after the write: each receiver written as its messenger needs, and a
 * webhook's address one the outgoing-call guard would call (not inside the platform's network).
 */
async function assertReceivers(next: Record<string, unknown>) {
  const messenger = String(next.messenger ?? '');
  const receivers = (next.receivers as string[] | undefined) ?? [];
  const errors: AppError[] = [];
  for (const [index, receiver] of receivers.entries()) {
    const pointer = `/data/attributes/receivers/${index}`;
    const problem = receiverProblem(messenger, receiver);
    if (problem) errors.push(new AppError(400, problem, undefined, pointer));
    else if (messenger === 'webhook') {
      const refused = await savedAddressProblem({ kind: 'url', value: receiver });
      if (refused) errors.push(new AppError(400, refused, undefined, pointer));
    }
  }
  if (errors.length) throw fieldErrors(errors);
}

export const mappingHooks: ResourceHooks = {
  beforeRead: ({ auth }) => assertStaff(auth),
  async beforeCreate(attrs, { auth }) {
    assertStaff(auth);
    await assertReceivers(attrs);
    return attrs;
  },
  async beforeUpdate(attrs, { auth, existing }) {
    assertStaff(auth);
    await assertReceivers({ ...existing, ...attrs });
    return { ...attrs, updated_at: new Date() };
  },
  beforeDelete: ({ auth }) => assertStaff(auth),
};
