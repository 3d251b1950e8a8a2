import { integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The columns every workflow state carries (page, layout and stage states; loan programme
 * states): status 1 draft, 2 submitted, 3 published (spec 000 §4), the kept versions and the
 * publication by time. See kit/state-workflow.ts.
 */
export const stateColumns = () => ({
  status: integer('status').notNull().default(1),
  /** 1, 2, 3 ... in order of publication; null until first published. */
  version: integer('version'),
  published_at: timestamp('published_at', { withTimezone: true }),
  published_by: integer('published_by'),
  submitted_by: integer('submitted_by'),
  /** Set when another state of the same owner was published after it, or it was unpublished: a kept version. */
  superseded_at: timestamp('superseded_at', { withTimezone: true }),
  /** Publication by time: when, and the job that will do it (cancel deletes the job). */
  publish_at: timestamp('publish_at', { withTimezone: true }),
  publish_job_id: text('publish_job_id'),
  /** Spec 000 §4 publication status: 1 in progress, 2 success, 3 has error, 4 cannot get. */
  publication_status: integer('publication_status'),
  publication_error: text('publication_error'),
  /** The state this one was copied or restored from. */
  copied_from_id: integer('copied_from_id'),
  created_by: integer('created_by'),
});

/**
 * Owner columns of every site-owned record: the site (its content goes with it) and the site's
 * client, kept for tenancy. `site` is the sites table's id column.
 */
export const siteOwnerColumns = (site: () => AnyPgColumn) => ({
  site_id: integer('site_id')
    .notNull()
    .references(site, { onDelete: 'cascade' }),
  client_id: integer('client_id').notNull(),
});
