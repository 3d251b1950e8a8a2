import { describe, expect, it } from 'vitest';
import { ArrivalQueue } from './arrival-queue.ts';
import { afterTurn, arrivalOf, arrive, inTurn } from './turns.ts';

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
});
