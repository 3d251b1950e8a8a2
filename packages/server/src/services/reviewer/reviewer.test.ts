import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { moduleInstallations, modules } from '../marketplace/module.table.ts';
import { requests } from '../request.storage/request.table.ts';
import { requestReportSettings } from '../sender/sender.table.ts';
import { publishedSite, visit, type TestSite } from '../site-renderer/site-renderer.fixtures.ts';
import { reviewerInvitations, reviewerRatings } from './reviewer.table.ts';

/**
 * The reviewer widget (spec 002 §2 /reviewer/settings/{siteId}, §3, §9): a site's settings made
 * with the defaults on first read (threshold 4), checked with messages in ru and en, out of another
 * dealer's reach; a request marked handled brings its customer one invitation by mail (a real SMTP
 * listener) when the module is active and the setting on; the invitation's page on the site rates
 * once, sends a high rating on to the public links and a low one to the dealer as a complaint.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let s: TestSite;
let bare: TestSite;
let dealer: string;
let other: string;
let reviewerModuleId: number;
const API = '/gateway/reviewer/api/v1';
const CODES = { reviewer: ['settings.get_list', 'settings.patch', 'ratings.get_list'], 'request.storage': ['callback_requests.get_list', 'requests.patch'] };
const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const db = () => t.database.db;
const LINKS = [
  { title: 'Яндекс Карты', url: 'https://yandex.ru/maps/org/dealer/1/reviews/' },
  { title: '2ГИС', url: 'https://2gis.ru/moscow/firm/1/tab/reviews' },
];

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await buildTestApp({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null } });
  s = await publishedSite(t);
  bare = await publishedSite(t, { clientId: s.clientId });
  // The second site never had the reviewer module.
  const [module] = await db().select({ id: modules.id }).from(modules).where(eq(modules.code, 'reviewer'));
  reviewerModuleId = module!.id;
  await db().delete(moduleInstallations).where(and(eq(moduleInstallations.site_id, bare.id), eq(moduleInstallations.module_id, reviewerModuleId)));
  await t.ctx.modules!.sync();
  const otherClient = await t.createClient('Чужой дилер');
  dealer = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [s.clientId], internal: false })).email)).access_token;
  other = (await t.signIn((await t.createUser({ grants: CODES, clientIds: [otherClient], internal: false })).email)).access_token;
  // The site's request report receivers get the complaints when the settings name none.
  await db().insert(requestReportSettings).values({ site_id: s.id, client_id: s.clientId, receivers: ['boss@dealer.test'] });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const settingsOf = (token = dealer, siteId = s.id) => t.request('GET', `${API}/settings/for_site_id/${siteId}`, { token });
const patch = async (attributes: Record<string, unknown>, lang: 'ru' | 'en' = 'ru') => t.request('PATCH', `${API}/settings/${(await settingsOf()).json().data.id}`, { token: dealer, lang, body: body(attributes) });
/** A customer request of the site, as the intake stores it. */
async function customerRequest(site: TestSite, fields: { name: string; email: string | null; text?: string }) {
  const [row] = await db().insert(requests).values({ site_id: site.id, client_id: site.clientId, type: 1, name: fields.name, email: fields.email, phone: '+79001234567', text: fields.text ?? null }).returning();
  return row!;
}
const markHandled = (id: number, token = dealer) => t.request('POST', `/gateway/request.storage/api/v1/requests/${id}/handled`, { token });
const invitationsOf = (requestId: number) => db().select().from(reviewerInvitations).where(eq(reviewerInvitations.request_id, requestId));
/** The rating page's token in an invitation mail. */
const tokenIn = (text: string) => /\/_review\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
const ratePage = (host: string, token: string, form?: Record<string, string>) =>
  visit(t, host, `/_review/${token}`, form ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() } : {});

