import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { callApi, SHOTS, signIn, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * A form's files in the request detail: a visitor sends a form with a file on the demo
 * site, the dealer's manager opens the request and downloads the file by its name (with the
 * reader's token: the file is private to those who read the site's requests).
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const unique = Date.now().toString(36);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test('a file sent with a form shows in the request by its name and downloads', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await expect(page.getByTestId('side-menu').getByText('Свои формы', { exact: true })).toBeVisible();
  // The chosen site, as the admin keeps it.
  const siteId = Number(JSON.parse((await page.evaluate(() => localStorage.getItem('site'))) ?? 'null'));
  expect(siteId).toBeGreaterThan(0);
  const made = await callApi(page, 'POST', '/gateway/form-constructor/api/v1/custom_forms', {
    data: {
      attributes: {
        site_id: siteId,
        title: `Документы ${unique}`,
        fields: [
          { id: 'name', label: 'Ваше имя', type: 'text', required: true },
          { id: 'phone', label: 'Телефон', type: 'phone', required: true, phone_codes: ['ru'], default_phone_code: 'ru' },
          { id: 'passport', label: 'Паспорт ТС', type: 'file', max_files: 1, max_size: 1, accept: ['pdf'] },
        ],
        grid: [{ title: 'Контакты', fields: ['name', 'phone', 'passport'] }],
      },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const formId = made.body.data.id as string;

  const name = `Посетитель ${unique}`;
  const site = await context.newPage();
  await site.goto(`${SITE_URL}/_forms/${formId}`);
  await site.getByLabel('Ваше имя').fill(name);
  await site.getByLabel('Телефон').fill('916 555-12-34');
  await site.getByLabel('Паспорт ТС').setInputFiles({ name: 'ПТС скан.pdf', mimeType: 'application/pdf', buffer: PDF });
  await site.getByLabel('Я согласен на обработку персональных данных').check();
  await site.getByRole('button', { name: 'Отправить' }).click();
  await expect(site.getByRole('status')).toHaveText('Спасибо! Заявка отправлена.');
  await site.close();

  await page.getByTestId('side-menu').getByText('Свои формы', { exact: true }).click();
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(unique);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: /Открыть заявку/ }).click();
  const drawer = page.getByRole('dialog');
  const link = drawer.getByRole('button', { name: 'Скачать ПТС скан.pdf' });
  await expect(link).toBeVisible();
  await expect(drawer).toContainText('Поля формы: passport');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('ПТС скан.pdf');
  expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/request-files-ru-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/request-files-ru-390.png` });
  await drawer.locator('.ant-drawer-close').click();
  await page.setViewportSize({ width: 1440, height: 900 });

  // In English: the same link in the reader's language.
  await useLanguage(page, 'EN');
  await row.getByRole('button', { name: /Open request/ }).click();
  await expect(drawer.getByRole('button', { name: 'Download ПТС скан.pdf' })).toBeVisible();
  await expect(drawer).toContainText('Form fields: passport');
  await page.screenshot({ path: `${SHOTS}/request-files-en-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/request-files-en-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await drawer.locator('.ant-drawer-close').click();
  await useLanguage(page, 'RU');
});
