import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COMPONENTS } from '@dp/contracts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog, layouts, layoutStates, pages, pageStates, sites, templates } from '../../schema.ts';
import { AppError } from '../../kit/errors.ts';
import { validatePlacedFloors } from './validate-placed-floors.ts';

/**
 * Floors (spec 000 §3, §5, §8): ids, the floor errors, rich text, tenancy of platform and client
 * floors, official floors, enable and disable, the placement check the page states call, search of
 * sites by floor, deleting a floor in use, and the render dictionaries.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let staff: string;
let dealerA: string;
let dealerB: string;

const FLOORS = '/gateway/floors.storage/api/v1/floors';
const SEARCH = '/gateway/sites.context/api/v1/sites/search_by_floor';
const FLOOR_CODES = ['floors.get_list', 'floors.create', 'floors.patch', 'floors.delete'];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

const textFloor = (extra: Record<string, unknown> = {}) => ({ code: unique('text'), title: 'О компании', component: 'text', values: { body: 'Мы работаем **с 1998 года**.' }, ...extra });
const cardsValues = (cards: unknown) => ({ title: 'Услуги', cards });

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient('Дилер А');
  clientB = await t.createClient('Дилер Б');
  const grants = { 'floors.storage': FLOOR_CODES, 'sites.context': ['sites.get_full_list', 'pages.get_list'] };
  staff = (await t.signIn((await t.createUser({ email: `floors-staff-${Date.now()}@platform.test`, grants })).email)).access_token;
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
});
afterAll(() => t?.close());

const create = (token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', FLOORS, { token, lang, body: { data: { attributes } } });
const patch = (token: string, id: string, attributes: Record<string, unknown>, lang = 'en') => t.request('PATCH', `${FLOORS}/${id}`, { token, lang, body: { data: { attributes } } });
const created = async (token: string, attributes: Record<string, unknown>) => {
  const response = await create(token, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
};
const errorsOf = (response: { json(): any }) => response.json().errors as { status: string; code: string; title: string; source?: { pointer?: string; parameter?: string } }[];

describe('floor ids', () => {
  it('take Latin letters, digits and - _ : . starting with a letter, not empty nor too short, in both languages', async () => {
    for (const [code, title] of [
      ['1header', 'A floor id holds Latin letters, digits and "- _ : ." and starts with a Latin letter'],
      ['шапка', 'A floor id holds Latin letters, digits and "- _ : ." and starts with a Latin letter'],
      ['head er', 'A floor id holds Latin letters, digits and "- _ : ." and starts with a Latin letter'],
      ['ab', 'The field must be 3 characters or more'],
      ['', 'This field is required'],
    ]) {
      const response = await create(dealerA, textFloor({ client_id: clientA, code }));
      expect(response.statusCode, code).toBe(400);
      expect(errorsOf(response), code).toEqual([expect.objectContaining({ title, source: { pointer: '/data/attributes/code' } })]);
    }
    const ru = await create(dealerA, textFloor({ client_id: clientA, code: '1header' }), 'ru');
    expect(errorsOf(ru)[0]!.title).toBe('Идентификатор этажа: латинские буквы, цифры и «- _ : .», первой — латинская буква');
    const fine = await created(dealerA, textFloor({ client_id: clientA, code: unique('Promo_2:spring.v1') }));
    expect(fine.attributes.code).toMatch(/^Promo_2:spring\.v1/);
  });

  it('are unique among the floors a client sees: its own and the platform\'s (duplicate id, 409)', async () => {
    const platformCode = unique('hero');
    await created(staff, textFloor({ code: platformCode }));
    const clash = await create(dealerA, textFloor({ client_id: clientA, code: platformCode }));
    expect(clash.statusCode).toBe(409);
    expect(errorsOf(clash)[0]).toMatchObject({ code: 'floor_code_taken', title: `A floor with the id "${platformCode}" already exists`, source: { pointer: '/data/attributes/code' } });

    const ownCode = unique('own');
    const own = await created(dealerA, textFloor({ client_id: clientA, code: ownCode }));
    expect((await create(dealerA, textFloor({ client_id: clientA, code: ownCode }))).statusCode).toBe(409);
    // Another client's floors are not seen: the same code is free for it.
    await created(dealerB, textFloor({ client_id: clientB, code: ownCode }));
    // A platform floor is seen by every client: it may not take a code in use anywhere.
    expect((await create(staff, textFloor({ code: ownCode }))).statusCode).toBe(409);
    // Renaming onto a taken code is refused too; keeping one's own code is no clash.
    const other = await created(dealerA, textFloor({ client_id: clientA }));
    expect((await patch(dealerA, other.id, { code: platformCode })).statusCode).toBe(409);
    expect((await patch(dealerA, own.id, { code: ownCode, title: 'Новое название' })).statusCode).toBe(200);
  });
});

describe('presentation fields', () => {
  it('take title position, offsets (none, small, medium, large), a colour of the render dictionary and an alignment', async () => {
    const long = 'Блок с описанием услуг сервиса, акций и контактов дилерского центра в Казани и области';
    const floor = await created(dealerA, textFloor({ client_id: clientA, description: long }));
    // Defaults, and the description is kept whole (the list shows it cut at 70 characters).
    expect(floor.attributes).toMatchObject({ title_position: 'left', offset_top: 'medium', offset_bottom: 'medium', background: null, alignment: 'left', enabled: true, official: false, description: long });
    const wrong = await create(dealerA, textFloor({ client_id: clientA, title_position: 'top', offset_top: 'huge', offset_bottom: 'xl', background: 'purple', alignment: 'justify' }));
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong).map((error) => error.source?.pointer).sort()).toEqual(
      ['alignment', 'background', 'offset_bottom', 'offset_top', 'title_position'].map((field) => `/data/attributes/${field}`),
    );
    expect(errorsOf(await create(dealerA, textFloor({ client_id: clientA, offset_top: 'huge' }), 'ru'))[0]!.title).toBe('Недопустимое значение');
    const changed = await patch(dealerA, floor.id, { title_position: 'hidden', offset_top: 'none', offset_bottom: 'large', background: 'primary', alignment: 'center' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.attributes).toMatchObject({ title_position: 'hidden', offset_top: 'none', offset_bottom: 'large', background: 'primary', alignment: 'center' });
    expect((await patch(dealerA, floor.id, { background: null })).json().data.attributes.background).toBeNull();
    const tooLong = await patch(dealerA, floor.id, { description: 'x'.repeat(1001) });
    expect(errorsOf(tooLong)[0]).toMatchObject({ title: 'The field must be 1000 characters or fewer', source: { pointer: '/data/attributes/description' } });
  });
});

describe('the floor errors of spec 000 §8', () => {
  it('name an unknown component on the component field', async () => {
    const response = await create(dealerA, { ...textFloor({ client_id: clientA }), component: 'carousel' });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([expect.objectContaining({ code: 'floor_component_not_found', title: 'The component "carousel" was not found', source: { pointer: '/data/attributes/component' } })]);
    const ru = await create(dealerA, { ...textFloor({ client_id: clientA }), component: 'carousel' }, 'ru');
    expect(errorsOf(ru)[0]!.title).toBe('Компонент «carousel» не найден');
  });

  it('point at each value of the wrong type, too many or too few, all in one answer', async () => {
    const base = { ...textFloor({ client_id: clientA }), component: 'cards' };
    const cases: [unknown, { code: string; title: string; pointer: string }][] = [
      [cardsValues('three cards'), { code: 'floor_wrong_type', title: 'Wrong type of the value "cards"', pointer: '/data/attributes/values/cards' }],
      [{ title: 5, cards: [{ title: 'Кредит' }] }, { code: 'floor_wrong_type', title: 'Wrong type of the value "title"', pointer: '/data/attributes/values/title' }],
      [cardsValues([]), { code: 'floor_too_few_values', title: 'Too few values in "cards": at least 1 needed', pointer: '/data/attributes/values/cards' }],
      [cardsValues(Array.from({ length: 25 }, (_, i) => ({ title: `Карточка ${i}` }))), { code: 'floor_too_many_values', title: 'Too many values in "cards": at most 24', pointer: '/data/attributes/values/cards' }],
      [{ ...cardsValues([{ title: 'Кредит' }]), colour: 'red' }, { code: 'floor_unknown_value', title: 'Too many values: the component "cards" takes no "colour"', pointer: '/data/attributes/values/colour' }],
      [cardsValues([{ title: 'Кредит' }, { text: 'Без заголовка' }]), { code: 'floor_value_missing', title: 'Too few values: "cards.2.title" of the component "cards" is missing', pointer: '/data/attributes/values/cards/1/title' }],
      [{ title: 'Услуги' }, { code: 'floor_value_missing', title: 'Too few values: "cards" of the component "cards" is missing', pointer: '/data/attributes/values/cards' }],
      [cardsValues([{ title: 'Кредит', link: 'javascript:alert(1)' }]), { code: 'link_format', title: 'A link is a page address (/…), https://…, mailto: or tel:', pointer: '/data/attributes/values/cards/0/link' }],
    ];
    for (const [values, expected] of cases) {
      const response = await create(dealerA, { ...base, values });
      expect(response.statusCode, JSON.stringify(values).slice(0, 80)).toBe(400);
      expect(errorsOf(response)).toContainEqual(expect.objectContaining({ code: expected.code, title: expected.title, source: { pointer: expected.pointer } }));
    }
    const several = await create(dealerA, { ...base, values: { title: 5, cards: [], colour: 'red' } });
    expect(errorsOf(several).map((error) => error.code).sort()).toEqual(['floor_too_few_values', 'floor_unknown_value', 'floor_wrong_type']);
    // Changing the component alone checks the stored values against the new one.
    const floor = await created(dealerA, { ...base, values: cardsValues([{ title: 'Кредит' }]) });
    const switched = await patch(dealerA, floor.id, { component: 'contacts' });
    expect(switched.statusCode).toBe(400);
    expect(errorsOf(switched)).toContainEqual(expect.objectContaining({ code: 'floor_value_missing', source: { pointer: '/data/attributes/values/address' } }));
    expect((await patch(dealerA, floor.id, { values: cardsValues([{ title: 'Кредит', link: '/credit' }]) })).statusCode).toBe(200);
  });

  it('keep rich text free of HTML, with safe links only', async () => {
    for (const [body, code] of [
      ['<script>alert(1)</script>', 'rich_text_html'],
      ['Текст <img src=x onerror=alert(1)>', 'rich_text_html'],
      ['<!-- комментарий -->', 'rich_text_html'],
      ['[нажми](javascript:alert(1))', 'rich_text_link'],
      ['[почта](data:text/html,x)', 'rich_text_link'],
    ]) {
      const response = await create(dealerA, textFloor({ client_id: clientA, values: { body } }));
      expect(response.statusCode, body).toBe(400);
      expect(errorsOf(response)[0], body).toMatchObject({ code, source: { pointer: '/data/attributes/values/body' } });
    }
    const fine = await created(dealerA, textFloor({ client_id: clientA, values: { body: '## Сервис\n\n- **ТО** за 2 часа\n- [запись](/service), [почта](mailto:s@dealer.test), [звонок](tel:+78005553535)\n\nЦена 3 < 5 не тег' } }));
    expect(fine.attributes.values.body).toContain('## Сервис');
  });
});

describe('tenancy and official floors', () => {
  it('shows platform floors to every client read-only, and a client\'s own floors to it alone', async () => {
    const platform = await created(staff, textFloor());
    const ownA = await created(dealerA, textFloor({ client_id: clientA }));
    const ownB = await created(dealerB, textFloor({ client_id: clientB }));
    const listed = (await t.request('GET', `${FLOORS}?page[size]=1000`, { token: dealerA })).json().data.map((r: any) => r.id);
    expect(listed).toEqual(expect.arrayContaining([platform.id, ownA.id]));
    expect(listed).not.toContain(ownB.id);
    expect((await t.request('GET', `${FLOORS}/${ownB.id}`, { token: dealerA })).statusCode).toBe(404);
    expect((await t.request('GET', `${FLOORS}/${platform.id}`, { token: dealerA })).statusCode).toBe(200);
    // A platform floor is changed, switched and deleted by staff only.
    expect((await patch(dealerA, platform.id, { title: 'Моя шапка' })).statusCode).toBe(403);
    expect((await t.request('POST', `${FLOORS}/${platform.id}/disable`, { token: dealerA })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${FLOORS}/${platform.id}`, { token: dealerA })).statusCode).toBe(403);
    // A dealer makes floors of its own clients only: never a platform floor, never another client's.
    expect((await create(dealerA, textFloor())).statusCode).toBe(403);
    const foreign = await create(dealerA, textFloor({ client_id: clientB }));
    expect(foreign.statusCode).toBe(400);
    expect(errorsOf(foreign)[0]!.source).toEqual({ pointer: '/data/attributes/client_id' });
    // The owner never changes.
    expect((await patch(dealerA, ownA.id, { client_id: clientB })).statusCode).toBe(400);
  });

  it('leaves official floors to platform staff, whoever owns them', async () => {
    const official = await created(staff, textFloor({ client_id: clientA, official: true }));
    for (const [method, url, body] of [
      ['PATCH', `${FLOORS}/${official.id}`, { data: { attributes: { title: 'Правка' } } }],
      ['POST', `${FLOORS}/${official.id}/disable`, undefined],
      ['DELETE', `${FLOORS}/${official.id}`, undefined],
    ] as const) {
      const response = await t.request(method, url, { token: dealerA, lang: 'en', body });
      expect(response.statusCode, method).toBe(403);
      expect(errorsOf(response)[0]!.title).toBe('Official floors are changed by platform staff only');
    }
    const marking = await create(dealerA, textFloor({ client_id: clientA, official: true }));
    expect(marking.statusCode).toBe(403);
    expect(errorsOf(marking)[0]!.code).toBe('floor_official_staff_only');
    const own = await created(dealerA, textFloor({ client_id: clientA }));
    expect((await patch(dealerA, own.id, { official: true })).statusCode).toBe(403);
    expect((await patch(staff, official.id, { title: 'Правка сотрудника' })).statusCode).toBe(200);
    expect((await patch(staff, official.id, { official: false })).statusCode).toBe(200);
    expect((await patch(dealerA, official.id, { title: 'Теперь можно' })).statusCode).toBe(200);
  });

  it('enables and disables a floor with an audit entry, and answers a repeated switch unchanged', async () => {
    const floor = await created(dealerA, textFloor({ client_id: clientA }));
    const off = await t.request('POST', `${FLOORS}/${floor.id}/disable`, { token: dealerA });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.attributes.enabled).toBe(false);
    expect((await t.request('POST', `${FLOORS}/${floor.id}/disable`, { token: dealerA })).json().data.attributes.enabled).toBe(false);
    expect((await t.request('POST', `${FLOORS}/${floor.id}/enable`, { token: dealerA })).json().data.attributes.enabled).toBe(true);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'floors'), eq(auditLog.record_id, floor.id)));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'disable', 'enable']);
    expect(entries[1]).toMatchObject({ service: 'floors.storage', client_id: clientA, changes: { enabled: [true, false] } });
    // Filters of the list: enabled, component.
    const disabled = await created(dealerA, textFloor({ client_id: clientA }));
    await t.request('POST', `${FLOORS}/${disabled.id}/disable`, { token: dealerA });
    const offList = (await t.request('GET', `${FLOORS}?filter[enabled]=false&page[size]=1000`, { token: dealerA })).json().data.map((r: any) => r.id);
    expect(offList).toContain(disabled.id);
    expect(offList).not.toContain(floor.id);
    expect((await t.request('GET', `${FLOORS}/${floor.id}/enable`, { token: dealerB })).statusCode).toBe(404);
    expect((await t.request('POST', `${FLOORS}/${floor.id}/enable`, { token: dealerB })).statusCode).toBe(404);
  });
});

/** A site of the client with a page (a state placing `floors`), a layout state and a template. */
async function siteWith(clientId: number, placed: { page?: number[]; footer?: number[]; template?: number[]; superseded?: number[] }) {
  const db = t.database.db;
  const [site] = await db.insert(sites).values({ name: unique('Сайт'), client_id: clientId, type: 3 }).returning();
  const owner = { site_id: site!.id, client_id: clientId };
  const [page] = await db.insert(pages).values({ ...owner, uri: '/about' }).returning();
  if (placed.page) await db.insert(pageStates).values({ ...owner, page_id: page!.id, caption: 'О нас', floors: placed.page.map((floor_id) => ({ floor_id })) });
  if (placed.superseded) await db.insert(pageStates).values({ ...owner, page_id: page!.id, caption: 'Старая версия', status: 3, superseded_at: new Date(), floors: placed.superseded.map((floor_id) => ({ floor_id })) });
  if (placed.footer) {
    const [layout] = await db.insert(layouts).values({ ...owner, name: 'Основной' }).returning();
    await db.insert(layoutStates).values({ ...owner, layout_id: layout!.id, caption: 'Версия 1', footer_floors: placed.footer.map((floor_id) => ({ floor_id })) });
  }
  if (placed.template) await db.insert(templates).values({ ...owner, name: 'Статья', floors: placed.template.map((floor_id) => ({ floor_id })) });
  return { siteId: site!.id, pageId: page!.id };
}