describe('settings', () => {
  it('are made with the defaults on first read, once: threshold 4, invitations off', async () => {
    const first = await settingsOf();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.attributes).toMatchObject({ site_id: s.id, rate_threshold: 4, enabled: false, delay_minutes: 60, review_links: [], complaint_receivers: [] });
    expect(first.json().data.attributes.mail_template).toContain('{{link}}');
    expect((await settingsOf()).json().data.id).toBe(first.json().data.id);
  });

  it('keep the threshold, the delay, the mail and the public links', async () => {
    const changed = await patch({ enabled: true, rate_threshold: 5, delay_minutes: 0, mail_subject: 'Как мы справились, {{name}}?', review_links: LINKS });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ enabled: true, rate_threshold: 5, delay_minutes: 0, mail_subject: 'Как мы справились, {{name}}?', review_links: LINKS });
  });

  it('refuse wrong values with clear messages in ru and en, changing nothing', async () => {
    const refused = async (attributes: Record<string, unknown>, lang: 'ru' | 'en') => {
      const answer = await patch(attributes, lang);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors[0];
    };
    expect(await refused({ rate_threshold: 6 }, 'en')).toMatchObject({ source: { pointer: '/data/attributes/rate_threshold' } });
    expect(await refused({ rate_threshold: 0 }, 'ru')).toMatchObject({ source: { pointer: '/data/attributes/rate_threshold' } });
    expect(await refused({ mail_template: 'Оцените нас' }, 'ru')).toMatchObject({ title: 'В тексте письма должна быть ссылка на оценку: {{link}}' });
    expect((await refused({ mail_template: 'Rate us' }, 'en')).title).toBe('The mail text must hold the rating link: {{link}}');
    expect(await refused({ review_links: [{ title: 'FTP', url: 'ftp://example.com/reviews' }] }, 'en')).toMatchObject({ source: { pointer: '/data/attributes/review_links/0/url' } });
    expect(await refused({ review_links: [{ title: '', url: 'https://example.com' }] }, 'en')).toMatchObject({ source: { pointer: '/data/attributes/review_links/0/title' } });
    expect(await refused({ delay_minutes: -1 }, 'en')).toMatchObject({ source: { pointer: '/data/attributes/delay_minutes' } });
    expect(await refused({ complaint_receivers: ['not-an-address'] }, 'ru')).toMatchObject({ source: { pointer: '/data/attributes/complaint_receivers/0' } });
    expect((await settingsOf()).json().data.attributes).toMatchObject({ rate_threshold: 5, review_links: LINKS });
  });

  it("are out of another dealer's reach", async () => {
    const { id } = (await settingsOf()).json().data;
    expect((await settingsOf(other)).statusCode).toBe(404);
    expect((await t.request('PATCH', `${API}/settings/${id}`, { token: other, body: body({ enabled: false }) })).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/ratings?filter[site_id]=${s.id}`, { token: other })).json().data).toEqual([]);
    expect((await t.request('GET', `${API}/ratings/summary/where_site/${s.id}`, { token: other })).statusCode).toBe(404);
  });

  it('are refused on a site without the module', async () => {
    const answer = await settingsOf(dealer, bare.id);
    expect(answer.statusCode, answer.body).toBe(403);
  });
});

describe('the invitation and the rating', () => {
  let highToken = '';
  let lowToken = '';

  it('is mailed once after a request is marked handled, to the customer, with the rating link', async () => {
    await patch({ enabled: true, rate_threshold: 4, delay_minutes: 0 });
    const request = await customerRequest(s, { name: 'Анна', email: 'anna@customer.test' });
    const handled = await markHandled(request.id);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().data.attributes.handled_at).toBeTruthy();
    expect((await markHandled(request.id)).statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['anna@customer.test']);
    expect(mail!.subject).toBe('Как мы справились, Анна?');
    expect(mail!.text).toContain('Здравствуйте, Анна!');
    expect(mail!.text).toContain(`https://${s.host}/_review/`);
    highToken = tokenIn(mail!.text)!;
    expect(highToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await invitationsOf(request.id)).toHaveLength(1);
  });

  it('is not made without an e-mail, with the setting off, or where the module is not installed', async () => {
    const noMail = await customerRequest(s, { name: 'Без почты', email: null });
    expect((await markHandled(noMail.id)).statusCode).toBe(200);
    expect(await invitationsOf(noMail.id)).toHaveLength(0);
    const onBare = await customerRequest(bare, { name: 'Другой сайт', email: 'other@customer.test' });
    expect((await markHandled(onBare.id)).statusCode).toBe(200);
    expect(await invitationsOf(onBare.id)).toHaveLength(0);
    await patch({ enabled: false });
    const off = await customerRequest(s, { name: 'Выключено', email: 'off@customer.test' });
    expect((await markHandled(off.id)).statusCode).toBe(200);
    expect(await invitationsOf(off.id)).toHaveLength(0);
    await patch({ enabled: true });
  });

  it('cannot be marked handled by another client, nor by a user of the client who may only read requests', async () => {
    const request = await customerRequest(s, { name: 'Чужой', email: 'x@customer.test' });
    expect((await markHandled(request.id, other)).statusCode).toBe(404);
    const reader = (await t.signIn((await t.createUser({ grants: { 'request.storage': ['callback_requests.get_list'] }, clientIds: [s.clientId], internal: false })).email)).access_token;
    expect((await markHandled(request.id, reader)).statusCode).toBe(403);
    expect((await db().select().from(requests).where(eq(requests.id, request.id)))[0]!.handled_at).toBeNull();
  });

  it('opens a page of the site with 1 to 5 stars, in the site language, usable without a script', async () => {
    const page = await ratePage(s.host, highToken);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Оцените нашу работу');
    expect(page.body).toContain('<form method="post"');
    for (const star of [1, 2, 3, 4, 5]) expect(page.body).toContain(`name="rating" value="${star}"`);
    expect(page.body).not.toContain('<script');
  });

  it('asks again for a rating that is not 1 to 5', async () => {
    const refused = await ratePage(s.host, highToken, { rating: '7', comment: 'Хорошо' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Выберите оценку от 1 до 5');
    expect(refused.body).toContain('Хорошо</textarea>');
  });

  it('thanks a rating at or above the threshold and shows the public review links, once', async () => {
    const rated = await ratePage(s.host, highToken, { rating: '4', comment: 'Всё отлично' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.body).toContain('Спасибо за оценку!');
    expect(rated.body).toContain('href="https://yandex.ru/maps/org/dealer/1/reviews/"');
    expect(rated.body).toContain('2ГИС');
    const again = await ratePage(s.host, highToken, { rating: '1', comment: 'Передумал' });
    expect(again.body).toContain('По этой ссылке оценка уже получена');
    expect((await ratePage(s.host, highToken)).body).toContain('По этой ссылке оценка уже получена');
    const rows = await db().select().from(reviewerRatings).where(eq(reviewerRatings.site_id, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, comment: 'Всё отлично', outcome: 'public', customer_name: 'Анна' });
  });

  it('sends a lower rating with the comment and the request to the dealer as a complaint', async () => {
    const before = smtp.received.length;
    const request = await customerRequest(s, { name: 'Борис', email: 'boris@customer.test', text: 'Хочу на тест-драйв' });
    await markHandled(request.id);
    const mails = await smtp.waitFor(before + 1);
    lowToken = tokenIn(mails[before]!.text)!;
    const rated = await ratePage(s.host, lowToken, { rating: '2', comment: 'Долго не перезванивали' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.body).toContain('Мы передали вашу оценку');
    expect(rated.body).not.toContain('yandex.ru');
    const complaint = (await smtp.waitFor(before + 2))[before + 1]!;
    expect(complaint.to).toEqual(['boss@dealer.test']);
    expect(complaint.subject).toContain('Низкая оценка клиента: 2 из 5');
    expect(complaint.text).toContain('Долго не перезванивали');
    expect(complaint.text).toContain(`№ ${request.id}`);
    expect(complaint.text).toContain('Хочу на тест-драйв');
    expect(complaint.text).toContain('boris@customer.test');
  });

  it('refuses a token that is not the site’s', async () => {
    expect((await ratePage(s.host, 'A'.repeat(32))).statusCode).toBe(404);
    expect((await ratePage(s.host, 'short')).statusCode).toBe(404);
    // The right token on another site of the platform.
    expect((await ratePage(bare.host, lowToken)).statusCode).toBe(404);
  });

  it('lists the ratings with their average, filtered by rating and date', async () => {
    const list = await t.request('GET', `${API}/ratings?filter[site_id]=${s.id}&sort=rating`, { token: dealer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { attributes: { rating: number } }) => row.attributes.rating)).toEqual([2, 4]);
    const low = await t.request('GET', `${API}/ratings?filter[site_id]=${s.id}&filter[rating]=2`, { token: dealer });
    expect(low.json().data).toHaveLength(1);
    expect(low.json().data[0].attributes).toMatchObject({ outcome: 'complaint', customer_name: 'Борис', comment: 'Долго не перезванивали' });
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.request('GET', `${API}/ratings?filter[site_id]=${s.id}&filter[from]=${today}`, { token: dealer })).json().data).toHaveLength(2);
    expect((await t.request('GET', `${API}/ratings?filter[site_id]=${s.id}&filter[to]=2020-01-01`, { token: dealer })).json().data).toHaveLength(0);
    const summary = await t.request('GET', `${API}/ratings/summary/where_site/${s.id}`, { token: dealer });
    expect(summary.json().data).toEqual({ count: 2, average: 3 });
    const sent = await db().select().from(reviewerInvitations).where(eq(reviewerInvitations.site_id, s.id));
    expect(sent.filter((one) => one.status === 'sent').map((one) => one.email).sort()).toEqual(['anna@customer.test', 'boris@customer.test']);
  });

  it('is not sent when the module was removed before its moment', async () => {
    await patch({ delay_minutes: 1 });
    const request = await customerRequest(s, { name: 'Поздно', email: 'late@customer.test' });
    await markHandled(request.id);
    const [invitation] = await invitationsOf(request.id);
    expect(invitation).toMatchObject({ status: 'waiting' });
    await db().delete(moduleInstallations).where(and(eq(moduleInstallations.site_id, s.id), eq(moduleInstallations.module_id, reviewerModuleId)));
    await t.ctx.modules!.sync();
    const { sendInvitation } = await import('./reviewer.flow.ts');
    expect(await sendInvitation(t.ctx as never, invitation!.id)).toBe('skipped');
    expect((await invitationsOf(request.id))[0]).toMatchObject({ status: 'skipped', token_hash: null });
    // Nor is a rating taken on a site without the module.
    expect((await ratePage(s.host, lowToken)).statusCode).toBe(404);
  });
});
