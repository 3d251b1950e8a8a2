import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { ArrivalQueue } from './arrival-queue.ts';

/**
 * The main thread's work taken in turns: one piece per turn of the event loop, the piece of the
 * request that arrived first before the others.
 *
 * Node reads every socket that is ready, and runs every database answer that arrived, in one
 * pass of its loop. Under a burst, one pass then holds the continuations of dozens of requests
 * (building and writing their pages), and a request that just arrived, a load balancer's
 * `/healthz` among them, is read only after all of them. Taken in turns, a pass holds one piece:
 * sockets are read between any two pieces. And taken by arrival, a request that has waited for
 * the database three times does not wait behind the first step of every request that came after
 * it: requests finish in about the order they came, and none waits for all the others.
 *
 * A piece is what runs when a request starts (its hooks and handler up to its first wait) or
 * when a statement's answer arrives (the caller's code up to its next wait).
 */
const waiting = new ArrivalQueue<() => void>();
let scheduled = false;
/**
 * A connection was accepted since the last turn. Its request is read in the next pass (the
 * accept only starts the reading), so the next turn is left to that pass: a load balancer's new
 * connection is then answered after one piece at most, not two. Never two turns in a row, so
 * that connections, however many, cannot hold the pieces back.
 */
let accepted = false;
let passed = false;
/** When the request whose code is running arrived (performance.now()); kept across its waits. */
const arrivals = new AsyncLocalStorage<number>();

/** When the request being served arrived; now, outside a request (a job, a start). */
export const arrivalOf = (): number => arrivals.getStore() ?? performance.now();

/** Whether the code running serves a request (not a job, not a start). */
export const servesRequest = (): boolean => arrivals.getStore() !== undefined;

/** Since when pieces of requests have been waiting for their turn, and for how long they have, all told, before that. */
let queuedSince = 0;
let queuedMs = 0;

function takeTurn() {
  scheduled = false;
  if (accepted && !passed) {
    accepted = false;
    passed = true;
    return schedule();
  }
  passed = false;
  const counted = waiting.counted;
  const piece = waiting.shift();
  if (counted && !waiting.counted) queuedMs += performance.now() - queuedSince;
  piece?.();
  // An immediate set inside an immediate runs in the next pass, after the sockets are read.
  if (waiting.size) schedule();
}

function schedule() {
  scheduled = true;
  setImmediate(takeTurn);
}

/** A connection was accepted: the next turn is the reading's (see `accepted`). */
export function connectionAccepted(): void {
  accepted = true;
}

/**
 * Runs `piece` in its turn, after the pieces of the requests that arrived before `arrival` (this
 * one's). `ofRequest`: the piece serves a request, so its wait counts in `queuedTime`.
 */
export function inTurn(piece: () => void, arrival = arrivalOf(), ofRequest = servesRequest()): void {
  if (ofRequest && !waiting.counted) queuedSince = performance.now();
  waiting.push(arrival, piece, ofRequest);
  if (!scheduled) schedule();
}

/**
 * The time, ms, during which pieces of requests were waiting for their turn, since the process
 * started: the main thread was wanted by a request while it ran something else. A job's own
 * pieces (an import's parse beside its apply) do not count: a job does not give way to itself.
 */
export function queuedTime(now = performance.now()): number {
  return queuedMs + (waiting.counted ? now - queuedSince : 0);
}

/** How many times a step of background work it waits after it once the main thread was wanted all along. */
export const GIVE_WAY_FACTOR = 5;

/**
 * The pause after a step of background work of `stepMs`, `queuedMs` of which pieces were waiting
 * for their turn: none while they waited half of it or less; up to `factor` times the step when
 * they waited all along.
 */
export function giveWayPause(stepMs: number, queuedMs: number, factor = GIVE_WAY_FACTOR): number {
  if (stepMs <= 0) return 0;
  const share = Math.min(1, queuedMs / stepMs);
  return share <= 0.5 ? 0 : factor * stepMs * (share - 0.5) * 2;
}

/**
 * Background work (a job's batches) giving way to the requests: after each step, `done()` waits
 * giveWayPause of it. A process kept busy by requests does such work at 1/(1 + factor) of its
 * pace, so the pages it serves meanwhile come nearly as fast as without it; a process that
 * serves a request now and then does it at full pace. Its other pieces (a statement's answer)
 * already take their turn after those of earlier requests. Why: docs/decisions/platform.md, "How
 * do jobs share a process with the requests?".
 */
export class GiveWay {
  private startedAt = performance.now();
  private queuedAt = queuedTime();

  constructor(private readonly factor = GIVE_WAY_FACTOR) {}

  /** Ends a step: waits as the main thread's queue during it asks, then starts the next. */
  async done(): Promise<void> {
    const now = performance.now();
    const pause = giveWayPause(now - this.startedAt, queuedTime(now) - this.queuedAt, this.factor);
    if (pause >= 1) await new Promise((resolve) => setTimeout(resolve, pause));
    this.startedAt = performance.now();
    this.queuedAt = queuedTime();
  }
}

/** Starts a request that arrives now: `start` and everything it waits for carry its arrival. */
export function arrive(start: () => void): void {
  arrivals.run(performance.now(), () => {
    // A resource of its own rather than AsyncResource.bind, which on Node 20 also defines a
    // deprecated getter on every bound function: a cost paid by every request.
    const resource = new AsyncResource('turn');
    inTurn(() => resource.runInAsyncScope(start));
  });
}

/** The value, handed on in its turn: the caller's continuation is the piece. */
export function afterTurn<T>(value: T): Promise<T> {
  return new Promise((resolve) => inTurn(() => resolve(value)));
}

/** The same for a failure. */
export function failAfterTurn(error: unknown): Promise<never> {
  return new Promise((_resolve, reject) => inTurn(() => reject(error)));
}

/**
 * Every request of `app` taken in turns: it starts in its turn, stamped with its arrival, and its
 * reply is serialised and written in a turn of its own, apart from the handler that built it. The
 * `exempt` routes (a load balancer's health check) are answered at once, ahead of those waiting,
 * and a new connection's request is read before the next piece.
 */
export function takeRequestsInTurns(app: FastifyInstance, exempt: string[]): void {
  const isExempt = (url: string | undefined) => url !== undefined && exempt.includes(url);
  app.server.on('connection', connectionAccepted);
  app.addHook('onRequest', (request, _reply, done) => {
    if (isExempt(request.routeOptions.url)) done();
    else arrive(done);
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (isExempt(request.routeOptions.url)) done(null, payload);
    else inTurn(() => done(null, payload));
  });
}
