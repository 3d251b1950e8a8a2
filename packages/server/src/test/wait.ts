import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../kit/db.ts';

/**
 * Tests wait for the event they need, never for a fixed time: `check` is polled until it returns
 * something other than undefined or false; the generous limit only bounds a failing test.
 */
export async function waitUntil<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The first file of `dir` whose name matches, once one exists. Files are read only after they
 * appear; writers rename finished files into place, so a visible file is complete.
 */
export const waitForFile = (dir: string, name: RegExp, ms?: number) =>
  waitUntil(`a file ${name} in ${dir}`, () => (fs.existsSync(dir) ? fs.readdirSync(dir).find((file) => name.test(file)) : undefined), ms);

/** Waits until no job of the queue `name` is waiting, running or due for a retry. */
export const waitForJobs = (db: Db, name: string, ms?: number) =>
  waitUntil(`the jobs of ${name} to finish`, async () => {
    const result = await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n === 0;
  }, ms);
