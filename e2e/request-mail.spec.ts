import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { chooseOption, mailBody, mailHeader, sendCallback, SHOTS, signIn, visit } from './kit.ts';
import { SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * A request's e-mail in a real mail server (a test SMTP server):
 * the spec starts an SMTP listener, the dealer's manager points the demo site's SMTP settings at it
 * through the screen, makes a template sent through the site's SMTP, picks it in the callback
 * setting, a visitor sends the demo site's callback form, and the mail arrives with its subject,
 * recipient and body. The listener is on SMTP_TEST_HOST, the one loopback address the e2e app's
 * outbound guard lets through (docs/decisions/outgoing-calls.md): 127.0.0.1, the app's own, stays refused.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const unique = Date.now().toString(36);
const TEMPLATE = `Через SMTP ${unique}`;

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A mail server that keeps what it is sent and tells each arrival to whoever waits. */
async function startSmtp() {
  const mails: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((one) => one.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, SMTP_TEST_HOST, () => resolve());
  });
  /** The first mail that matches, as soon as it arrives (no polling). */
  const mailWhere = (match: (mail: Received) => boolean) =>
    new Promise<Received>((resolve) => {
      const look = () => {
        const found = mails.find(match);
        if (found) resolve(found);
        else waiters.push(look);
      };
      look();
    });
  return { port: (server.server.address() as AddressInfo).port, mailWhere, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function openSiteMenu(page: Page, item: string) {
  await page.getByTestId('side-menu').getByText(item, { exact: true }).click();
}

test('a callback request’s e-mail goes through the site’s SMTP server and arrives', async ({ page, context }) => {
  test.setTimeout(180_000);
  const smtp = await startSmtp();
  try {
    await signIn(page, MANAGER);
    await visit(page, '/sites.context/select');
    await page.getByText(SITE).first().click();

    // The site's SMTP settings, pointed at the listener through the screen.
    await openSiteMenu(page, 'Настройки SMTP');
    await expect(page.getByRole('heading', { name: 'Настройки SMTP' })).toBeVisible();
    await page.getByLabel('Сервер', { exact: true }).fill(SMTP_TEST_HOST);
    await page.getByLabel('Порт', { exact: true }).fill(String(smtp.port));
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText(/Изменения сохранены|Запись создана/).first()).toBeVisible();

    // A template sent through the site's SMTP.
    await openSiteMenu(page, 'Шаблоны писем');
    await page.getByRole('button', { name: 'Новый шаблон' }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Название', { exact: true }).fill(TEMPLATE);
    await drawer.getByLabel('Отправитель', { exact: true }).fill('sales@kia-avtograd.ru');
    const to = drawer.getByRole('combobox', { name: 'Получатели', exact: true });
    await to.fill('leads@kia-avtograd.ru');
    await to.press('Enter');
    await drawer.getByLabel('Тема', { exact: true }).fill(`Заявка ${unique} от {{name}}`);
    await drawer.getByLabel('Текст письма', { exact: true }).fill('Клиент {{name}}, телефон {{phone}}');
    await drawer.getByLabel('Через SMTP сайта').click();
    await expect(drawer.getByLabel('Через SMTP сайта')).toBeChecked();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Запись создана').first()).toBeVisible();

    // Picked in the site's callback setting.
    await openSiteMenu(page, 'Настройки заявок');
    await page.getByRole('row').filter({ hasText: 'Обратный звонок' }).first().getByRole('button', { name: /Изменить|Редактировать/ }).click();
    await drawer.getByRole('button', { name: 'Добавить действие' }).click();
    await chooseOption(page, drawer.getByRole('combobox', { name: 'Действие' }).last(), TEMPLATE);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Изменения сохранены').first()).toBeVisible();

    // A visitor sends the demo site's callback form; the mail arrives.
    const name = `Посетитель ${unique}`;
    const arrived = smtp.mailWhere((mail) => mailHeader(mail.raw, 'subject').includes(unique));
    await sendCallback(context, { name, phone: '+7 (916) 555-77-88' });

    const mail = await arrived;
    expect(mail.to).toEqual(['leads@kia-avtograd.ru']);
    expect(mail.from).toBe('sales@kia-avtograd.ru');
    expect(mailHeader(mail.raw, 'subject')).toBe(`Заявка ${unique} от ${name}`);
    expect(mailBody(mail.raw)).toContain(`Клиент ${name}, телефон +7 (916) 555-77-88`);

    // The request shows the mail as sent.
    await openSiteMenu(page, 'Обратный звонок');
    await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).fill(unique);
    await page.getByRole('searchbox', { name: 'Имя, телефон или e-mail' }).press('Enter');
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /Открыть заявку/ }).click();
    await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: `Письмо: ${TEMPLATE}` })).toContainText('Отправлено');
    await page.screenshot({ path: `${SHOTS}/request-mail-ru-1440.png` });
    await page.getByRole('dialog').locator('.ant-drawer-close').click();

    // Later specs' callback requests do not write to a closed listener: the template leaves the setting.
    await openSiteMenu(page, 'Настройки заявок');
    await page.getByRole('row').filter({ hasText: 'Обратный звонок' }).first().getByRole('button', { name: /Изменить|Редактировать/ }).click();
    await drawer.locator('.ant-space').filter({ hasText: TEMPLATE }).getByRole('button', { name: 'Удалить' }).click();
    await expect(drawer.getByText(TEMPLATE)).toHaveCount(0);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  } finally {
    await smtp.close();
  }
});
