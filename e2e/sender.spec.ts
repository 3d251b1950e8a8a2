import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { chooseOption, sendCallback, SHOTS, signIn, visit } from './kit.ts';
import { SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * Sender (the requests' actions): the dealer's manager makes an e-mail template (with its preview on a
 * sample request) and a proxy action to the dealer's CRM, picks both in the site's callback
 * setting, a visitor sends the demo site's callback form, and the request's detail shows each
 * action by name with its sending status: the mail sent (the platform's mail; no SMTP server here,
 * so to the outbox), the CRM call ended with an error (the CRM stand-in refuses the lead), and the
 * request is listed in lost requests since the CRM is required. An address inside the platform's
 * network (the app's own 127.0.0.1) is refused on the field when the proxy action is saved.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const unique = Date.now().toString(36);
const TEMPLATE = `Новая заявка ${unique}`;
const CRM = `CRM ${unique}`;

/** A CRM that refuses every lead (422): a final failure of the proxy action. */
function startRefusingCrm() {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"unknown dealer"}');
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, SMTP_TEST_HOST, () =>
      resolve({ url: `http://${SMTP_TEST_HOST}:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }) }),
    ),
  );
}

let crm: Awaited<ReturnType<typeof startRefusingCrm>>;
test.beforeAll(async () => {
  crm = await startRefusingCrm();
});
test.afterAll(() => crm?.close());

async function openSiteMenu(page: Page, item: string) {
  await page.getByTestId('side-menu').getByText(item, { exact: true }).click();
}

test('a template with a preview and a proxy action run for the demo site’s callback form, with their statuses on the request', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();

  // The e-mail template: recipients, a subject and an HTML body with placeholders, the preview.
  await openSiteMenu(page, 'Шаблоны писем');
  await expect(page.getByRole('heading', { name: 'Шаблоны писем' })).toBeVisible();
  await page.getByRole('button', { name: 'Новый шаблон' }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Название', { exact: true }).fill(TEMPLATE);
  await drawer.getByLabel('Отправитель', { exact: true }).fill('sales@kia-avtograd.ru');
  const to = drawer.getByRole('combobox', { name: 'Получатели', exact: true });
  await to.fill('manager@kia-avtograd.ru');
  await to.press('Enter');
  await drawer.getByLabel('Тема', { exact: true }).fill('Заявка «{{type}}» от {{name}}');
  await drawer.getByText('HTML', { exact: true }).click();
  await drawer.getByLabel('Текст письма', { exact: true }).fill('<p>Клиент: ');
  await drawer.getByRole('button', { name: '{{full_name}}' }).click();
  await drawer.getByLabel('Текст письма', { exact: true }).press('End');
  await drawer.getByLabel('Текст письма', { exact: true }).pressSequentially(', телефон ');
  await drawer.getByRole('button', { name: '{{phone}}' }).click();
  await drawer.getByRole('button', { name: /Предпросмотр/ }).click();
  const preview = drawer.getByTestId('email-preview');
  await expect(preview).toContainText('Заявка «Обратный звонок» от Анна');
  await expect(preview.frameLocator('iframe').locator('p')).toHaveText('Клиент: Анна Иванова, телефон +7 (900) 123-45-67');
  await page.screenshot({ path: `${SHOTS}/sender-template-ru-1440.png` });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Запись создана').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TEMPLATE })).toBeVisible();

  // The proxy action: a required CRM call with a token (the token is never shown again).
  await openSiteMenu(page, 'Прокси-действия');
  await expect(page.getByRole('heading', { name: 'Прокси-действия' })).toBeVisible();
  await page.getByRole('button', { name: 'Новое прокси-действие' }).first().click();
  await drawer.getByLabel('Название', { exact: true }).fill(CRM);
  await drawer.getByLabel('Адрес CRM', { exact: true }).fill('http://127.0.0.1:9/crm/leads');
  await drawer.getByLabel('Токен', { exact: true }).fill('secret-crm-token');
  await drawer.getByRole('switch').click();
  // An address inside the platform's network is refused on its field at once, nothing saved.
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(drawer.getByText('Этот адрес ведёт во внутреннюю сеть платформы (этот сервер, частная или локальная сеть), его нельзя использовать')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sender-proxy-internal-ru-1440.png` });
  await drawer.getByLabel('Адрес CRM', { exact: true }).fill(`${crm.url}/crm/leads`);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Запись создана').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: CRM })).toBeVisible();
  await expect(page.getByText('secret-crm-token')).toHaveCount(0);

  // Both picked in the site's callback setting (the demo has one without a tag).
  await openSiteMenu(page, 'Настройки заявок');
  await expect(page.getByRole('heading', { name: 'Настройки заявок' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Обратный звонок' }).first().getByRole('button', { name: /Изменить|Редактировать/ }).click();
  for (const name of [TEMPLATE, `${CRM} · обязательное`]) {
    await drawer.getByRole('button', { name: 'Добавить действие' }).click();
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Действие' }).last(), name);
  }
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();

  // A visitor sends the callback form of the demo site.
  const name = `Посетитель ${unique}`;
  await sendCallback(context, { name, phone: '+7 (916) 555-43-21' });

  // The request's detail: each action by name, with the sending queue's status.
  await openSiteMenu(page, 'Обратный звонок');
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(unique);
  await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(async () => {
    await page.getByRole('button', { name: 'Обновить' }).click();
    await row.getByRole('button', { name: /Открыть заявку/ }).click();
    const detail = page.getByRole('dialog');
    const actions = detail.getByRole('row');
    try {
      await expect(actions.filter({ hasText: `Письмо: ${TEMPLATE}` })).toContainText('Отправлено', { timeout: 3_000 });
      await expect(actions.filter({ hasText: `Прокси-действие: ${CRM}` })).toContainText('Завершено с ошибкой', { timeout: 3_000 });
    } finally {
      await detail.locator('.ant-drawer-close').click();
      await expect(detail).toBeHidden();
    }
  }).toPass({ timeout: 60_000 });
  await row.getByRole('button', { name: /Открыть заявку/ }).click();
  await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: `Письмо: ${TEMPLATE}` })).toContainText('Отправлено');
  await page.screenshot({ path: `${SHOTS}/sender-request-actions-ru-1440.png` });
  await page.getByRole('dialog').locator('.ant-drawer-close').click();

  // The CRM was required: the request is a lost one, with the reason.
  await openSiteMenu(page, 'Потерянные заявки');
  await expect(page.getByRole('heading', { name: 'Потерянные заявки' })).toBeVisible();
  const lost = page.getByRole('row').filter({ hasText: name });
  await expect(lost).toContainText(`${CRM}: Завершено с ошибкой · обязательное`);
  await expect(lost).toContainText(`${TEMPLATE}: Отправлено`);
  await expect(lost.getByRole('button', { name: 'Отправить снова' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sender-lost-ru-1440.png` });
});
