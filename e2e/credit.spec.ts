import { expect, test, type Page } from '@playwright/test';
import { SHOTS, callApi, closeNotices, signInAgain, visit } from './kit.ts';

/**
 * The credit calculator: a dealer's manager creates a bank and a loan programme (12 % a year) on
 * the screens, publishes a version of it, puts it in a pack, sets up a site's calculator and sees
 * the payment in the preview: 1 250 000 with 20 % down over 12 months is 88 848.79 ₽ a month. In
 * Russian at 1440 px on the screens; in English and at 390 px the records come through the API and
 * the screens show them and the same payment, in dollars at the demo rate.
 */
const API = '/gateway/credit.calc/api/v1';
const RUN = Date.now().toString(36);
const MANAGER = 'manager@avtograd-sever.test';
test.describe.configure({ timeout: 150_000 });

const TEXTS = {
  RU: {
    create: 'Создать',
    created: 'Запись создана',
    name: 'Название',
    client: /^Клиент/,
    bank: 'Банк',
    rate: 'Процентная ставка, % годовых',
    termMin: 'Срок от, мес.',
    termMax: 'Срок до, мес.',
    programs: 'Программы',
    newVersion: 'Новая версия',
    publish: 'Опубликовать',
    published: 'Опубликовано',
    setUp: 'Настроить с обычными значениями',
    longest: 'Максимальный срок, мес.',
    price: 'Цена автомобиля',
    down: 'Первоначальный взнос, %',
    term: 'Срок, мес.',
    calculate: 'Рассчитать',
    payment: /88\s848,79/,
    preview: 'Предпросмотр калькулятора',
  },
  EN: {
    create: 'Create',
    created: 'Record created',
    name: 'Name',
    client: /^Client/,
    bank: 'Bank',
    rate: 'Interest rate, % a year',
    termMin: 'Term from, months',
    termMax: 'Term to, months',
    programs: 'Programmes',
    newVersion: 'New version',
    publish: 'Publish',
    published: 'Published',
    setUp: 'Set up with the usual values',
    longest: 'Longest term, months',
    price: 'Car price',
    down: 'Down payment, %',
    term: 'Term, months',
    calculate: 'Calculate',
    // 88 848.79 ₽ in dollars at the demo rate (the e2e app reads no other).
    payment: /^\$965\.75$/,
    preview: 'Calculator preview',
  },
};

