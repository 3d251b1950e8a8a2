import { expect, test } from '@playwright/test';
import { ADMIN, expectMenu, menuItems, openMode, SHOTS, signIn, signOut, useLanguage } from './kit.ts';

/** Picks options in an antd select found by its label. */
async function choose(page: import('@playwright/test').Page, scope: import('@playwright/test').Locator, label: string, options: string[]) {
  for (const option of options) {
    await scope.getByLabel(label, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

test('the administrator creates a user with a role; that user sees exactly the menu of the role', async ({ page }) => {
  const run = Date.now().toString(36);
  const email = `editor-${run}@dealer.test`;
  await signIn(page, ADMIN);
  await useLanguage(page, 'RU');
  await openMode(page, /^Настройки$/);
  await expectMenu(page, ['Пользователи', 'Роли', 'Журнал аудита']);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Пользователи' }).click();
  await expect(page.getByRole('heading', { name: 'Пользователи' })).toBeVisible();

  await page.getByRole('button', { name: /^Создать/ }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Фамилия').fill('Тестов');
  await form.getByLabel('Имя').fill('Егор');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Пароль').fill('Editor-Pass1!');
  await choose(page, form, 'Клиенты', ['АвтоГрад Север']);
  await choose(page, form, 'Роли', ['Редактор сайта']);
  await page.screenshot({ path: `${SHOTS}/user-create-ru.png` });
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('link', { name: 'Тестов' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/users-ru.png` });

  // The user's own page: the form and the history of the record.
  await page.getByRole('link', { name: 'Тестов' }).click();
  await expect(page.getByRole('tab', { name: 'История' })).toBeVisible();
  await expect(page.getByText('Создание').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/user-page-ru.png` });
  await signOut(page);

  await signIn(page, email, 'Editor-Pass1!');
  await expect(page.getByTestId('mode-switch').getByText('Настройки')).toHaveCount(0);
  // The site editor's role opens the floor library, which is in the dictionaries mode.
  await expect(page.getByTestId('mode-switch').getByText('Справочники')).toHaveCount(1);
  await openMode(page, /^Сайт$/);
  await expectMenu(page, ['Выбор сайта']);
  expect(await menuItems(page)).toEqual(['Выбор сайта']);
  // Typed into the address bar: a screen outside the role leads home.
  await page.goto('/clients.storage/users/');
  await expect(page).toHaveURL(/\/home-page$/);
  // The notice saying why stays a while below the top bar; the profile menu opens over it.
  await expect(page.getByText(/Для него нужно право «Пользователи: просмотр»/)).toBeVisible();
  await page.getByTestId('profile-menu').click();
  // Nothing covers the item: a pointer on it reaches it (a trial click checks just that).
  await page.getByRole('menuitem', { name: 'Выйти' }).click({ trial: true, timeout: 3000 });
  await signOut(page);
});
