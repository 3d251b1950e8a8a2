import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { outboundAddresses, type MessageKey, type OutboundKind } from '@dp/contracts';
import { AppError, fieldErrors } from './errors.ts';
import { checkSavedUrl, type SafeFetchErrorCode } from './safe-fetch.ts';

/**
 * Addresses the server will call, checked when they are saved (DESIGN.md §9): every body field
 * whose schema contracts mark with `outbound()` (proxy actions, feeds, import hooks and profiles,
 * VIN profiles, SMTP hosts), on every route, before the handler runs, so that a manager learns at
 * once that an address is inside the platform's network. The rules are the outgoing-call guard's
 * (kit/safe-fetch.ts checkSavedUrl), which still checks every call: the protection stays there.
 */

/** A marked field found in a body: what it holds and where it is (a JSON pointer). */
export interface OutboundField {
  kind: OutboundKind;
  value: string;
  pointer: string;
}

type Def = Record<string, any>;
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })?._zod?.def;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The option of a union the value took: by the discriminator when there is one, else every option. */
function unionOptions(def: Def, value: unknown): unknown[] {
  if (!def.discriminator || !isObject(value)) return def.options;
  const tag = value[def.discriminator];
  const chosen = def.options.filter((option: unknown) => {
    const field = defOf(defOf(option)?.shape?.[def.discriminator]);
    return field?.type === 'literal' && field.values.includes(tag);
  });
  return chosen.length ? chosen : def.options;
}

/** The marked fields of a parsed value, walking its schema beside it. */
export function outboundFields(schema: unknown, value: unknown, pointer = ''): OutboundField[] {
  const mark = outboundAddresses.get(schema as never);
  if (mark) return typeof value === 'string' && value !== '' ? [{ kind: mark.kind, value, pointer }] : [];
  const def = defOf(schema);
  if (!def || value === undefined || value === null) return [];
  switch (def.type) {
    case 'object':
      return isObject(value) ? Object.entries(def.shape).flatMap(([key, field]) => outboundFields(field, value[key], `${pointer}/${key}`)) : [];
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, index) => outboundFields(def.element, item, `${pointer}/${index}`)) : [];
    case 'record':
      return isObject(value) ? Object.entries(value).flatMap(([key, item]) => outboundFields(def.valueType, item, `${pointer}/${key}`)) : [];
    case 'union':
      return unionOptions(def, value).flatMap((option) => outboundFields(option, value, pointer));
    case 'intersection':
      return [...outboundFields(def.left, value, pointer), ...outboundFields(def.right, value, pointer)];
    case 'pipe':
      return outboundFields(defOf(def.out)?.type === 'transform' ? def.in : def.out, value, pointer);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return outboundFields(def.innerType, value, pointer);
    default:
      return [];
  }
}

/** Whether a schema marks any field anywhere (cached: most routes have none and skip the walk). */
const marking = new WeakMap<object, boolean>();
function marksAny(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if (outboundAddresses.has(schema as never)) return true;
  const def = defOf(schema);
  if (!def) return false;
  const children = [def.shape && Object.values(def.shape), def.element, def.valueType, def.options, def.left, def.right, def.in, def.out, def.innerType].flat();
  return children.some((child) => marksAny(child, seen));
}
const hasMarks = (schema: object) => {
  if (!marking.has(schema)) marking.set(schema, marksAny(schema));
  return marking.get(schema)!;
};

const MESSAGES: Partial<Record<SafeFetchErrorCode, MessageKey>> = {
  url_invalid: 'url',
  url_scheme: 'address_scheme',
  numeric_host: 'address_numeric_host',
};

/** Why an address may not be saved (a message key), or null. A host is judged as the host of an http URL. */
export async function savedAddressProblem(field: Pick<OutboundField, 'kind' | 'value'>): Promise<MessageKey | null> {
  const url = field.kind === 'url' ? field.value : `http://${isIP(field.value) === 6 ? `[${field.value}]` : field.value}/`;
  const refused = await checkSavedUrl(url);
  return refused ? (MESSAGES[refused.code] ?? 'address_internal') : null;
}

/** Refuses a body whose marked fields hold addresses the server may not call: one 400, a field error each. */
export async function assertOutboundAddresses(schema: unknown, body: unknown): Promise<void> {
  const fields = outboundFields(schema, body);
  const problems = await Promise.all(fields.map(savedAddressProblem));
  const errors = fields.flatMap((field, index) => (problems[index] ? [new AppError(400, problems[index]!, undefined, field.pointer)] : []));
  if (errors.length) throw fieldErrors(errors);
}

/** Checks the marked fields of every route's body after validation, before its handler. */
export function registerOutboundAddressCheck(app: FastifyInstance) {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema?.body;
    if (!schema || typeof schema !== 'object' || !hasMarks(schema)) return;
    await assertOutboundAddresses(schema, request.body);
  });
}
