import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, chooseInDialog, chooseOption, closeNotices, openCreateForm, SHOTS, signInAgain, useLanguage, visit } from './kit.ts';

/**
 * The feed journey, as one story: a dealer manager imports a feed whose
 * dealer names Kia Sportage its own way, reads the rows in error in the report, provider staff add
 * the field alias (a provider dictionary: it applies to every client's imports), the manager runs
 * the import again, finds the cars in the site's stock and publishes them in the Google feed; the
 * alias screen and the report are seen in English too, on a desktop and a phone.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Kia';
const RUN = Date.now().toString(36).toUpperCase().replace(/[IOQ]/g, '0');
/** The dealer's word for Kia Sportage, unique to the run: feeds.spec and export.spec match as before. */
const FEED_MODEL = `Спортейдж ${RUN}`;
const VIN_PREFIX = `XW8J${RUN}`;
const vin = (n: number) => `${VIN_PREFIX}0000000`.slice(0, 15) + String(n).padStart(2, '0');
/** Two rows the catalogue knows as they are, three under the dealer's own model name (and the brand in capitals, as dealer systems write it). */
const DIRECT = [vin(1), vin(2)];
const ALIASED = [vin(3), vin(4), vin(5)];
const FILE = `avtograd-${RUN}.csv`;
test.describe.configure({ timeout: 120_000 });

