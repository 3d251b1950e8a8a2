import { z } from 'zod';
import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { filterText, integer } from '../kit/fields.ts';

/**
 * queues: the state of the platform's job queues (spec 002 §7 "Queue state"; docs/decisions/
 * platform-operations.md, "What does the queues screen show?"). Staff only.
 */

/** The queue kinds the spec's operations tools know, and the kind of each queue the code has. */
export const QUEUE_KINDS = ['manual', 'manual-related', 'distributed', 'distributed-related', 'automatic', 'technical', 'render_ready'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

const KIND_OF: Record<string, QueueKind> = {
  // Started by a person's action.
  'cars.import.run': 'manual',
  'sites.controller.run-task': 'manual',
  'auth.restore-code-mail': 'manual',
  // What follows a person's action: the notice of a module change, a publication at the time a person chose.
  'marketplace.module-notice': 'manual-related',
  'content.publish-state': 'manual-related',
  // Many short jobs fanned out from the public sites' requests, run in batches.
  'request.action': 'distributed',
  // Fanned out from the platform's own events.
  'notificator.deliver': 'distributed-related',
  // Recovery and tidying.
  'cars.import.recover': 'technical',
  'sender.sweep': 'technical',
  'form-constructor.sweep-files': 'technical',
};

/** A queue's kind: its own, else `automatic` for a scheduled one, else `technical`. */
export const queueKind = (name: string, scheduled: boolean): QueueKind => KIND_OF[name] ?? (scheduled ? 'automatic' : 'technical');

/** A job's states as pg-boss names them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

export interface QueueState {
  name: string;
  kind: QueueKind;
  waiting: number;
  active: number;
  retrying: number;
  failed: number;
  completed_24h: number;
  /** Jobs completed in the last hour. */
  throughput_per_hour: number;
  /** Seconds the oldest due waiting job has waited; null when none waits. */
  oldest_waiting_seconds: number | null;
}

export interface QueueJob {
  id: string;
  state: (typeof JOB_STATES)[number];
  data: unknown;
  attempts: number;
  retry_limit: number;
  last_error: string | null;
  created_on: string;
  start_after: string;
  started_on: string | null;
  completed_on: string | null;
}

/** GET /queues/{name}: a page of the queue's jobs, newest first, optionally of one state. */
export const queueJobsQuery = z.strictObject({
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 100).optional(),
  'filter[state]': z.enum(JOB_STATES).optional(),
});
export const queueNameParam = filterText(100);

const READ = ['queues.get_list'];
const MANAGE = ['queues.patch'];

export const queuesContract = defineService({
  name: 'queues',
  permissions: {
    codes: ['queues.get_list', 'queues.patch'],
    entities: { queues: text('Очереди задач', 'Job queues') },
  },
  screens: [
    screen('queues', '/queues/queues/', 'settings', 'platform', 122, READ),
    screen('queue', '/queues/queues/{name}', null, 'platform', 123, READ, { in_menu: false }),
  ],
  routes: [
    api('GET', '/api/v1/queues', READ, false, null),
    api('GET', '/api/v1/queues/{name}', READ, false, null),
    api('POST', '/api/v1/queues/{name}/jobs/{id}/retry', MANAGE, false, null),
    api('POST', '/api/v1/queues/{name}/jobs/{id}/cancel', MANAGE, false, null),
  ],
});
