import { notInArray, sql } from 'drizzle-orm';
import type { QueueState } from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { queueBacklogs } from './queue-backlog.table.ts';
import { queueStates } from './queue-state.ts';

/** The scheduled check of the queues (every minute). */
export const BACKLOG_CHECK_JOB = 'queues.backlog-check';

/** When a queue counts as backing up (QUEUE_BACKLOG_MINUTES, QUEUE_BACKLOG_WAITING). */
export interface BacklogThresholds {
  /** The oldest due waiting job has waited longer than this. */
  ageMinutes: number;
  /** More jobs than this are waiting. */
  waiting: number;
}

/** Whether a queue is backing up: its oldest due job waits too long, or too many wait. */
export const isBackingUp = (queue: QueueState, limits: BacklogThresholds) =>
  (queue.oldest_waiting_seconds ?? 0) > limits.ageMinutes * 60 || queue.waiting > limits.waiting;

function raiseBacklog(ctx: ServiceContext, queue: QueueState) {
  const minutes = Math.floor((queue.oldest_waiting_seconds ?? 0) / 60);
  ctx.notifier?.raise({
    service: 'queues',
    level: 'warning',
    type: 'queue_backlog',
    text: {
      ru: `Очередь ${queue.name} не успевает: ждут задач ${queue.waiting}, самая старая ждёт ${minutes} мин.`,
      en: `Queue ${queue.name} is backing up: ${queue.waiting} jobs waiting, the oldest for ${minutes} min`,
    },
    details: { queue: queue.name, waiting: queue.waiting, oldest_minutes: minutes },
  });
}

/**
 * Tells staff of every queue that has started backing up since the last check (one notification
 * an episode, even with several workers checking: the insert decides), and ends the episodes of
 * the queues that have caught up. Answers the queues told now.
 */
export async function checkQueueBacklogs(ctx: ServiceContext, limits: BacklogThresholds): Promise<string[]> {
  const backed = (await queueStates(ctx.db)).filter((queue) => isBackingUp(queue, limits));
  const names = backed.map((queue) => queue.name);
  await ctx.db.delete(queueBacklogs).where(names.length ? notInArray(queueBacklogs.queue, names) : sql`true`);
  const told: string[] = [];
  for (const queue of backed) {
    const [started] = await ctx.db
      .insert(queueBacklogs)
      .values({ queue: queue.name, waiting: queue.waiting, oldest_seconds: queue.oldest_waiting_seconds })
      .onConflictDoNothing()
      .returning({ queue: queueBacklogs.queue });
    if (!started) continue;
    raiseBacklog(ctx, queue);
    told.push(queue.name);
  }
  return told;
}
