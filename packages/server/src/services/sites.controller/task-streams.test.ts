import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { REALTIME_CLOSE, SITE_TASK_STREAMS } from '@dp/contracts';
import { buildApp, type App } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { createSiteTask } from './create-site-task.ts';
import { act, newSite, newTask, unique, waitForStatus } from './site-task.fixtures.ts';

/**
 * The two update streams of spec 000 §7 over a real socket (kit/realtime.ts): authenticated by
 * the first message (or a header), each update goes to the subscribers who may see its client's
 * records and hold `tasks`, only after its transaction commits; a logout closes the socket at the
 * next update. On PostgreSQL a change made by another process reaches this one's sockets, also
 * after the LISTEN connection was lost.
 */
let t: TestApp;
let base: string;
let staffToken: string;
let dealerA: string;
let clientA: number;
let clientB: number;
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

beforeAll(async () => {
  t = await buildTestApp({ technicalDomain: 'localhost' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/gateway/sites.controller`;
  clientA = await t.createClient();
  clientB = await t.createClient();
  const staff = await t.createUser({ email: `staff-${unique()}@platform.test`, grants: { 'sites.controller': ['tasks'] } });
  staffToken = (await t.signIn(staff.email)).access_token;
  const dealer = await t.createUser({ grants: { 'sites.controller': ['tasks'] }, clientIds: [clientA] });
  dealerA = (await t.signIn(dealer.email)).access_token;
});
afterAll(() => t?.close());

interface Socket {
  ws: WebSocket;
  /** The next message matching `match` (those before it are passed over). */
  next(match?: (message: any) => boolean): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A client socket whose messages are read in order, waiting on each as it arrives. */
function open(stream: keyof typeof SITE_TASK_STREAMS, headers: Record<string, string> = {}): Promise<Socket> {
  const ws = new WebSocket(`${base}${SITE_TASK_STREAMS[stream]}`, { headers });
  const queue: any[] = [];
  let wake: (() => void) | null = null;
  ws.on('message', (data) => {
    queue.push(JSON.parse(String(data)));
    wake?.();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const socket: Socket = {
    ws,
    closed,
    async next(match = () => true) {
      for (;;) {
        const index = queue.findIndex(match);
        if (index >= 0) return queue.splice(0, index + 1).at(-1);
        if (ws.readyState === ws.CLOSED) throw new Error('the socket closed before the message came');
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), closed]);
      }
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (request, response) => {
      // With this listener ws leaves the answer to us: end it, or the server's close waits on it.
      request.destroy();
      reject(new Error(`upgrade refused: ${response.statusCode}`));
    });
    ws.once('error', reject);
  });
}

/** A socket authenticated with its first message, as the browser does. */
async function subscribe(stream: keyof typeof SITE_TASK_STREAMS, token: string) {
  const socket = await open(stream);
  socket.ws.send(JSON.stringify({ type: 'auth', token }));
  expect(await socket.next()).toEqual({ type: 'ready', stream: `sites.controller.${stream}` });
  return socket;
}

const isTask = (id: number) => (message: any) => message.type === 'update' && message.data.task?.id === id;

describe('the tasks stream', () => {
  it('authenticates with the first message and sends each change of a task', async () => {
    const socket = await subscribe('tasks', staffToken);
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    const created = await socket.next(isTask(id));
    expect(created).toMatchObject({ type: 'update', stream: 'sites.controller.tasks', data: { task: { id, status: 'NEW', siteId: site.id, clientId: clientA } } });
    expect((await act(t, staffToken, id, 'approve')).statusCode).toBe(200);
    // Approved, claimed by the job, completed: each change in order.
    const statuses: string[] = [];
    while (statuses.at(-1) !== 'COMPLETE') statuses.push((await socket.next(isTask(id))).data.task.status);
    expect(statuses).toEqual(['APPROVED', 'IN_PROGRESS', 'COMPLETE']);
    socket.ws.close();
  });

  it('sends nothing for a rolled-back change, and only the caller\'s clients\' tasks', async () => {
    const socket = await subscribe('tasks', dealerA);
    const foreign = await newSite(t, clientB);
    const own = await newSite(t, clientA);
    await newTask(t, foreign);
    await t.database.db
      .transaction(async (tx) => {
        await createSiteTask(tx, null, { siteId: own.id, clientId: clientA, action: 'switch_core' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const id = await newTask(t, own);
    // The first update this dealer gets is its own committed task: the foreign and the rolled-back ones never came.
    expect(await socket.next()).toMatchObject({ type: 'update', data: { task: { id, clientId: clientA } } });
    socket.ws.close();
  });

  it('closes at the next update once the session ended (logout)', async () => {
    const user = await t.createUser({ grants: { 'sites.controller': ['tasks'] }, clientIds: [clientA] });
    const session = await t.signIn(user.email);
    const socket = await subscribe('tasks', session.access_token);
    expect((await t.request('POST', '/gateway/auth.processing/api/v1/logout', { token: session.access_token, body: { data: {} } })).statusCode).toBeLessThan(300);
    await newTask(t, await newSite(t, clientA));
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.unauthorized, reason: 'unauthorized' });
  });

  it('closes at the next update once the permission is taken away (403), or the user deactivated (401)', async () => {
    const user = await t.createUser({ grants: { 'sites.controller': ['tasks'] }, clientIds: [clientA] });
    const socket = await subscribe('tasks', (await t.signIn(user.email)).access_token);
    await t.database.db.execute(sql`delete from role_permissions where role_id in (select role_id from user_roles where user_id = ${user.id})`);
    await newTask(t, await newSite(t, clientA));
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.forbidden);

    const other = await t.createUser({ grants: { 'sites.controller': ['tasks'] }, clientIds: [clientA] });
    const second = await subscribe('tasks', (await t.signIn(other.email)).access_token);
    await t.database.db.execute(sql`update users set active = false where id = ${other.id}`);
    await newTask(t, await newSite(t, clientA));
    expect((await second.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it('refuses a bad token, a user without tasks, a first message that is no auth', async () => {
    const bad = await open('tasks');
    bad.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect((await bad.closed).code).toBe(REALTIME_CLOSE.unauthorized);

    const user = await t.createUser({ grants: { 'sites.context': ['sites.get_full_list'] }, clientIds: [clientA] });
    const without = await open('tasks');
    without.ws.send(JSON.stringify({ type: 'auth', token: (await t.signIn(user.email)).access_token }));
    expect((await without.closed).code).toBe(REALTIME_CLOSE.forbidden);

    const chatter = await open('tasks');
    chatter.ws.send('hello');
    expect((await chatter.closed).code).toBe(REALTIME_CLOSE.badMessage);
  });

  it('accepts the token as a header from clients that can send one, and answers pings', async () => {
    const socket = await open('tasks', { authorization: `Bearer ${staffToken}` });
    expect(await socket.next()).toEqual({ type: 'ready', stream: 'sites.controller.tasks' });
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.ws.close();
    // A wrong header is refused before the upgrade, like any gateway call.
    await expect(open('tasks', { authorization: 'Bearer wrong' })).rejects.toThrow('upgrade refused: 401');
  });

  it('answers plain HTTP with 426 and errors[]', async () => {
    const response = await t.request('GET', `/gateway/sites.controller${SITE_TASK_STREAMS.tasks}`, { token: staffToken, lang: 'en' });
    expect(response.statusCode).toBe(426);
    expect(response.json().errors[0].title).toBe('This is an update stream: connect over WebSocket');
    expect((await t.request('GET', `/gateway/sites.controller${SITE_TASK_STREAMS.tasks}`)).statusCode).toBe(401);
  });
});

describe('the VM stream', () => {
  it('sends the machine an approved creation task makes', async () => {
    const socket = await subscribe('vms', staffToken);
    const site = await newSite(t, clientA);
    const id = await newTask(t, site);
    await act(t, staffToken, id, 'approve');
    const update = await socket.next((message) => message.type === 'update' && message.data.vm?.siteId === site.id);
    expect(update.data.vm).toMatchObject({ siteId: site.id, status: 'CREATED', platformId: 'local', host: site.host, technicalHost: site.technicalHost, taskId: id });
    await waitForStatus(t, id, 'COMPLETE');
    socket.ws.close();
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  let second: App;
  beforeAll(async () => {
    // Another app process on the same database: its own pool and its own listener.
    second = await buildApp({ ...t.config, runJobs: false });
  });
  afterAll(() => second?.close());

  it('a change made by another process reaches this process\'s sockets', async () => {
    const socket = await subscribe('tasks', staffToken);
    const site = await newSite(t, clientA);
    const task = await second.database.db.transaction((tx) => createSiteTask(tx, null, { siteId: site.id, clientId: clientA, action: 'create_site' }));
    expect(await socket.next(isTask(task.id))).toMatchObject({ data: { task: { id: task.id, status: 'NEW' } } });
    socket.ws.close();
  });

  it('a lost LISTEN connection is replaced: subscribers resync, later updates arrive', async () => {
    const socket = await subscribe('tasks', staffToken);
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dp-realtime' and datname = current_database()`);
    expect(await socket.next((message) => message.type === 'resync')).toEqual({ type: 'resync', stream: 'sites.controller.tasks' });
    const id = await newTask(t, await newSite(t, clientA));
    expect(await socket.next(isTask(id))).toMatchObject({ data: { task: { id } } });
    socket.ws.close();
    await waitUntil('the listeners to be back', async () => {
      const result = await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where application_name = 'dp-realtime' and datname = current_database()`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n === 2;
    });
  });
});
