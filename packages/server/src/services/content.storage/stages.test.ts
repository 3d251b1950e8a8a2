import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, pages, rolePermissions, sites, userRoles } from '../../schema.ts';
import { PUBLISH_STATE_JOB } from '../../kit/state-workflow.ts';
import { stageStates } from './stage.table.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { image, MEDIA, MEDIA_CODES, mp4, upload } from '../media.storage/media.fixtures.ts';

/**
 * Stages and their states (spec 000 §3 Stage state, §4): every field checked (images from the
 * library at the sizes of §9, videos of the three hosts or a native mp4, buttons, cards,
 * personalization pages of the site), the workflow (stages.publish publishes on every site; strict publishing adds review),
 * publication by time, the copy dialog's "copy stages", tenancy, and files held by a stage.
 */
let t: TestApp;
let client: number;
let otherClient: number;
let site: number;
let strictSite: number;
let otherSite: number;
let editor: string;
let editorId: number;
let publisher: string;
let outsider: string;
let pcImage: number;
let bigImage: number;
let tabletImage: number;
let mobileImage: number;
let privateImage: number;
let video: number;

const API = '/gateway/content.storage/api/v1';
const EDIT = { 'content.storage': ['stages.get_list', 'stages.patch'], ...MEDIA_CODES };
const PUBLISH = { 'content.storage': ['stages.get_list', 'stages.patch', 'stages.publish'], ...MEDIA_CODES };

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.createClient();
  otherClient = await t.createClient();
  const insert = async (clientId: number, strict: boolean) => (await t.database.db.insert(sites).values({ name: 'Сайт', client_id: clientId, type: 3, strict_publishing: strict }).returning())[0]!.id;
  site = await insert(client, false);
  strictSite = await insert(client, true);
  otherSite = await insert(otherClient, false);
  const editorUser = await t.createUser({ grants: EDIT, clientIds: [client] });
  editorId = editorUser.id;
  editor = (await t.signIn(editorUser.email)).access_token;
  publisher = (await t.signIn((await t.createUser({ grants: PUBLISH, clientIds: [client] })).email)).access_token;
  outsider = (await t.signIn((await t.createUser({ grants: EDIT, clientIds: [otherClient] })).email)).access_token;
  const file = async (data: Buffer, fields: Record<string, string | number> = {}) => {
    const response = await upload(t, editor, { name: 'banner.png', data }, { client_id: client, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data.id);
  };
  pcImage = await file(await image(1920, 1080));
  bigImage = await file(await image(3840, 2160));
  tabletImage = await file(await image(1280, 720));
  mobileImage = await file(await image(504, 896));
  privateImage = await file(await image(1920, 1080), { access: 2 });
  video = await file(mp4());
});
afterAll(() => t?.close());

const call = (method: string, url: string, token: string, data?: unknown) =>
  t.request(method, `${API}${url}`, { token, lang: 'en', ...(data !== undefined ? { body: { data } } : {}) });
const attrs = (response: { json(): any }) => response.json().data.attributes;
const firstError = (response: { json(): any }) => response.json().errors[0];

/** A stage of `siteId` with its first draft; answers both ids. */
async function newStage(siteId = site, name = 'Весеннее ТО') {
  const response = await call('POST', '/stages', editor, { attributes: { site_id: siteId, name } });
  expect(response.statusCode, response.body).toBe(201);
  return { stage: response.json().data.id as string, draft: String(attrs(response).drafts[0]) };
}
const change = (id: string, attributes: Record<string, unknown>, token = editor) => call('PATCH', `/stage_states/${id}`, token, { attributes });
const action = (id: string, name: string, token = editor) => call('POST', `/stage_states/${id}/${name}`, token);
const stateOf = async (id: string) => attrs(await call('GET', `/stage_states/${id}`, editor));

