import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSafeText } from '@dp/contracts';
import { AppError } from './errors.ts';

/**
 * Bounds of a JSON body, far above any form of the admin (the deepest is 5 levels, the widest a
 * client with 200 media elements): a deeper or wider body is refused before it is even parsed.
 */
export const BODY_LIMITS = { depth: 32, keys: 2000, items: 10_000 };

const tooComplex = () => new AppError(400, 'body_too_complex', BODY_LIMITS);

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COLON = 58;
const COMMA = 44;

/**
 * Whether a JSON text goes past BODY_LIMITS, read before it is parsed, so that a hostile body
 * costs one pass over its characters: nesting depth, object keys (colons outside strings) and
 * array items (commas inside arrays). Malformed JSON is left to the parser.
 */
export function exceedsBodyLimits(json: string): boolean {
  const open: number[] = [];
  let keys = 0;
  let items = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (open.push(c) > BODY_LIMITS.depth) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) open.pop();
    else if (c === COLON) {
      if (++keys > BODY_LIMITS.keys) return true;
    } else if (c === COMMA && open.at(-1) === OPEN_ARRAY && ++items > BODY_LIMITS.items) return true;
  }
  return false;
}

/**
 * JSON bodies are held to BODY_LIMITS and then parsed by Fastify's own parser (prototype
 * poisoning refused). Only JSON is accepted: any other content type is a 415, text/plain too.
 */
export function registerBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error') as unknown as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsBodyLimits(body as string)) return done(tooComplex(), undefined);
    parseJson(request, body as string, done);
  });
}

type Path = (string | number)[];

/** The first string or key of a parsed value that is not safe text (see isSafeText), as a path. */
export function findUnsafeText(value: unknown): Path | null {
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (!isSafeText(node)) return path;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const array = Array.isArray(node);
    for (const [key, child] of Object.entries(node)) {
      const childPath = [...path, array ? Number(key) : key];
      if (!array && !isSafeText(key)) return childPath;
      stack.push([child, childPath]);
    }
  }
  return null;
}

/** A path as a JSON Pointer (RFC 6901). */
const toPointer = (path: Path) => path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/**
 * Defense in depth for every route, whatever its schema: NUL, control characters or lone
 * surrogates anywhere in the body, the query string or the path are refused before validation,
 * so the database never sees them (PostgreSQL refuses NUL in text and jsonb).
 */
export async function refuseUnsafeText(request: FastifyRequest) {
  const inBody = findUnsafeText(request.body);
  if (inBody) throw new AppError(400, 'invalid_characters', undefined, toPointer(inBody) || '/');
  for (const source of [request.query, request.params]) {
    const found = findUnsafeText(source);
    // A parameter error names the parameter (appErrorToJson: no leading slash).
    if (found) throw new AppError(400, 'invalid_characters', undefined, String(found[0] ?? ''));
  }
}
