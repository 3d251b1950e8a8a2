import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTP_TEST_HOST } from './playwright.config.ts';
import { SHOTS, callApi, chooseOption, closeNotices, signInAgain, visit } from './kit.ts';

/**
 * Benefits: a dealer's manager creates a discount program and a discount on the screens, then
 * imports discounts from a CSV file and from a link to a document served by a local stand-in (on
 * the one loopback address the outbound guard lets through here), and reads the report: in Russian
 * on a wide screen and in English at 390 px.
 */
const API = '/gateway/benefits/api/v1';
const RUN = Date.now().toString(36);
const MANAGER = 'manager@motorcity-kzn.test';
test.describe.configure({ timeout: 180_000 });

const TEXTS = {
  RU: {
    programs: 'Программы скидок', discounts: 'Скидки', create: 'Создать', created: 'Запись создана', name: 'Название', code: 'Код', client: 'Клиент',
    program: 'Программа', brand: 'Марка', model: 'Модель', marketing: 'Маркетинговая комплектация', sum: 'Сумма скидки', start: 'Начало', end: 'Окончание',
    importButton: 'Импорт скидок', check: 'Проверить', linkTab: 'Ссылка', link: 'Ссылка на документ', selectFile: 'Выберите файл', provideLink: 'Укажите ссылку на документ',
    apply: (count: number) => `Импортировать (${count})`, applied: (create: number, update: number) => `Создано: ${create}, обновлено: ${update}`,
    unknownProgram: (code: string) => `У клиента нет программы с кодом «${code}»`, done: 'Готово',
  },
  EN: {
    programs: 'Discount programs', discounts: 'Discounts', create: 'Create', created: 'Record created', name: 'Name', code: 'Code', client: 'Client',
    program: 'Program', brand: 'Brand', model: 'Model', marketing: 'Marketing complectation', sum: 'Discount sum', start: 'Start', end: 'End',
    importButton: 'Import discounts', check: 'Check', linkTab: 'Link', link: 'Link to the document', selectFile: 'Select a file', provideLink: 'Provide a link to the document',
    apply: (count: number) => `Import (${count})`, applied: (create: number, update: number) => `Created: ${create}, updated: ${update}`,
    unknownProgram: (code: string) => `The client has no program with the code "${code}"`, done: 'Done',
  },
};

/** A marketing complectation of the demo catalogue whose code no other has, with its brand's and model's names. */
async function catalogueCar(page: Page) {
  const list = await callApi(page, 'GET', '/gateway/cars.catalog/api/v1/marketing_complectations?page[size]=1000');
  const rows = list.body.data as { id: string; attributes: { code: string; name: string; brand_id: number; model_id: number } }[];
  const once = rows.filter((row) => rows.filter((other) => other.attributes.code === row.attributes.code).length === 1);
  const car = once[0]!;
  const brand = await callApi(page, 'GET', `/gateway/cars.catalog/api/v1/brands/${car.attributes.brand_id}`);
  const model = await callApi(page, 'GET', `/gateway/cars.catalog/api/v1/models/${car.attributes.model_id}`);
  return { code: car.attributes.code, name: car.attributes.name, brand: brand.body.data.attributes.name as string, model: model.body.data.attributes.name as string, other: once[1]!.attributes.code };
}

