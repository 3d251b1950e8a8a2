import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { isRunLive, takeRunLock } from './run-lock.ts';

/** A scope no service uses, so the test's locks meet no real run. */
const SCOPE = 19_999;

describe('run locks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ runJobs: false });
  });
  afterAll(() => t?.close());

  it('tells a live run from none, and a second run of the same id stands aside while the first lives', async () => {
    const release = await takeRunLock(t.ctx, SCOPE, 1);
    expect(release).not.toBeNull();
    expect(await isRunLive(t.ctx, SCOPE, 1)).toBe(true);
    expect(await isRunLive(t.ctx, SCOPE, 2)).toBe(false);
    expect(await takeRunLock(t.ctx, SCOPE, 1)).toBeNull();
    await release!();
    expect(await isRunLive(t.ctx, SCOPE, 1)).toBe(false);
  });

  it('never makes a run that starts while another process asks about it stand aside', async () => {
    // The recovery of dead imports asks about a report while its resumed run may be starting. A
    // probe that took the lock for a moment refused that run, which left the report "in process".
    for (let id = 100; id < 140; id++) {
      const [, release] = await Promise.all([isRunLive(t.ctx, SCOPE, id), takeRunLock(t.ctx, SCOPE, id)]);
      expect(release, `the run of ${id}`).not.toBeNull();
      await release!();
    }
  });
});
