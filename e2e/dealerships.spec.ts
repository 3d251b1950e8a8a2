import { expect, test, type Page } from '@playwright/test';
import { callApi, closeNotices, signInAgain, visit } from './kit.ts';

/**
 * Dealerships: a dealer's manager creates a dealership with its weekly schedule on the
 * create page, adds a department to it, then an employee: first without the department to see
 * the message, then with it; in Russian on a wide screen, employees are also imported from a file:
 * one with a bad row first, which imports nothing. In English and at 390 px wide the same screens
 * once more, without making the same records on them again: the create page refuses a wrong time,
 * a dealership and department made through the API show their schedule (hh:mm, the day off) and
 * are reached through the related lists, and an employee is refused without a department, then added.
 */
const API = '/gateway/dealerships/api/v1';
const RUN = Date.now().toString(36);
const MANAGER = 'manager@motorcity-kzn.test';
test.describe.configure({ timeout: 150_000 });

const TEXTS = {
  RU: {
    create: 'Создать',
    created: 'Запись создана',
    title: 'Название',
    client: 'Клиент',
    dealership: 'Дилерский центр',
    monFrom: 'Понедельник: С',
    monTo: 'Понедельник: До',
    satOff: 'Суббота: Выходной',
    related: 'Отделы, сотрудники, услуги',
    departments: 'Отделы',
    nameRu: 'Название (рус.)',
    lastName: 'Фамилия (рус.)',
    firstName: 'Имя (рус.)',
    department: 'Отдел',
    departmentRequired: 'Выберите отдел сотрудника',
    badTime: 'Время в формате чч:мм, от 00:00 до 24:00',
    heading: (name: string) => `Дилерский центр «${name}»`,
    employees: 'Сотрудники',
  },
  EN: {
    create: 'Create',
    created: 'Record created',
    title: 'Title',
    client: 'Client',
    dealership: 'Dealership',
    monFrom: 'Monday: From',
    monTo: 'Monday: To',
    satOff: 'Saturday: Day off',
    related: 'Departments, employees, services',
    departments: 'Departments',
    nameRu: 'Name (Russian)',
    lastName: 'Last name (Russian)',
    firstName: 'First name (Russian)',
    department: 'Department',
    departmentRequired: "Choose the employee's department",
    badTime: 'A time as hh:mm, from 00:00 to 24:00',
    heading: (name: string) => `Dealership "${name}"`,
    employees: 'Employees',
  },
};

/** Picks `option` in the select labelled `label` within `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string | RegExp) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  // Typing narrows the (virtual) list to the option, wherever it would be in a long one.
  if (typeof option === 'string') await select.pressSequentially(option);
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The dealership's page as the server gives it back: its heading, hh:mm (10:00–19:30 on Monday) and Saturday off. */
async function expectSchedule(page: Page, x: (typeof TEXTS)['RU'], name: string) {
  await expect(page.getByRole('heading', { name: x.heading(name) })).toBeVisible();
  await expect(page.getByLabel(x.monFrom, { exact: true })).toHaveValue('10:00');
  await expect(page.getByLabel(x.monTo, { exact: true })).toHaveValue('19:30');
  await expect(page.getByLabel(x.satOff, { exact: true })).toBeChecked();
}

/** From the dealership's page to its departments, through the related lists. */
async function openDepartments(page: Page, x: (typeof TEXTS)['RU']) {
  await page.getByRole('tab', { name: x.related }).click();
  await page.getByRole('button', { name: x.departments, exact: true }).click();
  await expect(page).toHaveURL(/\/dealerships\/departments\?dealership_id=\d+/);
}

