import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { REVIEWER_DEFAULT_SUBJECT, REVIEWER_DEFAULT_TEMPLATE, REVIEWER_RATE_THRESHOLD, type ReviewOutcome } from '@dp/contracts';
import { timestamps } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { requests } from '../request.storage/request.table.ts';
import { siteOwnerColumns } from '../../kit/state-columns.ts';

/**
 * A site's reviewer settings (contracts reviewer/reviewer.resource.ts), one per site: whether
 * invitations go, the threshold between a public review and a complaint, the invitation's delay,
 * subject and text, the public review links and who gets the complaints.
 */
export const reviewerSettings = pgTable(
  'reviewer_settings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    enabled: boolean('enabled').notNull().default(false),
    rate_threshold: smallint('rate_threshold').notNull().default(REVIEWER_RATE_THRESHOLD),
    delay_minutes: integer('delay_minutes').notNull().default(60),
    mail_subject: text('mail_subject').notNull().default(REVIEWER_DEFAULT_SUBJECT),
    mail_template: text('mail_template').notNull().default(REVIEWER_DEFAULT_TEMPLATE),
    review_links: jsonb('review_links').$type<{ title: string; url: string }[]>().notNull().default([]),
    complaint_receivers: text('complaint_receivers').array().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('reviewer_settings_site_idx').on(t.site_id)],
);

/**
 * One invitation per handled request: waiting until `send_after`, then sent with a fresh token
 * (only its hash is kept), or skipped (module or setting off by then, no address). `rated_at`: the
 * token was used; it rates once.
 */
export const reviewerInvitations = pgTable(
  'reviewer_invitations',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    request_id: integer('request_id').notNull().references(() => requests.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: varchar('status', { length: 10 }).$type<'waiting' | 'sent' | 'skipped'>().notNull().default('waiting'),
    send_after: timestamp('send_after', { withTimezone: true }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    rated_at: timestamp('rated_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reviewer_invitations_request_idx').on(t.request_id), uniqueIndex('reviewer_invitations_token_idx').on(t.token_hash).where(sql`${t.token_hash} is not null`)],
);

/** A customer's rating through an invitation (the ratings list), with where it went. */
export const reviewerRatings = pgTable(
  'reviewer_ratings',
  {
    id: serial('id').primaryKey(),
    ...siteOwnerColumns(() => sites.id),
    // Kept when the request (and its invitation) is deleted: the rating stays in the list and the average.
    invitation_id: integer('invitation_id').references(() => reviewerInvitations.id, { onDelete: 'set null' }),
    request_id: integer('request_id'),
    request_type: smallint('request_type'),
    customer_name: text('customer_name'),
    customer_email: text('customer_email'),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    outcome: varchar('outcome', { length: 10 }).$type<ReviewOutcome>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reviewer_ratings_invitation_idx').on(t.invitation_id), index('reviewer_ratings_site_created_idx').on(t.site_id, t.created_at)],
);
