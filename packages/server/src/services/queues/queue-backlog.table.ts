import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The queues backing up now, one row per episode: written when the check first finds a queue
 * backed up (the notification is raised with that insert), removed when the queue has caught up,
 * so that a backlog is told once, not at every check, and a new one is told again.
 */
export const queueBacklogs = pgTable('queue_backlogs', {
  queue: text('queue').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  waiting: integer('waiting').notNull(),
  oldest_seconds: integer('oldest_seconds'),
});
