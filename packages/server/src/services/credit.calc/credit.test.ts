import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { moduleInstallations, sites } from '../../schema.ts';
import { colorChain } from '../../test/resource-samples.ts';
import { creditSchedule } from './calculate-credit.ts';

/**
 * The credit calculator's resources and rules (spec 001 §3 Credit, §4, §5, §9): banks, programmes,
 * packs of a client or system-wide (staff only), programme states under the shared workflow,
 * site settings behind the credit_calc module, the calculation route; a client never sees or uses
 * another client's records.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let siteA: number;
let siteB: number;
let bareSite: number;
let dealerA: string;
let dealerB: string;
let staff: string;
let editorA: string;

const API = '/gateway/credit.calc/api/v1';
const ENTITIES = ['banks', 'programs', 'program_states', 'packs', 'settings'];
const CODES = [...ENTITIES.flatMap((e) => [`${e}.get_list`, `${e}.create`, `${e}.patch`, `${e}.delete`]), 'program_states.publish'];

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient();
  clientB = await t.createClient();
  siteA = await t.createSite(clientA);
  siteB = await t.createSite(clientB);
  bareSite = await t.createSite(clientA, []);
  const grants = { 'credit.calc': CODES };
  dealerA = (await t.signIn((await t.createUser({ grants, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants, clientIds: [clientB] })).email)).access_token;
  editorA = (await t.signIn((await t.createUser({ grants: { 'credit.calc': CODES.filter((code) => code !== 'program_states.publish') }, clientIds: [clientA] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `staff-${Date.now()}@platform.test`, grants })).email)).access_token;
});
afterAll(() => t?.close());

type Response = Awaited<ReturnType<TestApp['request']>>;
const errorsOf = (response: Response) => response.json().errors as { code: string; title: string; source?: { pointer?: string } }[];
const post = (token: string, name: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/${name}`, { token, lang, body: { data: { attributes } } });
const patch = (token: string, name: string, id: string, attributes: Record<string, unknown>, lang = 'en') => t.request('PATCH', `${API}/${name}/${id}`, { token, lang, body: { data: { attributes } } });
const action = (token: string, id: string, name: string) => t.request('POST', `${API}/program_states/${id}/${name}`, { token, body: {} });
async function made(token: string, name: string, attributes: Record<string, unknown>) {
  const response = await post(token, name, attributes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, any> };
}
const bank = (token: string, clientId: number | null, name = 'Банк') => made(token, 'banks', { client_id: clientId, name });
const conditions = { term_min: 12, term_max: 84, interest_rate: 9.9, down_payment_min: 10, down_payment_max: 90, residual_min: 0, residual_max: 40, loan_amount_min: 100_000, loan_amount_max: 5_000_000 };
const program = async (token: string, clientId: number | null, extra: Record<string, unknown> = {}) =>
  made(token, 'programs', { client_id: clientId, name: `Программа ${Math.random().toString(36).slice(2, 7)}`, bank_id: Number((await bank(token, clientId)).id), car_type: 'new', ...conditions, ...extra });
const calculate = (token: string, data: Record<string, unknown>, lang = 'en') => t.request('POST', `${API}/calculations`, { token, lang, body: { data } });

/** A published state of a new programme of the client; the programme's id. */
async function publishedProgram(token: string, clientId: number | null, extra: Record<string, unknown> = {}) {
  const created = await program(token, clientId, extra);
  const state = await made(token, 'program_states', { program_id: Number(created.id) });
  expect((await action(token, state.id, 'publish')).statusCode).toBe(200);
  return Number(created.id);
}

