import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { sha256 } from '../../kit/secrets.ts';
import { refreshTokens } from './session.table.ts';

const REFRESH = '/gateway/auth.processing/api/v1/refresh';
const ME = '/gateway/clients.storage/api/v1/me';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const refresh = (token: string) => t.request('POST', REFRESH, { body: { data: { refresh_token: token } } });
const me = (accessToken: string) => t.request('GET', ME, { token: accessToken });

/** Moves the token's use back past the grace period: no waiting in tests. */
async function usedLongAgo(token: string) {
  const past = new Date(Date.now() - (t.config.refreshReuseGraceSeconds + 1) * 1000);
  await t.database.db.update(refreshTokens).set({ used_at: past }).where(eq(refreshTokens.token_hash, sha256(token)));
}

describe('refresh-token reuse grace period', () => {
  it('is a few seconds by default', () => {
    expect(t.config.refreshReuseGraceSeconds).toBe(10);
  });

  it('gives two tabs refreshing with the same token at once the same new refresh token, and keeps the session', async () => {
    const user = await t.createUser({});
    const first = await t.signIn(user.email);
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pairA = a.json().data;
    const pairB = b.json().data;
    expect(pairA.refresh_token).toBe(pairB.refresh_token);
    expect(pairA.refresh_token).not.toBe(first.refresh_token);
    expect((await me(pairA.access_token)).statusCode).toBe(200);
    expect((await me(pairB.access_token)).statusCode).toBe(200);
    // The shared successor rotates once as usual.
    const next = await refresh(pairA.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().data.access_token)).statusCode).toBe(200);
  });

  it('after the grace period a reuse revokes the whole session, the new tokens too', async () => {
    const user = await t.createUser({});
    const first = await t.signIn(user.email);
    const second = (await refresh(first.refresh_token)).json().data;
    await usedLongAgo(first.refresh_token);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('within the grace period a reuse still revokes the session once the new refresh token was itself used', async () => {
    const user = await t.createUser({});
    const first = await t.signIn(user.email);
    const second = (await refresh(first.refresh_token)).json().data;
    const third = (await refresh(second.refresh_token)).json().data;
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await me(third.access_token)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
  });

  it('is off with REFRESH_REUSE_GRACE_SECONDS=0: any reuse revokes', async () => {
    const strict = await buildTestApp({ refreshReuseGraceSeconds: 0 });
    try {
      const user = await strict.createUser({});
      const first = await strict.signIn(user.email);
      const again = () => strict.request('POST', REFRESH, { body: { data: { refresh_token: first.refresh_token } } });
      const second = (await again()).json().data;
      expect((await again()).statusCode).toBe(401);
      expect((await strict.request('GET', ME, { token: second.access_token })).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
