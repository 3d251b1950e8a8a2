import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SiteTaskAction, SiteTaskRecord, SiteTaskStatus } from '@dp/contracts';
import { sites, siteTasks, virtualMachines } from '../../schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { createSiteTask } from './create-site-task.ts';

/** Test data of the sites controller: sites written directly, tasks made the way sites.context makes them. */
export const API = '/gateway/sites.controller/api/v1';
export const TECHNICAL_DOMAIN = 'localhost';

let counter = 0;
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 4)}`;

export interface SiteFixture {
  id: number;
  clientId: number;
  host: string | null;
  technicalHost: string | null;
}

/** A site of the client; a pending site (3) is waiting for its provisioning, as publishing leaves it. */
export async function newSite(t: TestApp, clientId: number, extra: Partial<typeof sites.$inferInsert> = {}): Promise<SiteFixture> {
  const code = `s-${unique()}`;
  const [site] = await t.database.db
    .insert(sites)
    .values({ name: `Сайт ${code}`, host: `${code}.ru`, technical_host: `${code}.${TECHNICAL_DOMAIN}`, client_id: clientId, status: 3, ...extra })
    .returning();
  return { id: site!.id, clientId, host: site!.host, technicalHost: site!.technical_host };
}

/** A NEW task of the site, created in a transaction as the site transitions do. */
export async function newTask(t: TestApp, site: SiteFixture, action: SiteTaskAction = 'create_site', extra: { vmId?: number; oldHost?: string } = {}) {
  const domainCode = site.technicalHost?.endsWith(`.${TECHNICAL_DOMAIN}`) ? site.technicalHost.slice(0, -(TECHNICAL_DOMAIN.length + 1)) : null;
  const task = await t.database.db.transaction((tx) =>
    createSiteTask(tx, null, { siteId: site.id, clientId: site.clientId, action, host: site.host ?? site.technicalHost, domainCode, ...extra }),
  );
  return task.id;
}

export const taskRow = async (t: TestApp, id: number) => (await t.database.db.select().from(siteTasks).where(eq(siteTasks.id, id)))[0]!;
export const vmsOfSite = (t: TestApp, siteId: number) => t.database.db.select().from(virtualMachines).where(eq(virtualMachines.site_id, siteId));
export const siteRow = async (t: TestApp, id: number) => (await t.database.db.select().from(sites).where(eq(sites.id, id)))[0]!;

/** Waits for the job to bring the task to a status (COMPLETE or FAILED): on the row, never a fixed time. */
export const waitForStatus = (t: TestApp, id: number, ...statuses: SiteTaskStatus[]) =>
  waitUntil(`task ${id} to become ${statuses.join(' or ')}`, async () => {
    const row = await taskRow(t, id);
    return statuses.includes(row.status as SiteTaskStatus) && row;
  });

export const act = (t: TestApp, token: string, id: number, action: string, lang = 'en') =>
  t.request('POST', `${API}/tasks/${id}/${action}`, { token, lang });

/** Approves and waits for the run to end. */
export async function approveAndRun(t: TestApp, token: string, id: number) {
  const response = await act(t, token, id, 'approve');
  if (response.statusCode !== 200) throw new Error(`approve ${id}: ${response.statusCode} ${response.body}`);
  return waitForStatus(t, id, 'COMPLETE', 'FAILED');
}

export const list = async (t: TestApp, token: string, path: string, query = '') => {
  const response = await t.request('GET', `${API}/${path}${query}`, { token, lang: 'en' });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json() as { tasks?: SiteTaskRecord[]; vms?: { id: number; status: string }[]; totalCount: number };
};
