import type { FastifyRequest } from 'fastify';
import { CLIENT, SITE, type ModuleTarget } from '@dp/contracts';

/** The sites and clients a call names, for the module check (marketplace/module-gate.ts). */
export interface NamedSubjects {
  sites: number[];
  clients: number[];
}

/** Where records of a kind belong: the sites or clients of the given record ids (the CRUD kit's registry). */
export interface RecordOwners {
  ownersOf(kind: string, ids: number[]): Promise<NamedSubjects>;
}

const MAX_ID = 2_147_483_647;

/** A whole int4 id, from a validated number or plain digits; anything else names nothing. */
function asId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** The value at a JSON pointer (`/data/attributes/site_id`), or undefined. */
function atPointer(body: unknown, pointer: string): unknown {
  let value = body;
  for (const key of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The ids a target reads from a call (one id, or a list of them; at most 1000 are looked at). */
export function idsAt(target: ModuleTarget, request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): number[] {
  const source = target.from === 'path' ? request.params : target.from === 'query' ? request.query : request.body;
  const raw = target.from === 'body' ? atPointer(source, target.at) : (source as Record<string, unknown> | undefined)?.[target.at];
  const values = Array.isArray(raw) ? raw.slice(0, 1000) : [raw];
  return [...new Set(values.map(asId).filter((id): id is number => id !== null))];
}

/**
 * The sites and clients a call names through its route's targets: ids of sites and clients as
 * they are, records by where they belong. Null when it names none (a list without a site filter).
 */
export async function namedSubjects(targets: ModuleTarget[], request: Pick<FastifyRequest, 'params' | 'query' | 'body'>, records: RecordOwners): Promise<NamedSubjects | null> {
  const sites = new Set<number>();
  const clients = new Set<number>();
  let named = false;
  for (const target of targets) {
    const ids = idsAt(target, request);
    if (!ids.length) continue;
    named = true;
    const kind = target.of ?? SITE;
    const owners = kind === SITE ? { sites: ids, clients: [] } : kind === CLIENT ? { sites: [], clients: ids } : await records.ownersOf(kind, ids);
    for (const id of owners.sites) sites.add(id);
    for (const id of owners.clients) clients.add(id);
  }
  return named ? { sites: [...sites], clients: [...clients] } : null;
}
