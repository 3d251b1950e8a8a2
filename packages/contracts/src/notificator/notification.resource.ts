import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { filterText, isoDate, requiredText, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Notifications (spec 000 §3, spec 002 §3 "Notification and notification mapping", §7 Notificator;
 * docs/decisions/platform-operations.md): what the platform tells its staff about its own events
 * (an import that failed, a site task that failed, a module suspended ...). Services raise them
 * through the context's notifier; mappings deliver the matching ones by e-mail, Telegram or a
 * webhook. Staff only.
 */

/** How serious a notification is, least first. */
export const NOTIFICATION_LEVELS = ['info', 'warning', 'error', 'critical'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** The services that raise notifications today (the `service` of a notification). */
export const NOTIFICATION_SERVICES = ['cars.import', 'sites.controller', 'marketplace', 'request.storage', 'captcha', 'queues', 'error-collection-system'] as const;

/** What happened (the `type` of a notification). */
export const NOTIFICATION_TYPES = [
  'import_failed',
  'import_finished_with_errors',
  'task_failed',
  'module_suspended',
  'module_paused',
  'lost_requests',
  'captcha_unreachable',
  'queue_backlog',
  'new_error_issue',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How a mapping delivers: the platform's mailer, a Telegram bot, a webhook. */
export const MESSENGERS = ['email', 'telegram', 'webhook'] as const;
export type Messenger = (typeof MESSENGERS)[number];

/** A mapping's list holding this value matches every value of its field. */
export const ANY = '*';

/** A delivery to one receiver: waiting for its job, sent, failing and retried, or given up. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface NotificationDelivery {
  id: number;
  mapping_id: number | null;
  messenger: Messenger;
  receiver: string;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  sent_at: string | null;
  updated_at: string;
}

const levelOptions = NOTIFICATION_LEVELS.map((value) => ({ value, label: `levels.${value}` }));
const serviceOptions = NOTIFICATION_SERVICES.map((value) => ({ value, label: `services.${value}` }));
const typeOptions = NOTIFICATION_TYPES.map((value) => ({ value, label: `types.${value}` }));
export const messengerOptions = MESSENGERS.map((value) => ({ value, label: `messengers.${value}` }));

const READ = ['notifications.get_list'];

export const notificationResource = defineResource({
  service: 'notificator',
  name: 'notifications',
  entity: z.object({
    service: z.string(),
    product: z.string(),
    brand: z.string().nullable(),
    level: z.enum(NOTIFICATION_LEVELS),
    type: z.string(),
    text: z.string(),
    details: z.record(z.string(), z.unknown()),
    created: z.string(),
    /** Its deliveries, one per mapping and receiver (read-only, computed at read time). */
    deliveries: z.array(z.custom<NotificationDelivery>()),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  filters: {
    // Either language's text: a reader finds a notification by the words they read.
    search: { op: 'search', columns: ['text', 'text_en'], schema: filterText(), widget: 'text' },
    service: { op: 'in', schema: filterText(200), widget: 'select', options: serviceOptions },
    level: { op: 'in', schema: filterText(100), widget: 'select', options: levelOptions },
    type: { op: 'in', schema: filterText(500), widget: 'select', options: typeOptions },
    product: { op: 'eq', schema: filterText(255) },
    brand: { op: 'eq', schema: filterText(255) },
    created_from: { op: 'from', columns: ['created'], schema: isoDate(), widget: 'date' },
    created_to: { op: 'to', columns: ['created'], schema: isoDate(), widget: 'date' },
  },
  sort: ['id', 'created', 'level', 'service', 'type'],
  defaultSort: '-created',
  pageSize: { default: 25, max: 200 },
  // A million rows: counting them all on every page is most of a page's time.
  countExactUpTo: 10_000,
  tenant: null,
  readOnly: true,
  module: null,
  permissions: { list: READ, get: READ, create: [], update: [], delete: [] },
  columns: [
    { field: 'created', sortable: true, render: 'date', width: 170, key: true },
    { field: 'level', sortable: true, render: 'tag', width: 120 },
    { field: 'text', width: 360, key: true },
    { field: 'service', sortable: true, render: 'tag', width: 170 },
    { field: 'type', sortable: true, render: 'tag', width: 220 },
    { field: 'product', width: 200 },
    { field: 'brand', width: 120 },
  ],
  form: [
    { field: 'level', widget: 'select', options: levelOptions },
    { field: 'service', widget: 'select', options: serviceOptions },
    { field: 'type', widget: 'select', options: typeOptions },
  ],
  screen: '/notificator/notifications/',
  label: ['text'],
});

/** The languages a mapping's messages are written in (the admin's). */
export const MAPPING_LANGUAGES = ['ru', 'en'] as const;
const languageOptions = MAPPING_LANGUAGES.map((value) => ({ value, label: `languages.${value}` }));

/** A list of a mapping: at least one value; `*` for any. */
const matchList = <T extends z.ZodType>(item: T) => z.array(item, { error: encodeMessage('required') }).min(1).max(50);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum([ANY, ...values] as [string, ...string[]], { error: encodeMessage('invalid_choice') });

/** A Telegram chat: its numeric id (groups are negative) or a public channel's @name. */
export const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
const WEBHOOK_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const EMAIL = /^[^\s@]{1,63}@[^\s@]+\.[^\s@]+$/;

/** Whether a receiver is written the way its messenger needs; the message key when it is not. */
export function receiverProblem(messenger: string, receiver: string): 'email' | 'notification_telegram_chat' | 'url' | null {
  if (messenger === 'email') return EMAIL.test(receiver) ? null : 'email';
  if (messenger === 'telegram') return TELEGRAM_CHAT.test(receiver) ? null : 'notification_telegram_chat';
  if (messenger === 'webhook') return WEBHOOK_URL.test(receiver) && receiver.length <= 2048 ? null : 'url';
  return null;
}

/** Each receiver checked against the mapping's messenger. */
function checkReceivers(value: { messenger?: string; receivers?: string[] }, ctx: z.RefinementCtx) {
  if (!value.messenger || !value.receivers) return;
  value.receivers.forEach((receiver, index) => {
    const problem = receiverProblem(value.messenger!, receiver);
    if (problem) ctx.addIssue({ code: 'custom', path: ['receivers', index], message: encodeMessage(problem) });
  });
}

const mappingFields = {
  service: matchList(choice(NOTIFICATION_SERVICES)),
  product: matchList(requiredText(255)),
  brand: matchList(requiredText(255)),
  type: matchList(choice(NOTIFICATION_TYPES)),
  level: matchList(choice(NOTIFICATION_LEVELS)),
  messenger: z.enum(MESSENGERS, { error: encodeMessage('required') }),
  receivers: matchList(safeString().trim().min(1).max(2048)),
  prefix: requiredText(100),
  sender: requiredText(100),
  language: z.enum(MAPPING_LANGUAGES, { error: encodeMessage('required') }),
};

/**
 * A notification mapping: the notifications whose service, product, brand, type and level are
 * each in its lists (`*`: any) go to its receivers through its messenger, the text after its
 * prefix, signed by its sender.
 */
export const mappingResource = defineResource({
  service: 'notificator',
  name: 'mappings',
  entity: z.object({
    service: z.array(z.string()),
    product: z.array(z.string()),
    brand: z.array(z.string()),
    type: z.array(z.string()),
    level: z.array(z.string()),
    messenger: z.enum(MESSENGERS),
    receivers: z.array(z.string()),
    prefix: z.string(),
    sender: z.string(),
    /** The language its messages are written in. */
    language: z.enum(MAPPING_LANGUAGES),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ ...mappingFields, language: mappingFields.language.default('ru') }).superRefine(checkReceivers),
  update: z.strictObject(mappingFields).partial().superRefine(checkReceivers),
  filters: {
    search: { op: 'search', columns: ['prefix', 'sender'], schema: filterText(), widget: 'text' },
    messenger: { op: 'eq', schema: z.enum(MESSENGERS), widget: 'select', options: messengerOptions },
  },
  sort: ['id', 'prefix', 'messenger', 'created_at', 'updated_at'],
  defaultSort: '-created_at',
  pageSize: { default: 100, max: 500 },
  tenant: null,
  module: null,
  permissions: { list: ['mappings.get_list'], get: ['mappings.get_list'], create: ['mappings.patch'], update: ['mappings.patch'], delete: ['mappings.patch'] },
  columns: [
    { field: 'prefix', sortable: true, width: 200, key: true },
    { field: 'messenger', sortable: true, render: 'tag', width: 140, key: true },
    { field: 'receivers', width: 260 },
    { field: 'service', width: 200 },
    { field: 'level', width: 200 },
    { field: 'type', width: 240 },
    { field: 'sender', width: 160 },
    { field: 'language', render: 'tag', width: 120 },
  ],
  form: [
    { field: 'prefix', widget: 'text' },
    { field: 'sender', widget: 'text' },
    { field: 'messenger', widget: 'select', options: messengerOptions },
    { field: 'language', widget: 'select', options: languageOptions },
    { field: 'receivers', widget: 'tags', span: 2 },
    { field: 'service', widget: 'multiselect', options: [{ value: ANY, label: 'any' }, ...serviceOptions] },
    { field: 'level', widget: 'multiselect', options: [{ value: ANY, label: 'any' }, ...levelOptions] },
    { field: 'type', widget: 'multiselect', options: [{ value: ANY, label: 'any' }, ...typeOptions], span: 2 },
    { field: 'product', widget: 'tags' },
    { field: 'brand', widget: 'tags' },
  ],
  screen: '/notificator/settings/',
  label: ['prefix'],
});

/** Whether a mapping's list lets a value through: `*`, or the value itself. */
const listMatches = (list: string[], value: string | null) => list.includes(ANY) || (value !== null && list.includes(value));

/** Whether a notification goes through a mapping: each of its five fields in the mapping's list. */
export function mappingMatches(
  mapping: { service: string[]; product: string[]; brand: string[]; type: string[]; level: string[] },
  notification: { service: string; product: string; brand: string | null; type: string; level: string },
): boolean {
  return (
    listMatches(mapping.service, notification.service) &&
    listMatches(mapping.product, notification.product) &&
    listMatches(mapping.brand, notification.brand) &&
    listMatches(mapping.type, notification.type) &&
    listMatches(mapping.level, notification.level)
  );
}
