import { expect, test } from '@playwright/test';
import { ADMIN, SHOTS, expectMenu, menuItems, openMode, signIn, signOut, useLanguage } from './kit.ts';

test('the administrator signs in, sees each mode, switches to English, creates a client after a validation error, and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sign-in-ru.png` });

  // A wrong password: the server's message, in Russian.
  await page.getByLabel('E-mail').fill(ADMIN);
  await page.getByLabel('Пароль').fill('Wrong-Pass1!');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Неверный логин или пароль').first()).toBeVisible();

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/home-page$/);
  await useLanguage(page, 'RU');
  await page.screenshot({ path: `${SHOTS}/home-ru.png` });

  await openMode(page, /^Настройки$/);
  await expectMenu(page, ['Клиенты']);
  await page.screenshot({ path: `${SHOTS}/mode-settings-ru.png` });

  await openMode(page, /^Справочники$/);
  await expectMenu(page, ['Группы клиентов', 'Все сайты'], ['Клиенты']);
  await page.screenshot({ path: `${SHOTS}/mode-dictionaries-ru.png` });

  await openMode(page, /^Сайт$/);
  await expectMenu(page, ['Выбор сайта'], ['Клиенты', 'Группы клиентов']);
  await page.screenshot({ path: `${SHOTS}/mode-site-ru.png` });

  await openMode(page, /^Настройки$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Клиенты' }).click();
  await expect(page).toHaveURL(/\/clients\.storage\/clients\//);
  await expect(page.getByRole('cell', { name: 'Ладога Авто', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/clients-ru.png` });

  // English: the menu, the modes and the table headers change.
  await useLanguage(page, 'EN');
  await expectMenu(page, ['Clients']);
  await expect(page.getByRole('columnheader', { name: /Name/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/clients-en.png` });
  await openMode(page, /^Dictionaries$/);
  await expectMenu(page, ['Client groups', 'All sites'], ['Clients']);
  await openMode(page, /^Settings$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();

  // Create a client: the empty form first shows the specification's message.
  await page.getByRole('button', { name: /^Create/ }).first().click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: /^(Save|Create)$/ }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/client-form-error-en.png` });
  // Unique per run, so that a retried run does not meet the first run's client.
  const run = Date.now().toString(36);
  await form.getByLabel('Name').fill(`Автосалон Восток ${run}`);
  await form.getByLabel('Code').fill('vostok auto');
  await form.getByRole('button', { name: /^(Save|Create)$/ }).click();
  await expect(form.getByText('Only Latin letters, digits, "-" and "_" are allowed')).toBeVisible();
  await form.getByLabel('Code').fill(`vostok-${run}`);
  await form.getByRole('button', { name: /^(Save|Create)$/ }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('cell', { name: `Автосалон Восток ${run}`, exact: true })).toBeVisible();

  // The language is kept on the account: it is English after reloading.
  await page.reload();
  await expect(page.getByTestId('mode-switch').getByText('Settings')).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  // Signed out, a protected page leads back to sign-in.
  await page.goto('/clients.storage/clients/');
  await expect(page.getByRole('button', { name: /^(Войти|Sign in)$/ })).toBeVisible();
});

test('a site editor has no settings mode and cannot open the clients screen', async ({ page }) => {
  await signIn(page, 'editor@avtograd-sever.test');
  await expect(page.getByTestId('mode-switch').getByText('Настройки')).toHaveCount(0);
  await page.goto('/clients.storage/clients/');
  await expect(page).toHaveURL(/\/home-page$/);
  // The refused page is named, with the right it needs.
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Раздел «Клиенты» вам недоступен' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Для него нужно право');
  await expect(notice).not.toContainText('clients.get_full_list');
  await openMode(page, /^Сайт$/);
  await expectMenu(page, ['Выбор сайта']);
  expect(await menuItems(page)).toEqual(['Выбор сайта']);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Выбор сайта' }).click();
  await expect(page.getByText('АвтоГрад Север — Kia')).toBeVisible();
  await expect(page.getByText('Мотор Сити — Toyota')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/site-select-editor-ru.png` });
  await signOut(page);
});