describe('a stage state keeps every field of the banner, checked', () => {
  it('starts as a draft named like its stage, listed on the stage', async () => {
    const { stage, draft } = await newStage();
    expect(await stateOf(draft)).toMatchObject({ name: 'Весеннее ТО', status: 1, stage_id: Number(stage), site_id: site, client_id: client, position: 'left' });
    const listed = (await call('GET', `/stages?filter[site_id]=${site}`, editor)).json().data.find((row: any) => row.id === stage);
    expect(listed.attributes).toMatchObject({ published: null, drafts: [Number(draft)], submitted: [] });
  });

  it('stores images from the library at the stage sizes, with their webp, alt and title', async () => {
    const { draft } = await newStage();
    const saved = await change(draft, {
      title: 'Весеннее ТО со скидкой 20%',
      subtitle: 'Запишитесь до 31 мая',
      position: 'center',
      order: 2,
      panel: { enabled: true, color: '#102030', opacity: 70, rounded: false },
      colors: { title: '#ffffff', subtitle: '#eeeeee', background: '#000', button: '#e30016' },
      images: {
        pc: { file_id: pcImage, alt: 'Сервис', title: 'ТО' },
        tablet: { file_id: bigImage, alt: 'Сервис на планшете' },
        mobile: { file_id: mobileImage },
      },
      disable_webp: true,
      buttons: [
        { text: 'Записаться', link: '/service', icon: 'calendar', icon_position: 'left', style: 'primary', size: 'large', full_width: true },
        { text: 'Позвонить', type: 'phone', link: '+7 (843) 200-00-00', style: 'outline' },
      ],
      cards: [{ title: 'Скидка 20%', text: 'на работы', icon: 'percent' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const value = attrs(saved);
    expect(value.images.pc).toMatchObject({ file_id: pcImage, width: 1920, height: 1080, alt: 'Сервис', title: 'ТО', url: expect.stringMatching(/^\/files\/[a-f0-9]{32}\.png$/), webp_url: expect.stringMatching(/\.webp$/) });
    // A larger image of the same ratio is shown through its variant of the stage size.
    expect(value.images.tablet).toMatchObject({ file_id: bigImage, width: 1280, height: 720 });
    const big = attrs(await t.request('GET', `${MEDIA}/files/${bigImage}`, { token: editor }));
    expect(value.images.tablet.url).toBe(big.variants.find((v: any) => v.name === 'stage_tablet').url);
    expect(value.images.mobile).toMatchObject({ file_id: mobileImage, alt: null });
    expect(value.buttons[1]).toMatchObject({ type: 'phone', icon_position: 'right', size: 'medium', full_width: false });
    expect(value).toMatchObject({ position: 'center', order: 2, disable_webp: true, panel: { enabled: true, opacity: 70 } });
  });

  it('refuses an image of the wrong size, a private one, another client\'s, and a video as an image', async () => {
    const { draft } = await newStage();
    const wrong = await change(draft, { images: { pc: { file_id: tabletImage } } });
    expect(firstError(wrong)).toMatchObject({ code: 'stage_image_size', title: 'The image for PC must be 1920×1080 pixels, not 1280×720: crop it to this size', source: { pointer: '/data/attributes/images/pc/file_id' } });
    expect(firstError(await change(draft, { images: { pc: { file_id: privateImage } } })).code).toBe('file_private');
    expect(firstError(await change(draft, { images: { pc: { file_id: video } } })).code).toBe('file_kind');
    const foreign = Number((await upload(t, outsider, { name: 'x.png', data: await image(1920, 1080) }, {})).json().data.id);
    expect(firstError(await change(draft, { images: { pc: { file_id: foreign } } }))).toMatchObject({ code: 'invalid_reference', title: `The related record ${foreign} was not found` });
  });

  it('takes videos of YouTube, Vimeo and Rutube by https address only, or a native mp4 of the library', async () => {
    const { draft } = await newStage();
    for (const [type, url] of [['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'], ['vimeo', 'https://vimeo.com/76979871'], ['rutube', 'https://rutube.ru/video/abc/']]) {
      const ok = await change(draft, { video: { type, url } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(attrs(ok).video).toMatchObject({ type, url, file_id: null, autoplay: true, muted: true });
    }
    for (const [type, url] of [['youtube', 'https://evil.example/watch?v=1'], ['youtube', 'http://youtube.com/watch?v=1'], ['vimeo', 'https://www.youtube.com/watch?v=1'], ['rutube', 'javascript:alert(1)']]) {
      const refused = await change(draft, { video: { type, url } });
      expect(refused.statusCode, `${type} ${url}`).toBe(400);
      expect(firstError(refused).source.pointer).toBe('/data/attributes/video/url');
    }
    const native = await change(draft, { video: { type: 'native', file_id: video, loop: false } });
    expect(attrs(native).video).toMatchObject({ type: 'native', file_id: video, loop: false, url: expect.stringMatching(/\.mp4$/) });
    expect(firstError(await change(draft, { video: { type: 'native' } })).source.pointer).toBe('/data/attributes/video/file_id');
    expect(firstError(await change(draft, { video: { type: 'native', file_id: pcImage } })).code).toBe('file_kind');
  });

  it('checks buttons, cards, colours and personalization pages', async () => {
    const { draft } = await newStage();
    const cases: [Record<string, unknown>, string][] = [
      [{ buttons: [{ text: 'Купить', link: 'javascript:alert(1)' }] }, '/data/attributes/buttons/0/link'],
      [{ buttons: [{ text: 'Написать', type: 'email', link: 'not-an-email' }] }, '/data/attributes/buttons/0/link'],
      [{ buttons: [{ text: 'Вниз', type: 'anchor', link: 'form' }] }, '/data/attributes/buttons/0/link'],
      [{ buttons: Array.from({ length: 5 }, () => ({ text: 'a', link: '/' })) }, '/data/attributes/buttons'],
      [{ cards: [{ title: 'x', link: 'ftp://x' }] }, '/data/attributes/cards/0/link'],
      [{ colors: { title: 'red' } }, '/data/attributes/colors/title'],
      [{ panel: { opacity: 150 } }, '/data/attributes/panel/opacity'],
      [{ position: 'top' }, '/data/attributes/position'],
    ];
    for (const [attributes, pointer] of cases) {
      const refused = await change(draft, attributes);
      expect(refused.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(firstError(refused).source.pointer, JSON.stringify(attributes)).toBe(pointer);
    }
    const [own] = await t.database.db.insert(pages).values({ site_id: site, client_id: client, uri: '/service' }).returning();
    const [elsewhere] = await t.database.db.insert(pages).values({ site_id: strictSite, client_id: client, uri: '/service' }).returning();
    expect((await change(draft, { personalization_page_ids: [own!.id] })).statusCode).toBe(200);
    expect(firstError(await change(draft, { personalization_page_ids: [own!.id, elsewhere!.id] }))).toMatchObject({ code: 'invalid_reference', source: { pointer: '/data/attributes/personalization_page_ids' } });
    const groups = await change(draft, { group_ids: [987654] });
    expect(firstError(groups).source.pointer).toBe('/data/attributes/group_ids');
  });

  it("keeps another client's stages out of reach", async () => {
    const { stage, draft } = await newStage();
    expect((await call('GET', `/stages/${stage}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/stage_states/${draft}`, outsider)).statusCode).toBe(404);
    expect((await action(draft, 'submit', outsider)).statusCode).toBe(404);
    expect((await change(draft, { name: 'x' }, outsider)).statusCode).toBe(404);
    const intoForeign = await call('POST', '/stage_states', outsider, { attributes: { stage_id: Number(stage), name: 'x' } });
    expect(firstError(intoForeign)).toMatchObject({ code: 'invalid_reference', source: { pointer: '/data/attributes/stage_id' } });
    expect((await call('POST', '/stages', outsider, { attributes: { site_id: site, name: 'x' } })).statusCode).toBe(400);
    expect((await call('GET', `/stages?filter[site_id]=${site}`, outsider)).json().data).toEqual([]);
  });
});

describe('the workflow of stage states', () => {
  it('submits, publishes with versions, copies, unpublishes and restores; the site is marked changed', async () => {
    const { stage, draft } = await newStage();
    await t.database.db.update(sites).set({ rendered_at: null }).where(eq(sites.id, site));
    expect(attrs(await action(draft, 'submit'))).toMatchObject({ status: 2 });
    expect((await change(draft, { title: 'x' })).statusCode).toBe(409);
    const published = await action(draft, 'publish', publisher);
    expect(attrs(published)).toMatchObject({ status: 3, version: 1, publication_status: 2 });
    const [marked] = await t.database.db.select({ at: sites.rendered_at }).from(sites).where(eq(sites.id, site));
    expect(marked!.at).not.toBeNull();
    expect(attrs(await call('GET', `/stages/${stage}`, editor)).published).toBe(Number(draft));

    const copied = await action(draft, 'copy');
    expect(attrs(copied)).toMatchObject({ status: 1, copied_from_id: Number(draft), name: 'Весеннее ТО' });
    const copyId = copied.json().data.id as string;
    expect(attrs(await action(copyId, 'publish', publisher))).toMatchObject({ status: 3, version: 2 });
    expect((await stateOf(draft)).superseded_at).not.toBeNull();
    const restored = await action(draft, 'restore');
    expect(attrs(restored)).toMatchObject({ status: 1, copied_from_id: Number(draft) });
    expect(attrs(await action(copyId, 'unpublish', publisher)).superseded_at).not.toBeNull();
    expect(attrs(await call('GET', `/stages/${stage}`, editor)).published).toBeNull();
  });

  it('publishes, unpublishes and schedules only for holders of stages.publish, on every site', async () => {
    const { draft } = await newStage(site, 'Без права');
    expect((await action(draft, 'publish')).statusCode).toBe(403);
    expect((await call('POST', `/stage_states/${draft}/schedule`, editor, { publish_at: new Date(Date.now() + 3_600_000).toISOString() })).statusCode).toBe(403);
    expect(await stateOf(draft)).toMatchObject({ status: 1, publish_at: null });
    expect(attrs(await action(draft, 'publish', publisher))).toMatchObject({ status: 3, version: 1 });
    expect((await action(draft, 'unpublish')).statusCode).toBe(403);
    expect((await stateOf(draft)).superseded_at).toBeNull();
  });

  it('on a strict site publishes only a submitted state, even for holders of stages.publish', async () => {
    const response = await call('POST', '/stages', editor, { attributes: { site_id: strictSite, name: 'Строгий' } });
    const draft = String(attrs(response).drafts[0]);
    expect(firstError(await action(draft, 'publish', publisher))).toMatchObject({ code: 'state_not_submitted' });
    await action(draft, 'submit');
    expect((await action(draft, 'publish')).statusCode).toBe(403);
    expect(attrs(await action(draft, 'publish', publisher))).toMatchObject({ status: 3, version: 1 });
  });

  it('keeps the rules of spec 000 §4: only a draft is submitted, changed or deleted; publish unless published; restore only a version', async () => {
    const { draft } = await newStage(site, 'Правила');
    expect(firstError(await action(draft, 'unpublish', publisher))).toMatchObject({ code: 'state_not_published' });
    expect(firstError(await action(draft, 'restore'))).toMatchObject({ code: 'state_not_published' });
    await action(draft, 'submit');
    for (const refused of [await action(draft, 'submit'), await change(draft, { title: 'x' }), await call('DELETE', `/stage_states/${draft}`, editor)]) {
      expect(refused.statusCode).toBe(409);
      expect(firstError(refused)).toMatchObject({ code: 'state_not_draft', title: 'Only a draft can be changed or deleted' });
    }
    // A submitted state is copied into a new draft, which changes; the submitted one is published.
    const copy = await action(draft, 'copy');
    expect(attrs(copy)).toMatchObject({ status: 1, copied_from_id: Number(draft) });
    expect((await change(copy.json().data.id, { title: 'Копия' })).statusCode).toBe(200);
    expect(attrs(await action(draft, 'publish', publisher))).toMatchObject({ status: 3, version: 1 });
    const again = await action(draft, 'publish', publisher);
    expect(again.statusCode).toBe(409);
    expect(firstError(again).code).toBe('state_already_published');
    expect(firstError(await action(draft, 'submit')).code).toBe('state_not_draft');
    // Once superseded, a version is not published again: it is restored as a draft.
    await action(copy.json().data.id, 'publish', publisher);
    const kept = await action(draft, 'publish', publisher);
    expect(kept.statusCode).toBe(409);
    expect(firstError(kept).code).toBe('state_kept_version');
    expect((await call('DELETE', `/stage_states/${draft}`, editor)).statusCode).toBe(409);
    const audit = async (id: string) => (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'stage_states'), eq(auditLog.record_id, id)))).map((entry) => entry.action);
    expect(await audit(draft)).toEqual(expect.arrayContaining(['create', 'submit', 'publish']));
    expect(await audit(copy.json().data.id)).toEqual(expect.arrayContaining(['copy', 'publish']));
  });

  it('deletes only drafts, and a stage with its states', async () => {
    const { stage, draft } = await newStage();
    await action(draft, 'publish', publisher);
    expect((await call('DELETE', `/stage_states/${draft}`, editor)).statusCode).toBe(409);
    expect((await call('DELETE', `/stages/${stage}`, editor)).statusCode).toBe(204);
    expect((await call('GET', `/stage_states/${draft}`, editor)).statusCode).toBe(404);
  });
});

/**
 * Publication by time runs as a pg-boss job at the chosen moment. The tests choose a moment an
 * hour ahead and then make the job due in the queue, waiting on the job itself, never on the clock.
 */
describe('publication by time, by its job', () => {
  const schedule = (id: string, at: Date, token = publisher) => call('POST', `/stage_states/${id}/schedule`, token, { publish_at: at.toISOString() });
  const inAnHour = () => new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000);
  const jobOf = async (stateId: string) => (await t.database.db.select({ id: stageStates.publish_job_id }).from(stageStates).where(eq(stageStates.id, Number(stateId))))[0]!.id;
  const job = async (id: string) => {
    const result = (await t.database.db.execute(sql`select state, start_after from pgboss.job where name = ${PUBLISH_STATE_JOB} and id = ${id}`)) as unknown as { rows: { state: string; start_after: Date | string }[] };
    return result.rows[0];
  };
  /** The clock reaching the job's moment: the queue starts it at once. */
  const makeDue = (id: string) => t.database.db.execute(sql`update pgboss.job set start_after = now() where name = ${PUBLISH_STATE_JOB} and id = ${id}`);
  const finished = (id: string) => waitUntil(`the publication job ${id}`, async () => ((await job(id))?.state === 'completed' ? true : undefined));

  it('refuses a moment in the past, on the field, in the caller\'s language', async () => {
    const { draft } = await newStage(site, 'Прошлое');
    const past = await t.request('POST', `${API}/stage_states/${draft}/schedule`, { token: publisher, lang: 'ru', body: { data: { publish_at: new Date(Date.now() - 60_000).toISOString() } } });
    expect(past.statusCode).toBe(400);
    expect(firstError(past)).toMatchObject({ code: 'publish_at_in_past', title: 'Время публикации должно быть в будущем', source: { pointer: '/data/publish_at' } });
    expect((await stateOf(draft)).publish_at).toBeNull();
  });

  it('queues a job for the moment, shows it on the state and the stage, and publishes when the job runs', async () => {
    const { stage, draft } = await newStage(site, 'Осенняя распродажа');
    const at = inAnHour();
    const scheduled = await schedule(draft, at);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(attrs(scheduled)).toMatchObject({ status: 1, publication_status: 1, publish_at: at.toISOString() });
    expect(attrs(await call('GET', `/stages/${stage}`, editor)).publish_at).toBe(at.toISOString());
    const jobId = await jobOf(draft);
    const queued = await job(jobId!);
    expect(queued!.state).toBe('created');
    expect(new Date(queued!.start_after).getTime()).toBe(at.getTime());

    await makeDue(jobId!);
    await finished(jobId!);
    expect(await stateOf(draft)).toMatchObject({ status: 3, version: 1, publication_status: 2, publish_at: null });
    expect(attrs(await call('GET', `/stages/${stage}`, editor))).toMatchObject({ published: Number(draft), publish_at: null });
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'stage_states'), eq(auditLog.record_id, draft)));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['schedule', 'publish']));
  });

  it('is cancelled: the job is cancelled, and a job of a moment the state no longer holds publishes nothing', async () => {
    const { stage, draft } = await newStage(site, 'Отменённая');
    await schedule(draft, inAnHour());
    const jobId = (await jobOf(draft))!;
    const cancelled = await call('DELETE', `/stage_states/${draft}/schedule`, publisher);
    expect(cancelled.statusCode).toBe(200);
    expect(attrs(cancelled)).toMatchObject({ status: 1, publish_at: null, publication_status: null });
    expect(attrs(await call('GET', `/stages/${stage}`, editor)).publish_at).toBeNull();
    expect((await job(jobId))!.state).toBe('cancelled');

    // Rescheduling replaces the job; the first one, were it to run anyway, finds its moment gone.
    const first = inAnHour();
    await schedule(draft, first);
    const firstJob = (await jobOf(draft))!;
    const second = new Date(first.getTime() + 60_000);
    await schedule(draft, second);
    const secondJob = (await jobOf(draft))!;
    expect(secondJob).not.toBe(firstJob);
    expect((await job(firstJob))!.state).toBe('cancelled');
    const stale = (await t.ctx.jobs.send(PUBLISH_STATE_JOB, { resource: 'content.storage/stage_states', state_id: Number(draft), publish_at: first.toISOString(), user_id: editorId, client_id: client }))!;
    await finished(stale);
    expect(await stateOf(draft)).toMatchObject({ status: 1, publish_at: second.toISOString(), publication_status: 1 });
    await call('DELETE', `/stage_states/${draft}/schedule`, publisher);
  });

  it('on a strict site needs the publishing code to schedule, and the job checks it again when it runs', async () => {
    const created = await call('POST', '/stages', editor, { attributes: { site_id: strictSite, name: 'Строгая по времени' } });
    const draft = String(attrs(created).drafts[0]);
    expect(firstError(await schedule(draft, inAnHour(), publisher)).code).toBe('state_not_submitted');
    await action(draft, 'submit');
    expect((await schedule(draft, inAnHour(), editor)).statusCode).toBe(403);
    expect((await schedule(draft, inAnHour(), publisher)).statusCode).toBe(200);
    const jobId = (await jobOf(draft))!;
    await makeDue(jobId);
    await finished(jobId);
    expect(await stateOf(draft)).toMatchObject({ status: 3, version: 1, publication_status: 2 });

    // A schedule whose author lost the code meanwhile ends with status 3 and the reason, unpublished.
    const nextId = (await action(draft, 'copy')).json().data.id as string;
    await action(nextId, 'submit');
    const loser = await t.createUser({ grants: PUBLISH, clientIds: [client] });
    const loserToken = (await t.signIn(loser.email)).access_token;
    expect((await schedule(nextId, inAnHour(), loserToken)).statusCode).toBe(200);
    const roles = await t.database.db.select({ role: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, loser.id));
    await t.database.db.delete(rolePermissions).where(eq(rolePermissions.role_id, roles[0]!.role));
    const refusedJob = (await jobOf(nextId))!;
    await makeDue(refusedJob);
    await finished(refusedJob);
    expect(await stateOf(nextId)).toMatchObject({ status: 2, version: null, publication_status: 3 });
    expect((await stateOf(nextId)).publication_error).toMatch(/^publishing_permission\|/);
  });
});

