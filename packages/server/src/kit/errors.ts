import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLang, t, translateMessage, type JsonApiError, type Lang, type MessageKey, type MessageParams } from '@dp/contracts';

import { AppError } from './app-error.ts';

export { AppError };

/** One 400 carrying several field errors: the first is thrown, the rest travel in `others`. */
export function fieldErrors(errors: AppError[]): AppError {
  const [first, ...rest] = errors;
  if (rest.length) first!.others = rest;
  return first!;
}

export const notFound = () => new AppError(404, 'not_found');
export const forbidden = () => new AppError(403, 'forbidden');
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const badRequest = (key: MessageKey, pointer?: string, params?: MessageParams) => new AppError(400, key, params, pointer);

/** One reply carries at most this many errors: a hostile body cannot make a huge answer. */
export const MAX_ERRORS = 20;

export function errorBody(errors: JsonApiError[]) {
  return { errors: errors.slice(0, MAX_ERRORS) };
}

function appErrorToJson(error: AppError, lang: Lang): JsonApiError {
  return {
    status: String(error.status),
    code: error.code ?? error.key,
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
  return issues.slice(0, MAX_ERRORS).flatMap((issue) => {
    const keys = issue.keyword === 'unrecognized_keys' ? ((issue.params.keys as string[]) ?? []).slice(0, MAX_ERRORS) : [null];
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

/** Fastify's own client errors by code: the status and message they are answered with. */
const FRAMEWORK_ERRORS: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request'],
  FST_ERR_BAD_URL: [400, 'bad_url'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'url_too_long'],
};

function uniqueField(error: unknown): string {
  const detail = (error as { detail?: string }).detail ?? '';
  return /Key \(([^)]+)\)/.exec(detail)?.[1] ?? '';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Told of every unexpected failure answered with a 500 (the error collection records them); set by decorating the app. */
    onServerError?: (error: unknown, request: FastifyRequest) => void;
  }
}

/** The one error handler: JSON:API errors, never a stack trace, never a 500 for bad input. */
export function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang ?? 'ru';
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.status).send(errorBody([error, ...(error.others ?? [])].map((one) => appErrorToJson(one, lang))));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply
      .status(400)
      .send(errorBody(validationToJson(error.validation as unknown as ValidationIssue[], error.validationContext, lang)));
  }
  // A unique index won a race the pre-check lost: still a clear 409, not a 500. Drizzle wraps the
  // driver's error in a DrizzleQueryError, so the database's code is on its `cause`.
  const database = (error as { code?: string }).code === '23505' ? error : (error as { cause?: { code?: string } }).cause;
  if (database?.code === '23505') {
    return reply.status(409).send(errorBody([{ status: '409', code: 'conflict_unique', title: t('conflict_unique', lang, { field: uniqueField(database) }) }]));
  }
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) {
    const [status, key] = known;
    return reply.status(status).send(errorBody([{ status: String(status), code: key, title: t(key, lang) }]));
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return reply.status(413).send(errorBody([{ status: '413', code: 'payload_too_large', title: t('payload_too_large', lang) }]));
  if (status >= 400 && status < 500) {
    // Any other client error (a plugin's own): its status, a generic title.
    const key: MessageKey =
      status === 404 ? 'route_not_found' : status === 429 ? 'too_many_requests' : status === 403 ? 'forbidden' : status === 401 ? 'unauthorized' : 'invalid_body';
    return reply.status(status).send(errorBody([{ status: String(status), code: error.code ?? key, title: t(key, lang, { seconds: 60 }) }]));
  }
  request.log.error({ err: error }, 'request failed');
  try {
    request.server.onServerError?.(error, request);
  } catch (failure) {
    request.log.error({ err: failure }, 'server error listener failed');
  }
  return reply.status(500).send(errorBody([{ status: '500', code: 'internal', title: t('internal', lang) }]));
}

/**
 * Errors Fastify meets before any hook runs (a malformed or too long URL): the same envelope,
 * in the language of the request's Accept-Language.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = pickLang(request.headers['accept-language']);
  return handleError(error, request, reply);
}

/** The Accept-Language of the bytes Node's parser had read when it failed, if they hold it. */
function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'))?.[1];
}

const CLIENT_ERRORS: Record<string, [number, MessageKey]> = {
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KB, a malformed
 * Content-Length or request line): a JSON:API error like every other, then the connection closes.
 */
export function handleClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'bad_request'];
  const title = t(key, pickLang(acceptLanguageOf(error.rawPacket)));
  const body = JSON.stringify(errorBody([{ status: String(status), code: key, title }]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
