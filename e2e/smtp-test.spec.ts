import net, { type AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { closeNotices, SHOTS, signIn, useLanguage, visit } from './kit.ts';
import { SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * The test mail of a site's SMTP settings: the address is the user's own unless changed, the mail
 * goes through the saved settings to a real SMTP listener, and changes not yet saved are saved
 * first when the user agrees; a server that refuses the connection is said so in words, in the
 * user's language. The listener is on SMTP_TEST_HOST, the loopback address the e2e app's outbound
 * guard lets through.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';

/** A mail server that tells each arrival's recipients to whoever waits. */
async function startSmtp() {
  const arrivals: string[][] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        arrivals.push(session.envelope.rcptTo.map((one) => one.address));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, SMTP_TEST_HOST, () => resolve());
  });
  /** The recipients of the next mail to arrive. */
  const next = () => new Promise<string[]>((resolve) => waiters.push(() => resolve(arrivals.at(-1)!)));
  return { port: (server.server.address() as AddressInfo).port, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port on SMTP_TEST_HOST that nobody listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, SMTP_TEST_HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function shot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a test mail goes through the saved SMTP settings, and a refused connection is said in words', async ({ page }) => {
  test.setTimeout(120_000);
  const smtp = await startSmtp();
  const closed = await closedPort();
  try {
    await signIn(page, MANAGER);
    await visit(page, '/sites.context/select');
    await page.getByText(SITE).first().click();
    await page.getByTestId('side-menu').getByText('Настройки SMTP', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Настройки SMTP' })).toBeVisible();
    await page.getByLabel('Сервер', { exact: true }).fill(SMTP_TEST_HOST);
    await page.getByLabel('Порт', { exact: true }).fill(String(smtp.port));
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByText(/Изменения сохранены|Запись создана/).first()).toBeVisible();
    await closeNotices(page);

    // The user's own address, and the button says it sends through the saved settings.
    const to = page.getByRole('textbox', { name: 'Адрес для тестового письма' });
    await expect(to).toHaveValue(MANAGER);
    const send = page.getByRole('button', { name: 'Отправить тестовое письмо' });
    await send.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Отправляет короткое письмо через сохранённые настройки');
    const arrived = smtp.next();
    await send.click();
    await expect(page.getByText(`Тестовое письмо отправлено на ${MANAGER}`)).toBeVisible();
    expect(await arrived).toEqual([MANAGER]);
    await closeNotices(page);

    // A change not saved yet: saved first when the user agrees, then the server refuses the connection.
    await page.getByLabel('Порт', { exact: true }).fill(String(closed));
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Сначала сохранить изменения?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Сохранить и отправить' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Тестовое письмо не отправлено: сервер ${SMTP_TEST_HOST}:${closed} отказал в соединении. Проверьте адрес и порт`)).toBeVisible();
    await shot(page, 'smtp-test-ru');
    await closeNotices(page);

    await useLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'SMTP settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Send a test mail' }).click();
    await expect(page.getByText(`The test mail was not sent: the server ${SMTP_TEST_HOST}:${closed} refused the connection. Check the address and the port`)).toBeVisible();
    await shot(page, 'smtp-test-en');
    await closeNotices(page);
    await useLanguage(page, 'RU');
  } finally {
    await smtp.close();
  }
});
