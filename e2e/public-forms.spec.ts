import { expect, test, type Page } from '@playwright/test';
import { addFloor, createPage, SHOTS, signInAgain, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The public sites' forms of each request type and constructor forms placed on pages: a visitor
 * comes to the demo Kia site's test drive page by an advertising link, books a test drive of a
 * model of the site's brand (the phone masked as typed) and the dealer's manager finds it in the
 * test drive list with the model, the time and the UTM source; the manager places the site's
 * constructor form on a new page as a block, and a visitor sends it.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const unique = Date.now().toString(36);

/** Signs in as the manager and opens a screen of the Kia site's menu. */
async function openSiteScreen(page: Page, item: string, heading: string) {
  await signInAgain(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText(item, { exact: true }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

test('a test drive booked on the site arrives in the test drive list with its model, time and source', async ({ page, context }) => {
  test.setTimeout(150_000);
  const name = `Гость тест-драйва ${unique}`;
  const site = await context.newPage();
  await site.goto(`${SITE_URL}/test-drive?utm_source=yandex`);
  const form = site.locator('form.form--test-drive');
  await expect(form).toBeVisible();
  await form.getByLabel('Имя').fill(name);
  const phone = form.getByLabel('Телефон');
  await phone.pressSequentially('9161112233');
  await expect(phone).toHaveValue('+7 (916) 111-22-33');
  // The models of the site's brand, from the catalogue.
  await form.getByLabel('Модель').selectOption({ label: 'Рио' });
  await form.getByLabel('Удобные дата и время').fill('2026-12-05T11:30');
  await form.getByRole('checkbox').check();
  await form.getByRole('button').click();
  await expect(site.getByRole('status')).toContainText('Заявка отправлена');
  await site.close();

  await openSiteScreen(page, 'Тест-драйв', 'Заявки на тест-драйв');
  const search = page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' });
  await search.fill(unique);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('+7 (916) 111-22-33');
  await expect(row).toContainText('2026-12-05 11:30');
  await expect(row).toContainText('yandex');
  // The model by its catalogue name, not its id.
  await expect(row).toContainText('Рио');
  await row.getByRole('button', { name: /Открыть заявку/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('row').filter({ hasText: 'Тема' })).toContainText('Рио');
  await expect(drawer.getByRole('row').filter({ hasText: /^Модель/ })).toContainText('Рио');
  await expect(drawer.getByRole('row').filter({ hasText: 'UTM source' })).toContainText('yandex');
  await expect(drawer.getByRole('row').filter({ hasText: 'Адрес страницы' })).toContainText(`${SITE_URL}/test-drive`);
});

test('a constructor form placed on a page as a block is sent from the site', async ({ page, context }) => {
  test.setTimeout(180_000);
  const uri = `/estimate-${unique}`;
  await openSiteScreen(page, 'Страницы', 'Страницы');
  await createPage(page, uri, 'Заявка на оценку');

  // The block from the library, then its form chosen by title among the site's forms.
  const floors = page.locator('.floors-editor__item');
  await expect(floors).toHaveCount(2);
  await addFloor(page, 'Форма из конструктора');
  await floors.nth(2).getByRole('button', { name: 'Значения на этой странице' }).click();
  const values = page.getByRole('dialog', { name: /Значения «Форма из конструктора»/ });
  await values.getByLabel('Форма').click();
  await page.locator('.ant-select-item-option', { hasText: 'Запись на тест-драйв' }).first().click();
  await expect(values.getByLabel('Значения на этой странице')).toHaveValue(/"form_id": \d+/);
  await values.getByRole('button', { name: 'Применить' }).click();
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  await page.locator('.workflow-bar').getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.state-facts').getByText('Опубликовано · в.1')).toBeVisible();

  const site = await context.newPage();
  const errors: string[] = [];
  site.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await site.goto(`${SITE_URL}${uri}?utm_source=google`);
  const form = site.locator('form.dpf');
  await expect(form).toBeVisible();
  const name = `Гость блока ${unique}`;
  await form.getByLabel('Ваше имя').fill(name);
  await form.getByLabel('Телефон').pressSequentially('9162223344');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByText('Спасибо! Заявка отправлена.')).toBeVisible();
  // Nothing the site's CSP refused (the block's stylesheet is the page's own).
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  await site.setViewportSize({ width: 390, height: 844 });
  await site.screenshot({ path: `${SHOTS}/public-forms-block-390.png`, fullPage: true });
  await site.close();

  await openSiteScreen(page, 'Свои формы', 'Заявки своих форм');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});
