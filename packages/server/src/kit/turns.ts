/**
 * The main thread's work taken in turns: one piece per turn of the event loop, in arrival order.
 *
 * Node reads every socket that is ready, and runs every database answer that arrived, in one
 * pass of its loop. Under a burst, one pass then holds the continuations of dozens of requests
 * (building and writing their pages), and a request that just arrived, a load balancer's
 * `/healthz` among them, is read only after all of them. Taken in turns, a pass holds one piece:
 * sockets are read between any two pieces, and requests still run first come first served.
 *
 * A piece is what runs when a request starts (its hooks and handler up to its first wait) or
 * when a statement's answer arrives (the caller's code up to its next wait).
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function takeTurn() {
  scheduled = false;
  waiting.shift()?.();
  // An immediate set inside an immediate runs in the next pass, after the sockets are read.
  if (waiting.length) schedule();
}

function schedule() {
  scheduled = true;
  setImmediate(takeTurn);
}

/** Runs `piece` in its turn, after the pieces that came before it. */
export function inTurn(piece: () => void): void {
  waiting.push(piece);
  if (!scheduled) schedule();
}

/** The value, handed on in its turn: the caller's continuation is the piece. */
export function afterTurn<T>(value: T): Promise<T> {
  return new Promise((resolve) => inTurn(() => resolve(value)));
}

/** The same for a failure. */
export function failAfterTurn(error: unknown): Promise<never> {
  return new Promise((_resolve, reject) => inTurn(() => reject(error)));
}
