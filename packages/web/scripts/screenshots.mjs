// Screenshots of the main screens in ru and en against a running server:
//   BASE_URL=http://localhost:3000 EMAIL=admin@platform.test PASSWORD=... node packages/web/scripts/screenshots.mjs [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const email = process.env.EMAIL ?? 'admin@platform.test';
const password = process.env.PASSWORD ?? 'Demo-Pass1!';
const out = process.argv[2] ?? '/tmp/web-shots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const problems = [];
const texts = {
  ru: { email: 'E-mail', password: 'Пароль', submit: 'Войти', site: 'Сайт', dictionaries: 'Справочники', settings: 'Настройки', create: 'Создать', code: 'Код', forgot: 'Забыли пароль?' },
  en: { email: 'E-mail', password: 'Password', submit: 'Sign in', site: 'Site', dictionaries: 'Dictionaries', settings: 'Settings', create: 'Create', code: 'Code', forgot: 'Forgot password?' },
};

async function shot(page, name) {
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
}

for (const lang of ['ru', 'en']) {
  const t = texts[lang];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
  await context.addCookies([{ name: 'locale', value: lang, url: base }]);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`[${lang}] console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`[${lang}] pageerror: ${error.message}`));

  await page.goto(`${base}/`);
  await page.getByLabel(t.email).waitFor();
  await page.getByTestId('locale-switch').getByText(lang.toUpperCase(), { exact: true }).click();
  await shot(page, `${lang}-01-sign-in`);
  await page.getByRole('button', { name: t.submit }).click();
  await shot(page, `${lang}-02-sign-in-empty`);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: t.submit }).click();
  await page.getByRole('alert').first().waitFor();
  await shot(page, `${lang}-02b-sign-in-wrong-password`);
  await page.getByRole('link', { name: t.forgot }).click();
  await shot(page, `${lang}-03-restore`);
  await page.getByLabel(t.email).fill(email);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await shot(page, `${lang}-03b-restore-step2`);
  await page.goto(`${base}/`);

  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
  await page.waitForURL('**/home-page');
  await page.getByTestId('mode-switch').waitFor();
  await page.getByTestId('locale-switch').getByText(lang.toUpperCase(), { exact: true }).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await shot(page, `${lang}-04-home`);

  await page.getByTestId('mode-switch').getByText(t.site, { exact: true }).click();
  await page.waitForURL('**/sites.context/select');
  await shot(page, `${lang}-05-mode-site-select`);
  await page.getByRole('searchbox').fill('zzz-nothing');
  await shot(page, `${lang}-05b-site-select-no-match`);
  await page.getByRole('searchbox').fill('');
  await page.locator('.site-tile').first().click();
  await page.waitForURL('**/home-page');
  await shot(page, `${lang}-05c-home-with-site`);
  await page.getByTestId('mode-switch').getByText(t.site, { exact: true }).click();
  await shot(page, `${lang}-06-mode-site-with-site`);

  await page.getByTestId('mode-switch').getByText(t.dictionaries, { exact: true }).click();
  await page.waitForLoadState('networkidle');
  await shot(page, `${lang}-07-mode-dictionaries`);
  await page.getByTestId('mode-switch').getByText(t.settings, { exact: true }).click();
  await page.waitForURL('**/clients.storage/clients/');
  await page.waitForLoadState('networkidle');
  await shot(page, `${lang}-08-mode-settings-clients`);

  await page.getByRole('button', { name: t.create, exact: true }).first().click();
  await page.locator('.ant-drawer').getByLabel(t.code, { exact: true }).fill('кириллица');
  await page.locator('.ant-drawer').getByRole('button', { name: t.create }).click();
  await shot(page, `${lang}-09-clients-create-invalid`);
  await page.keyboard.press('Escape');

  await page.goto(`${base}/sites.context/all_sites`);
  await page.waitForLoadState('networkidle');
  await shot(page, `${lang}-10-all-sites`);
  await page.goto(`${base}/personal/`);
  await page.waitForLoadState('networkidle');
  await shot(page, `${lang}-11-personal`);
  await page.getByTestId('profile-menu').click();
  await shot(page, `${lang}-12-profile-menu`);
  await context.close();
}
await browser.close();
console.log(problems.length ? `\nProblems:\n${problems.join('\n')}` : '\nNo console errors or warnings.');
