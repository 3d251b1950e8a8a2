import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ArrivalQueue } from './arrival-queue.ts';
import { afterTurn, arrivalOf, arrive, GiveWay, giveWayPause, inTurn, queuedTime, takeRequestsInTurns } from './turns.ts';

describe('the arrival queue', () => {
  it('gives the earliest order first, and equal orders in the order they came', () => {
    const queue = new ArrivalQueue<string>();
    const pushed: [number, string][] = [[5, 'e'], [1, 'a1'], [3, 'c'], [1, 'a2'], [9, 'z'], [2, 'b'], [1, 'a3'], [4, 'd']];
    for (const [order, item] of pushed) queue.push(order, item);
    const taken: string[] = [];
    while (queue.size) taken.push(queue.shift()!);
    expect(taken).toEqual(['a1', 'a2', 'a3', 'b', 'c', 'd', 'e', 'z']);
    expect(queue.shift()).toBeUndefined();
  });

  it('counts the items pushed counted while they wait', () => {
    const queue = new ArrivalQueue<string>();
    queue.push(2, 'job');
    queue.push(1, 'request', true);
    queue.push(3, 'request too', true);
    expect(queue.counted).toBe(2);
    expect(queue.shift()).toBe('request');
    expect(queue.counted).toBe(1);
    expect(queue.shift()).toBe('job');
    expect(queue.counted).toBe(1);
    expect(queue.shift()).toBe('request too');
    expect(queue.counted).toBe(0);
  });
});

describe("the main thread's turns", () => {
  it('runs one piece per pass of the event loop, so what arrives meanwhile is not kept waiting behind them all', async () => {
    const ran: string[] = [];
    await new Promise<void>((done) => {
      inTurn(() => {
        ran.push('piece 1');
        // Set during the first piece: it runs in the next pass, before the second piece.
        setImmediate(() => ran.push('meanwhile'));
      });
      inTurn(() => ran.push('piece 2'));
      inTurn(() => {
        ran.push('piece 3');
        done();
      });
    });
    expect(ran).toEqual(['piece 1', 'meanwhile', 'piece 2', 'piece 3']);
  });

  it("takes the pieces of the request that arrived first before those of later ones, across the request's waits", async () => {
    const ran: string[] = [];
    const request = (name: string, steps: number) =>
      new Promise<void>((done) =>
        arrive(async () => {
          const arrival = arrivalOf();
          for (let step = 1; step <= steps; step++) {
            ran.push(`${name}${step}`);
            // A statement's answer: the request goes on in its turn, still as itself.
            await afterTurn(null);
            expect(arrivalOf()).toBe(arrival);
          }
          done();
        }),
      );
    const first = request('a', 3);
    // Arrives just after, before the first request's second step: that step still goes first.
    for (const now = performance.now(); performance.now() === now; );
    const second = request('b', 3);
    await Promise.all([first, second]);
    // Taken as they came instead, the steps would alternate: a1 b1 a2 b2 a3 b3.
    expect(ran).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3']);
  });

  it("reads a new connection's request before the next piece: a load balancer's check waits for one piece at most", async () => {
    const app = Fastify();
    takeRequestsInTurns(app, ['/healthz']);
    const ran: string[] = [];
    app.get('/healthz', async () => {
      ran.push('health answered');
      return { status: 'ok' };
    });
    const busy = (ms: number) => {
      for (const until = performance.now() + ms; performance.now() < until; );
    };
    // Pieces queued in the pass that accepts the connection, as a burst's are.
    app.server.once('connection', () => {
      for (const name of ['piece 1', 'piece 2']) inTurn(() => (busy(20), ran.push(name)));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        net
          .connect(port, '127.0.0.1')
          .end('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
          .on('data', (chunk) => (text += chunk))
          .on('end', () => resolve(text))
          .on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1.1 200/);
      await new Promise<void>((done) => inTurn(done));
      // Without the turn left to the reading, piece 1 ran between the accept and the read.
      expect(ran).toEqual(['health answered', 'piece 1', 'piece 2']);
    } finally {
      await app.close();
    }
  });
});

describe('background work giving way', () => {
  const busy = (ms: number) => {
    for (const until = performance.now() + ms; performance.now() < until; );
  };
  /**
   * Two callers taking turns of `ms` each, `pieces` in all: while one's piece runs, the other's
   * waits, all along. They carry the context they are called in (a request's, or none: a job's).
   */
  const contended = async (pieces: number, ms: number) => {
    const caller = async (turns: number) => {
      for (let i = 0; i < turns; i++) {
        await afterTurn(null);
        busy(ms);
      }
    };
    await Promise.all([caller(Math.ceil(pieces / 2)), caller(Math.floor(pieces / 2))]);
  };

  it('pauses none while pieces waited half of a step or less, and up to the factor times the step when they waited all along', () => {
    expect(giveWayPause(100, 0)).toBe(0);
    expect(giveWayPause(100, 50)).toBe(0);
    expect(giveWayPause(100, 75, 4)).toBeCloseTo(200);
    expect(giveWayPause(100, 100, 4)).toBeCloseTo(400);
    // A share counted over its step (a clock's rounding) is still all along.
    expect(giveWayPause(100, 120, 4)).toBeCloseTo(400);
    expect(giveWayPause(0, 0)).toBe(0);
  });

  /** `work` run as a request's: its pieces are the request's. */
  const asRequest = (work: () => Promise<void>) => new Promise<void>((done) => arrive(() => void work().then(done)));

  it("counts the time a request's pieces wait for their turn, and none while none waits", async () => {
    const before = queuedTime();
    // Five pieces of 10 ms, each queued while the one before runs: some piece waits all along.
    await asRequest(() => contended(5, 10));
    const waited = queuedTime() - before;
    expect(waited).toBeGreaterThanOrEqual(40);
    const after = queuedTime();
    busy(20);
    expect(queuedTime()).toBe(after);
  });

  it("does not count a job's pieces waiting for each other", async () => {
    const before = queuedTime();
    await contended(5, 10);
    expect(queuedTime()).toBe(before);
  });

  it('waits after a step during which a request wanted the main thread all along, and not after one when it was free or only the job wanted it', async () => {
    const giveWay = new GiveWay(2);
    busy(20);
    let started = performance.now();
    await giveWay.done();
    expect(performance.now() - started).toBeLessThan(20);
    await contended(4, 10);
    started = performance.now();
    await giveWay.done();
    expect(performance.now() - started).toBeLessThan(20);
    await asRequest(() => contended(8, 10));
    started = performance.now();
    await giveWay.done();
    // A step of 80 ms or more, a piece waiting all but the last 10 ms: a pause of well over 60 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
  });
});
