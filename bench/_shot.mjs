import { chromium } from 'playwright';
const base = 'http://localhost:3650';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const token = (await (await fetch(`${base}/gateway/auth.processing/api/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { method: 'password', identity: 'manager@avtograd-sever.test', secret: 'E2e-Demo-Pass1!' } }) })).json()).data.access_token;
const site = (await (await fetch(`${base}/gateway/sites.context/api/v1/sites?page[size]=1`, { headers: { authorization: `Bearer ${token}` } })).json()).data[0];
for (const [lang, width] of [['ru', 1440], ['en', 390], ['en', 1440], ['ru', 390]]) {
  const page = await browser.newPage({ viewport: { width, height: 1000 }, locale: lang });
  await page.goto(base + '/');
  await page.getByLabel(/^(E-mail)$/).fill('manager@avtograd-sever.test');
  await page.getByLabel(/^(Пароль|Password)$/).fill('E2e-Demo-Pass1!');
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  const choice = page.getByRole('heading', { name: /^(Выбор клиента|Choose a client)$/ });
  await choice.or(page.getByTestId('profile-menu')).waitFor();
  if (await choice.isVisible()) await page.locator('.client-choice__card').first().click();
  await page.getByTestId('profile-menu').waitFor();
  const switcher = page.getByTestId('locale-switch');
  if (lang === 'en' && await switcher.isVisible()) { await switcher.click(); await page.getByText('English').click().catch(() => {}); }
  await page.goto(`${base}/credit.calc/settings/${site.id}`);
  const pick = page.getByLabel(/^(Автомобиль из наличия|Car from stock)$/);
  await pick.waitFor();
  await pick.click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByRole('button', { name: /^(Рассчитать|Calculate)$/ }).click();
  await page.locator('.credit-preview .ant-table-row').first().waitFor();
  await page.locator('.credit-preview').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/preview-${lang}-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