/** The employee step: refused without a department, then created with it and found by search. */
async function addEmployee(page: Page, x: (typeof TEXTS)['RU'], departmentName: string) {
  const drawer = page.getByRole('dialog');
  await visit(page, '/dealerships/employees');
  // The notices of earlier saves lie over the header's buttons until they expire: closed instead of waited out.
  await closeNotices(page);
  await page.getByRole('button', { name: x.create, exact: true }).first().click();
  await drawer.getByLabel(x.lastName, { exact: true }).fill(`Петров ${RUN}`);
  await drawer.getByLabel(x.firstName, { exact: true }).fill('Иван');
  await drawer.getByRole('button', { name: x.create, exact: true }).click();
  await expect(drawer.getByText(x.departmentRequired)).toBeVisible();
  await choose(page, drawer, x.department, departmentName);
  await drawer.getByRole('button', { name: x.create, exact: true }).click();
  await expect(page.getByText(x.created).first()).toBeVisible();
  await expect(drawer).toBeHidden();
  await page.goto(`/dealerships/employees?search=${encodeURIComponent(`Петров ${RUN}`)}`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: departmentName }).first()).toBeVisible();
}

{
  const [lang, width] = ['RU', 1440] as const;
  test(`dealership with a schedule, a department and an employee (${lang}, ${width} px)`, async ({ page }) => {
    const x = TEXTS[lang];
    const name = `ДЦ e2e ${RUN} ${lang} ${width}`;
    const departmentName = `Отдел e2e ${RUN} ${lang} ${width}`;
    await signInAgain(page, MANAGER, undefined, lang);

    // The dealership, on its create page, with a wrong time first.
    await visit(page, '/dealerships/dealer/create');
    const form = page.locator('form');
    await form.getByLabel(x.title, { exact: true }).fill(name);
    await choose(page, form, x.client, 'Мотор Сити Казань');
    await form.getByLabel(x.monFrom, { exact: true }).fill('25:00');
    await page.getByRole('button', { name: x.create, exact: true }).click();
    await expect(page.getByText(x.badTime)).toBeVisible();
    await form.getByLabel(x.monFrom, { exact: true }).fill('10:00');
    await form.getByLabel(x.monTo, { exact: true }).fill('19:30');
    await form.getByLabel(x.satOff, { exact: true }).check();
    await page.getByRole('button', { name: x.create, exact: true }).click();
    await expect(page.getByText(x.created).first()).toBeVisible();
    await expectSchedule(page, x, name);

    // Its departments, through the related lists.
    await openDepartments(page, x);
    await closeNotices(page);
    await page.getByRole('button', { name: x.create, exact: true }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(x.nameRu, { exact: true }).fill(departmentName);
    await choose(page, drawer, x.dealership, name);
    await drawer.getByRole('button', { name: x.create, exact: true }).click();
    await expect(page.getByText(x.created).first()).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: departmentName })).toHaveCount(1);

    // An employee: first without the department.
    await addEmployee(page, x, departmentName);

    // Employees of the department from a file: a bad row first (nothing is imported), then the fixed file.
    await visit(page, '/dealerships/departments');
    await page.getByRole('button', { name: 'Импорт сотрудников' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog, 'Отдел', departmentName);
    const file = (rows: string[]) => ({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from(['last_name_ru,first_name_ru,position_ru,phone_city', ...rows].join('\n')) });
    await dialog.locator('input[type=file]').setInputFiles(file([`Импортов ${RUN},Олег,Мастер,843`, ',Пётр,Менеджер,8-43']));
    await dialog.getByRole('button', { name: 'Проверить' }).click();
    await expect(dialog.getByText('Строк с ошибками: 1.', { exact: false })).toBeVisible();
    await expect(dialog.getByText('Часть телефона: только цифры')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Импортировать/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Другой файл' }).click();
    await dialog.locator('input[type=file]').setInputFiles(file([`Импортов ${RUN},Олег,Мастер,843`, `Импортова ${RUN},Ольга,Менеджер,843`]));
    await dialog.getByRole('button', { name: 'Проверить' }).click();
    await expect(dialog.getByText('Все строки в порядке: можно импортировать')).toBeVisible();
    await dialog.getByRole('button', { name: 'Импортировать (2)' }).click();
    await expect(dialog.getByText('Импортировано сотрудников: 2')).toBeVisible();
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await page.goto(`/dealerships/employees?search=${encodeURIComponent(RUN)}`);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  });
}

