import { z } from 'zod';
import { defineResource, partialOf, siteSettingsListing } from '../kit/resource.ts';
import { email, id, integer, requiredText, url } from '../kit/fields.ts';
import { isoDate } from '../kit/dates.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * The reviewer widget (spec 002 §2 /reviewer/settings/{siteId}, §3 "Trade-in and reviewer", §9;
 * docs/decisions/reviewer.md): once a customer request of a site is marked handled, the customer
 * gets a mail inviting them to rate the dealer on a page of the site. A rating at or above the
 * threshold is thanked and sent on to the public review services; a lower one goes to the dealer
 * as a complaint.
 */
const SERVICE = 'reviewer';

/** The rate threshold's default (spec 002 §9). */
export const REVIEWER_RATE_THRESHOLD = 4;
/** The longest delay before an invitation, in minutes (30 days). */
export const REVIEWER_DELAY_MAX = 43_200;
/** The most public review links a site lists. */
export const REVIEWER_LINKS_MAX = 10;
/** The longest comment a customer writes with a rating. */
export const REVIEWER_COMMENT_MAX = 2000;
/** The placeholders of the invitation's subject and text. */
export const REVIEWER_PLACEHOLDERS = ['name', 'site', 'link'] as const;
/** The default invitation (ru, the platform's default language): the customer's name, the site, the rating link. */
export const REVIEWER_DEFAULT_SUBJECT = 'Оцените, пожалуйста, нашу работу';
export const REVIEWER_DEFAULT_TEMPLATE = [
  'Здравствуйте, {{name}}!',
  '',
  'Недавно вы обращались к нам через сайт {{site}}. Нам важно знать, как мы справились.',
  'Оцените, пожалуйста, нашу работу — это займёт меньше минуты:',
  '{{link}}',
  '',
  'Спасибо!',
].join('\n');

/** Where a rating went: a rating at or above the threshold to the public links, a lower one to the dealer as a complaint. */
export const REVIEW_OUTCOMES = ['public', 'complaint'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** A public review service's page: shown to a customer who rated high (http or https only). */
const reviewLink = z.strictObject({
  title: requiredText(100),
  url: url().refine((value) => /^https?:\/\//i.test(value), { error: encodeMessage('url') }),
});

const settingsFields = {
  enabled: z.boolean().default(false),
  rate_threshold: integer(1, 5).default(REVIEWER_RATE_THRESHOLD),
  delay_minutes: integer(0, REVIEWER_DELAY_MAX).default(60),
  mail_subject: requiredText(200).default(REVIEWER_DEFAULT_SUBJECT),
  mail_template: z
    .string()
    .trim()
    .min(1, { error: encodeMessage('required') })
    .max(5000)
    .refine((value) => value.includes('{{link}}'), { error: encodeMessage('reviewer_link_placeholder') })
    .default(REVIEWER_DEFAULT_TEMPLATE),
  review_links: z.array(reviewLink).max(REVIEWER_LINKS_MAX).default([]),
  complaint_receivers: z.array(email()).max(20).default([]),
};

export const reviewerSettingsResource = defineResource({
  service: SERVICE,
  name: 'settings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    enabled: z.boolean(),
    rate_threshold: z.number(),
    delay_minutes: z.number(),
    mail_subject: z.string(),
    mail_template: z.string(),
    review_links: z.array(z.object({ title: z.string(), url: z.string() })),
    complaint_receivers: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  create: z.strictObject({ site_id: id(), ...settingsFields }),
  update: partialOf(settingsFields),
  ...siteSettingsListing,
  permissions: { list: ['settings.get_list'], get: ['settings.get_list'], create: ['settings.patch'], update: ['settings.patch'], delete: ['settings.patch'] },
  columns: [
    { field: 'site_id', width: 120, key: true },
    { field: 'enabled', render: 'boolean', width: 120 },
    { field: 'updated_at', render: 'date', width: 160 },
  ],
  form: [
    { field: 'enabled', widget: 'switch' },
    { field: 'rate_threshold', widget: 'number' },
    { field: 'delay_minutes', widget: 'number' },
    { field: 'complaint_receivers', widget: 'tags' },
    { field: 'mail_subject', widget: 'text', span: 2 },
    { field: 'mail_template', widget: 'textarea', span: 2 },
  ],
  screen: '/reviewer/settings/{siteId}',
  label: ['site_id'],
});

const ratingOptions = [1, 2, 3, 4, 5].map((value) => ({ value, label: `ratings.stars.${value}` }));
export const reviewOutcomeOptions = REVIEW_OUTCOMES.map((value) => ({ value, label: `ratings.outcomes.${value}` }));
/** The ratings list's page size. */
export const REVIEWER_RATINGS_PAGE_SIZE = 25;

/** A customer's rating of a handled request (read only): made once, through the invitation's link. */
export const reviewerRatingResource = defineResource({
  service: SERVICE,
  name: 'ratings',
  entity: z.object({
    site_id: z.number(),
    client_id: z.number(),
    request_id: z.number().nullable(),
    request_type: z.number().nullable(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    rating: z.number(),
    comment: z.string().nullable(),
    outcome: z.enum(REVIEW_OUTCOMES),
    created_at: z.string(),
  }),
  create: z.strictObject({}),
  update: z.strictObject({}),
  readOnly: true,
  filters: {
    site_id: { op: 'eq', schema: id() },
    rating: { op: 'eq', schema: integer(1, 5), widget: 'select', options: ratingOptions },
    outcome: { op: 'eq', schema: z.enum(REVIEW_OUTCOMES), widget: 'select', options: reviewOutcomeOptions },
    from: { op: 'from', columns: ['created_at'], schema: isoDate(), widget: 'date' },
    to: { op: 'to', columns: ['created_at'], schema: isoDate(), widget: 'date' },
  },
  sort: ['created_at', 'rating', 'id'],
  defaultSort: '-created_at',
  pageSize: { default: REVIEWER_RATINGS_PAGE_SIZE, max: 1000 },
  tenant: 'client_id',
  permissions: { list: ['ratings.get_list'], get: ['ratings.get_list'], create: [], update: [], delete: [] },
  columns: [
    { field: 'created_at', render: 'date', width: 170, key: true, sortable: true },
    { field: 'request_id', width: 120 },
    { field: 'customer_name', width: 200 },
    { field: 'rating', width: 120, sortable: true },
    { field: 'comment', width: 320 },
    { field: 'outcome', render: 'tag', width: 200 },
  ],
  form: [],
  screen: '/reviewer/ratings/{siteId}',
});

/** The summary above the ratings list: the site's average rating and how many there are. */
export interface ReviewerRatingSummary {
  count: number;
  average: number | null;
}

/** What the public rating form posts: 1 to 5 stars and an optional comment. */
export const reviewForm = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  comment: z.string().max(REVIEWER_COMMENT_MAX).optional().default(''),
});
