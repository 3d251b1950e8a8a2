import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './playwright.config.ts';
import { PORT } from './playwright.config.ts';

export const ADMIN = 'admin@platform.test';
export const SHOTS = 'test-results/screenshots';

/**
 * Signs in and sets the interface language (Russian unless told), whatever language an earlier
 * spec left on the shared demo account; on a phone the switch is in the profile menu, so the
 * language is left as it is there.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, lang: 'RU' | 'EN' = 'RU') {
  await skipSurvey(page);
  await page.goto('/');
  await page.getByLabel(/^(E-mail)$/).fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  // A user with several clients chooses one first (/auth.processing/auth/): take the first.
  const choice = page.getByRole('heading', { name: /^(Выбор клиента|Choose a client)$/ });
  await expect(page.getByTestId('profile-menu').or(choice)).toBeVisible();
  if (await choice.isVisible()) await page.locator('.client-choice__card').first().click();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  if (await page.getByTestId('locale-switch').isVisible()) await useLanguage(page, lang);
}

type SavedState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Browser states saved after a sign-in through the screen, per spec file and account. */
const signedInStates = new Map<string, SavedState>();

/**
 * Signed in as `email`, as `signIn` leaves it (the language set too). The first time in a spec file
 * the user signs in through the sign-in screen; the file's later tests start from the browser state
 * saved then (the screen itself is covered by that first sign-in and by access.spec), and go
 * through the screen again only if that session has ended (a test signed out).
 */
export async function signInAgain(page: Page, email: string, password = DEMO_PASSWORD, lang: 'RU' | 'EN' = 'RU') {
  const key = `${test.info().file}\n${email}\n${password}`;
  const saved = signedInStates.get(key);
  if (saved) {
    await page.context().setStorageState(saved);
    await skipSurvey(page);
    await page.goto('/');
    const signInButton = page.getByRole('button', { name: /^(Войти|Sign in)$/ });
    const choice = page.getByRole('heading', { name: /^(Выбор клиента|Choose a client)$/ });
    await expect(page.getByTestId('profile-menu').or(choice).or(signInButton)).toBeVisible();
    if (await choice.isVisible()) await page.locator('.client-choice__card').first().click();
    if (!(await signInButton.isVisible())) {
      await expect(page.getByTestId('profile-menu')).toBeVisible();
      if (await page.getByTestId('locale-switch').isVisible()) await useLanguage(page, lang);
      return;
    }
  }
  await signIn(page, email, password, lang);
  signedInStates.set(key, await page.context().storageState());
}

/**
 * Opens a path (no query) inside the loaded app as its own links do, without reloading the code,
 * `/me` and the route table; returns once the shell has rendered that location (the page's
 * loading state included), so what follows never reads the page before.
 */
export async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator(`.shell-content[data-location="${path}"]`)).toBeVisible();
}

/** No satisfaction survey over the page (it appears 5 s after entry unless its cookie is set). */
export async function skipSurvey(page: Page) {
  await page.context().addCookies([{ name: 'satisfaction', value: 'declined', url: `http://127.0.0.1:${PORT}` }]);
}

/** Chooses a mode in the top bar and returns the side menu's item labels. */
export async function openMode(page: Page, mode: RegExp) {
  await page.getByTestId('mode-switch').getByText(mode).click();
  // The side menu changes with the checked mode: a link clicked before that could be the old mode's namesake.
  await expect(page.getByTestId('mode-switch').getByRole('radio', { name: mode })).toBeChecked();
  return page.getByTestId('side-menu');
}

