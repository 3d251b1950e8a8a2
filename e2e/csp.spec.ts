import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openMode, signIn, signOut } from './kit.ts';

/**
 * Collects every Content-Security-Policy violation of the page: the DOM event (recorded from the
 * first script on) and Chromium's console line ("Refused to ...").
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const list = ((window as unknown as { cspViolations?: string[] }).cspViolations ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  return violations;
}

const domViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

test('the admin runs under its strict CSP: antd styles apply and nothing is refused', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/');
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  // antd's CSS-in-JS reached the page: the primary button has the theme's colour (#1f5eff).
  const submit = page.getByRole('button', { name: 'Войти' });
  await expect(submit).toBeVisible();
  await expect(submit).toHaveCSS('background-color', 'rgb(31, 94, 255)');

  // A tour of what injects styles: a form error, menus, a table, a drawer form (scroll lock) with errors.
  await page.getByLabel('E-mail').fill(ADMIN);
  await page.getByLabel('Пароль').fill('Wrong-Pass1!');
  await submit.click();
  await expect(page.getByText('Неверный логин или пароль').first()).toBeVisible();
  await signIn(page, ADMIN);
  await openMode(page, /^(Настройки|Settings)$/);
  await page.getByTestId('side-menu').getByRole('link', { name: /^(Клиенты|Clients)$/ }).click();
  await expect(page.getByRole('cell', { name: 'Ладога Авто', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^(Создать|Create)/ }).first().click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: /^(Сохранить|Создать|Save|Create)$/ }).click();
  await expect(form.getByText(/^(Это поле обязательно для заполнения|This field is required)$/).first()).toBeVisible();
  await form.getByRole('button', { name: /^(Отмена|Cancel)$/ }).click();
  await expect(form).toBeHidden();
  await signOut(page);

  expect(await domViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
});

test('the API description at /docs works under the CSP', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/docs');
  // Swagger UI parses the whole description first (about 300 KB with every service's routes).
  await expect(page.getByText('Dealer platform back office API').first()).toBeVisible({ timeout: 30_000 });
  // An opened operation renders its parameters, schemas and highlighted examples.
  await page.locator('.opblock-summary').first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(await domViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
});

test('the admin refuses to be framed', async ({ page, baseURL }) => {
  const refused = new Promise<string>((resolve) => {
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) resolve(message.text());
    });
  });
  await page.setContent(`<iframe src="${baseURL}/"></iframe>`);
  expect(await refused).toContain("frame-ancestors 'none'");
});
