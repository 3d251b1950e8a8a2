import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, signIn } from './kit.ts';
import { DEMO_PASSWORD } from './playwright.config.ts';

/**
 * Site tasks live (spec 000 §7 update streams): a new site's creation task is approved in one
 * tab; a second tab, showing the task archive, and a third, showing the running machines, change
 * without a reload, over WebSockets the strict CSP lets through.
 */
async function apiToken(request: APIRequestContext) {
  const response = await request.post('/gateway/auth.processing/api/v1/auth', { data: { data: { method: 'password', identity: ADMIN, secret: DEMO_PASSWORD } } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** A draft site of a demo client, made the way the site creation screen makes it: with its NEW creation task. */
async function createSite(request: APIRequestContext, token: string, code: string) {
  const headers = { authorization: `Bearer ${token}` };
  const clients = await request.get('/gateway/clients.storage/api/v1/clients?filter[search]=Ладога', { headers });
  const clientId = Number(((await clients.json()) as { data: { id: string }[] }).data[0]!.id);
  const created = await request.post('/gateway/sites.context/api/v1/sites', {
    headers,
    data: { data: { attributes: { name: `E2E ${code}`, client_id: clientId, host: `${code}.ru`, technical_host: `${code}.localhost` } } },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** A page that counts CSP refusals and remembers it was never reloaded. */
async function openTasks(page: Page, tab: string) {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to connect/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`/sites.controller/tasks_page/${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByTestId('tasks-live')).toHaveText('Обновляется автоматически');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return refused;
}

const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('approving a creation task moves it to the archive live in another tab, and its VM appears', async ({ page, context, request }) => {
  const code = `e2e-${Date.now().toString(36)}`;
  await createSite(request, await apiToken(request), code);
  await signIn(page, ADMIN);

  const archive = await context.newPage();
  const machines = await context.newPage();
  const refused = [...(await openTasks(archive, 'archived_tasks')), ...(await openTasks(machines, 'active_vms'))];
  await expect(archive.getByTestId('tasks-archived').getByText(`E2E ${code}`)).toHaveCount(0);
  await expect(machines.getByTestId('vms-active').getByText(`${code}.localhost`)).toHaveCount(0);

  refused.push(...(await openTasks(page, '')));
  const row = page.getByTestId('tasks-active').getByRole('row').filter({ hasText: `E2E ${code}` });
  await expect(row.getByTestId('task-status')).toHaveText('Новая');
  await row.getByRole('button', { name: 'Одобрить' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Одобрить' }).click();
  await expect(page.getByText(/одобрена и поставлена в очередь/)).toBeVisible();
  // It leaves the active list of this tab once the job has run it.
  await expect(row).toHaveCount(0);

  const archived = archive.getByTestId('tasks-archived').getByRole('row').filter({ hasText: `E2E ${code}` });
  await expect(archived.getByTestId('task-status')).toHaveText('Выполнена');
  await expect(archived).toContainText('Одобрил(а):');
  await expect(archived).toContainText('Администраторова Анна');
  const vm = machines.getByTestId('vms-active').getByRole('row').filter({ hasText: `${code}.localhost` });
  await expect(vm.getByTestId('vm-status')).toHaveText('Работает');
  await expect(vm).toContainText('127.0.0.1');
  await expect(vm).toContainText(`${code}.ru`);

  expect(await stillTheSamePage(archive)).toBe(true);
  expect(await stillTheSamePage(machines)).toBe(true);
  expect(refused).toEqual([]);
});