/** Picks the first option (or the one with `text`) of the select labelled `label` within the dialog. */
async function pick(page: Page, label: string | RegExp, text?: string) {
  const select = page.getByRole('dialog').getByLabel(label).first();
  await select.click();
  if (text) await select.pressSequentially(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (text ? option.filter({ hasText: text }) : option).first().click();
  // A multiple select stays open after a choice: a click on the form's first field leaves it (Escape would close the drawer).
  if (await page.locator('.ant-select-dropdown:visible').count()) await page.getByRole('dialog').locator('input').first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** A site of the client with the credit_calc module (the demo installs every module). */
async function siteOf(page: Page, clientId: number) {
  const sites = await callApi(page, 'GET', `/gateway/sites.context/api/v1/sites?page[size]=100&filter[client_id]=${clientId}`);
  return Number(sites.body.data[0].id);
}

/** The preview: a price, 20 % down, 12 months; the payment of the programme is shown. */
async function seePayment(page: Page, x: (typeof TEXTS)['RU'], programName: string) {
  const preview = page.locator('.credit-preview');
  await expect(preview.getByText(x.preview)).toBeVisible();
  await preview.getByLabel(x.price, { exact: true }).fill('1250000');
  await preview.getByLabel(x.down, { exact: true }).fill('20');
  await preview.getByLabel(x.term, { exact: true }).fill('12');
  await preview.getByRole('button', { name: x.calculate }).click();
  const row = preview.locator('.ant-table-row').filter({ hasText: programName });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('credit-monthly')).toHaveText(x.payment);
}

test('a bank, a programme with a published version, a pack, the site settings and the payment (RU, 1440 px)', async ({ page }) => {
  const x = TEXTS.RU;
  const bankName = `Банк e2e ${RUN}`;
  const programName = `Программа e2e ${RUN}`;
  await signInAgain(page, MANAGER, undefined, 'RU');

  // The bank.
  await visit(page, '/credit.calc/banks/');
  await closeNotices(page);
  await page.getByRole('button', { name: x.create, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(x.name, { exact: true }).fill(bankName);
  await pick(page, x.client);
  await dialog.getByRole('button', { name: x.create, exact: true }).click();
  await expect(page.getByText(x.created).first()).toBeVisible();
  const banks = await callApi(page, 'GET', `${API}/banks?filter[search]=${encodeURIComponent(bankName)}`);
  const clientId = Number(banks.body.data[0].attributes.client_id);

  // The programme: an empty term range is refused first.
  await visit(page, '/credit.calc/programs/');
  await closeNotices(page);
  await page.getByRole('button', { name: x.create, exact: true }).first().click();
  await dialog.getByLabel(x.name, { exact: true }).fill(programName);
  await pick(page, x.bank, bankName);
  await pick(page, x.client);
  await dialog.getByLabel(x.rate, { exact: true }).fill('12');
  await dialog.getByLabel(x.termMin, { exact: true }).fill('24');
  await dialog.getByLabel(x.termMax, { exact: true }).fill('12');
  await dialog.getByRole('button', { name: x.create, exact: true }).click();
  await expect(dialog.getByText('Срок «от» не может быть больше срока «до»')).toBeVisible();
  await dialog.getByLabel(x.termMin, { exact: true }).fill('6');
  await dialog.getByLabel(x.termMax, { exact: true }).fill('84');
  await dialog.getByRole('button', { name: x.create, exact: true }).click();
  await expect(page.getByText(x.created).first()).toBeVisible();

  // Its page: a new version, published.
  await page.goto(`/credit.calc/programs/?search=${encodeURIComponent(programName)}`);
  await page.locator('.ant-table-row').filter({ hasText: programName }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/credit\.calc\/programs\/\d+/);
  await page.getByRole('button', { name: x.newVersion }).click();
  await expect(page).toHaveURL(/\/credit\.calc\/programs\/\d+\/\d+/);
  await page.getByRole('button', { name: x.publish, exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: x.publish, exact: true }).click();
  await expect(page.locator('.credit-program__versions').getByText(x.published).first()).toBeVisible();
  const programId = Number(/programs\/(\d+)/.exec(page.url())![1]);
  await seePayment(page, x, programName);
  await page.screenshot({ path: `${SHOTS}/credit-program-ru-1440.png`, fullPage: true });

  // The pack.
  await visit(page, '/credit.calc/packs/');
  await closeNotices(page);
  await page.getByRole('button', { name: x.create, exact: true }).first().click();
  await dialog.getByLabel(x.name, { exact: true }).fill(`Пакет e2e ${RUN}`);
  await pick(page, x.client);
  await pick(page, x.programs, programName);
  await dialog.getByRole('button', { name: x.create, exact: true }).click();
  await expect(page.getByText(x.created).first()).toBeVisible();
  const packs = await callApi(page, 'GET', `${API}/packs?filter[program_ids]=${programId}`);
  expect(packs.body.data.length).toBeGreaterThan(0);

  // The site's calculator: set up, then the payment with the site's pack.
  const siteId = await siteOf(page, clientId);
  await visit(page, `/credit.calc/settings/${siteId}`);
  const setUp = page.getByRole('button', { name: x.setUp });
  const longest = page.getByLabel(x.longest, { exact: true });
  await expect(setUp.or(longest)).toBeVisible();
  if (await setUp.isVisible()) await setUp.click();
  await expect(longest).toBeVisible();
  await seePayment(page, x, programName);
  await page.screenshot({ path: `${SHOTS}/credit-settings-ru-1440.png`, fullPage: true });
});

for (const [lang, width] of [['EN', 1440], ['RU', 390], ['EN', 390]] as const) {
  test(`the programme page and the site calculator in ${lang} at ${width} px`, async ({ page }) => {
    const x = TEXTS[lang];
    const programName = `Programme e2e ${RUN} ${lang} ${width}`;
    await signInAgain(page, MANAGER, undefined, lang);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=1');
    const clientId = Number(sites.body.data[0].attributes.client_id);
    const siteId = Number(sites.body.data[0].id);
    const bank = await callApi(page, 'POST', `${API}/banks`, { data: { attributes: { client_id: clientId, name: `Bank e2e ${RUN} ${lang} ${width}` } } });
    expect(bank.status).toBe(201);
    const program = await callApi(page, 'POST', `${API}/programs`, { data: { attributes: { client_id: clientId, name: programName, bank_id: Number(bank.body.data.id), term_min: 6, term_max: 84, interest_rate: 12 } } });
    expect(program.status).toBe(201);
    const programId = Number(program.body.data.id);
    const state = await callApi(page, 'POST', `${API}/program_states`, { data: { attributes: { program_id: programId } } });
    expect((await callApi(page, 'POST', `${API}/program_states/${state.body.data.id}/publish`, {})).status).toBe(200);
    expect((await callApi(page, 'POST', `${API}/packs`, { data: { attributes: { client_id: clientId, name: `Pack ${RUN} ${lang} ${width}`, program_ids: [programId] } } })).status).toBe(201);

    await visit(page, `/credit.calc/programs/${programId}`);
    await expect(page.locator('.credit-program__versions').getByText(x.published).first()).toBeVisible();
    await seePayment(page, x, programName);
    await page.screenshot({ path: `${SHOTS}/credit-program-${lang.toLowerCase()}-${width}.png`, fullPage: true });

    await visit(page, `/credit.calc/settings/${siteId}`);
    const setUp = page.getByRole('button', { name: x.setUp });
    const longest = page.getByLabel(x.longest, { exact: true });
    await expect(setUp.or(longest)).toBeVisible();
    if (await setUp.isVisible()) await setUp.click();
    await expect(longest).toBeVisible();
    await seePayment(page, x, programName);
    await page.screenshot({ path: `${SHOTS}/credit-settings-${lang.toLowerCase()}-${width}.png`, fullPage: true });
  });
}
