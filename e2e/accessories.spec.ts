import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { callApi, chooseInDialog, closeNotices, signInAgain, visit } from './kit.ts';
import { PORT, SMTP_TEST_HOST } from './playwright.config.ts';

/**
 * The accessories shop: a dealer's manager creates a category and a filterable attribute on their
 * screens and an accessory with pictures of the media library, imports a CSV file served by a local
 * HTTP server, finds both accessories in the shop of the demo Kia site (by category and by the
 * attribute), a visitor orders one through its form (the site's captcha), and the manager sees the
 * order among the site's accessory requests. In Russian and in English; the shop at 1440 and 390 px.
 */
const MANAGER = 'manager@avtograd-sever.test';
const SITE_HOST = 'kia-avtograd.localhost';
const SITE_URL = `http://${SITE_HOST}:${PORT}`;
const RUN = Date.now().toString(36);
const API = '/gateway/accessories.showroom/api/v1';
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const LABELS = {
  RU: {
    categories: 'Категории аксессуаров', addCategory: 'Добавить категорию', attributes: 'Атрибуты аксессуаров', addAttribute: 'Добавить атрибут', name: 'Название', code: 'Код', type: 'Тип', string: 'Строка', filterable: 'Фильтр на сайте', create: 'Создать', accessories: 'Аксессуары', search: 'Поиск по названию или артикулу', requests: 'Заявки на аксессуары', requestSearch: 'Имя, телефон или e-mail',
    addAccessory: 'Добавить аксессуар', article: 'Артикул', price: 'Цена', discount: 'Скидка', category: 'Категория', addPhoto: 'Добавить фото', picker: 'Выбор изображения',
    settings: 'Настройки аксессуаров', addFile: 'Добавить файл', fileUrl: 'Ссылка на файл', save: 'Сохранить', import: 'Импортировать', importDone: 'Импорт завершён', created: 'Создано',
  },
  EN: {
    categories: 'Accessory categories', addCategory: 'Add a category', attributes: 'Accessory attributes', addAttribute: 'Add an attribute', name: 'Name', code: 'Code', type: 'Type', string: 'Text', filterable: 'Filter on the site', create: 'Create', accessories: 'Accessories', search: 'Search by name or article code', requests: 'Accessories requests', requestSearch: 'Name, phone or e-mail',
    addAccessory: 'Add an accessory', article: 'Article code', price: 'Price', discount: 'Discount', category: 'Category', addPhoto: 'Add a photo', picker: 'Choose an image',
    settings: 'Accessories settings', addFile: 'Add a file', fileUrl: 'File link', save: 'Save', import: 'Import', importDone: 'The import has finished', created: 'Created',
  },
} as const;

/** A tiny BMP picture (what the media library accepts). */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const data = Buffer.alloc(54 + row * height);
  // Grey pixels; the header's other fields stay zero (no compression).
  data.fill(0x80, 54);
  data.write('BM', 0);
  data.writeUInt32LE(data.length, 2);
  data.writeUInt32LE(54, 10);
  data.writeUInt32LE(40, 14);
  data.writeInt32LE(width, 18);
  data.writeInt32LE(height, 22);
  data.writeUInt16LE(1, 26);
  data.writeUInt16LE(24, 28);
  data.writeUInt32LE(row * height, 34);
  return data;
}

/** The files the import fetches, on the one loopback address the app's outbound guard lets through here. */
const served = new Map<string, { type: string; body: Buffer | string }>();
const files = http.createServer((request, response) => {
  const file = served.get(request.url ?? '');
  if (!file) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': file.type }).end(file.body);
});
let fileBase = '';

test.beforeAll(async () => {
  await new Promise<void>((resolve) => files.listen(0, SMTP_TEST_HOST, resolve));
  fileBase = `http://${SMTP_TEST_HOST}:${(files.address() as AddressInfo).port}`;
  served.set('/picture.bmp', { type: 'image/bmp', body: bmp(96, 64) });
});
test.afterAll(async () => {
  files.closeAllConnections();
  await new Promise<void>((resolve) => files.close(() => resolve()));
});

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `test-results/screens/accessories-${name}.png`, fullPage: true });
}