export async function menuItems(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

/** Waits until the side menu shows all of `wanted` (it changes a moment after a mode switch). */
export async function expectMenu(page: Page, wanted: string[], absent: string[] = []) {
  await expect
    .poll(async () => {
      const items = await menuItems(page);
      return wanted.every((w) => items.includes(w)) && absent.every((a) => !items.includes(a));
    })
    .toBe(true);
}

/** The interface language, whatever a previous run left on the account. */
export async function useLanguage(page: Page, lang: 'RU' | 'EN') {
  await page.getByTestId('locale-switch').getByText(lang, { exact: true }).click();
  // The page's language follows the interface's (i18n.ts), whatever modes the user has.
  await expect(page.locator('html')).toHaveAttribute('lang', lang.toLowerCase());
}

export async function signOut(page: Page) {
  // Once seen on a loaded machine: the click reached the dropdown while it re-rendered and was
  // lost. Open the menu and click again until the sign-in page shows (a real failure still fails).
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name: /^(Выйти|Log out|Sign out)$/ }).isVisible())) await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: /^(Выйти|Log out|Sign out)$/ }).click({ timeout: 3000 });
    await expect(page.getByRole('button', { name: /^(Войти|Sign in)$/ })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Closes the notices open in the top right corner: they lie over the page header's buttons until
 * they expire (some seconds), so a click there waits for them. Again until none is left: a notice
 * may arrive while the others close.
 */
export async function closeNotices(page: Page) {
  await expect(async () => {
    for (const button of await page.locator('.ant-notification-notice-close').all()) await button.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A call to the admin's API as the signed-in user (to make records a test needs, not to test the API). */
export async function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { access_token?: string };
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access_token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/**
 * Chooses `option` (the whole text) in an antd select, in that select's own dropdown (the list it
 * controls): another select's may still be closing.
 */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await select.click();
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  const list = await select.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  // A click that lands while the choices are being replaced (a cascading select loading them)
  // is lost: click again until the choice closes the dropdown.
  await expect(async () => {
    if (!(await dropdown.isVisible())) await select.click();
    await dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).first().click({ timeout: 15_000 });
    await expect(dropdown).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Chooses `option` in the select labelled `label` inside the open dialog. */
/**
 * Opens a list at `path` (its heading seen) and its create form, answered once open (with its
 * title when given): the first steps of every dictionary's creation.
 */
export async function openCreateForm(page: Page, path: string, heading: string, title?: string) {
  await visit(page, path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('button', { name: 'Создать' }).first().click();
  const form = page.getByRole('dialog');
  if (title) await expect(form.getByText(title)).toBeVisible();
  return form;
}

export const chooseInDialog = (page: Page, label: string, option: string) => chooseOption(page, page.getByRole('dialog').getByLabel(label, { exact: true }), option);

/**
 * A visitor sends the callback form on the contacts page of the demo Kia site (in a tab of its
 * own, closed after the site says the request was sent).
 */
export async function sendCallback(context: BrowserContext, visitor: { name: string; phone: string; comment?: string }) {
  const site = await context.newPage();
  await site.goto(`http://kia-avtograd.localhost:${PORT}/contacts`);
  const form = site.locator('form.form').first();
  await form.getByLabel('Имя').fill(visitor.name);
  await form.getByLabel('Телефон').fill(visitor.phone);
  if (visitor.comment) await form.getByLabel('Комментарий').fill(visitor.comment);
  await form.getByRole('checkbox').check();
  await form.getByRole('button').click();
  await expect(site.getByRole('status')).toContainText('Заявка отправлена');
  await site.close();
}

/** Step 1 of a page's creation from the open Pages screen: address, name, template; ends in the new draft's editor. */
export async function createPage(page: Page, uri: string, caption: string, template: string | null = 'Обычная страница') {
  await page.getByRole('button', { name: 'Новая страница' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Адрес (URI)').fill(uri);
  await dialog.getByLabel('Название страницы').fill(caption);
  if (template) {
    await dialog.getByLabel('Шаблон').click();
    await page.locator('.ant-select-item-option', { hasText: template }).click();
  }
  await dialog.getByRole('button', { name: 'Далее: содержимое' }).click();
  await expect(page.getByRole('heading', { name: caption })).toBeVisible();
}

/** Adds a floor of the library, by its title, at the end of the open editor's floors. */
export async function addFloor(page: Page, title: string) {
  const floors = page.locator('.floors-editor__item');
  const before = await floors.count();
  await page.getByLabel('Выберите этаж').click();
  await page.locator('.ant-select-item-option', { hasText: title }).first().click();
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(floors).toHaveCount(before + 1);
}

/** A header's value with RFC 2047 words decoded (base64 or quoted-printable UTF-8). */
export function mailHeader(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((one) => one.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** The text of a mail's body (one part, quoted-printable or base64 as nodemailer writes it). */
export function mailBody(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const text = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!)) return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) return Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  return text;
}

/**
 * The page fits `width` without a sideways scroll: asked until its layout settles after a resize
 * or a navigation (responsive components re-render a moment after the viewport changes).
 */
export const fitsWidth = (page: Page, width: number, message?: string) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message }).toBeLessThanOrEqual(width);
