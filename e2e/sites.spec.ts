import { expect, test } from '@playwright/test';
import { SHOTS, signIn, visit } from './kit.ts';

/**
 * Sites (sites.context): a dealer manager creates a site, changes its settings (with a
 * validation error first) and copies it; the copy shows up among all sites.
 */
test('a manager creates a site, changes its settings and copies it', async ({ page }) => {
  await signIn(page, 'manager@ladoga-auto.test');
  const suffix = Date.now().toString(36);
  const name = `E2E Ладога ${suffix}`;

  // Create: a draft with an automatic technical host made from the name.
  await visit(page, '/sites.context/sites/create');
  await expect(page.getByRole('heading', { name: 'Новый сайт' })).toBeVisible();
  await page.getByLabel('Название', { exact: true }).fill(name);
  await expect(page.getByTestId('technical-host-preview')).toHaveText(`e2e-ladoga-${suffix}.localhost`);
  await page.getByRole('button', { name: 'Создать сайт' }).click();
  await expect(page).toHaveURL(/\/sites\.context\/sites\/\d+\/settings$/);
  await expect(page.getByRole('heading', { name: `Настройки сайта «${name}»` })).toBeVisible();
  await expect(page.getByTestId('current-site')).toHaveText(name);
  await expect(page.getByTestId('site-status')).toHaveText('Черновик');

  // Settings: a wrong e-mail is refused on its field, then the changes are saved and kept.
  await page.getByLabel('E-mail администратора').fill('not-an-email');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Неправильный формат email')).toBeVisible();
  await page.getByLabel('E-mail администратора').fill('admin@e2e-ladoga.ru');
  await page.getByLabel('Домен', { exact: true }).fill(`E2E-Ладога-${suffix}.RU`);
  await page.getByLabel('Формат телефона').fill('8 (XXX) XXX-XX-XX');
  await page.getByLabel('Строгая публикация').click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await page.reload();
  // Lowercase, an internationalised domain kept in its own script (stored in punycode).
  await expect(page.getByLabel('Домен', { exact: true })).toHaveValue(`e2e-ладога-${suffix}.ru`);
  await expect(page.getByLabel('Формат телефона')).toHaveValue('8 (XXX) XXX-XX-XX');
  await expect(page.getByLabel('Строгая публикация')).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/site-settings-ru.png`, fullPage: true });

  // Copy: the dialog's values, an automatic technical host; the copy is a new draft.
  await page.getByRole('button', { name: 'Копировать' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Копирование сайта «${name}»`)).toBeVisible();
  await dialog.getByLabel('Название', { exact: true }).fill(`${name} копия`);
  await dialog.getByLabel('Формат телефона').fill('+7 (XXX) XXX-XX-XX');
  await dialog.getByText('Редиректы').click();
  await page.getByRole('button', { name: 'Создать копию' }).click();
  await expect(page.getByText(`Сайт «${name} копия» создан`)).toBeVisible();
  // What was copied, in words: this new site had no content yet.
  await expect(page.getByText('В исходном сайте не было страниц, макетов и шаблонов для копирования', { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/sites.context/all_sites?search=${encodeURIComponent(`E2E Ладога ${suffix}`)}`);
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${name} копия` })).toHaveCount(1);
  await expect(page.getByText(`e2e-ladoga-${suffix}-kopiya.localhost`)).toBeVisible();
});
