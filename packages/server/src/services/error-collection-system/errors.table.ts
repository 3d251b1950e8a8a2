import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ErrorFrame } from '@dp/contracts';
import { clients } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { bulkSearchIndex, searchIndex } from '../../kit/search-index.ts';

/**
 * A project of the error collection (contracts error-collection-system/errors.ts): the admin and the
 * server (one each), and one per public site, created as needed. `key` is the DSN's public key.
 */
export const errorProjects = pgTable(
  'error_projects',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    site_id: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    /** Events a minute it accepts (kit/rate-limit.ts, keyed by the project). */
    rate_limit: integer('rate_limit').notNull().default(3000),
    /** The share of a site's page views whose errors its reporter sends, in percent (a setting of staff). */
    sample_percent: integer('sample_percent').notNull().default(100),
    events_total: bigint('events_total', { mode: 'number' }).notNull().default(0),
    last_seen: timestamp('last_seen', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('error_projects_site_idx').on(t.site_id),
    // The admin's and the server's project: one each.
    uniqueIndex('error_projects_kind_idx').on(t.kind).where(sql`kind <> 'site'`),
    index('error_projects_client_idx').on(t.client_id),
  ],
);

/**
 * Events of one fingerprint in one project (errors.grouping.ts): counts, first and last seen, the
 * state. Counts stay when old events are dropped (retention, the per-project cap).
 */
export const errorIssues = pgTable(
  'error_issues',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => errorProjects.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    culprit: text('culprit'),
    status: text('status').notNull().default('unresolved'),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    first_seen: timestamp('first_seen', { withTimezone: true }).notNull(),
    last_seen: timestamp('last_seen', { withTimezone: true }).notNull(),
    last_release: text('last_release'),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    /**
     * What the events' search finds the issue's events by beside their own text: its frames'
     * functions and files, the same for all of them, written once with the issue.
     */
    frames_search: text('frames_search').notNull().default(''),
  },
  (t) => [
    uniqueIndex('error_issues_fingerprint_idx').on(t.project_id, t.fingerprint),
    index('error_issues_project_last_idx').on(t.project_id, t.last_seen),
    searchIndex('error_issues_frames_search', t.frames_search),
  ],
);

/** Distinct users and browsers an issue met, each with its count (the issue's affected users and browsers). */
export const errorIssueTags = pgTable(
  'error_issue_tags',
  {
    issue_id: integer('issue_id')
      .notNull()
      .references(() => errorIssues.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issue_id, t.kind, t.value] })],
);

/** One event as it arrived (its frames mapped, for the admin, to the original source). */
export const errorEvents = pgTable(
  'error_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => errorProjects.id, { onDelete: 'cascade' }),
    issue_id: integer('issue_id')
      .notNull()
      .references(() => errorIssues.id, { onDelete: 'cascade' }),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    url: text('url'),
    release: text('release'),
    user: text('user'),
    browser: text('browser'),
    level: text('level').notNull().default('error'),
    frames: jsonb('frames').$type<ErrorFrame[]>().notNull().default([]),
    /** What the text search looks in: type, message, URL and release (the frames are the issue's `frames_search`). */
    search: text('search').notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('error_events_project_idx').on(t.project_id, t.id),
    index('error_events_issue_idx').on(t.issue_id, t.id),
    index('error_events_received_idx').on(t.received_at),
    bulkSearchIndex('error_events_search', t.search),
  ],
);
