import { z } from 'zod';
import { integer, isoDateOrDateTime } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * A site's requests summed up (spec 002 §7 request_summary, request_statuses): counts by type and
 * by day of a date range, and where a type's requests stand with their actions.
 */

/** Days the summary covers when no range is given: the last 30 (today included). */
export const SUMMARY_DEFAULT_DAYS = 30;

export const requestSummaryQuery = z.strictObject({
  'date[from]': isoDateOrDateTime().optional(),
  'date[to]': isoDateOrDateTime().optional(),
  /** Minutes east of UTC of the reader: days are the reader's. */
  utc_offset: integer(-840, 840).optional(),
});

export interface RequestSummary {
  /** The range counted, as days of the reader (YYYY-MM-DD). */
  from: string;
  to: string;
  total: number;
  by_type: { type: number; key: string; count: number }[];
  /** Days with requests, oldest first; `by_type` by type id. */
  by_day: { day: string; count: number; by_type: Record<string, number> }[];
}

/**
 * Where a request stands with its actions: failed (one failed), held (its captcha not verified),
 * sending (one still to run), sent (every one ran), no_actions (its settings named none).
 */
export const REQUEST_STATUSES = ['failed', 'held', 'sending', 'sent', 'no_actions'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const requestStatusesQuery = z.strictObject({
  'date[from]': isoDateOrDateTime().optional(),
  'date[to]': isoDateOrDateTime().optional(),
  utc_offset: integer(-840, 840).optional(),
  /** The requests whose own status is wanted (a list page's), comma-separated, at most 500. */
  'filter[ids]': z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,499}$/, { error: encodeMessage('invalid_type') })
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

export interface RequestStatuses {
  /** How many of the type's requests (in the range) stand in each status. */
  counts: Record<RequestStatus, number>;
  /** The asked requests' statuses (`filter[ids]`; those of the type and site only). */
  requests: { id: string; status: RequestStatus }[];
}
