import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { callApi, closeNotices, SHOTS, signInAgain, signOut, visit } from './kit.ts';

/**
 * Media library and stages: a site editor uploads an image (a disguised SVG is refused
 * by its bytes), crops it to the tablet stage size in the cropper and gets a new file of exactly
 * that size; and schedules a stage: created, filled in with a library image and a button (a wrong
 * link refused on its field); the editor, without "Stages: publish", sees Publish disabled and why
 * (and the missing mobile image); the manager schedules it for a chosen moment (shown on the stage
 * and in the list), cancels, then schedules it a few seconds ahead and its job publishes it then.
 */
const EDITOR = 'editor@avtograd-sever.test';
const MANAGER = 'manager@avtograd-sever.test';
const SITE = 'АвтоГрад Север — Hyundai';
/** Unique per run: specs share one app and its data. */
const RUN = Date.now().toString(36);
const ZONE = 'Europe/Moscow';

test.use({ timezoneId: ZONE });

async function openSite(page: Page, item: string) {
  await visit(page, '/sites.context/select');
  await page.getByText(SITE).first().click();
  await page.getByTestId('side-menu').getByText(item, { exact: true }).click();
  await expect(page.getByRole('heading', { name: item, exact: true })).toBeVisible();
}

/** A picture with something in it, so that a crop is visibly a part of it. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 70, b: 140 } } })
    .composite([{ input: { create: { width: Math.round(width / 3), height: Math.round(height / 3), channels: 3, background: { r: 230, g: 80, b: 40 } } }, left: Math.round(width / 3), top: Math.round(height / 3) }])
    .png()
    .toBuffer();

test('upload and crop an image', async ({ page }) => {
  await signInAgain(page, EDITOR);
  await openSite(page, 'Медиабиблиотека');

  // A folder of this run, so that its files are easy to tell from the others.
  const folder = `E2E ${RUN}`;
  await page.getByRole('button', { name: 'Новая папка' }).click();
  const folderDialog = page.getByRole('dialog');
  await folderDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(folderDialog.getByText('Это поле обязательно для заполнения')).toBeVisible();
  await folderDialog.getByRole('textbox').fill(folder);
  await folderDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(folderDialog).toBeHidden();
  // The new folder is opened at once: what is uploaded next goes into it.
  await expect(page.locator('.media-folders__tree .ant-tree-node-selected')).toHaveText(folder);
  await expect(page.getByText('Ничего не найдено: измените поиск, тип или папку')).toBeVisible();

  // The type is what the bytes are: an SVG named .png is refused.
  const upload = page.locator('.media-upload input[type=file]');
  await upload.setInputFiles({ name: `logo-${RUN}.png`, mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
  await expect(page.getByText(`Не удалось загрузить «logo-${RUN}.png»`)).toBeVisible();
  await expect(page.getByText('Неверный формат файла: допустимы gif, jpeg, png, bmp, mp4')).toBeVisible();

  const name = `салон-${RUN}.png`;
  await upload.setInputFiles({ name, mimeType: 'image/png', buffer: await picture(2400, 1600) });
  const cards = page.getByTestId('media-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('2400×1600');
  await cards.first().click();

  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Папка' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Обрезать' }).click();

  // The cropper: the tablet stage ratio, the work area drawn inside; the server makes the crop.
  const cropper = page.getByRole('dialog', { name: `Обрезка: ${name}` });
  await expect(cropper).toBeVisible();
  await cropper.getByText('Планшет 1280×720').click();
  await expect(cropper.getByTestId('crop-box')).toContainText('→ 1280×720');
  await expect(cropper.locator('.cropper__work')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/media-cropper-ru.png` });
  await cropper.getByTestId('crop-save').click();
  const croppedName = `салон-${RUN} (1280×720).png`;
  await expect(page.getByText(`Сохранено как «${croppedName}»`)).toBeVisible();
  await expect(cropper).toBeHidden();

  // The drawer now shows the new file; the original stays beside it in the folder.
  await expect(drawer.locator('.ant-drawer-title')).toHaveText(croppedName);
  await expect(drawer.getByRole('row', { name: /Размеры/ })).toContainText('1280×720');
  const address = ((await drawer.locator('.media-details__url').textContent()) ?? '').trim();
  const served = await page.request.get(address);
  expect(served.status()).toBe(200);
  expect(await sharp(await served.body()).metadata()).toMatchObject({ width: 1280, height: 720, format: 'png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: croppedName })).toContainText('1280×720');
});

/** "DD.MM.YYYY HH:mm" of a moment in the browser's time zone, as the date picker takes it. */
const pickerText = (at: Date) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(',', '');

