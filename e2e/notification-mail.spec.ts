import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, callApi, mailBody, mailHeader, signIn, visit } from './kit.ts';
import { SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * The platform's own failure reaches the people mapped to it: staff map the car imports'
 * notifications to an e-mail address; a demo site's feed cannot be fetched (nothing listens at its
 * address); the import's notification shows in the list with its delivery sent, and the mail is in
 * the app's outbox (no SMTP server configured here: the platform's mailer writes .eml files).
 */
const RUN = Date.now().toString(36);
const RECEIVER = `imports-${RUN}@platform.test`;
const IMPORT = '/gateway/cars.import/api/v1';

/** The .eml files of the app's outbox that are addressed to `to`. */
function mailsTo(to: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
    .filter((mail) => /^To: .*$/im.exec(mail)?.[0].includes(to));
}

test('a failing import is mailed to the address its mapping names, and shows with its delivery', async ({ page }) => {
  await signIn(page, ADMIN);
  const mapping = await callApi(page, 'POST', '/gateway/notificator/api/v1/mappings', {
    data: { attributes: { service: ['cars.import'], product: ['*'], brand: ['*'], type: ['import_failed', 'import_finished_with_errors'], level: ['*'], messenger: 'email', receivers: [RECEIVER], prefix: `[import ${RUN}]`, sender: 'Platform', language: 'ru' } },
  });
  expect(mapping.status, JSON.stringify(mapping.body)).toBe(201);

  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1');
  const siteId = sites.body.data[0].id as string;
  const settings = (await callApi(page, 'GET', `${IMPORT}/settings/where_site/${siteId}`)).body.data.id as string;
  // An address the outbound guard allows here, where nothing listens: the feed cannot be fetched.
  const feed = `http://${SMTP_TEST_HOST}:9/feed-${RUN}.csv`;
  expect((await callApi(page, 'PATCH', `${IMPORT}/settings/${settings}`, { data: { attributes: { files: [{ kind: 'url', url: feed, name: 'feed.csv' }] } } })).status).toBe(200);
  expect((await callApi(page, 'POST', `${IMPORT}/import/${settings}/manual/start`, { data: {} })).status).toBe(202);

  // The mail, in the outbox once the delivery job has run.
  await expect.poll(() => mailsTo(RECEIVER).length, { timeout: 60_000 }).toBe(1);
  const [mail] = mailsTo(RECEIVER);
  expect(mailHeader(mail!, 'subject')).toMatch(new RegExp(`^\\[import ${RUN}\\] .*Импорт автомобилей`));
  expect(mailBody(mail!)).toContain(`ECONNREFUSED ${SMTP_TEST_HOST}:9`);

  // The notification in the list, and its details with the delivery sent.
  await visit(page, '/notificator/notifications/');
  const row = page.getByRole('row').filter({ hasText: /Импорт автомобилей/ }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Развернуть строку|Expand row/ }).click();
  const details = page.getByTestId('notification-details');
  await expect(details).toContainText(RECEIVER);
  await expect(details).toContainText('Отправлено');
});
