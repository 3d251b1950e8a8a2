import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { ADMIN, callApi, SHOTS, signIn, signOut, skipSurvey, fitsWidth } from './kit.ts';

/**
 * The second factor (TOTP) in the browser: enrolment in the personal area, sign-in with a code of
 * the app and with a recovery code, and a role that requires a factor leading its user to enrol.
 * The codes are computed here from the secret read off the screen, as an authenticator app would.
 * The accounts are made for this file, so the demo accounts stay without a factor.
 */
const PASSWORD = 'Totp-E2e-Pass1!';
const stamp = Date.now().toString(36);
const CODE_STEP = /^(Подтверждение входа|Confirm the sign-in)$/;

/** The app's code `steps` periods from now: +1 is within the allowed drift and after any code used this period. */
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Two accounts of a dealer (editor's permissions), one of them on a role that requires a factor. */
async function makeAccounts(page: Page) {
  await signIn(page, ADMIN);
  const clients = await callApi(page, 'GET', '/gateway/clients.storage/api/v1/clients?page[size]=1');
  const clientId = Number(clients.body.data[0].id);
  const roles = await callApi(page, 'GET', '/gateway/clients.storage/api/v1/roles?filter[search]=site_editor');
  const editor = roles.body.data.find((role: { attributes: { code: string } }) => role.attributes.code === 'site_editor');
  const required = await callApi(page, 'POST', '/gateway/clients.storage/api/v1/roles', {
    data: { attributes: { code: `totp-${stamp}`, name: `Редактор с кодом ${stamp}`, permission_ids: editor.attributes.permission_ids, requires_second_factor: true } },
  });
  expect(required.status).toBe(201);
  const user = async (email: string, roleId: number, locale: 'ru' | 'en') => {
    const created = await callApi(page, 'POST', '/gateway/clients.storage/api/v1/users', {
      data: { attributes: { email, name: 'Тест', last_name: 'Второй фактор', password: PASSWORD, locale, client_ids: [clientId], role_ids: [roleId] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return email;
  };
  const voluntary = await user(`totp-${stamp}@avtograd-sever.test`, Number(editor.id), 'ru');
  const forced = await user(`totp-forced-${stamp}@avtograd-sever.test`, Number(required.body.data.id), 'en');
  await signOut(page);
  return { voluntary, forced };
}

/** The password step of the sign-in page. */
async function enterPassword(page: Page, email: string) {
  await skipSurvey(page);
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
}

/** A picture at 1440 and at 390 px, with no sideways scrolling on the phone. */
async function shootBothWidths(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await fitsWidth(page, 390);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Goes through the set-up flow in `scope` (the personal area's window or the enrolment page); answers the secret and the recovery codes. */
async function setUp(page: Page, scope: ReturnType<Page['locator']>, shots: string) {
  await scope.getByLabel(/^(Пароль|Password)$/).fill(PASSWORD);
  await shootBothWidths(page, `${shots}-password`);
  await scope.getByRole('button', { name: /^(Продолжить|Continue)$/ }).click();
  await expect(scope.getByTestId('second-factor-qr')).toBeVisible();
  const secret = (await scope.getByTestId('second-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shootBothWidths(page, `${shots}-scan`);
  // A wrong code is refused on its field.
  await scope.getByLabel(/^(Код|Code)$/).fill('000000');
  await scope.getByRole('button', { name: /^(Подтвердить|Confirm)$/ }).click();
  await expect(scope.getByText(/^(Неверный или уже использованный код|The code is wrong or was already used)$/)).toBeVisible();
  await scope.getByLabel(/^(Код|Code)$/).fill(codeAt(secret));
  await scope.getByRole('button', { name: /^(Подтвердить|Confirm)$/ }).click();
  const list = scope.getByTestId('recovery-codes');
  await expect(list.locator('li')).toHaveCount(10);
  const recovery = (await list.locator('li').allInnerTexts()).map((text) => text.trim());
  await expect(scope.getByRole('button', { name: /^(Скачать|Download)$/ })).toBeVisible();
  await expect(scope.getByRole('button', { name: /^(Копировать|Copy)$/ })).toBeVisible();
  await shootBothWidths(page, `${shots}-codes`);
  await scope.getByRole('button', { name: /^(Я сохранил коды|I have kept the codes)$/ }).click();
  return { secret, recovery };
}

test.describe.configure({ mode: 'serial' });

let accounts: { voluntary: string; forced: string };

test('enrols in the personal area, then signs in with a code of the app and with a recovery code', async ({ page }) => {
  accounts = await makeAccounts(page);
  await enterPassword(page, accounts.voluntary);
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await page.goto('/personal/');
  const card = page.getByTestId('second-factor-card');
  await expect(card.getByTestId('second-factor-state')).toHaveText('Не настроен');
  await card.getByRole('button', { name: 'Настроить' }).click();
  const dialog = page.getByRole('dialog');
  const { secret, recovery } = await setUp(page, dialog, 'totp-personal-ru');
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('second-factor-state')).toHaveText('Включён');
  await expect(card).toContainText('Осталось 10 резервных кодов');
  await expect(page.getByRole('row').filter({ hasText: 'Второй фактор включён' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/totp-personal-enabled.png`, fullPage: true });

  // Signed out, the password alone is not enough: the code step follows it.
  await signOut(page);
  await enterPassword(page, accounts.voluntary);
  await expect(page.getByRole('heading', { name: CODE_STEP })).toBeVisible();
  await expect(page.getByLabel('Код')).toBeVisible();
  await shootBothWidths(page, 'totp-code-step-ru');
  await page.getByLabel('Код').fill('111111');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toContainText('Неверный или уже использованный код');
  // The code of the next period: the one of this period was spent on the confirmation.
  await page.getByLabel('Код').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: /Войти$/ }).click();
  await expect(page).toHaveURL(/\/home-page$/);
  await expect(page.getByTestId('profile-menu')).toBeVisible();

  // A recovery code works once in place of the app.
  await signOut(page);
  await enterPassword(page, accounts.voluntary);
  await page.getByLabel('Код').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/home-page$/);
  await page.goto('/personal/');
  await expect(page.getByTestId('second-factor-card')).toContainText('Осталось 9 резервных кодов');
  // Both sign-ins and the use of the recovery code are in the activity history.
  await expect(page.getByRole('row').filter({ hasText: 'Вход по резервному коду' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Второй фактор включён' })).toHaveCount(1);
  await signOut(page);
});

test('a role that requires a second factor leads its user to enrol before anything else', async ({ page }) => {
  await skipSurvey(page);
  await page.goto('/');
  await page.getByTestId('locale-switch').getByText('EN', { exact: true }).click();
  await enterPassword(page, accounts.forced);
  await expect(page).toHaveURL(/\/auth\.processing\/second_factor\/$/);
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  // Nothing else opens meanwhile.
  await page.goto('/personal/');
  await expect(page).toHaveURL(/\/auth\.processing\/second_factor\/$/);
  const { secret } = await setUp(page, page.locator('.auth-card'), 'totp-required-en');
  await expect(page).toHaveURL(/\/home-page$/);
  await expect(page.getByTestId('profile-menu')).toBeVisible();

  await signOut(page);
  await enterPassword(page, accounts.forced);
  await expect(page.getByRole('heading', { name: CODE_STEP })).toBeVisible();
  await expect(page.getByLabel('Code')).toBeVisible();
  await shootBothWidths(page, 'totp-code-step-en');
  await page.getByLabel('Code').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home-page$/);
  await signOut(page);
});

test.afterAll(async ({ browser }) => {
  if (!accounts) return;
  // The demo data as other specs expect it: the accounts of this file switched off.
  const page = await browser.newPage();
  await signIn(page, ADMIN);
  for (const email of [accounts.voluntary, accounts.forced]) {
    const found = await callApi(page, 'GET', `/gateway/clients.storage/api/v1/users?filter[email]=${encodeURIComponent(email)}`);
    const id = found.body?.data?.[0]?.id;
    if (id) await callApi(page, 'PATCH', `/gateway/clients.storage/api/v1/users/${id}/activate`, { data: { active: false } });
  }
  await page.close();
});