async function scheduleAt(page: Page, at: Date) {
  await page.getByRole('button', { name: /^(Опубликовать по времени|Изменить время)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Опубликовать по времени' });
  await expect(dialog.getByText('UTC+03:00')).toBeVisible();
  const input = dialog.getByRole('textbox', { name: 'Опубликовать по времени' });
  await input.click();
  await input.fill(pickerText(at));
  await page.keyboard.press('Enter');
  await dialog.getByTestId('schedule-ok').click();
  await expect(dialog).toBeHidden();
}

test('schedule a stage', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAgain(page, EDITOR);
  await openSite(page, 'Сцены');

  // A new stage: its name first; the server makes its first draft, which the editor opens.
  const name = `E2E баннер ${RUN}`;
  await page.getByRole('button', { name: 'Новая сцена' }).click();
  const create = page.getByRole('dialog', { name: 'Новая сцена' });
  await create.getByRole('button', { name: 'Создать' }).click();
  await expect(create.getByText('Это поле обязательно для заполнения')).toBeVisible();
  await create.getByRole('textbox').fill(name);
  await create.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.locator('.page-header').getByText('Черновик')).toBeVisible();

  // Content: a title, the PC image from the library (already 1920×1080), a button.
  await page.getByLabel('Заголовок', { exact: true }).fill('Весна в АвтоГраде');
  await page.getByTestId('stage-image-pc').getByRole('button', { name: 'Выбрать из библиотеки' }).click();
  const picker = page.getByRole('dialog', { name: 'Выбор изображения' });
  await picker.getByTestId('media-card').filter({ hasText: '1920×1080' }).first().click();
  await picker.getByTestId('picker-choose').click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('stage-image-pc').locator('img')).toBeVisible();
  await page.getByRole('button', { name: 'Добавить кнопку' }).click();
  await page.getByLabel('Текст', { exact: true }).fill('Записаться');
  await page.getByLabel('Куда ведёт').fill('javascript:alert(1)');
  await page.getByTestId('stage-save').click();
  await expect(page.getByText('Ссылка начинается с «/» или с http(s)://')).toBeVisible();
  await page.getByLabel('Куда ведёт').fill('/service');
  // The draft's state id, from its save: the publication by its job is scheduled through the API below.
  const saved = page.waitForResponse((response) => /\/stage_states\/\d+$/.test(response.url()) && response.request().method() === 'PATCH');
  await page.getByTestId('stage-save').click();
  const stateId = /\/stage_states\/(\d+)$/.exec((await saved).url())![1];
  await expect(page.getByText('Изменения сохранены').first()).toBeVisible();
  await expect(page.getByTestId('stage-preview')).toContainText('Весна в АвтоГраде');

  // The editor prepares, a holder of "Stages: publish" publishes: no working publish button here.
  const bar = page.locator('.stage-workflow');
  await expect(bar.getByRole('button', { name: 'Опубликовать', exact: true })).toBeDisabled();
  await expect(bar.getByRole('button', { name: 'Опубликовать по времени' })).toHaveCount(0);
  await expect(page.getByTestId('publish-needs-right')).toHaveText('Для публикации нужно право «Сцены: публикация» — обратитесь к руководителю');
  await expect(page.getByTestId('stage-no-mobile')).toBeVisible();
  await closeNotices(page);
  await bar.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/stage-editor-no-publish-ru.png` });
  const editorPath = new URL(page.url()).pathname;
  await signOut(page);
  await signInAgain(page, MANAGER);
  await openSite(page, 'Сцены');
  await visit(page, editorPath);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Publication by time: chosen, shown on the stage and in the list, cancelled after a confirmation.
  const later = new Date(Date.now() + 2 * 24 * 3_600_000);
  await scheduleAt(page, later);
  const publication = page.getByTestId('stage-publication');
  await expect(publication).toContainText('Будет опубликована');
  await expect(publication).toContainText('UTC+03:00');
  await expect(publication).toContainText('Статус публикации: в процессе');
  await expect(publication).toContainText(pickerText(later));
  await page.screenshot({ path: `${SHOTS}/stage-scheduled-ru.png`, fullPage: true });
  // The notices lie over the header's buttons until they expire: closed instead of waited out.
  await closeNotices(page);
  await page.getByRole('button', { name: 'К списку сцен' }).click();
  const row = page.locator('.ant-table-row', { hasText: name });
  await expect(row).toContainText('Не опубликована');
  await expect(row).toContainText(pickerText(later));
  await row.getByTestId('stage-name').click();
  await page.getByRole('button', { name: 'Отменить публикацию по времени' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Отменить публикацию по времени' }).click();
  await expect(page.getByText('Публикация по времени отменена')).toBeVisible();
  await expect(publication).toBeHidden();

  // The job publishes at the moment: scheduled a few seconds ahead through the API (the picker
  // takes whole minutes, checked above); the open stage shows the publication when it happens.
  const soon = new Date(Date.now() + 3_000);
  const scheduled = await callApi(page, 'POST', `/gateway/content.storage/api/v1/stage_states/${stateId}/schedule`, { data: { publish_at: soon.toISOString() } });
  expect(scheduled.status).toBe(200);
  // Read again: the stage follows a publication due soon until it happens (stage-api.ts).
  await page.reload();
  await expect(page.locator('.page-header').getByText('Опубликована · в.1')).toBeVisible({ timeout: 60_000 });
  await expect(publication).toBeHidden();
  await page.getByRole('button', { name: 'К списку сцен' }).click();
  await expect(page.locator('.ant-table-row', { hasText: name })).toContainText('Опубликована');
});
