import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { callApi, closeNotices, mailBody, mailHeader, signInAgain, useLanguage, visit } from './kit.ts';
import { PORT } from './playwright.config.ts';

/**
 * Reviewer: the demo Kia site's manager switches the review invitations on (no delay) and lists a
 * review site; a visitor sends the trade-in form with an e-mail; the manager marks the request
 * handled; the invitation arrives (the app's outbox: no SMTP server here); the customer rates 2
 * stars with a comment on the site's rating page (a complaint), and the manager finds the rating
 * in the list with the average above it. The screens in Russian and English at 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_HOST = 'kia-avtograd.localhost';
const SITE_URL = `http://${SITE_HOST}:${PORT}`;
const RUN = Date.now().toString(36);
const CUSTOMER = `rate-${RUN}@customer.test`;
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let siteId = 0;

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/reviewer-${name}.png`, fullPage: true });
}

async function findSite(page: Page) {
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=500');
  siteId = Number((sites.body.data as { id: string; attributes: { technical_host: string } }[]).find((one) => one.attributes.technical_host === SITE_HOST)!.id);
}

/** The invitation mail to `to` in the app's outbox, once the job has written it. */
async function invitationTo(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
        found = files.map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')).find((raw) => mailHeader(raw, 'To').includes(to));
        return Boolean(found);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

test('the manager switches invitations on, marks a request handled, the customer rates it, the rating is listed', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAgain(page, MANAGER);
  await useLanguage(page, 'RU');
  await findSite(page);
  // The trade-in form asks for an e-mail; the reviewer starts from its defaults with no links.
  const tradein = await callApi(page, 'GET', `/gateway/tradein.calculator/api/v1/settings/for_site_id/${siteId}`);
  await callApi(page, 'PATCH', `/gateway/tradein.calculator/api/v1/settings/${tradein.body.data.id}`, { data: { attributes: { brands: [], max_age_years: null, max_mileage: null, form_fields: ['email'] } } });
  const settings = await callApi(page, 'GET', `/gateway/reviewer/api/v1/settings/for_site_id/${siteId}`);
  await callApi(page, 'PATCH', `/gateway/reviewer/api/v1/settings/${settings.body.data.id}`, { data: { attributes: { enabled: false, delay_minutes: 60, review_links: [] } } });

  await visit(page, `/reviewer/settings/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Отзывы', exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Отправлять приглашения' }).click();
  await page.getByLabel('Задержка после обработки, минут', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await closeNotices(page);
  await page.getByRole('button', { name: 'Добавить площадку' }).click();
  await page.getByLabel('Название', { exact: true }).fill('Яндекс Карты');
  await page.getByLabel('Ссылка', { exact: true }).fill('ftp://yandex.ru/maps');
  await page.getByRole('button', { name: 'Сохранить площадки' }).click();
  await expect(page.getByText('Ссылка должна начинаться с http:// или https://')).toBeVisible();
  await page.getByLabel('Ссылка', { exact: true }).fill('https://yandex.ru/maps/org/kia_avtograd/1/reviews/');
  await page.getByRole('button', { name: 'Сохранить площадки' }).click();
  await expect(page.getByText('Площадки сохранены')).toBeVisible();
  await closeNotices(page);
  await shot(page, 'settings-ru-1440');

  // A visitor sends the trade-in form with an e-mail.
  const site = await context.newPage();
  await site.goto(`${SITE_URL}/trade-in`);
  const form = site.locator('form.form--trade-in');
  const visitor = `Клиент ${RUN}`;
  await form.getByLabel('Имя').fill(visitor);
  await form.getByLabel('Телефон').fill('+7 (916) 555-44-22');
  await form.getByLabel('E-mail').fill(CUSTOMER);
  await form.getByLabel('Марка вашего автомобиля').fill('Kia');
  await form.getByLabel('Модель вашего автомобиля').fill('Rio');
  await form.getByLabel('Год выпуска').fill(String(new Date().getUTCFullYear() - 4));
  await form.getByLabel('Пробег, км').fill('60000');
  await form.getByRole('checkbox').check();
  await form.getByRole('button').click();
  await expect(site.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();

  // The manager marks it handled from its card.
  await visit(page, `/request.storage/tradein_requests/${siteId}`);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(RUN);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: visitor });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Открыть заявку/ }).click();
  await page.getByRole('button', { name: 'Отметить обработанной' }).click();
  await expect(page.getByText('Заявка отмечена обработанной')).toBeVisible();
  await shot(page, 'handled-ru-1440');
  await page.keyboard.press('Escape');

  // The invitation, and the customer's rating on the site's page (a phone's width).
  const mail = await invitationTo(CUSTOMER);
  expect(mailHeader(mail, 'Subject')).toBe('Оцените, пожалуйста, нашу работу');
  const body = mailBody(mail);
  expect(body).toContain(`Здравствуйте, ${visitor}!`);
  const link = /https?:\/\/[^\s/]+(\/_review\/[A-Za-z0-9_-]+)/.exec(body)![1]!;
  await site.setViewportSize({ width: 390, height: 844 });
  await site.goto(`${SITE_URL}${link}`);
  await expect(site.getByRole('heading', { name: 'Оцените нашу работу' })).toBeVisible();
  await shot(site, 'page-ru-390');
  await site.getByLabel('2 — плохо').check();
  await site.getByLabel('Комментарий (необязательно)').fill(`Долго ждал звонка ${RUN}`);
  await site.getByRole('button', { name: 'Отправить оценку' }).click();
  await expect(site.getByRole('heading', { name: 'Спасибо за оценку!' })).toBeVisible();
  await expect(site.getByText('Мы передали вашу оценку')).toBeVisible();
  await shot(site, 'thanks-ru-390');
  // A token rates once.
  await site.goto(`${SITE_URL}${link}`);
  await expect(site.getByText('По этой ссылке оценка уже получена')).toBeVisible();
  await site.close();

  // The rating in the list, with the average above it.
  await visit(page, `/reviewer/ratings/${siteId}`);
  await expect(page.getByRole('heading', { name: 'Оценки клиентов' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Долго ждал звонка ${RUN}` })).toContainText('Жалоба дилеру');
  await expect(page.getByText('Средняя оценка')).toBeVisible();
  await shot(page, 'ratings-ru-1440');
});

for (const { lang, width } of [
  { lang: 'RU', width: 390 },
  { lang: 'EN', width: 1440 },
  { lang: 'EN', width: 390 },
] as const) {
  test(`the settings and ratings screens (${lang}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAgain(page, MANAGER);
    await useLanguage(page, lang);
    await page.setViewportSize({ width, height: 900 });
    await findSite(page);
    await visit(page, `/reviewer/settings/${siteId}`);
    await expect(page.getByRole('heading', { name: lang === 'RU' ? 'Отзывы' : 'Reviews', exact: true })).toBeVisible();
    await expect(page.getByLabel(lang === 'RU' ? 'Порог оценки (1–5)' : 'Rating threshold (1–5)', { exact: true })).toHaveValue('4');
    await shot(page, `settings-${lang.toLowerCase()}-${width}`);
    await visit(page, `/reviewer/ratings/${siteId}`);
    await expect(page.getByRole('heading', { name: lang === 'RU' ? 'Оценки клиентов' : 'Customer ratings' })).toBeVisible();
    // The rating of the first test (a phone's width shows the date and the rating only).
    await expect(page.getByRole('row').filter({ hasText: '★' }).first()).toBeVisible();
    await shot(page, `ratings-${lang.toLowerCase()}-${width}`);
  });
}
