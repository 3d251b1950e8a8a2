import { expect, test } from '@playwright/test';
import { ADMIN, SHOTS, openMode, signIn, useLanguage } from './kit.ts';

const CLIENTS_API = '/gateway/clients.storage/api/v1/clients';

test('the administrator creates a custom token, sees its value once, uses it, and revokes it', async ({ page }) => {
  await signIn(page, ADMIN);
  await useLanguage(page, 'RU');
  await openMode(page, /^Настройки$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Пользовательские токены' }).click();
  await expect(page).toHaveURL(/\/auth\.processing\/custom_tokens\/$/);
  await expect(page.getByRole('heading', { name: 'Пользовательские токены' })).toBeVisible();

  // The form first shows the specification's message for the empty name.
  await page.getByRole('button', { name: 'Создать токен' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(drawer.getByText('Это поле обязательно для заполнения')).toBeVisible();

  const name = `Выгрузка склада ${Date.now().toString(36)}`;
  await drawer.getByLabel('Название').fill(name);
  await drawer.getByRole('combobox', { name: 'Клиенты' }).fill('Ладога');
  await page.locator('.ant-select-item-option', { hasText: 'Ладога Авто' }).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('treeitem', { name: 'clients.get_full_list' }).getByRole('checkbox').click();
  await drawer.getByRole('button', { name: 'Создать', exact: true }).click();

  // The value, once, with the warning.
  const shown = page.getByRole('dialog', { name: `Токен «${name}» создан` });
  await expect(shown.getByText('Скопируйте токен сейчас: он больше не будет показан.', { exact: false })).toBeVisible();
  const value = await shown.getByRole('textbox').inputValue();
  expect(value).toMatch(/^dpt_/);
  await page.screenshot({ path: `${SHOTS}/custom-token-created-ru.png` });

  // The token works as a bearer token, confined to its client.
  const used = await page.request.get(CLIENTS_API, { headers: { authorization: `Bearer ${value}` } });
  expect(used.status()).toBe(200);
  expect((await used.json()).data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['Ладога Авто']);

  await shown.getByRole('button', { name: 'Я сохранил токен' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ладога Авто')).toBeVisible();
  await expect(row.getByText(value.slice(0, 10), { exact: false })).toBeVisible();
  // The list never shows the whole value again.
  await expect(page.getByText(value)).toHaveCount(0);

  // Revoke with a confirmation: refused at once.
  await row.getByRole('button', { name: `Удалить: ${name}` }).click();
  await expect(page.getByText('Удалить токен?')).toBeVisible();
  await page.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(page.getByText('Токен удалён')).toBeVisible();
  await expect(row).toHaveCount(0);
  const refused = await page.request.get(CLIENTS_API, { headers: { authorization: `Bearer ${value}` } });
  expect(refused.status()).toBe(401);
});
