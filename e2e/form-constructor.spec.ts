import { expect, test } from '@playwright/test';
import { signIn, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * The form constructor: the dealer's manager builds a form with two fields, sees them in
 * the live preview, saves it, opens it on the demo site, a visitor sends it (the form's script
 * solves the proof-of-work captcha and posts to the site's intake), and the manager finds the
 * request in the site's custom form requests.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const SITE_URL = `http://kia-avtograd.localhost:${PORT}`;
const unique = Date.now().toString(36);

test('a form built with a preview, saved, sent on the demo site, reaches the custom form requests', async ({ page, context }) => {
  test.setTimeout(150_000);
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText('Конструктор форм', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Конструктор форм' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать форму' }).first().click();
  await expect(page.getByRole('heading', { name: 'Новая форма' })).toBeVisible();

  const title = `Оценка автомобиля ${unique}`;
  await page.getByLabel('Название формы').fill(title);
  // The first field: a text field named "name" (it fills the request's name).
  await page.getByRole('button', { name: 'Добавить поле в строку 1' }).click();
  await page.getByRole('menuitem', { name: 'Текст', exact: true }).click();
  const settings = page.getByTestId('field-settings');
  await settings.getByLabel('Название поля').fill('Ваше имя');
  await settings.getByLabel('Идентификатор').fill('name');
  await settings.getByRole('switch', { name: 'Обязательное' }).click();
  // The second: a phone with its country code.
  await page.getByRole('button', { name: 'Добавить поле в строку 1' }).click();
  await page.getByRole('menuitem', { name: 'Телефон', exact: true }).click();
  await settings.getByRole('switch', { name: 'Обязательное' }).click();

  const preview = page.getByTestId('form-preview');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByLabel('Ваше имя')).toBeVisible();
  await expect(preview.getByLabel('Телефон')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Отправить' })).toBeVisible();

  await page.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page).toHaveURL(/\/form-constructor\/\d+\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: `Форма «${title}»` })).toBeVisible();
  const formId = /\/edit\/(\d+)$/.exec(page.url())![1]!;
  // The admin here is reached at an address, so the link names the site's own host; the test visits its local one.
  await expect(page.getByRole('link', { name: 'Открыть на сайте' })).toHaveAttribute('href', new RegExp(`/_forms/${formId}$`));

  // A visitor on the demo site.
  const name = `Посетитель ${unique}`;
  const site = await context.newPage();
  await site.goto(`${SITE_URL}/_forms/${formId}`);
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await site.getByLabel('Ваше имя').fill(name);
  await site.getByLabel('Телефон').fill('916 555-12-34');
  await site.getByLabel('Я согласен на обработку персональных данных').check();
  await site.getByRole('button', { name: 'Отправить' }).click();
  await expect(site.getByRole('status')).toHaveText('Спасибо! Заявка отправлена.');

  // The manager finds it among the custom form requests.
  await page.getByTestId('side-menu').getByText('Свои формы', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Заявки своих форм' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(unique);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  // Stored normalised, shown in the site's phone format.
  await expect(row).toContainText('+7 (916) 555-12-34');
  await expect(row).toContainText(formId);
});
