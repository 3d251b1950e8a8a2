import { z } from 'zod';
import { actionBody, resourceBody } from '../kit/jsonapi.ts';
import { encodeMessage } from '../kit/messages.ts';
import { id, integer } from '../kit/fields.ts';

/** At most this many favorite sites and as many favorite clients per user. */
export const FAVORITES_LIMIT = 50;

/** A list of record ids, duplicates dropped, at most FAVORITES_LIMIT. */
const favorites = () =>
  z
    .array(id())
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(z.number()).max(FAVORITES_LIMIT, { error: encodeMessage('favorites_limit', { count: FAVORITES_LIMIT }) }));

/** A user's favorites (spec 000 §3 Personalization): what site selection and the clients list show first. */
export interface Personalization {
  favorite_sites: number[];
  favorite_clients: number[];
}

/** POST /personalization: creates the caller's record. */
export const personalizationCreateBody = resourceBody(
  z.strictObject({ favorite_sites: favorites().default([]), favorite_clients: favorites().default([]) }),
);

/** PATCH /personalization: changes the caller's record (created when missing). */
export const personalizationUpdateBody = resourceBody(z.strictObject({ favorite_sites: favorites(), favorite_clients: favorites() }).partial());

const rateError = (issue: { input?: unknown }) => encodeMessage(issue.input === undefined ? 'required' : 'satisfaction_rate');

/** POST /satisfaction {rate}: 1 to 5 stars. */
export const satisfactionBody = actionBody(
  z.strictObject({
    rate: z.number({ error: rateError }).int({ error: rateError }).min(1, { error: rateError }).max(5, { error: rateError }),
  }),
);

const reportNumber = (min: number, max: number, key: 'report_month' | 'report_year') => integer(min, max, encodeMessage(key));

/** GET /satisfaction/report/csv?month&year */
export const satisfactionReportQuery = z.strictObject({
  month: reportNumber(1, 12, 'report_month'),
  year: reportNumber(2000, 2100, 'report_year'),
});

/** The survey's cookie (spec 000 §9): set for 30 days after a vote, 14 days after a decline. */
export const SATISFACTION_COOKIE = 'satisfaction';
export const SATISFACTION_VOTE_DAYS = 30;
export const SATISFACTION_DECLINE_DAYS = 14;
/** The survey appears this long after entering the admin. */
export const SATISFACTION_DELAY_MS = 5000;
/** A user is not asked in their first week: they have not yet used the admin enough to judge it. */
export const SATISFACTION_NEW_USER_DAYS = 7;
