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

function takeTurn() {
  scheduled = false;
  if (accepted && !passed) {
    accepted = false;
    passed = true;
    return schedule();
  }
  passed = false;
  waiting.shift()?.();
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

/** Runs `piece` in its turn, after the pieces of the requests that arrived before `arrival` (this one's). */
export function inTurn(piece: () => void, arrival = arrivalOf()): void {
  waiting.push(arrival, piece);
  if (!scheduled) schedule();
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
