import { expect, test, type Page } from '@playwright/test';
import { callApi, signIn, visit } from './kit.ts';

/**
 * SEO and floors: a dealer editor imports redirects from a file with one bad row —
 * preview with a status per row, apply, report, the list shows them — and disables a floor and
 * enables it again, each time after a confirmation.
 */
const EDITOR = 'editor@ladoga-auto.test';
const SITE = 'Ладога Авто — Škoda';
/** Unique per run: specs share one app and its data. */
const RUN = Date.now().toString(36);
// Each test signs in, loads two screens and waits on the server several times: room for a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openSite(page: Page) {
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

test('import redirects from a file with one bad row', async ({ page }) => {
  await signIn(page, EDITOR);
  await openSite(page);
  await page.getByTestId('side-menu').getByText('Редиректы', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Редиректы' })).toBeVisible();

  await page.getByRole('button', { name: 'Импорт из файла' }).click();
  const dialog = page.getByRole('dialog', { name: 'Импорт редиректов' });
  // No file yet: nothing to check.
  await expect(dialog.getByRole('button', { name: 'Проверить' })).toBeDisabled();
  const csv = ['Откуда;Куда;Код', `/e2e-${RUN}-old-1;/e2e-${RUN}-new-1;301`, `e2e-${RUN}-bad;/e2e-${RUN}-new-2;301`, `/e2e-${RUN}-old-3;https://example.ru/e2e-${RUN};302`].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Проверить' }).click();

  // The preview: a status per row, the bad row with its line number and the reason.
  await expect(dialog.getByText('В файле есть строки с ошибками или повторами: они не будут импортированы')).toBeVisible();
  const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Без ошибок');
  await expect(rows.nth(1)).toContainText('3');
  await expect(rows.nth(1)).toContainText('Ошибка');
  await expect(rows.nth(1)).toContainText('Адрес «откуда»: путь на сайте, начинается с «/»');
  await expect(rows.nth(2)).toContainText('Без ошибок');
  // Only the bad rows, on demand.
  await dialog.getByText('Ошибки', { exact: true }).click();
  await expect(rows).toHaveCount(1);

  await dialog.getByRole('button', { name: 'Импортировать 2 строки' }).click();
  await expect(dialog.getByText('Импортировано 2 редиректа', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Строки с ошибками и повторы пропущены: 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toBeHidden();

  // The list shows the two imported redirects, marked as imported; the bad row is not there.
  await page.getByLabel('Поиск по адресам').fill(`e2e-${RUN}`);
  await page.getByLabel('Поиск по адресам').press('Enter');
  const listed = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: `/e2e-${RUN}-old-1` })).toContainText('Импорт');
  await expect(listed.filter({ hasText: `/e2e-${RUN}-old-3` })).toContainText('302');
  await expect(page.getByText(`e2e-${RUN}-bad`)).toHaveCount(0);
});

test('a floor is disabled and enabled again, each time after a confirmation', async ({ page }) => {
  await signIn(page, EDITOR);
  const me = await callApi(page, 'GET', '/gateway/clients.storage/api/v1/me');
  const clientId = me.body.data.attributes.clients[0].id;
  const title = `Промо ${RUN}`;
  const created = await callApi(page, 'POST', '/gateway/floors.storage/api/v1/floors', {
    data: { type: 'floors', attributes: { client_id: clientId, code: `promo-${RUN}`, title, component: 'text', values: { body: 'Скидки **до 15%** на сервис.' } } },
  });
  expect(created.status).toBe(201);

  await page.getByTestId('mode-switch').getByText('Справочники').click();
  await page.getByTestId('side-menu').getByText('Этажи', { exact: true }).click();
  // The first visit loads the screen's code: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Этажи' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Поиск по заголовку, идентификатору, описанию').fill(`promo-${RUN}`);
  await page.getByLabel('Поиск по заголовку, идентификатору, описанию').press('Enter');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: title });
  await expect(row).toHaveCount(1);
  const toggle = row.getByRole('switch', { name: `Включён: ${title}` });
  await expect(toggle).toBeChecked();

  // Cancelling the confirmation changes nothing.
  await toggle.click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm.getByText('Отключить этаж?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(toggle).toBeChecked();

  await toggle.click();
  await confirm.getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByText(`Этаж «${title}» отключён`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  // The server agrees.
  expect((await callApi(page, 'GET', `/gateway/floors.storage/api/v1/floors/${created.body.data.id}`)).body.data.attributes.enabled).toBe(false);

  // Enabled again from the floor's editor, after its own confirmation.
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('switch', { name: 'Включён' }).click();
  await expect(page.locator('.ant-popconfirm').getByText('Включить этаж?')).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Включить' }).click();
  await expect(page.getByText(`Этаж «${title}» включён`)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Включён' })).toBeChecked();
});
