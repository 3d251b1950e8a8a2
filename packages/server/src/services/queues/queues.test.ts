import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { checkQueueBacklogs } from './queue-backlog.ts';

/**
 * The queues screen's API (spec 002 §7 "Queue state"): every pg-boss queue with its counts and
 * kind, a queue's jobs with secrets hidden, retry of a failed job and cancel of a waiting one;
 * staff only.
 */
let t: TestApp;
let staff: string;
let dealer: string;
const API = '/gateway/queues/api/v1/queues';
const CODES = { queues: ['queues.get_list', 'queues.patch'] };

beforeAll(async () => {
  // Jobs only wait here: nothing runs them.
  t = await buildTestApp({ runJobs: false });
  staff = (await t.signIn((await t.createUser({ email: `queues-${Date.now()}@platform.test`, grants: CODES })).email)).access_token;
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [await t.createClient()], internal: false })).email)).access_token;
});
afterAll(async () => {
  await t?.close();
});

const stateOf = async (id: string) => ((await t.database.db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as { rows: { state: string }[] }).rows[0]?.state;

describe('queues', () => {
  it('lists every queue with its kind and counts, shows its jobs with secrets hidden, and lets staff retry and cancel', async () => {
    const waiting = (await t.ctx.jobs.send('notificator.deliver', { delivery_id: 1, smtp: { password: 'p4ss', host: 'mail' }, token: 'secret-token' }))!;
    const failed = (await t.ctx.jobs.send('notificator.deliver', { delivery_id: 2 }))!;
    await t.database.db.execute(sql`update pgboss.job set state = 'failed', output = '{"message":"503 from the webhook"}'::jsonb where id = ${failed}`);

    const list = await t.request('GET', API, { token: staff });
    expect(list.statusCode, list.body).toBe(200);
    const deliver = list.json().data.find((queue: { id: string }) => queue.id === 'notificator.deliver').attributes;
    expect(deliver).toMatchObject({ kind: 'distributed-related', waiting: 1, failed: 1, active: 0 });
    expect(deliver.oldest_waiting_seconds).toBeGreaterThanOrEqual(0);
    const kinds = Object.fromEntries(list.json().data.map((queue: { id: string; attributes: { kind: string } }) => [queue.id, queue.attributes.kind]));
    expect(kinds['cars.import.run']).toBe('manual');
    expect(kinds['content.publish-state']).toBe('manual-related');
    expect(Object.keys(kinds).filter((name) => name.startsWith('__pgboss'))).toEqual([]);

    const one = await t.request('GET', `${API}/notificator.deliver`, { token: staff });
    expect(one.statusCode, one.body).toBe(200);
    const jobs = one.json().included as { id: string; attributes: { data: any; last_error: string | null; state: string } }[];
    const hidden = jobs.find((job) => job.id === waiting)!.attributes.data;
    expect(hidden).toEqual({ delivery_id: 1, smtp: { password: '[hidden]', host: 'mail' }, token: '[hidden]' });
    expect(one.body).not.toContain('p4ss');
    expect(jobs.find((job) => job.id === failed)!.attributes.last_error).toBe('503 from the webhook');
    expect((await t.request('GET', `${API}/notificator.deliver?filter[state]=failed`, { token: staff })).json().meta.page.total).toBe(1);

    // Retry: only a failed job; cancel: a waiting one.
    expect((await t.request('POST', `${API}/notificator.deliver/jobs/${waiting}/retry`, { token: staff, body: {} })).statusCode).toBe(409);
    expect((await t.request('POST', `${API}/notificator.deliver/jobs/${failed}/retry`, { token: staff, body: {} })).statusCode).toBe(200);
    expect(await stateOf(failed)).toBe('retry');
    expect((await t.request('POST', `${API}/notificator.deliver/jobs/${waiting}/cancel`, { token: staff, body: {} })).statusCode).toBe(200);
    expect(await stateOf(waiting)).toBe('cancelled');
  });

  it('refuses dealers and unknown queues', async () => {
    expect((await t.request('GET', API, { token: dealer })).statusCode).toBe(403);
    expect((await t.request('GET', `${API}/notificator.deliver`, { token: dealer })).statusCode).toBe(403);
    // Retry and cancel are staff's: a dealer is refused before the job is even looked up.
    const anyJob = '00000000-0000-0000-0000-000000000000';
    expect((await t.request('POST', `${API}/notificator.deliver/jobs/${anyJob}/retry`, { token: dealer, body: {} })).statusCode).toBe(403);
    expect((await t.request('POST', `${API}/notificator.deliver/jobs/${anyJob}/cancel`, { token: dealer, body: {} })).statusCode).toBe(403);
    expect((await t.request('GET', `${API}/no.such.queue`, { token: staff })).statusCode).toBe(404);
    expect((await t.request('POST', `${API}/notificator.deliver/jobs/not-a-uuid/cancel`, { token: staff, body: {} })).statusCode).toBe(400);
    expect((await t.request('GET', API)).statusCode).toBe(401);
  });
});

describe('a queue backing up', () => {
  const LIMITS = { ageMinutes: 15, waiting: 3 };
  const QUEUE = 'sender.sweep';
  const told = async () => {
    const rows = (await t.database.db.execute(sql`select text, text_en, level, details from notifications where type = 'queue_backlog' and details->>'queue' = ${QUEUE} order by id`)) as unknown as {
      rows: { text: string; text_en: string; level: string; details: { waiting: number; oldest_minutes: number } }[];
    };
    return rows.rows;
  };
  const clear = () => t.database.db.execute(sql`delete from pgboss.job where name = ${QUEUE}`);

  it('is told once per episode: when its oldest job waits too long or too many wait, and again after it has caught up', async () => {
    await clear();
    // Three jobs waiting, none old: not backing up.
    for (let i = 0; i < 3; i++) await t.ctx.jobs.send(QUEUE, { n: i });
    expect(await checkQueueBacklogs(t.ctx, LIMITS)).not.toContain(QUEUE);
    // The oldest has waited 20 minutes: told once, however often the check runs.
    await t.database.db.execute(sql`update pgboss.job set start_after = now() - interval '20 minutes' where name = ${QUEUE} and data->>'n' = '0'`);
    expect(await checkQueueBacklogs(t.ctx, LIMITS)).toContain(QUEUE);
    await expect.poll(told).toHaveLength(1);
    expect(await checkQueueBacklogs(t.ctx, LIMITS)).not.toContain(QUEUE);
    const [notice] = await told();
    expect(notice).toMatchObject({ level: 'warning', details: { waiting: 3, oldest_minutes: 20 } });
    expect(notice!.text).toContain(`Очередь ${QUEUE} не успевает`);
    expect(notice!.text_en).toBe(`Queue ${QUEUE} is backing up: 3 jobs waiting, the oldest for 20 min`);
    // Caught up: the episode ends; four young jobs (more than three waiting) start a new one.
    await clear();
    expect(await checkQueueBacklogs(t.ctx, LIMITS)).not.toContain(QUEUE);
    for (let i = 0; i < 4; i++) await t.ctx.jobs.send(QUEUE, { n: i });
    expect(await checkQueueBacklogs(t.ctx, LIMITS)).toContain(QUEUE);
    await expect.poll(told).toHaveLength(2);
    await clear();
  });
});
