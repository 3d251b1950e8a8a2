import { z } from 'zod';
import { filterText, id, integer } from '../kit/fields.ts';
import { isoDateTime } from '../kit/dates.ts';
import { encodeMessage } from '../kit/messages.ts';
import { resourceBody } from '../kit/jsonapi.ts';

/** What a project collects: the admin in the browser, the server's unexpected 5xx, a public site's pages. */
export const ERROR_PROJECT_KINDS = ['admin', 'server', 'site'] as const;
export type ErrorProjectKind = (typeof ERROR_PROJECT_KINDS)[number];

/** An issue's state: a resolved issue that gets a new event is unresolved again; an ignored one stays ignored. */
export const ERROR_ISSUE_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
export type ErrorIssueStatus = (typeof ERROR_ISSUE_STATUSES)[number];

/** Limits of ingestion: a body's bytes (the script's report, the SDK's envelope), frames kept per event. */
export const ERROR_LIMITS = { reportBytes: 32 * 1024, envelopeBytes: 200 * 1024, frames: 50, message: 1000 } as const;

/**
 * The reporter script's own report (the admin and the public sites): one error as the browser saw
 * it; the stack as the engine wrote it (Chromium's or Firefox's format), parsed on the server.
 */
export const errorReportBody = z.object({
  type: z.string().max(200).optional(),
  message: z.string().max(ERROR_LIMITS.message * 4),
  stack: z.string().max(16 * 1024).optional(),
  url: z.string().max(2000).optional(),
  release: z.string().max(200).optional(),
  /** A visitor or user id the page knows (an opaque id; never a name). */
  user: z.string().max(200).optional(),
  /** Filled by the server from the User-Agent when absent. */
  browser: z.string().max(200).optional(),
  level: z.enum(['error', 'fatal']).optional(),
});
export type ErrorReport = z.infer<typeof errorReportBody>;

const page = { 'page[number]': integer(1).optional(), 'page[size]': integer(1, 100).optional() };
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: encodeMessage('invalid_choice') });

export const ERROR_ISSUE_SORTS = ['-last_seen', 'last_seen', '-count', 'count', '-first_seen', 'first_seen'] as const;

/** GET /api/v1/projects. */
export const errorProjectListQuery = z.strictObject({ ...page, 'filter[search]': filterText().optional(), 'filter[kind]': choice(ERROR_PROJECT_KINDS).optional() });

/** PATCH /api/v1/projects/{id}: a site project's settings (staff). */
export const errorProjectPatchBody = resourceBody(
  z.strictObject({
    /** The share of the site's page views whose errors are reported, in percent. */
    sample_percent: integer(0, 100, encodeMessage('error_sample_percent')),
  }),
);

/** GET /api/v1/issues: a project's (or every visible) issues. */
export const errorIssueListQuery = z.strictObject({
  ...page,
  'filter[project]': id().optional(),
  'filter[client]': id().optional(),
  'filter[status]': choice(ERROR_ISSUE_STATUSES).optional(),
  'filter[search]': filterText().optional(),
  sort: choice(ERROR_ISSUE_SORTS).optional(),
});

/** GET /api/v1/events: search across events by text, project, release and time. */
export const errorEventListQuery = z.strictObject({
  ...page,
  'filter[search]': filterText().optional(),
  'filter[project]': id().optional(),
  'filter[release]': filterText(200).optional(),
  'filter[from]': isoDateTime().optional(),
  'filter[to]': isoDateTime().optional(),
  'filter[issue]': id().optional(),
});

/** GET /api/v1/clients: errors by client (their sites' projects). */
export const errorClientListQuery = z.strictObject({ ...page, 'filter[search]': filterText().optional() });

export interface ErrorProjectAttributes {
  name: string;
  kind: ErrorProjectKind;
  site_id: number | null;
  client_id: number | null;
  client_name: string | null;
  /** The public key of the DSN (Sentry SDK) and of the envelope route. */
  key: string;
  /** The Sentry SDK's DSN path below the admin's origin. */
  dsn_path: string;
  issues_open: number;
  events_total: number;
  last_seen: string | null;
  /** Events a minute the project accepts. */
  rate_limit: number;
  /** A site project: the share of its page views whose errors are reported, in percent. */
  sample_percent: number;
}

export interface ErrorFrame {
  function: string | null;
  file: string;
  line: number | null;
  column: number | null;
  in_app: boolean;
  /** Where the build's source map put it (the admin's frames), when it could. */
  mapped?: boolean;
}

export interface ErrorIssueAttributes {
  project_id: number;
  project_name: string;
  type: string;
  message: string;
  culprit: string | null;
  status: ErrorIssueStatus;
  count: number;
  users: number;
  browsers: { name: string; count: number }[];
  first_seen: string;
  last_seen: string;
  last_release: string | null;
  resolved_at: string | null;
}

export interface ErrorEventAttributes {
  project_id: number;
  project_name: string;
  issue_id: number;
  event_id: string;
  type: string;
  message: string;
  url: string | null;
  release: string | null;
  user: string | null;
  browser: string | null;
  level: string;
  frames: ErrorFrame[];
  received_at: string;
}

export interface ErrorClientAttributes {
  name: string;
  projects: number;
  issues_open: number;
  events_total: number;
  last_seen: string | null;
}
