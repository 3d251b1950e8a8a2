import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, callApi, chooseOption, openMode, sendCallback, SHOTS, signIn, signOut, useLanguage, visit } from './kit.ts';
import { SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * Central proxy actions (spec 002 §6, docs/decisions/sender.md): the platform
 * administrator makes one in the dictionaries (the CRM stand-in listens on the one loopback address
 * the e2e app's outbound guard lets through); the dealer's manager sees the list read-only, picks
 * it in the demo site's callback setting with its "Общее" tag; a visitor's callback reaches the
 * stand-in with the token; the setting is put back as it was.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const unique = Date.now().toString(36);
const CENTRAL = `Мост CRM ${unique}`;
const MENU = 'Общие прокси-действия';

/** The CRM stand-in: keeps every call it gets. */
function startCrm() {
  const calls: { path: string; authorization?: string; body: any }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  return new Promise<{ url: string; calls: typeof calls; close(): Promise<void> }>((resolve) =>
    server.listen(0, SMTP_TEST_HOST, () =>
      resolve({ url: `http://${SMTP_TEST_HOST}:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }) }),
    ),
  );
}

async function openCentral(page: Page) {
  await openMode(page, /^(Справочники|Dictionaries)$/);
  await page.getByTestId('side-menu').getByText(MENU, { exact: true }).click();
  await expect(page.getByRole('heading', { name: MENU })).toBeVisible();
}

test('the administrator makes a central proxy action, a manager picks it for the site’s callbacks, a callback reaches the CRM', async ({ page, context }) => {
  test.setTimeout(180_000);
  const crm = await startCrm();
  try {
    // The administrator: a required central action with a token (never shown again).
    await signIn(page, ADMIN);
    await openCentral(page);
    await page.getByRole('button', { name: /^(Создать|Добавить общее прокси-действие)$/ }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Название', { exact: true }).fill(CENTRAL);
    await drawer.getByLabel('Адрес CRM', { exact: true }).fill(`${crm.url}/bridge`);
    await drawer.getByLabel('Токен', { exact: true }).fill('central-e2e-token');
    await drawer.getByRole('switch').click();
    await page.screenshot({ path: `${SHOTS}/central-proxy-form-ru-1440.png` });
    await drawer.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect(page.getByText('Запись создана').first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: CENTRAL })).toBeVisible();
    await expect(page.getByText('central-e2e-token')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/central-proxy-list-ru-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: MENU })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/central-proxy-list-ru-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'Central proxy actions' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/central-proxy-list-en-1440.png` });
    await page.getByRole('row').filter({ hasText: CENTRAL }).getByRole('button', { name: `Edit: ${CENTRAL}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Central proxy action');
    await page.screenshot({ path: `${SHOTS}/central-proxy-form-en-1440.png` });
    await page.getByRole('dialog').locator('.ant-drawer-close').click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Central proxy actions' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/central-proxy-list-en-390.png`, fullPage: true });
    // Back to Russian for the specs after this one (the language is kept on the shared demo account).
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'RU');
    await signOut(page);

    // The manager: the list read-only (no create, edit or delete), the action picked in the callback setting.
    await signIn(page, MANAGER);
    await openCentral(page);
    await expect(page.getByRole('row').filter({ hasText: CENTRAL })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Создать|Добавить общее прокси-действие)$/ })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: CENTRAL }).getByRole('button', { name: /^(Изменить|Удалить):/ })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/central-proxy-read-only-ru-1440.png` });
    await openMode(page, /^(Сайт|Site)$/);
    await visit(page, '/sites.context/select');
    await page.getByText(SITE).first().click();
    await page.getByTestId('side-menu').getByText('Настройки заявок', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Настройки заявок' })).toBeVisible();
    const settingRow = page.getByRole('row').filter({ hasText: 'Обратный звонок' }).first();
    await settingRow.getByRole('button', { name: /Изменить|Редактировать/ }).click();
    const settingDrawer = page.getByRole('dialog');
    await settingDrawer.getByRole('button', { name: 'Добавить действие' }).click();
    const picker = settingDrawer.getByRole('combobox', { name: 'Действие' }).last();
    await picker.click();
    await expect(page.locator('.ant-select-dropdown:visible').getByText('Общие прокси-действия', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/central-proxy-picker-ru-1440.png` });
    await page.keyboard.press('Escape');
    await chooseOption(page, picker, `${CENTRAL} · обязательное Общее`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Изменения сохранены').first()).toBeVisible();

    // A visitor's callback: the CRM stand-in gets it with the central action's token.
    const name = `Посетитель ${unique}`;
    await sendCallback(context, { name, phone: '+7 (916) 555-43-22' });
    await expect.poll(() => crm.calls.find((call) => call.body?.data?.attributes?.name === name), { timeout: 60_000 }).toBeTruthy();
    const call = crm.calls.find((one) => one.body?.data?.attributes?.name === name)!;
    expect(call).toMatchObject({ path: '/bridge', authorization: 'Bearer central-e2e-token' });

    // The setting as it was: the central action taken out again (other specs use the same setting).
    const siteId = /settings_requests\/(\d+)/.exec(page.url())![1];
    const settings = await callApi(page, 'GET', `/gateway/request.storage/api/v1/requests_settings?filter[site_id]=${siteId}&page[size]=1000`);
    for (const record of settings.body.data as { id: string; attributes: { actions: { kind: string; id: number }[] } }[]) {
      const kept = record.attributes.actions.filter((action) => action.kind !== 'central_proxy_action');
      if (kept.length !== record.attributes.actions.length) {
        expect((await callApi(page, 'PATCH', `/gateway/request.storage/api/v1/requests_settings/${record.id}`, { data: { attributes: { actions: kept } } })).status).toBe(200);
      }
    }
    await signOut(page);

    // The administrator removes the saved token (the CRM no longer wants one): the form says it goes on save.
    await signIn(page, ADMIN);
    await openCentral(page);
    await page.getByRole('row').filter({ hasText: CENTRAL }).getByRole('button', { name: `Изменить: ${CENTRAL}` }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByText('Значение задано и не показывается')).toBeVisible();
    await edit.getByRole('button', { name: 'Удалить', exact: true }).click();
    await expect(edit.getByText('Значение будет удалено при сохранении')).toBeVisible();
    await expect(edit.getByLabel('Токен', { exact: true })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/central-proxy-token-removed-ru-1440.png` });
    await edit.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
    const list = await callApi(page, 'GET', `/gateway/sender/api/v1/central_proxy_actions?filter[search]=${encodeURIComponent(CENTRAL)}`);
    expect(list.body.data.find((one: { attributes: { title: string } }) => one.attributes.title === CENTRAL).attributes.has_token).toBe(false);
  } finally {
    await crm.close();
  }
});