describe('files and copies', () => {
  it('holds back the deletion of a file a stage shows, until the stage lets go of it', async () => {
    const fileId = Number((await upload(t, editor, { name: 'held.png', data: await image(1920, 1080) }, { client_id: client })).json().data.id);
    const { draft } = await newStage();
    await change(draft, { images: { pc: { file_id: fileId } } });
    const refused = await t.request('DELETE', `${MEDIA}/files/${fileId}`, { token: editor, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(firstError(refused).title).toBe('The file is in use (stages: 1): replace it there first');
    await change(draft, { images: { pc: null } });
    expect((await t.request('DELETE', `${MEDIA}/files/${fileId}`, { token: editor })).statusCode).toBe(204);
  });

  it('copies the stages of a site with the copy dialog, showing the same banners', async () => {
    const { draft } = await newStage(site, 'Для копии');
    await change(draft, { title: 'Копируемый баннер', images: { pc: { file_id: pcImage, alt: 'Салон' } } });
    await action(draft, 'publish', publisher);
    const manager = (await t.signIn((await t.createUser({ grants: { ...EDIT, 'sites.context': ['sites.create', 'sites.get_full_list'] }, clientIds: [client] })).email)).access_token;
    const copied = await t.request('POST', `/gateway/sites.context/api/v1/sites/${site}/copy`, { token: manager, body: { data: { name: 'Копия с баннерами', client_id: client, copy_stages: true } } });
    expect(copied.statusCode, copied.body).toBe(201);
    const copySite = copied.json().data.id;
    const stagesOfCopy = (await call('GET', `/stages?filter[site_id]=${copySite}`, editor)).json().data;
    const copiedStage = stagesOfCopy.find((row: any) => row.attributes.name === 'Для копии');
    expect(copiedStage.attributes.published).not.toBeNull();
    const shown = await stateOf(String(copiedStage.attributes.published));
    expect(shown).toMatchObject({ status: 3, version: 1, title: 'Копируемый баннер', images: { pc: { file_id: pcImage, alt: 'Салон' } }, site_id: Number(copySite) });
    const without = await t.request('POST', `/gateway/sites.context/api/v1/sites/${site}/copy`, { token: manager, body: { data: { name: 'Копия без баннеров', client_id: client } } });
    expect((await call('GET', `/stages?filter[site_id]=${without.json().data.id}`, editor)).json().data).toEqual([]);
  });
});
