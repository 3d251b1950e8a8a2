import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './playwright.config.ts';
import { SHOTS } from './kit.ts';

const MANAGER = 'manager@avtograd-sever.test';
const NORTH = 'АвтоГрад Север';
const KAZAN = 'Мотор Сити Казань';

test('a manager of two clients chooses one after sign-in, switches from the top bar, is asked for a rating and finds the switches in the activity history', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(MANAGER);
  await page.getByLabel(/^(Пароль|Password)$/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();

  // The choice after sign-in: only while authorising, both clients as cards.
  await expect(page).toHaveURL(/\/auth\.processing\/auth\/$/);
  await expect(page.getByRole('heading', { name: /^(Выбор клиента|Choose a client)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: NORTH })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/client-choice.png` });
  await page.getByRole('button', { name: KAZAN }).click();

  await expect(page).toHaveURL(/\/home-page$/);
  const current = page.getByTestId('current-client');
  await expect(current).toContainText(KAZAN);

  // Switching from the top bar re-authenticates as the other client.
  await current.click();
  await page.getByRole('menuitem', { name: NORTH }).click();
  await expect(current).toContainText(NORTH);
  await expect(page.getByText(new RegExp(`(Вы работаете от имени клиента «${NORTH}»|You now work as ${NORTH})`))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/client-switched.png` });

  // The survey comes 5 s after entry; "Not now" puts it off.
  const survey = page.getByRole('dialog');
  await expect(survey).toBeVisible({ timeout: 15_000 });
  await expect(survey.getByRole('radio')).toHaveCount(5);
  await survey.getByRole('button', { name: /^(Не сейчас|Not now)$/ }).click();
  await expect(survey).toBeHidden();

  // Each switch is in the activity history of the personal area, newest first.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: /^(Профиль|Profile)$/ }).click();
  await expect(page).toHaveURL(/\/personal\/$/);
  const rows = page.getByRole('row').filter({ hasText: /(Смена клиента|Client switch)/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(NORTH);
  await expect(rows.nth(1)).toContainText(KAZAN);
  await page.screenshot({ path: `${SHOTS}/client-switch-history.png`, fullPage: true });

  // The choice is not shown again once made.
  await page.goto('/auth.processing/auth/');
  await expect(page).toHaveURL(/\/home-page$/);
});
