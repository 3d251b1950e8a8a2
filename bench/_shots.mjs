import { chromium } from 'playwright';
const BASE = 'http://127.0.0.1:3750';
const PASS = 'E2e-Demo-Pass1!';
const out = '/tmp/po-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function session(email, lang, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'satisfaction', value: 'declined', url: BASE }, { name: 'lang', value: lang, url: BASE }]);
  const page = await context.newPage();
  await page.goto(BASE + '/');
  await page.getByLabel(/^(E-mail)$/).fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(PASS);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  const choice = page.getByRole('heading', { name: /^(Выбор клиента|Choose a client)$/ });
  await page.getByTestId('profile-menu').or(choice).waitFor();
  if (await choice.isVisible()) await page.locator('.client-choice__card').first().click();
  await page.getByTestId('profile-menu').waitFor();
  if (await page.getByTestId('locale-switch').isVisible()) { await page.getByTestId('locale-switch').getByText(lang.toUpperCase(), { exact: true }).click(); await page.locator(`html[lang=${lang}]`).waitFor(); }
  return { context, page };
}
const which = process.argv[2] ?? 'all';
for (const lang of ['ru', 'en']) for (const width of [1440, 390]) {
  const { context, page } = await session('admin@platform.test', lang, width);
  await page.goto(BASE + '/platform/news'); await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/news-list-${lang}-${width}.png`, fullPage: true });
  await page.goto(BASE + '/platform/news/create'); await page.waitForTimeout(1500);
  if (which === 'all') { await page.getByRole('button', { name: /^(Создать|Create)$/ }).click(); await page.waitForTimeout(800); }
  await page.screenshot({ path: `${out}/news-create-${lang}-${width}.png`, fullPage: true });
  await context.close();
  const m = await session('manager@avtograd-sever.test', lang, width);
  await m.page.goto(BASE + '/home-page'); await m.page.waitForTimeout(1500);
  await m.page.screenshot({ path: `${out}/home-${lang}-${width}.png`, fullPage: false });
  await m.context.close();
}
await browser.close();
