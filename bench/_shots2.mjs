import { chromium } from 'playwright';
const BASE = 'http://127.0.0.1:3750';
const PASS = 'E2e-Demo-Pass1!';
const out = '/tmp/po-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function session(email, lang, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'satisfaction', value: 'declined', url: BASE }]);
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
for (const lang of ['ru', 'en']) for (const width of [1440, 390]) for (const who of ['admin@platform.test', 'manager@avtograd-sever.test']) {
  const { context, page } = await session(who, lang, width);
  await page.goto(BASE + '/platform/suggestions'); await page.getByTestId('suggestion').first().waitFor();
  await page.getByRole('button', { name: /ответ|answer/i }).first().click(); await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/sugg-${who.split('@')[0]}-${lang}-${width}.png`, fullPage: true });
  if (who.startsWith('manager') && width === 1440) {
    await page.getByRole('button', { name: /^(Предложить|Propose)$/ }).first().click(); await page.waitForTimeout(400);
    await page.getByRole('dialog').getByRole('button', { name: /^(Предложить|Propose)$/ }).click(); await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/sugg-propose-${lang}.png` });
  }
  await context.close();
}
await browser.close();