/** A stand-in serving documents by path. */
async function documentServer(files: Record<string, string>) {
  const server = http.createServer((request, response) => {
    const body = files[request.url ?? ''];
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, SMTP_TEST_HOST, resolve));
  return { base: `http://${SMTP_TEST_HOST}:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }) };
}

const HEADER = 'marketing_complectation_code,program_code,discount_sum,start_date,end_date';

for (const [lang, width] of [['RU', 1440], ['EN', 390]] as const) {
  test(`a program, a discount and imports from a file and a link (${lang}, ${width} px)`, async ({ page }) => {
    const x = TEXTS[lang];
    await page.setViewportSize({ width, height: 900 });
    await signInAgain(page, MANAGER, undefined, lang);
    const car = await catalogueCar(page);
    const programCode = `e2e-${lang.toLowerCase()}-${RUN}`;
    const programName = `E2E ${lang} ${RUN}`;

    // A program on its screen.
    await visit(page, '/benefits/programs');
    await expect(page.getByRole('heading', { name: x.programs })).toBeVisible();
    await page.getByRole('button', { name: x.create }).first().click();
    const programForm = page.getByRole('dialog');
    await programForm.getByLabel(x.name, { exact: true }).fill(programName);
    await programForm.getByLabel(x.code, { exact: true }).fill(programCode);
    const clientSelect = programForm.getByLabel(x.client, { exact: true });
    if (await clientSelect.count()) {
      const clients = await callApi(page, 'GET', '/gateway/clients.storage/api/v1/me');
      await chooseOption(page, clientSelect, clients.body.data.attributes.client.name);
    }
    await page.screenshot({ path: `${SHOTS}/benefits-program-form-${lang}-${width}.png` });
    await programForm.getByRole('button', { name: x.create }).click();
    await expect(page.getByText(x.created).first()).toBeVisible();
    await closeNotices(page);
    await expect(page.getByText(programName).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/benefits-programs-${lang}-${width}.png` });

    // A discount on its screen: the program, brand → model → marketing complectation, the sum, the dates.
    await visit(page, '/benefits/discounts');
    await expect(page.getByRole('heading', { name: x.discounts })).toBeVisible();
    await page.getByRole('button', { name: x.create }).first().click();
    const form = page.getByRole('dialog');
    if (await form.getByLabel(x.client, { exact: true }).count()) {
      const clients = await callApi(page, 'GET', '/gateway/clients.storage/api/v1/me');
      await chooseOption(page, form.getByLabel(x.client, { exact: true }), clients.body.data.attributes.client.name);
    }
    await chooseOption(page, form.getByLabel(x.program, { exact: true }), programName);
    await chooseOption(page, form.getByLabel(x.brand, { exact: true }), car.brand);
    await chooseOption(page, form.getByLabel(x.model, { exact: true }), car.model);
    await chooseOption(page, form.getByLabel(x.marketing, { exact: true }), car.name);
    await form.getByLabel(x.sum, { exact: true }).fill('150000');
    await form.getByLabel(x.start, { exact: true }).fill('01.01.2028');
    await form.getByLabel(x.start, { exact: true }).press('Enter');
    await form.getByLabel(x.end, { exact: true }).fill('31.03.2028');
    await page.screenshot({ path: `${SHOTS}/benefits-discount-form-${lang}-${width}.png` });
    // Enter in the last date takes the date and sends the form.
    await form.getByLabel(x.end, { exact: true }).press('Enter');
    await expect(page.getByText(x.created).first()).toBeVisible();
    await closeNotices(page);
    // The list is newest start first: after the demo discounts' (they start this month).
    await expect(page.getByRole('table').getByText(car.name).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/benefits-discounts-${lang}-${width}.png` });

    // The import from a file: the spec's message without one, then a file with a bad row; the good one is imported.
    await page.getByRole('button', { name: x.importButton }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: x.check }).click();
    await expect(dialog.getByText(x.selectFile, { exact: true }).last()).toBeVisible();
    const csv = [HEADER, `${car.code},${programCode},120000,2026-04-01,2026-04-30`, `${car.other},nope-${RUN},1000,2026-04-01,2026-04-30`].join('\n');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'discounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: x.check }).click();
    await expect(dialog.getByText(x.unknownProgram(`nope-${RUN}`))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/benefits-import-preview-${lang}-${width}.png` });
    await dialog.getByRole('button', { name: x.apply(1) }).click();
    await expect(dialog.getByText(x.applied(1, 0))).toBeVisible();
    await dialog.getByRole('button', { name: x.done }).click();
    await closeNotices(page);

    // The import from a link: the spec's message without one, then the document served by the stand-in (one row updated, one new).
    const server = await documentServer({ '/discounts.csv': [HEADER, `${car.code},${programCode},125000,2026-04-01,2026-05-15`, `${car.other},${programCode},90000,2026-06-01,2026-06-30`].join('\n') });
    try {
      await page.getByRole('button', { name: x.importButton }).click();
      const linkDialog = page.getByRole('dialog');
      await linkDialog.getByText(x.linkTab, { exact: true }).first().click();
      await linkDialog.getByRole('button', { name: x.check }).click();
      await expect(linkDialog.getByText(x.provideLink, { exact: true }).last()).toBeVisible();
      await linkDialog.getByLabel(x.link, { exact: true }).fill(`${server.base}/discounts.csv`);
      const answered = page.waitForResponse((response) => response.url().includes('/from/google_sheet/preview'));
      await linkDialog.getByRole('button', { name: x.check }).click();
      const answer = await answered;
      expect(answer.status(), await answer.text()).toBe(200);
      await expect(linkDialog.getByRole('button', { name: x.apply(2) })).toBeVisible();
      await linkDialog.getByRole('button', { name: x.apply(2) }).click();
      await expect(linkDialog.getByText(x.applied(1, 1))).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/benefits-import-report-${lang}-${width}.png` });
      await linkDialog.getByRole('button', { name: x.done }).click();
    } finally {
      await server.close();
    }
    const stored = await callApi(page, 'GET', `${API}/discounts?page[size]=100&filter[valid_on]=2026-05-15`);
    expect(stored.body.data.map((row: { attributes: { discount_sum: number } }) => row.attributes.discount_sum)).toContain(125000);
  });
}