function feed(): Buffer {
  const lines = ['vin;brand;model;price;year'];
  for (const v of DIRECT) lines.push(`${v};Kia;Sportage;3150000;2025`);
  for (const v of ALIASED) lines.push(`${v};KIA;${FEED_MODEL};3290000;2025`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Opens a section of the dealer's site from the side menu. */
async function openSection(page: Page, item: string) {
  await page.getByTestId('side-menu').getByText(item, { exact: true }).click();
  await expect(page.getByRole('heading', { name: item })).toBeVisible();
}

/**
 * Runs the import from its settings and answers its report's number once the report is finished.
 * The report is found by the number the start answers: the list, read from the cache first, may
 * still show the previous (finished) report on top.
 */
async function runImport(page: Page) {
  await openSection(page, 'Настройки импорта');
  const started = page.waitForResponse((response) => response.url().endsWith('/manual/start'));
  await page.getByRole('button', { name: 'Запустить импорт' }).click();
  const { data } = (await (await started).json()) as { data: { id: string } };
  await expect(page.getByText('Импорт запущен')).toBeVisible();
  await closeNotices(page);
  await openSection(page, 'Отчёты импорта');
  const row = page.locator('.ant-table-row').filter({ has: page.getByRole('button', { name: `Подробный отчёт #${data.id}`, exact: true }) });
  await expect(row.getByText(/^Завершён( с ошибками: [\d\s]+)?$/)).toBeVisible({ timeout: 60_000 });
  return data.id;
}

/** A counter of the open detailed report (a bordered description: the label's cell, then its value's). */
const counter = (drawer: Locator, label: string) => drawer.getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::td[1]');

test('a dealer imports a feed, staff fix the model alias, the cars reach the stock and the Google feed, in ru and en', async ({ page, browser }) => {
  // 1. The manager uploads the feed and runs it: the rows of the unknown model are errors, with the reason.
  await signInAgain(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await openSection(page, 'Настройки импорта');
  // feeds.spec starts from a site without feed files; this spec leaves none either.
  await expect(page.getByText('Файлов фида пока нет')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: feed() });
  await expect(page.getByText(FILE)).toBeVisible();
  const firstRun = await runImport(page);
  await page.getByRole('button', { name: `Подробный отчёт #${firstRun}`, exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(counter(drawer, 'Добавлено')).toHaveText('2');
  await expect(counter(drawer, 'С ошибками')).toHaveText('3');
  await chooseOption(page, drawer.getByLabel('Статус', { exact: true }), 'Ошибка');
  const rows = drawer.locator('.import-rows .ant-table-row');
  await expect(rows).toHaveCount(ALIASED.length);
  await expect(rows.first()).toContainText(ALIASED[0]!);
  await expect(rows.first()).toContainText(`Модель «${FEED_MODEL}» не найдена у марки KIA`);
  await page.screenshot({ path: `${SHOTS}/journey-report-errors-ru-1440.png` });
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // 2. Provider staff (their own browser) add the alias: the feed's model name → the catalogue's, for Kia,
  // on import only (an export feed keeps the catalogue's name).
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAgain(staff, ADMIN);
  const form = await openCreateForm(staff, '/cars.import.alias/aliases/', 'Алиасы полей', 'Новый алиас');
  await chooseInDialog(staff, 'Поле', 'Модель');
  await chooseInDialog(staff, 'Направление', 'Импорт');
  await form.getByLabel('Значение в фиде', { exact: true }).fill(FEED_MODEL);
  await form.getByLabel('Значение в каталоге', { exact: true }).fill('Sportage');
  await chooseInDialog(staff, 'Марка', 'Kia');
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(staff.getByText('Запись создана')).toBeVisible();
  await expect(form).toBeHidden();
  await closeNotices(staff);
  await staff.getByLabel('Значение', { exact: true }).fill(FEED_MODEL);
  const alias = staff.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: FEED_MODEL });
  await expect(alias).toHaveCount(1);
  for (const text of ['Модель', 'Sportage', 'Импорт', 'Kia']) await expect(alias).toContainText(text);
  await staff.screenshot({ path: `${SHOTS}/journey-alias-ru-1440.png`, fullPage: true });

  // 3. The manager runs the import again: the aliased rows are created, none is in error.
  const secondRun = await runImport(page);
  await page.getByRole('button', { name: `Подробный отчёт #${secondRun}`, exact: true }).click();
  await expect(counter(drawer, 'Добавлено')).toHaveText('3');
  await expect(counter(drawer, 'Без изменений')).toHaveText('2');
  await expect(counter(drawer, 'С ошибками')).toHaveText('0');
  await chooseOption(page, drawer.getByLabel('Статус', { exact: true }), 'Создан');
  await expect(rows).toHaveCount(ALIASED.length);
  for (const v of ALIASED) await expect(rows.filter({ hasText: v }).locator('.ant-tag')).toHaveText('Создан');
  await page.screenshot({ path: `${SHOTS}/journey-report-created-ru-1440.png` });
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // 4. The cars are in the site's stock of new cars, as Kia Sportage.
  await openSection(page, 'Новые автомобили');
  await page.getByLabel('VIN или External ID').fill(VIN_PREFIX);
  await page.getByLabel('VIN или External ID').press('Enter');
  const cars = page.locator('.ant-table .ant-table-row');
  await expect(cars).toHaveCount(DIRECT.length + ALIASED.length);
  for (const v of ALIASED) await expect(cars.filter({ hasText: v })).toContainText('Sportage');

  // 5. The Google feed published: its public address lists every imported car by VIN.
  await openSection(page, 'Настройки экспорта');
  const google = page.getByRole('switch', { name: 'Нужен: Google (объявления автомобилей)' });
  // Enabled once the settings have loaded; export.spec may have switched the feed on already.
  await expect(google).toBeEnabled();
  const wasOn = await google.isChecked();
  if (!wasOn) await google.click();
  const link = page.locator('input[data-channel="google"]');
  await expect(link).toHaveValue(/\/feeds\/[\w-]{20,}$/);
  const published = await page.request.get(new URL(await link.inputValue()).pathname);
  expect(published.status()).toBe(200);
  const xml = await published.text();
  for (const v of [...DIRECT, ...ALIASED]) expect(xml).toContain(`<g:vin>${v}</g:vin>`);
  await closeNotices(page);

  // 6. English: the alias on the staff's screen and the report, at 1440 and 390 px.
  await useLanguage(staff, 'EN');
  await expect(staff.getByRole('heading', { name: 'Field aliases' })).toBeVisible();
  for (const text of ['Model', 'Import']) await expect(alias).toContainText(text);
  await staff.screenshot({ path: `${SHOTS}/journey-alias-en-1440.png`, fullPage: true });
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(alias).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/journey-alias-en-390.png`, fullPage: true });
  // The alias's form on a phone, named by the feed's value and filled as saved.
  await alias.getByRole('button', { name: `Edit: ${FEED_MODEL}` }).click();
  await expect(form.getByText(`Alias ${FEED_MODEL}`)).toBeVisible();
  await expect(form.getByLabel('Value in the feed', { exact: true })).toHaveValue(FEED_MODEL);
  await expect(form.getByLabel('Value in the catalogue', { exact: true })).toHaveValue('Sportage');
  await staff.screenshot({ path: `${SHOTS}/journey-alias-form-en-390.png` });
  await staff.keyboard.press('Escape');
  await expect(form).toBeHidden();
  // Back to Russian for the specs after (on a phone the switch is in the profile menu).
  await staff.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(staff, 'RU');
  await staffContext.close();

  await useLanguage(page, 'EN');
  await page.getByTestId('side-menu').getByText('Import reports', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import reports' })).toBeVisible();
  await page.getByRole('button', { name: `Detailed report #${secondRun}`, exact: true }).click();
  await expect(counter(drawer, 'Added')).toHaveText('3');
  await expect(counter(drawer, 'With errors')).toHaveText('0');
  await expect(rows.filter({ hasText: ALIASED[0]! }).locator('.ant-tag')).toHaveText('Created');
  await page.screenshot({ path: `${SHOTS}/journey-report-en-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(counter(drawer, 'Added')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/journey-report-en-390.png`, fullPage: true });
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await useLanguage(page, 'RU');

  // The site as found: no feed file (feeds.spec starts from none), the Google feed as it was.
  await openSection(page, 'Настройки импорта');
  await page.getByRole('button', { name: `Удалить: ${FILE}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Файлов фида пока нет')).toBeVisible();
  if (!wasOn) {
    await openSection(page, 'Настройки экспорта');
    // Switching a feed off stops it: asked first.
    await google.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Остановить' }).click();
    await expect(link).toBeHidden();
  }
});