describe('placed floors', () => {
  it('must exist within reach, be enabled and fit their component with the place\'s values', async () => {
    const db = t.database.db;
    const platform = Number((await created(staff, { ...textFloor(), component: 'cards', values: cardsValues([{ title: 'Кредит' }]) })).id);
    const ownB = Number((await created(dealerB, textFloor({ client_id: clientB }))).id);
    const off = Number((await created(dealerA, textFloor({ client_id: clientA }))).id);
    await t.request('POST', `${FLOORS}/${off}/disable`, { token: dealerA });
    const dealer = { scope: [clientA] };

    await expect(validatePlacedFloors(db, dealer, [{ floor_id: platform }, { floor_id: platform, values: { title: 'Наши услуги' } }])).resolves.toBeUndefined();
    const failure = await validatePlacedFloors(db, dealer, [
      { floor_id: platform },
      { floor_id: 987654 },
      { floor_id: ownB },
      { floor_id: off },
      { floor_id: platform, values: { cards: [] } },
    ]).catch((error: unknown) => error as AppError);
    expect(failure).toBeInstanceOf(AppError);
    const all = [failure as AppError, ...((failure as AppError).others ?? [])].map((error) => ({ key: error.key, pointer: error.pointer }));
    expect(all).toEqual([
      { key: 'invalid_reference', pointer: '/data/attributes/floors/1/floor_id' },
      // Another client's floor answers like a missing one.
      { key: 'invalid_reference', pointer: '/data/attributes/floors/2/floor_id' },
      { key: 'floor_disabled', pointer: '/data/attributes/floors/3/floor_id' },
      { key: 'floor_too_few_values', pointer: '/data/attributes/floors/4/values/cards' },
    ]);
    // Staff reach every floor, but a client's floor goes to that client's sites only.
    await expect(validatePlacedFloors(db, { scope: 'all' }, [{ floor_id: ownB }], { clientId: clientB })).resolves.toBeUndefined();
    await expect(validatePlacedFloors(db, { scope: 'all' }, [{ floor_id: ownB }], { clientId: clientA, pointer: '/data/attributes/footer_floors' })).rejects.toMatchObject({
      key: 'invalid_reference',
      pointer: '/data/attributes/footer_floors/0/floor_id',
    });
    await expect(validatePlacedFloors(db, dealer, [])).resolves.toBeUndefined();
  });

  it('are found by floor: the sites of the caller\'s clients whose pages, layouts or templates place it', async () => {
    const floor = Number((await created(staff, textFloor())).id);
    const a = await siteWith(clientA, { page: [floor], template: [floor] });
    const b = await siteWith(clientB, { footer: [floor] });
    const history = await siteWith(clientA, { superseded: [floor] });
    await siteWith(clientA, {});

    const ofA = await t.request('GET', `${SEARCH}?floor_id=${floor}`, { token: dealerA });
    expect(ofA.statusCode).toBe(200);
    expect(ofA.json().data).toEqual([
      {
        id: String(a.siteId),
        type: 'sites',
        attributes: expect.objectContaining({
          client_id: clientA,
          places: [expect.objectContaining({ kind: 'page', id: a.pageId, name: '/about', status: 1 }), expect.objectContaining({ kind: 'template', name: 'Статья', status: null })],
        }),
      },
    ]);
    const ofStaff = (await t.request('GET', `${SEARCH}?floor_id=${floor}`, { token: staff })).json().data.map((site: any) => Number(site.id));
    expect(ofStaff.sort()).toEqual([a.siteId, b.siteId].sort());
    expect(ofStaff).not.toContain(history.siteId);
    const layoutPlace = (await t.request('GET', `${SEARCH}?floor_id=${floor}`, { token: dealerB })).json().data[0].attributes.places;
    expect(layoutPlace).toEqual([expect.objectContaining({ kind: 'layout', name: 'Основной' })]);

    // A floor out of reach is not found; a malformed id is a 400.
    const ownB = (await created(dealerB, textFloor({ client_id: clientB }))).id;
    expect((await t.request('GET', `${SEARCH}?floor_id=${ownB}`, { token: dealerA })).statusCode).toBe(404);
    expect((await t.request('GET', `${SEARCH}?floor_id=987654`, { token: dealerA })).statusCode).toBe(404);
    expect((await t.request('GET', `${SEARCH}?floor_id=abc`, { token: dealerA })).statusCode).toBe(400);
    expect((await t.request('GET', SEARCH, { token: dealerA })).statusCode).toBe(400);
  });

  it('keep their floor: a floor in use is not deleted until no site places it', async () => {
    const floor = Number((await created(dealerA, textFloor({ client_id: clientA }))).id);
    const { siteId } = await siteWith(clientA, { page: [floor] });
    const refused = await t.request('DELETE', `${FLOORS}/${floor}`, { token: dealerA, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]!.title).toBe('The floor is used on 1 site: remove it from their pages, layouts and templates first');
    await t.database.db.update(pageStates).set({ floors: [] }).where(eq(pageStates.site_id, siteId));
    expect((await t.request('DELETE', `${FLOORS}/${floor}`, { token: dealerA })).statusCode).toBe(204);
  });
});