for (const [lang, width] of [['EN', 1440], ['RU', 390], ['EN', 390]] as const) {
  test(`dealership screens in ${lang} at ${width} px: a wrong time refused, the schedule, the departments, an employee`, async ({ page }) => {
    const x = TEXTS[lang];
    const name = `ДЦ e2e ${RUN} ${lang} ${width}`;
    const departmentName = `Отдел e2e ${RUN} ${lang} ${width}`;
    // The language switch is in the top bar on a wide screen: choose it there, then narrow the window.
    await signInAgain(page, MANAGER, undefined, lang);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });

    // The create page refuses a wrong time, in this language.
    await visit(page, '/dealerships/dealer/create');
    const form = page.locator('form');
    await form.getByLabel(x.title, { exact: true }).fill(name);
    await form.getByLabel(x.monFrom, { exact: true }).fill('25:00');
    await page.getByRole('button', { name: x.create, exact: true }).click();
    await expect(page.getByText(x.badTime)).toBeVisible();

    // The dealership and its department through the API, with the schedule the Russian run sets on the screen.
    const clients = await callApi(page, 'GET', `${API}/dealerships?page[size]=1`);
    const clientId = Number(clients.body.data[0].attributes.client_id);
    const day = { from: 540, to: 1080, weekend: false };
    const off = { from: null, to: null, weekend: true };
    const working_time = { mon: { from: 600, to: 1170, weekend: false }, tue: day, wed: day, thu: day, fri: day, sat: off, sun: off };
    const dealership = await callApi(page, 'POST', `${API}/dealerships`, { data: { attributes: { client_id: clientId, title: name, working_time } } });
    expect(dealership.status).toBe(201);
    const id = String(dealership.body.data.id);
    const department = await callApi(page, 'POST', `${API}/departments`, { data: { attributes: { dealership_id: Number(id), name_ru: departmentName } } });
    expect(department.status).toBe(201);

    // Its page: the heading, hh:mm and the day off in this language; its departments through the related lists.
    await visit(page, `/dealerships/dealer/edit/${id}`);
    await expectSchedule(page, x, name);
    await openDepartments(page, x);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: departmentName })).toHaveCount(1);

    await addEmployee(page, x, departmentName);
  });
}

test('a dealership is the dealer its client\'s sites show: added on the site settings by its name and city', async ({ page }) => {
  await signInAgain(page, MANAGER);
  const title = `Мотор Сити Челны ${RUN}`;
  const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites');
  const site = sites.body.data[0] as { id: string; attributes: { client_id: number; dealer_ids: number[] } };
  const created = await callApi(page, 'POST', `${API}/dealerships`, { data: { attributes: { client_id: site.attributes.client_id, title, city: 'Набережные Челны', code: `chelny-${RUN}` } } });
  expect(created.status).toBe(201);
  await visit(page, `/sites.context/sites/${site.id}/settings`);
  const card = page.locator('.page-card').filter({ has: page.getByText('Дилерские центры на сайте') });
  // A multiple choice: found by typing its name, picked, the list closed.
  const select = card.getByLabel('Дилерские центры клиента', { exact: true });
  await select.click();
  await select.pressSequentially(title);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `${title} (Набережные Челны)` }).click();
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.getByText('Список дилерских центров сохранён').first()).toBeVisible();
  await expect(card.locator('.ant-list-item').last()).toContainText(`${title} (Набережные Челны)`);
  const after = await callApi(page, 'GET', `/gateway/sites.context/api/v1/sites/${site.id}`);
  expect(after.body.data.attributes.dealer_ids).toEqual([...site.attributes.dealer_ids, Number(created.body.data.id)]);
});
