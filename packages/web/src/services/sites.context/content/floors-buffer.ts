import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../kit/storage.ts';
import { useSession } from '../../../app/session.ts';
import type { Placed } from './content-api.ts';

/**
 * The floors buffer (spec 000 §9 persisted browser state): floors copied from a page state or a
 * layout's header or footer, kept in localStorage per user, pasted into another page or layout
 * state of the same or another site. A placement holds the floor's number and its values here,
 * with the floor's code, component and owner, so a paste on a site of another client finds that
 * client's floor of the same code and component (docs/decisions/content.md, the floors buffer).
 */
export interface BufferedFloor {
  floor_id: number;
  values: Record<string, unknown>;
  code: string;
  title: string;
  component: string;
  /** The floor's owner: null for a platform floor. */
  client_id: number | null;
}

/** A floor of the library as the editor knows it. */
export interface LibraryFloor {
  id: number;
  title: string;
  code: string;
  component: string;
  enabled: boolean;
  client_id: number | null;
}

/** At most this many floors wait in the buffer; older ones go first. */
export const FLOORS_BUFFER_LIMIT = 100;

export const floorsBufferKey = (userId: number) => `floors_buffer:${userId}`;

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: BufferedFloor[] }>();

function isBuffered(value: unknown): value is BufferedFloor {
  const entry = value as BufferedFloor;
  return !!entry && typeof entry.floor_id === 'number' && typeof entry.code === 'string' && typeof entry.component === 'string' && !!entry.values && typeof entry.values === 'object';
}

/** The buffer of a user as stored (anything unreadable is left out). */
export function readFloorsBuffer(userId: number): BufferedFloor[] {
  const key = floorsBufferKey(userId);
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value;
  const stored = readJson<unknown>(key);
  const value = Array.isArray(stored) ? stored.filter(isBuffered) : [];
  cache.set(key, { raw, value });
  return value;
}

function writeFloorsBuffer(userId: number, floors: BufferedFloor[]) {
  writeJson(floorsBufferKey(userId), floors.length ? floors.slice(-FLOORS_BUFFER_LIMIT) : null);
  listeners.forEach((listener) => listener());
}

/** Adds floors to the end of the buffer; answers how many it holds now. */
export function copyToFloorsBuffer(userId: number, floors: BufferedFloor[]): number {
  const next = [...readFloorsBuffer(userId), ...floors].slice(-FLOORS_BUFFER_LIMIT);
  writeFloorsBuffer(userId, next);
  return next.length;
}

export const clearFloorsBuffer = (userId: number) => writeFloorsBuffer(userId, []);

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same user copies too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('floors_buffer:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user's buffer and what changes it. */
export function useFloorsBuffer() {
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const floors = useSyncExternalStore(subscribe, () => readFloorsBuffer(userId), () => readFloorsBuffer(userId));
  return {
    floors,
    copy: (entries: BufferedFloor[]) => copyToFloorsBuffer(userId, entries),
    clear: () => clearFloorsBuffer(userId),
  };
}

/** What the buffer keeps of a placement. */
export function toBuffered(entry: Placed, floor: LibraryFloor | undefined): BufferedFloor | null {
  if (!floor) return null;
  return { floor_id: entry.floor_id, values: { ...(entry.values ?? {}) }, code: floor.code, title: floor.title, component: floor.component, client_id: floor.client_id };
}

export type PasteProblem = { entry: BufferedFloor; reason: 'component_not_found' | 'disabled' };

/**
 * The placements a paste adds to a state of a site of `clientId` (undefined: any floor the
 * editor sees), new entries after the existing ones: the same floor when the site may place it,
 * else the site client's (or the platform's) floor of the same code and component; a floor the
 * site lacks is not pasted and is reported as "component not found", a disabled one as such.
 */
export function pasteFloors(buffer: BufferedFloor[], library: LibraryFloor[], clientId: number | null | undefined): { placed: Placed[]; problems: PasteProblem[] } {
  const usable = (floor: LibraryFloor) => clientId === undefined || floor.client_id === null || floor.client_id === clientId;
  const placed: Placed[] = [];
  const problems: PasteProblem[] = [];
  for (const entry of buffer) {
    const same = library.find((floor) => floor.id === entry.floor_id && usable(floor));
    const match = same ?? library.find((floor) => usable(floor) && floor.code === entry.code && floor.component === entry.component);
    if (!match) problems.push({ entry, reason: 'component_not_found' });
    else if (!match.enabled) problems.push({ entry, reason: 'disabled' });
    else placed.push({ floor_id: match.id, values: structuredClone(entry.values) });
  }
  return { placed, problems };
}
