import { api, type ApiRouteDecl } from './routes.ts';
import { text } from './permission-texts.ts';

/** Statuses of page, layout and stage states (spec 000 §4): 1 draft, 2 submitted, 3 published. */
export const STATE_STATUS = { draft: 1, submitted: 2, published: 3 } as const;
/** Spec 000 §4 publication status: 1 in progress, 2 success, 3 has error, 4 cannot get. */
export const PUBLICATION_STATUSES = [1, 2, 3, 4] as const;

/** The workflow columns every state answers with (server kit/state-columns.ts). */
export const STATE_ENTITY_FIELDS = [
  'status',
  'version',
  'published_at',
  'published_by',
  'submitted_by',
  'superseded_at',
  'publish_at',
  'publication_status',
  'publication_error',
  'copied_from_id',
  'created_by',
] as const;

/**
 * The rule shown beside every publishing code (pages.publish, layouts.publish, stages.publish) in
 * the permission matrix: the code alone publishes, on every site; strict publishing adds review.
 */
export const PUBLISHING_NOTE = text(
  'Только с этим правом можно публиковать, снимать с публикации и назначать время публикации — на любом сайте; при строгой публикации — после утверждения',
  'Only holders publish, unpublish and schedule, on every site; with strict publishing, after submission',
);

/**
 * The gateway rows of a states resource's workflow routes (server kit/state-workflow.ts):
 * submit, publish, unpublish, copy, restore, schedule and its cancellation.
 */
/** `publish` lists the publishing code alone: the write code never publishes. */
export function workflowApiRoutes(name: string, codes: { change: string[]; publish: string[] }): ApiRouteDecl[] {
  const base = `/api/v1/${name}/{id}`;
  return [
    api('POST', `${base}/submit`, codes.change),
    api('POST', `${base}/copy`, codes.change),
    api('POST', `${base}/restore`, codes.change),
    api('POST', `${base}/publish`, codes.publish),
    api('POST', `${base}/unpublish`, codes.publish),
    api('POST', `${base}/schedule`, codes.publish),
    api('DELETE', `${base}/schedule`, codes.publish),
  ];
}