for (const lang of ['RU', 'EN'] as const) {
  test(`a category, an attribute, an accessory and an import reach the shop, whose order arrives as a request (${lang})`, async ({ page, context }) => {
    const L = LABELS[lang];
    const tag = `${RUN}${lang.toLowerCase()}`;
    await signInAgain(page, MANAGER, undefined, lang);
    const sites = await callApi(page, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=100');
    const site = (sites.body.data as { id: string; attributes: { technical_host: string } }[]).find((one) => one.attributes.technical_host === SITE_HOST)!;
    const siteId = Number(site.id);

    // A category and a filterable attribute on their screens.
    const categoryName = `Чехлы ${tag}`;
    await visit(page, `/accessories.showroom/categories/${siteId}`);
    await expect(page.getByRole('heading', { name: L.categories })).toBeVisible();
    await page.getByRole('button', { name: L.addCategory }).first().click();
    let form = page.getByRole('dialog');
    await form.getByLabel(L.name, { exact: true }).fill(categoryName);
    await form.getByLabel(L.code, { exact: true }).fill(`covers-${tag}`);
    await form.getByRole('button', { name: L.create, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: categoryName })).toBeVisible();
    await closeNotices(page);
    await shot(page, `categories-${lang.toLowerCase()}-1440`);

    const attributeCode = `fabric_${tag}`;
    await visit(page, `/accessories.showroom/accessory_attribute/${siteId}`);
    await expect(page.getByRole('heading', { name: L.attributes })).toBeVisible();
    await page.getByRole('button', { name: L.addAttribute }).first().click();
    form = page.getByRole('dialog');
    await form.getByLabel(L.code, { exact: true }).fill(attributeCode);
    await form.getByLabel(L.name, { exact: true }).fill(`Ткань ${tag}`);
    await chooseInDialog(page, L.type, L.string);
    await form.getByLabel(L.filterable, { exact: true }).click();
    await form.getByRole('button', { name: L.create, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: attributeCode })).toBeVisible();
    await closeNotices(page);

    // An accessory in its form, with a picture uploaded through the media library's picker and the attribute's value.
    await visit(page, `/accessories.showroom/accessories/${siteId}`);
    await expect(page.getByRole('heading', { name: L.accessories, exact: true })).toBeVisible();
    await page.getByRole('button', { name: L.addAccessory }).first().click();
    form = page.getByRole('dialog').first();
    await form.getByLabel(L.name, { exact: true }).fill(`Чехол велюровый ${tag}`);
    await form.getByLabel(L.article, { exact: true }).fill(`VEL-${tag}`);
    await form.getByLabel(L.price, { exact: true }).fill('12000');
    await form.getByLabel(L.discount, { exact: true }).fill('2000');
    await chooseInDialog(page, L.category, categoryName);
    await form.getByRole('button', { name: L.addPhoto }).click();
    const picker = page.getByRole('dialog', { name: L.picker });
    await picker.locator('.media-upload input[type=file]').setInputFiles({ name: `velour-${tag}.bmp`, mimeType: 'image/bmp', buffer: bmp(120, 80) });
    await expect(picker.getByTestId('media-card').filter({ hasText: `velour-${tag}.bmp` })).toBeVisible({ timeout: 60_000 });
    await picker.getByTestId('picker-choose').click();
    await expect(picker).toBeHidden();
    await expect(form.getByTestId('car-photo')).toHaveCount(1);
    await form.getByLabel(`Ткань ${tag}`, { exact: true }).fill('Велюр');
    await shot(page, `accessory-form-${lang.toLowerCase()}-1440`);
    await form.getByRole('button', { name: L.create, exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: `Чехол велюровый ${tag}` })).toBeVisible();
    await closeNotices(page);

    // An import of a CSV file on the settings screen: a second accessory of the category, its picture downloaded into the library.
    served.set(`/accessories-${tag}.csv`, { type: 'text/csv', body: `article_code;name;price;category;images;${attributeCode}\nIMP-${tag};Чехол кожаный ${tag};25000;covers-${tag};${fileBase}/picture.bmp;Кожа\n` });
    await visit(page, `/accessories.showroom/settings/${siteId}`);
    await expect(page.getByRole('heading', { name: L.settings })).toBeVisible();
    await page.getByRole('button', { name: L.addFile }).click();
    const file = page.getByTestId('accessory-file').last();
    await file.getByLabel(L.name, { exact: true }).fill(`E2E ${tag}`);
    await file.getByLabel(L.fileUrl, { exact: true }).fill(`${fileBase}/accessories-${tag}.csv`);
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(page.getByRole('button', { name: L.import })).toBeEnabled();
    await page.getByRole('button', { name: L.import }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: L.import }).click();
    await expect(page.getByText(L.importDone)).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.accessory-import')).toContainText(L.created);
    await shot(page, `import-${lang.toLowerCase()}-1440`);
    // The import touches only the file's accessories here: the demo ones stay in stock for the next runs.
    const settings = (await callApi(page, 'GET', `${API}/settings/by_site_id/${siteId}`)).body.data as { id: string };
    await callApi(page, 'PATCH', `${API}/settings/${settings.id}`, { data: { attributes: { import_files: [] } } });
    await visit(page, `/accessories.showroom/accessories/${siteId}`);
    await expect(page.getByRole('heading', { name: L.accessories, exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: L.search }).or(page.getByRole('textbox', { name: L.search })).first().fill(`IMP-${tag}`);
    await page.getByRole('searchbox', { name: L.search }).or(page.getByRole('textbox', { name: L.search })).first().press('Enter');
    await expect(page.getByRole('row').filter({ hasText: `Чехол кожаный ${tag}` })).toBeVisible();
    await shot(page, `admin-accessories-${lang.toLowerCase()}-1440`);

    // The visitor finds both in the shop: by category, then by the attribute's value.
    const shop = await context.newPage();
    await shop.goto(`${SITE_URL}/accessories`);
    await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
    await shop.getByRole('navigation', { name: 'Категории аксессуаров' }).getByRole('link', { name: categoryName }).click();
    await expect(shop.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
    await expect(shop.getByRole('heading', { level: 2, name: `Чехол велюровый ${tag}` })).toBeVisible();
    await expect(shop.getByRole('heading', { level: 2, name: `Чехол кожаный ${tag}` })).toBeVisible();
    await shop.getByRole('checkbox', { name: /^Велюр/ }).check();
    await shop.getByRole('button', { name: 'Показать' }).click();
    await expect(shop).toHaveURL(new RegExp(`attr_${attributeCode}=`));
    await expect(shop.getByRole('heading', { level: 2, name: `Чехол кожаный ${tag}` })).toHaveCount(0);
    await shot(shop, `shop-${lang.toLowerCase()}-1440`);
    await shop.getByRole('link', { name: new RegExp(`Чехол велюровый ${tag}`) }).click();
    await expect(shop).toHaveURL(new RegExp(`^${SITE_URL}/accessories/\\d+$`));
    await expect(shop.getByText('10 000 ₽').first()).toBeVisible();

    // The order, through the site's captcha.
    const visitor = `Покупатель ${tag}`;
    const order = shop.locator('form.form--accessory');
    await order.getByLabel('Имя').fill(visitor);
    await order.getByLabel('Телефон').fill('+7 (916) 555-44-33');
    await order.getByLabel(/^Комментарий/).fill('С установкой');
    await order.getByRole('checkbox').check();
    await order.getByRole('button', { name: 'Заказать' }).click();
    await expect(shop.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();
    await shop.setViewportSize({ width: 390, height: 844 });
    await shot(shop, `accessory-${lang.toLowerCase()}-390`);
    await shop.goto(`${SITE_URL}/accessories`);
    await shot(shop, `shop-${lang.toLowerCase()}-390`);
    await shop.close();

    // The manager sees it among the site's accessory requests.
    await visit(page, `/request.storage/accessory_requests/${siteId}`);
    await expect(page.getByRole('heading', { name: L.requests })).toBeVisible();
    await page.getByRole('searchbox', { name: L.requestSearch }).fill(tag);
    await page.getByRole('searchbox', { name: L.requestSearch }).press('Enter');
    await expect(page.getByRole('row').filter({ hasText: visitor })).toBeVisible();
    await shot(page, `requests-${lang.toLowerCase()}-1440`);
  });
}