describe('banks, programmes and packs: whose they are', () => {
  it('lets a dealer keep its own, reads the platform ones, and hides another client', async () => {
    const own = await bank(dealerA, clientA, 'Банк А');
    const shared = await bank(staff, null, 'Общий банк');
    const list = await t.request('GET', `${API}/banks?page[size]=1000`, { token: dealerA });
    const ids = list.json().data.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, shared.id]));
    const other = await t.request('GET', `${API}/banks?page[size]=1000`, { token: dealerB });
    expect(other.json().data.map((row: { id: string }) => row.id)).not.toContain(own.id);
    expect((await t.request('GET', `${API}/banks/${own.id}`, { token: dealerB })).statusCode).toBe(404);
    expect((await patch(dealerB, 'banks', own.id, { name: 'Чужой' })).statusCode).toBe(404);
  });

  it('keeps system-wide records to staff: a dealer neither creates nor changes them', async () => {
    expect((await post(dealerA, 'banks', { name: 'Без клиента' })).statusCode).toBe(403);
    const shared = await bank(staff, null, 'Платформенный');
    expect((await patch(dealerA, 'banks', shared.id, { name: 'Мой' })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${API}/banks/${shared.id}`, { token: dealerA })).statusCode).toBe(403);
    // The owner never changes.
    const own = await bank(dealerA, clientA);
    expect((await patch(staff, 'banks', own.id, { client_id: clientB })).statusCode).toBe(400);
  });

  it('never lets a programme or a pack use another client\'s bank or programmes', async () => {
    const bankB = await bank(dealerB, clientB);
    const refused = await post(dealerA, 'programs', { client_id: clientA, name: 'П', bank_id: Number(bankB.id), car_type: 'new', ...conditions });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]!.source?.pointer).toBe('/data/attributes/bank_id');
    // Staff reach both clients, and still cannot mix them, nor make a system-wide programme of a client's bank.
    const mixed = await post(staff, 'programs', { client_id: clientA, name: 'П', bank_id: Number(bankB.id), car_type: 'new', ...conditions });
    expect(errorsOf(mixed)[0]!.code).toBe('credit_foreign_record');
    expect(errorsOf(await post(staff, 'programs', { name: 'П', bank_id: Number(bankB.id), car_type: 'new', ...conditions }))[0]!.code).toBe('credit_foreign_record');
    const programB = await program(dealerB, clientB);
    expect((await post(dealerA, 'packs', { client_id: clientA, name: 'Пакет', program_ids: [Number(programB.id)] })).statusCode).toBe(400);
    expect(errorsOf(await post(staff, 'packs', { client_id: clientA, name: 'Пакет', program_ids: [Number(programB.id)] }))[0]!.code).toBe('credit_foreign_record');
    // A system-wide programme goes into a client's pack.
    const shared = await program(staff, null);
    const pack = await made(dealerA, 'packs', { client_id: clientA, name: 'Мой пакет', program_ids: [Number(shared.id)] });
    expect(pack.attributes.program_ids).toEqual([Number(shared.id)]);
    // A bank in use is not deleted.
    const used = await program(dealerA, clientA);
    expect((await t.request('DELETE', `${API}/banks/${used.attributes.bank_id}`, { token: dealerA })).statusCode).toBe(409);
  });
});

describe('programme validation (spec 001 §5)', () => {
  const base = async () => ({ client_id: clientA, name: 'Проверка', bank_id: Number((await bank(dealerA, clientA)).id), car_type: 'new', ...conditions });

  it('refuses negative rates and percentages, and percentages above 100, in ru and en', async () => {
    const negative = await post(dealerA, 'programs', { ...(await base()), interest_rate: -1 }, 'ru');
    expect(errorsOf(negative)).toEqual([expect.objectContaining({ title: 'Значение не может быть отрицательным', source: { pointer: '/data/attributes/interest_rate' } })]);
    const above = await post(dealerA, 'programs', { ...(await base()), down_payment_max: 100.5 });
    expect(errorsOf(above)).toEqual([expect.objectContaining({ title: 'A percentage is a number from 0 to 100', source: { pointer: '/data/attributes/down_payment_max' } })]);
    expect((await post(dealerA, 'programs', { ...(await base()), interest_rate: 101 })).statusCode).toBe(400);
    expect((await post(dealerA, 'programs', { ...(await base()), residual_min: -0.1 })).statusCode).toBe(400);
  });

  it('names the required fields and parses numbers strictly', async () => {
    const { name: _name, interest_rate: _rate, ...rest } = await base();
    const missing = await post(dealerA, 'programs', rest);
    expect(errorsOf(missing).map((error) => [error.source?.pointer, error.title])).toEqual(
      expect.arrayContaining([
        ['/data/attributes/name', 'This field is required'],
        ['/data/attributes/interest_rate', 'This field is required'],
      ]),
    );
    expect((await post(dealerA, 'programs', { ...(await base()), interest_rate: '9,5' })).statusCode).toBe(400);
    expect((await post(dealerA, 'programs', { ...(await base()), interest_rate: '1e1' })).statusCode).toBe(400);
    expect((await post(dealerA, 'programs', { ...(await base()), term_min: 1.5 })).statusCode).toBe(400);
    const parsed = await made(dealerA, 'programs', { ...(await base()), interest_rate: '9.5' });
    expect(parsed.attributes.interest_rate).toBe(9.5);
  });

  it.each([
    ['term_min', { term_min: 60, term_max: 12 }, 'The term "from" cannot be greater than the term "to"'],
    ['loan_amount_min', { loan_amount_min: 3_000_000, loan_amount_max: 1_000_000 }, 'The loan amount "from" cannot be greater than the loan amount "to"'],
    ['down_payment_min', { down_payment_min: 50, down_payment_max: 20 }, 'The down payment "from" cannot be greater than the down payment "to"'],
    ['residual_min', { residual_min: 30, residual_max: 10 }, 'The residual "from" cannot be greater than the residual "to"'],
  ])('refuses an empty range at %s, on create and on a PATCH of one side', async (field, values, title) => {
    const refused = await post(dealerA, 'programs', { ...(await base()), ...values });
    expect(errorsOf(refused)).toEqual([expect.objectContaining({ title, source: { pointer: `/data/attributes/${field}` } })]);
    const created = await made(dealerA, 'programs', await base());
    const min = (values as Record<string, number>)[field]!;
    const maxField = field.replace('_min', '_max');
    const patched = await patch(dealerA, 'programs', created.id, { [maxField]: (values as Record<string, number>)[maxField], [field]: min });
    expect(patched.statusCode).toBe(400);
    expect(errorsOf(patched)[0]!.title).toBe(title);
    const onlyMax = await patch(dealerA, 'programs', created.id, { [maxField]: 0 });
    expect(onlyMax.statusCode).toBe(field === 'residual_min' ? 200 : 400);
    // Nothing changed on a refusal.
    const after = await t.request('GET', `${API}/programs/${created.id}`, { token: dealerA });
    expect(after.json().data.attributes[field]).toBe((conditions as Record<string, number>)[field]);
  });

  it('offers the car age choices: not specified, this year, 1 to 15 years', async () => {
    expect((await made(dealerA, 'programs', { ...(await base()), car_age_limit: 0 })).attributes.car_age_limit).toBe(0);
    expect((await made(dealerA, 'programs', { ...(await base()) })).attributes.car_age_limit).toBe(-1);
    expect(errorsOf(await post(dealerA, 'programs', { ...(await base()), car_age_limit: 16 }))[0]!.title).toBe('The car age is not specified, this year or 1 to 15 years');
    expect((await post(dealerA, 'programs', { ...(await base()), car_type: 'electric' })).statusCode).toBe(400);
  });
});

describe('programme states (spec 001 §4)', () => {
  it('creates a draft with the programme\'s terms, submits, publishes, keeps versions and copies', async () => {
    const created = await program(dealerA, clientA, { car_age_limit: 5 });
    const draft = await made(dealerA, 'program_states', { program_id: Number(created.id), interest_rate: 7.5 });
    expect(draft.attributes).toMatchObject({ status: 1, client_id: clientA, interest_rate: 7.5, term_min: 12, term_max: 84, car_age: 5, car_type: 'new' });
    expect((await action(dealerA, draft.id, 'submit')).json().data.attributes.status).toBe(2);
    expect((await patch(dealerA, 'program_states', draft.id, { interest_rate: 8 })).statusCode).toBe(409);
    // The write code does not publish.
    const refused = await action(editorA, draft.id, 'publish');
    expect(refused.statusCode).toBe(403);
    const first = (await action(dealerA, draft.id, 'publish')).json().data.attributes;
    expect(first).toMatchObject({ status: 3, version: 1, superseded_at: null });
    const copy = (await action(dealerA, draft.id, 'copy')).json().data;
    expect(copy.attributes).toMatchObject({ status: 1, interest_rate: 7.5, copied_from_id: Number(draft.id), client_id: clientA });
    expect((await patch(dealerA, 'program_states', copy.id, { interest_rate: 6.5 })).statusCode).toBe(200);
    // A draft published directly (no strict review for programmes) supersedes the first.
    const second = (await action(dealerA, copy.id, 'publish')).json().data.attributes;
    expect(second).toMatchObject({ status: 3, version: 2 });
    const kept = (await t.request('GET', `${API}/program_states/${draft.id}`, { token: dealerA })).json().data.attributes;
    expect(kept.superseded_at).not.toBeNull();
    expect((await action(dealerA, draft.id, 'publish')).statusCode).toBe(409);
    // The calculation uses the current published state.
    const result = (await calculate(dealerA, { price: 1_500_000, car_type: 'new', down_payment_percent: 20, term: 36, program_ids: [Number(created.id)] })).json().data;
    expect(result.offers).toEqual([expect.objectContaining({ program_state_id: Number(copy.id), rate: 6.5 })]);
  });

  it('refuses a state whose range is empty, and drafts of the platform\'s programmes to a dealer', async () => {
    const created = await program(dealerA, clientA);
    const refused = await post(dealerA, 'program_states', { program_id: Number(created.id), term_min: 100 });
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'credit_term_range', source: { pointer: '/data/attributes/term_min' } });
    const draft = await made(dealerA, 'program_states', { program_id: Number(created.id), redemption_values: [{ term: 36, percent: 25 }] });
    expect((await patch(dealerA, 'program_states', draft.id, { residual_min: 50 })).statusCode).toBe(400);
    expect((await patch(dealerA, 'program_states', draft.id, { redemption_values: [{ term: 36, percent: 25 }, { term: 36, percent: 20 }] })).statusCode).toBe(400);
    expect((await patch(dealerA, 'program_states', draft.id, { car_age: -1 })).statusCode).toBe(200);
    const shared = await program(staff, null);
    expect((await post(dealerA, 'program_states', { program_id: Number(shared.id) })).statusCode).toBe(403);
    const sharedState = await made(staff, 'program_states', { program_id: Number(shared.id) });
    expect((await action(dealerA, sharedState.id, 'publish')).statusCode).toBe(404);
    // Another client's states are out of reach.
    expect((await action(dealerB, draft.id, 'submit')).statusCode).toBe(404);
    expect((await t.request('GET', `${API}/program_states/${draft.id}`, { token: dealerB })).statusCode).toBe(404);
  });
});

describe('site settings and the module', () => {
  it('keeps one per site, checks the periods, and is refused where the module is missing or suspended', async () => {
    const settings = await made(dealerA, 'settings', { site_id: siteA, default_period: 24, max_period: 60, fee_percent: 15, residual_percent: 10 });
    expect(settings.attributes).toMatchObject({ client_id: clientA, default_period: 24, max_period: 60 });
    expect((await post(dealerA, 'settings', { site_id: siteA })).statusCode).toBe(409);
    expect(errorsOf(await patch(dealerA, 'settings', settings.id, { default_period: 72 }))[0]).toMatchObject({ code: 'credit_period_range', source: { pointer: '/data/attributes/default_period' } });
    expect((await post(dealerA, 'settings', { site_id: siteB })).statusCode).toBe(400);
    const missing = await post(dealerA, 'settings', { site_id: bareSite });
    expect(errorsOf(missing)[0]!.code).toBe('module_not_installed');
    expect(errorsOf(await calculate(dealerA, { price: 1_000_000, car_type: 'new', site_id: bareSite }))[0]!.code).toBe('module_not_installed');
  });

  it('refuses writes while the module is suspended on the site', async () => {
    const client = await t.createClient();
    const site = await t.createSite(client);
    const token = (await t.signIn((await t.createUser({ grants: { 'credit.calc': CODES }, clientIds: [client] })).email)).access_token;
    await t.database.db.update(moduleInstallations).set({ active: false, suspended_reason: 'Баланс', suspended_at: new Date() }).where(eq(moduleInstallations.site_id, site));
    await t.ctx.modules!.sync();
    expect(errorsOf(await post(token, 'settings', { site_id: site }))[0]!.code).toBe('module_paused');
    await t.database.db.update(moduleInstallations).set({ active: true, suspended_reason: null, suspended_at: null }).where(inArray(moduleInstallations.site_id, [site]));
    await t.ctx.modules!.sync();
    expect((await post(token, 'settings', { site_id: site })).statusCode).toBe(201);
  });
});

describe('the calculation route', () => {
  it('with a site: only the programmes in the packs of the site\'s client, with the site\'s defaults', async () => {
    const client = await t.createClient();
    const site = await t.createSite(client);
    const token = (await t.signIn((await t.createUser({ grants: { 'credit.calc': CODES }, clientIds: [client] })).email)).access_token;
    const packed = await publishedProgram(token, client, { interest_rate: 12, down_payment_min: 0 });
    const unpacked = await publishedProgram(token, client);
    const used = await publishedProgram(token, client, { car_type: 'used', down_payment_min: 0 });
    await made(token, 'packs', { client_id: client, name: 'Сайт', program_ids: [packed, used] });
    await made(token, 'settings', { site_id: site, default_period: 12, max_period: 60, fee_percent: 20, residual_percent: 0 });
    const response = await calculate(token, { price: 1_250_000, car_type: 'new', site_id: site }, 'ru');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ term: 12, max_term: 60, down_payment: 25_000_000 });
    expect(result.offers).toEqual([expect.objectContaining({ program_id: packed, loan_amount: 100_000_000, monthly_payment: 8_884_879, last_payment: 8_884_876 })]);
    expect(result.excluded).toEqual([expect.objectContaining({ program_id: used, reasons: ['car_type'] })]);
    expect(result.reason_titles).toEqual({ car_type: 'Программа не для этого типа автомобиля' });
    expect(JSON.stringify(result)).not.toContain(`"program_id":${unpacked},`);
    // The site's terms are kept per process: a newly published version is used at once.
    const [current] = (await t.request('GET', `${API}/program_states?filter[program_id]=${packed}&filter[status]=3`, { token })).json().data;
    const copy = (await action(token, current.id, 'copy')).json().data;
    expect((await patch(token, 'program_states', copy.id, { interest_rate: 0 })).statusCode).toBe(200);
    expect((await action(token, copy.id, 'publish')).statusCode).toBe(200);
    const after = (await calculate(token, { price: 1_250_000, car_type: 'new', site_id: site })).json().data;
    expect(after.offers).toEqual([expect.objectContaining({ program_id: packed, rate: 0, monthly_payment: 8_333_333, last_payment: 8_333_337 })]);
    // Another client's site is out of reach.
    expect((await calculate(dealerB, { price: 1_250_000, car_type: 'new', site_id: site })).statusCode).toBe(404);
    // A site given to another client is out of its former client's reach as soon as the change is heard.
    const other = await t.createClient();
    await t.database.db.update(sites).set({ client_id: other }).where(eq(sites.id, site));
    await t.ctx.modules!.sync();
    expect((await calculate(token, { price: 1_250_000, car_type: 'new', site_id: site })).statusCode).toBe(404);
    await t.database.db.update(sites).set({ client_id: client }).where(eq(sites.id, site));
    await t.ctx.modules!.sync();
    // Without a site: the programmes the caller reaches, never another client's.
    const mine = (await calculate(token, { price: 1_250_000, car_type: 'new', down_payment: 250_000, term: 12 })).json().data;
    expect(mine.offers.map((offer: { program_id: number }) => offer.program_id).sort()).toEqual(expect.arrayContaining([packed, unpacked]));
    const theirs = (await calculate(dealerB, { price: 1_250_000, car_type: 'new', down_payment: 250_000, term: 12, program_ids: [packed] })).json().data;
    expect(theirs.offers).toEqual([]);
  });

  it("lowers the price of the programmes a car's discounts combine with, and lists every discount of the day", async () => {
    const client = await t.createClient();
    const site = await t.createSite(client);
    const grants = { 'credit.calc': CODES, benefits: ['programs.get_list', 'programs.create', 'discounts.get_list', 'discounts.create'] };
    const token = (await t.signIn((await t.createUser({ grants, clientIds: [client] })).email)).access_token;
    const combined = await publishedProgram(token, client, { down_payment_min: 0 });
    const plain = await publishedProgram(token, client, { down_payment_min: 0 });
    await made(token, 'packs', { client_id: client, name: 'Сайт', program_ids: [combined, plain] });
    await made(token, 'settings', { site_id: site, default_period: 12, max_period: 60, fee_percent: 20, residual_percent: 0 });
    const { marketing } = await colorChain(t);
    const benefits = (name: string, attributes: Record<string, unknown>) => t.request('POST', `/gateway/benefits/api/v1/${name}`, { token, body: { data: { attributes } } });
    const benefitProgram = await benefits('programs', { client_id: client, name: 'Кредитная скидка', code: `credit-${Date.now()}`, combined_program_ids: [combined] });
    expect(benefitProgram.statusCode, benefitProgram.body).toBe(201);
    const programId = Number(benefitProgram.json().data.id);
    const discount = await benefits('discounts', { client_id: client, program_id: programId, marketing_complectation_id: marketing, discount_sum: 100_000, start_date: '2026-01-01', end_date: '2026-12-31' });
    expect(discount.statusCode, discount.body).toBe(201);

    const car = { price: 1_250_000, car_type: 'new', site_id: site, marketing_complectation_id: marketing };
    const result = (await calculate(token, { ...car, date: '2026-06-01' })).json().data;
    expect(result.benefits).toEqual([expect.objectContaining({ program_id: programId, program_name: 'Кредитная скидка', sum: 10_000_000, credit_program_ids: [combined] })]);
    const offer = (id: number, of = result) => of.offers.find((candidate: { program_id: number }) => candidate.program_id === id);
    // 1 250 000 less 100 000, 20 % down: a loan of 920 000 roubles over 12 months.
    expect(offer(combined)).toMatchObject({ price: 115_000_000, down_payment: 23_000_000, loan_amount: 92_000_000, monthly_payment: creditSchedule(92_000_000, 0, 12, 9.9).payment, benefit_ids: [result.benefits[0].discount_id] });
    expect(offer(plain)).toMatchObject({ price: 125_000_000, loan_amount: 100_000_000, benefit_ids: [] });
    // Outside the discount's days, or without the car's complectation: the full price everywhere.
    for (const other of [{ ...car, date: '2027-01-01' }, { price: 1_250_000, car_type: 'new', site_id: site }]) {
      const without = (await calculate(token, other)).json().data;
      expect(without.benefits).toEqual([]);
      expect(offer(combined, without)).toMatchObject({ price: 125_000_000, loan_amount: 100_000_000, benefit_ids: [] });
    }
    // The program's default owners (1 to 3) hold a new car's first buyer and a car of two owners, not one of three.
    const ofOwners = async (owners: number) => (await calculate(token, { ...car, car_type: 'used', car_age: 2, owners, date: '2026-06-01' })).json().data.benefits;
    expect(await ofOwners(2)).toEqual([expect.objectContaining({ program_id: programId })]);
    expect(await ofOwners(3)).toEqual([]);
  });

  it('answers a calculation without waiting for the caches as a write does (it changes nothing)', async () => {
    // A write answers once this process heard a marker it sent through each cache's channel.
    const markers: string[] = [];
    const stop = await t.database.listen('dp_access', { onPayload: (payload) => payload.startsWith('sync:') && markers.push(payload) });
    try {
      expect((await calculate(dealerA, { price: 1_500_000, car_type: 'new', site_id: siteA })).statusCode).toBe(200);
      expect(markers).toEqual([]);
      await made(dealerA, 'banks', { client_id: clientA, name: 'Ещё банк' });
      await expect.poll(() => markers.length).toBe(1);
    } finally {
      await stop();
    }
  });

  it('refuses bad input with field messages and never a 500', async () => {
    const response = await calculate(dealerA, { price: -5, car_type: 'boat', term: 0 });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response).map((error) => error.source?.pointer).sort()).toEqual(['/data/car_type', '/data/price', '/data/term']);
    expect((await calculate(dealerA, { price: 1000, car_type: 'new', extra: 1 })).statusCode).toBe(400);
    expect((await t.request('POST', `${API}/calculations`, { body: { data: { price: 1000, car_type: 'new' } } })).statusCode).toBe(401);
  });
});