describe('render dictionaries', () => {
  const RENDER = '/gateway/render/api/v1';

  it('give colour schemes, locales, title weights and colours to any signed-in user', async () => {
    const plain = (await t.signIn((await t.createUser({ grants: { 'auth.processing': ['site_mode'] }, clientIds: [clientA] })).email)).access_token;
    const schemes = await t.request('GET', `${RENDER}/color_schemes`, { token: plain });
    expect(schemes.statusCode).toBe(200);
    expect(schemes.json().data).toContainEqual({ id: 'kia', type: 'color_schemes', attributes: { name: { ru: 'Kia', en: 'Kia' }, palette: expect.objectContaining({ primary: '#05141F' }) } });
    expect((await t.request('GET', `${RENDER}/locales`, { token: plain })).json().data.map((r: any) => r.id)).toEqual(['ru', 'en']);
    expect((await t.request('GET', `${RENDER}/title_weights`, { token: plain })).json().data).toContainEqual(expect.objectContaining({ id: 'bold', attributes: expect.objectContaining({ weight: 700 }) }));
    expect((await t.request('GET', `${RENDER}/colors`, { token: plain })).json().data).toContainEqual(expect.objectContaining({ id: 'primary', attributes: expect.objectContaining({ token: 'primary', hex: null }) }));
    expect((await t.request('GET', `${RENDER}/colors`)).statusCode).toBe(401);
  });

  it('give components by identity with their value fields and defaults', async () => {
    const some = await t.request('GET', `${RENDER}/components?identities=text,cards`, { token: dealerA });
    expect(some.json().data.map((r: any) => r.id)).toEqual(['text', 'cards']);
    const cards = some.json().data[1].attributes;
    expect(cards.name).toEqual({ ru: 'Карточки', en: 'Cards' });
    expect(cards.fields.find((field: any) => field.name === 'cards')).toMatchObject({ kind: 'list', min: 1, max: 24 });
    expect(cards.defaults).toEqual({ columns: '3', cards: [{}] });
    expect((await t.request('GET', `${RENDER}/components`, { token: dealerA })).json().data).toHaveLength(COMPONENTS.length);
    const video = (await t.request('GET', `${RENDER}/components?identities=video`, { token: dealerA })).json().data[0].attributes;
    expect(video.fields).toContainEqual(expect.objectContaining({ name: 'video', kind: 'video', required: true }));
    const unknown = await t.request('GET', `${RENDER}/components?identities=text,slider`, { token: dealerA, lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]).toMatchObject({ title: 'The component "slider" was not found', source: { parameter: 'identities' } });
  });
});
