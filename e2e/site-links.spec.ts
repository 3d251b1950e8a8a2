import { expect, test } from '@playwright/test';
import { ADMIN, callApi, signIn, visit } from './kit.ts';

/**
 * A link to a page of a site (from a mail, a notification, a colleague): the site opens when the
 * user may work on it, and the page shows; a site the user has no access to is said so.
 */
const MANAGER = 'manager@avtograd-sever.test';

test('a link to another site page opens that site; a site of another client is refused with a reason', async ({ page, browser }) => {
  // The sites' ids, as staff see them all.
  const staff = await browser.newPage();
  await signIn(staff, ADMIN);
  const sites = await callApi(staff, 'GET', '/gateway/sites.context/api/v1/sites?page[size]=100');
  const idOf = (name: string) => (sites.body.data as { id: string; attributes: { name: string } }[]).find((site) => site.attributes.name === name)!.id;
  const hyundai = idOf('АвтоГрад Север — Hyundai');
  const skoda = idOf('Ладога Авто — Škoda');
  await staff.close();

  await signIn(page, MANAGER);
  await visit(page, '/sites.context/select');
  await page.getByText('АвтоГрад Север — Kia').first().click();
  await expect(page.getByTestId('current-site')).toHaveText('АвтоГрад Север — Kia');

  // Another site of the same dealer: it becomes the current site and the page shows.
  await page.goto(`/request.storage/callback_requests/${hyundai}`);
  await expect(page.getByRole('heading', { name: 'Заявки на обратный звонок' })).toBeVisible();
  await expect(page.getByTestId('current-site')).toHaveText('АвтоГрад Север — Hyundai');

  // Another dealer's site: home, with the reason.
  await page.goto(`/request.storage/callback_requests/${skoda}`);
  await expect(page).toHaveURL(/\/home-page$/);
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'У вас нет доступа к сайту' })).toBeVisible();
  await expect(page.getByText('Ладога Авто — Škoda')).toHaveCount(0);
});
