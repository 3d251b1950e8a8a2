import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pages, sites } from '../../kit/schema.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { waitUntil } from '../../test/wait.ts';
import { image, MEDIA, MEDIA_CODES, mp4, upload } from '../media.storage/media.fixtures.ts';

/**
 * Stages and their states (spec 000 §3 Stage state, §4): every field checked (images from the
 * library at the sizes of §9, videos of the three hosts or a native mp4, buttons, cards,
 * personalization pages of the site), the workflow with strict publishing and stages.publish,
 * publication by time, the copy dialog's "copy stages", tenancy, and files held by a stage.
 */
let t: TestApp;
let client: number;
let otherClient: number;
let site: number;
let strictSite: number;
let otherSite: number;
let editor: string;
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
  editor = (await t.signIn((await t.createUser({ grants: EDIT, clientIds: [client] })).email)).access_token;
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
    expect((await action(draft, 'publish', outsider)).statusCode).toBe(404);
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
    const published = await action(draft, 'publish');
    expect(attrs(published)).toMatchObject({ status: 3, version: 1, publication_status: 2 });
    const [marked] = await t.database.db.select({ at: sites.rendered_at }).from(sites).where(eq(sites.id, site));
    expect(marked!.at).not.toBeNull();
    expect(attrs(await call('GET', `/stages/${stage}`, editor)).published).toBe(Number(draft));

    const copied = await action(draft, 'copy');
    expect(attrs(copied)).toMatchObject({ status: 1, copied_from_id: Number(draft), name: 'Весеннее ТО' });
    const copyId = copied.json().data.id as string;
    expect(attrs(await action(copyId, 'publish'))).toMatchObject({ status: 3, version: 2 });
    expect((await stateOf(draft)).superseded_at).not.toBeNull();
    const restored = await action(draft, 'restore');
    expect(attrs(restored)).toMatchObject({ status: 1, copied_from_id: Number(draft) });
    expect(attrs(await action(copyId, 'unpublish')).superseded_at).not.toBeNull();
    expect(attrs(await call('GET', `/stages/${stage}`, editor)).published).toBeNull();
  });

  it('on a strict site publishes only a submitted state, and only for holders of stages.publish', async () => {
    const response = await call('POST', '/stages', editor, { attributes: { site_id: strictSite, name: 'Строгий' } });
    const draft = String(attrs(response).drafts[0]);
    expect(firstError(await action(draft, 'publish'))).toMatchObject({ code: 'state_not_submitted' });
    await action(draft, 'submit');
    const refused = await action(draft, 'publish');
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused).title).toBe('The site publishes strictly: only a holder of the publishing permission may publish');
    expect(attrs(await action(draft, 'publish', publisher))).toMatchObject({ status: 3, version: 1 });
  });

  it('publishes at the chosen moment', async () => {
    const { draft } = await newStage(site, 'Летняя распродажа');
    const at = new Date(Date.now() + 1500);
    const scheduled = await call('POST', `/stage_states/${draft}/schedule`, editor, { publish_at: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(attrs(scheduled)).toMatchObject({ status: 1, publication_status: 1, publish_at: at.toISOString() });
    const done = await waitUntil('the scheduled stage publication', async () => {
      const current = await stateOf(draft);
      return current.status === 3 ? current : undefined;
    });
    expect(done).toMatchObject({ version: 1, publication_status: 2, publish_at: null });
  });

  it('deletes only drafts, and a stage with its states', async () => {
    const { stage, draft } = await newStage();
    await action(draft, 'publish');
    expect((await call('DELETE', `/stage_states/${draft}`, editor)).statusCode).toBe(409);
    expect((await call('DELETE', `/stages/${stage}`, editor)).statusCode).toBe(204);
    expect((await call('GET', `/stage_states/${draft}`, editor)).statusCode).toBe(404);
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
    await action(draft, 'publish');
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
