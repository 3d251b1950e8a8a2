import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, callApi, closeNotices, signIn, signInAgain, visit } from './kit.ts';
import { SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * The job queues screen (staff): the queues with their kinds and counts; a queue's page with its
 * jobs. A notification delivered to a webhook that answers 503 leaves a delivery job waiting for
 * its retry with the error; staff find it in the `notificator.deliver` queue, filtered by its
 * state, and cancel it after confirming. A dealer's manager has no entry and the API refuses them.
 */
const MANAGER = 'manager@avtograd-sever.test';
const RUN = Date.now().toString(36);
const M = '/gateway/marketplace/api/v1';
const MAPPINGS = '/gateway/notificator/api/v1/mappings';

/** A webhook stand-in that is down: every call answers 503. */
async function downWebhook() {
  let calls = 0;
  const server = http.createServer((_request, response) => {
    calls++;
    response.writeHead(503).end('down');
  });
  await new Promise<void>((resolve) => server.listen(0, SMTP_TEST_HOST, resolve));
  return {
    url: `http://${SMTP_TEST_HOST}:${(server.address() as AddressInfo).port}/hook`,
    calls: () => calls,
    close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}

/** A module suspended and resumed on the first demo site: one `module_suspended` notification. */
async function raiseSuspension(page: Page) {
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1');
  const siteId = sites.body.data[0].id as string;
  expect((await callApi(page, 'POST', `${M}/sites/${siteId}/modules/calltracking/suspend`, { data: { reason: `Очереди ${RUN}` } })).status).toBe(200);
  expect((await callApi(page, 'POST', `${M}/sites/${siteId}/modules/calltracking/resume`, {})).status).toBe(200);
}

test('staff see the queues, open one and cancel a delivery waiting for its retry, in Russian at 1440 px', async ({ page }) => {
  const hook = await downWebhook();
  await signIn(page, ADMIN);
  const mapping = await callApi(page, 'POST', MAPPINGS, {
    data: { attributes: { service: ['marketplace'], product: ['*'], brand: ['*'], type: ['module_suspended'], level: ['*'], messenger: 'webhook', receivers: [hook.url], prefix: `[queues ${RUN}]`, sender: 'e2e' } },
  });
  expect(mapping.status, JSON.stringify(mapping.body)).toBe(201);
  try {
    await raiseSuspension(page);
    await expect.poll(hook.calls, { timeout: 20_000 }).toBeGreaterThan(0);

    await visit(page, '/queues/queues/');
    await expect(page.getByRole('heading', { name: 'Очереди задач', exact: true })).toBeVisible();
    await closeNotices(page);
    const deliver = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'notificator.deliver', exact: true }) });
    await expect(deliver).toBeVisible();
    await expect(deliver.getByText('Связанная с распределённой')).toBeVisible();
    await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: 'cars.import.run', exact: true }) }).getByText('Ручная')).toBeVisible();

    await deliver.getByRole('link', { name: 'notificator.deliver', exact: true }).click();
    await expect(page).toHaveURL(/\/queues\/queues\/notificator\.deliver$/);
    await expect(page.getByRole('heading', { name: 'notificator.deliver' })).toBeVisible();
    // The delivery's job waits for its retry, with the webhook's answer as its error.
    await page.getByRole('combobox', { name: 'Состояние', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Повтор', { exact: true }).click();
    const job = page.getByRole('row').filter({ hasText: '503' }).first();
    await expect(job).toBeVisible({ timeout: 20_000 });
    await expect(job.getByText('Повтор', { exact: true })).toBeVisible();
    await job.getByRole('button', { name: 'Отменить' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /^(OK|Да|Отменить)$/ }).last().click();
    await expect(page.getByText('Задача отменена')).toBeVisible();
    await page.getByRole('combobox', { name: 'Состояние', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('Отменена', { exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: '503' }).first()).toBeVisible();
  } finally {
    await callApi(page, 'DELETE', `${MAPPINGS}/${mapping.body.data.id}`);
    await hook.close();
  }
});

test('a dealer manager has no queues screen and the API refuses them', async ({ page }) => {
  await signInAgain(page, MANAGER);
  await visit(page, '/home-page');
  await expect(page.getByRole('menuitem', { name: 'Очереди задач' })).toHaveCount(0);
  const refused = await callApi(page, 'GET', '/gateway/queues/api/v1/queues');
  expect(refused.status).toBe(403);
  const retry = await callApi(page, 'POST', '/gateway/queues/api/v1/queues/notificator.deliver/jobs/00000000-0000-0000-0000-000000000000/retry', {});
  expect(retry.status).toBe(403);
  await page.goto('/queues/queues/');
  await expect(page.getByRole('heading', { name: 'Очереди задач', exact: true })).toHaveCount(0);
});
