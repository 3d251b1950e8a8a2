import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from './db.ts';
import { arrive } from './turns.ts';

/**
 * The embedded database of a data folder, served from its own thread: what the app's code sees
 * must be what it sees of an embedded database in the process (types, transactions, errors,
 * notifications, persistence).
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-db-thread-'));
const open = () => openDatabase({ databaseUrl: null, dataDir: folder, memoryDb: false, databaseThreadNice: 4 });
/** A thread's niceness, from its /proc stat (field 19). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
/** A table of the test's own, with the kinds of values the services' tables hold. */
const clients = pgTable('thread_things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  group_ids: integer('group_ids').array().notNull().default([]),
  media_elements: jsonb('media_elements').$type<{ id: string; type: string; url: string; title?: string }[]>().notNull().default([]),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
let database: Database;
beforeAll(async () => {
  database = await open();
  await database.executeSql(`create table if not exists thread_things (id serial primary key, name text not null, code text not null unique,
    group_ids integer[] not null default '{}', media_elements jsonb not null default '[]', created_at timestamptz not null default now())`);
}, 120_000);
afterAll(async () => {
  await database?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database in its thread', () => {
  it.runIf(process.platform === 'linux')("runs below the serving thread's priority", () => {
    const own = niceOf(fs.readFileSync('/proc/thread-self/stat', 'utf8'));
    const threads = fs.readdirSync('/proc/self/task').map((tid) => niceOf(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    expect(threads).toContain(Math.min(own + 4, 19));
    expect(niceOf(fs.readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(own);
  });

  it('reads and writes records with their types through drizzle', async () => {
    const media = [{ id: 'm1', type: 'image', url: '/files/m1.png', title: 'Фасад' }];
    const [created] = await database.db.insert(clients).values({ name: 'Тред Авто', code: 'thread-auto', group_ids: [1, 2], media_elements: media }).returning();
    expect(created!.media_elements).toEqual(media);
    expect(created!.created_at).toBeInstanceOf(Date);
    const [read] = await database.db.select().from(clients).where(eq(clients.id, created!.id));
    expect(read).toMatchObject({ name: 'Тред Авто', code: 'thread-auto', group_ids: [1, 2], media_elements: media });
    expect(read!.created_at.getTime()).toBe(created!.created_at.getTime());
    const counted = (await database.db.execute(sql`select count(*)::int as total from ${clients} where code = 'thread-auto'`)) as unknown as { rows: { total: number }[] };
    expect(counted.rows[0]!.total).toBe(1);
  });

  it('keeps a committed transaction, drops one that throws, makes other statements wait for it, and answers a health check meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const order: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(clients).values({ name: 'В транзакции', code: 'in-tx' });
      entered();
      await held;
      order.push('commit');
    });
    // Issued while the transaction is open: answered after it, and sees its row.
    await inside;
    const outside = database.db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'in-tx')).then((rows) => {
      order.push('outside');
      return rows;
    });
    // A health check answers at once while statements wait (the transaction answered just now).
    expect(await database.ping()).toBe(true);
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toHaveLength(1);
    expect(order).toEqual(['commit', 'outside']);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(clients).values({ name: 'Откат', code: 'rolled-back' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await database.db.select().from(clients).where(eq(clients.code, 'rolled-back'))).toEqual([]);
  });

  it('passes a database error with its code, and nested savepoints roll back alone', async () => {
    const error = await database.db
      .insert(clients)
      .values({ name: 'Дубль', code: 'thread-auto' })
      .then(() => null, (failure: { cause?: { code?: string; constraint?: string } }) => failure);
    expect(error?.cause?.code).toBe('23505');
    await database.db.transaction(async (tx) => {
      await tx.insert(clients).values({ name: 'Внешняя', code: 'outer' });
      await tx.transaction(async (inner) => {
        await inner.insert(clients).values({ name: 'Внутренняя', code: 'inner' });
        inner.rollback();
      }).catch(() => undefined);
    });
    const codes = (await database.db.select({ code: clients.code }).from(clients)).map((row) => row.code);
    expect(codes).toContain('outer');
    expect(codes).not.toContain('inner');
  });

  it('answers raw statements with dates as dates, and delivers notifications', async () => {
    const { rows } = await database.executeSql('select $1::timestamptz as at', ['2026-11-29T10:00:00Z']);
    expect(rows[0].at).toBeInstanceOf(Date);
    expect((await database.executeSql('select now() as at')).rows[0].at).toBeInstanceOf(Date);
    expect((await database.executeSql(`select '{"a":[1,"b"]}'::jsonb as doc`)).rows[0].doc).toEqual({ a: [1, 'b'] });
    const received: string[] = [];
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const stop = await database.listen('dp_thread_test', {
      onPayload(payload) {
        received.push(payload);
        heard();
      },
    });
    await database.executeSql(`select pg_notify('dp_thread_test', $1)`, ['hello']);
    await arrived;
    expect(received).toEqual(['hello']);
    await stop();
  });

  it('answers waiting statements earliest request first, not in the order they were asked', async () => {
    const order: string[] = [];
    const ask = (name: string) => database.db.select({ id: clients.id }).from(clients).limit(1).then(() => void order.push(name));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // A transaction holds the database while both requests ask.
    const transaction = database.db.transaction(async (tx) => {
      await tx.select({ id: clients.id }).from(clients).limit(1);
      entered();
      await held;
    });
    await inside;
    let lateAsked!: () => void;
    const afterLate = new Promise<void>((resolve) => (lateAsked = resolve));
    // The earlier request asks only once the later one has asked.
    const early = new Promise<void>((done) => arrive(async () => void (await afterLate, await ask('early'), done())));
    for (const now = performance.now(); performance.now() === now; );
    const late = new Promise<void>((done) =>
      arrive(async () => {
        const asking = ask('late');
        lateAsked();
        await asking;
        done();
      }),
    );
    await afterLate;
    // Both statements are sent once the microtasks after the later one's have run.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([transaction, early, late]);
    expect(order).toEqual(['early', 'late']);
  });

  it('keeps the data after a close, and refuses a second process on the folder', async () => {
    await database.close();
    database = await open();
    const [kept] = await database.db.select().from(clients).where(eq(clients.code, 'thread-auto'));
    expect(kept?.name).toBe('Тред Авто');
    fs.writeFileSync(path.join(folder, 'pglite', 'app.lock'), String(process.ppid));
    await expect(open()).rejects.toThrow(/in use by process/);
    fs.writeFileSync(path.join(folder, 'pglite', 'app.lock'), String(process.pid));
  }, 120_000);
});
