import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { t, translateMessage, type JsonApiError, type Lang, type MessageKey, type MessageParams } from '@dp/contracts';

/** An error the API answers with: a status, a message key from contracts, and where it points. */
export class AppError extends Error {
  constructor(
    public status: number,
    public key: MessageKey,
    public params?: MessageParams,
    public pointer?: string,
    public headers?: Record<string, string>,
  ) {
    super(key);
  }
}

export const notFound = () => new AppError(404, 'not_found');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const badRequest = (key: MessageKey, pointer?: string, params?: MessageParams) => new AppError(400, key, params, pointer);

export function errorBody(errors: JsonApiError[]) {
  return { errors };
}

function appErrorToJson(error: AppError, lang: Lang): JsonApiError {
  return {
    status: String(error.status),
    code: error.key,
    title: t(error.key, lang, error.params),
    // A pointer names a body field (/data/attributes/x); anything else is a query parameter.
    ...(error.pointer
      ? { source: error.pointer.startsWith('/') ? { pointer: error.pointer } : { parameter: error.pointer } }
      : {}),
  };
}

type ValidationIssue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

/** Zod issues from a route schema become field errors pointing at the field, in the caller's language. */
function validationToJson(issues: ValidationIssue[], context: string | undefined, lang: Lang): JsonApiError[] {
  return issues.flatMap((issue) => {
    const keys = issue.keyword === 'unrecognized_keys' ? ((issue.params.keys as string[]) ?? []) : [null];
    return keys.map((key) => {
      const path = key === null ? issue.instancePath : `${issue.instancePath.replace(/\/$/, '')}/${key}`;
      const where: JsonApiError['source'] =
        context === 'querystring' || context === 'params' ? { parameter: path.replace(/^\//, '') } : { pointer: path };
      const title =
        key !== null
          ? context === 'querystring' && key.startsWith('filter[')
            ? t('invalid_filter', lang, { field: key.slice(7, -1) })
            : t('unknown_field', lang, { field: key })
          : path === '' || path === '/'
            ? t('invalid_body', lang)
            : translateMessage(issue.message ?? 'invalid_type', lang);
      return { status: '400', code: key !== null ? 'unknown_field' : issue.keyword, title, source: where };
    });
  });
}

function uniqueField(error: unknown): string {
  const detail = (error as { detail?: string }).detail ?? '';
  return /Key \(([^)]+)\)/.exec(detail)?.[1] ?? '';
}

/** The one error handler: JSON:API errors, never a stack trace, never a 500 for bad input. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? 'ru';
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.status).send(errorBody([appErrorToJson(error, lang)]));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply
      .status(400)
      .send(errorBody(validationToJson(error.validation as unknown as ValidationIssue[], error.validationContext, lang)));
  }
  // A unique index won a race the pre-check lost: still a clear 409, not a 500.
  if ((error as { code?: string }).code === '23505') {
    return reply.status(409).send(errorBody([{ status: '409', code: 'conflict_unique', title: t('conflict_unique', lang, { field: uniqueField(error) }) }]));
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return reply.status(413).send(errorBody([{ status: '413', code: 'payload_too_large', title: t('payload_too_large', lang) }]));
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, empty body.
    const key: MessageKey =
      status === 404 ? 'route_not_found' : status === 429 ? 'too_many_requests' : status === 403 ? 'forbidden' : status === 401 ? 'unauthorized' : 'invalid_body';
    return reply.status(status).send(errorBody([{ status: String(status), code: error.code ?? key, title: t(key, lang, { seconds: 60 }) }]));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(errorBody([{ status: '500', code: 'internal', title: t('internal', lang) }]));
}
