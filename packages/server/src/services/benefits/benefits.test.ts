import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { catalogChain } from '../../test/resource-samples.ts';
import { carComplectations, carGenerations, carMarketingComplectations, carModels, carRestylings, creditBanks, creditPrograms } from '../../schema.ts';
import { benefitsForCar, ownerNumber } from './benefits-for-car.ts';

/**
 * Discount programs and discounts (spec 001 §3 Benefits, §7): the field rules with their messages
 * in both languages, the filters, each client kept to its own records, staff acting for any
 * client, and the discounts that apply to a car.
 */
let t: TestApp;
let clientA: number;
let clientB: number;
let dealerA: string;
let dealerB: string;
let readerA: string;
let staff: string;
/** Two marketing complectations of one model, one of another model of the same brand. */
/** Platform credit programmes (credit.calc) a discount program combines with, ascending. */
let credit: number[];
let chain: { brand: number; model: number; otherModel: number; mc1: number; mc2: number; mcOther: number };
const ALL = { benefits: ['programs.get_list', 'programs.create', 'programs.patch', 'programs.delete', 'discounts.get_list', 'discounts.create', 'discounts.patch', 'discounts.delete'] };
const PROGRAMS = '/gateway/benefits/api/v1/programs';
const DISCOUNTS = '/gateway/benefits/api/v1/discounts';

async function marketing(complectation: number, c: { brand: number; model: number; generation: number; restyling: number }, code: string) {
  const [row] = await t.database.db
    .insert(carMarketingComplectations)
    .values({ code, name: code, complectation_id: complectation, restyling_id: c.restyling, generation_id: c.generation, model_id: c.model, brand_id: c.brand })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  clientA = await t.createClient();
  clientB = await t.createClient();
  dealerA = (await t.signIn((await t.createUser({ grants: ALL, clientIds: [clientA] })).email)).access_token;
  dealerB = (await t.signIn((await t.createUser({ grants: ALL, clientIds: [clientB] })).email)).access_token;
  readerA = (await t.signIn((await t.createUser({ grants: { benefits: ['programs.get_list', 'discounts.get_list'] }, clientIds: [clientA] })).email)).access_token;
  staff = (await t.signIn((await t.createUser({ email: `benefits-staff-${Date.now()}@platform.test`, grants: ALL })).email)).access_token;
  const c = await catalogChain(t);
  const db = t.database.db;
  const [complectation] = await db.insert(carComplectations).values({ name: 'Prestige', restyling_id: c.restyling, generation_id: c.generation, model_id: c.model, brand_id: c.brand }).returning();
  const [otherModel] = await db.insert(carModels).values({ name: `Другая ${Date.now()}`, brand_id: c.brand }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'II', model_id: otherModel!.id, brand_id: c.brand }).returning();
  const [restyling] = await db.insert(carRestylings).values({ name: 'R', generation_id: generation!.id, model_id: otherModel!.id, brand_id: c.brand }).returning();
  const other = { brand: c.brand, model: otherModel!.id, generation: generation!.id, restyling: restyling!.id };
  const [otherComplectation] = await db.insert(carComplectations).values({ name: 'Base', restyling_id: restyling!.id, generation_id: generation!.id, model_id: otherModel!.id, brand_id: c.brand }).returning();
  chain = {
    brand: c.brand,
    model: c.model,
    otherModel: otherModel!.id,
    mc1: await marketing(complectation!.id, c, `BEN-A-${Date.now()}`),
    mc2: await marketing(complectation!.id, c, `BEN-B-${Date.now()}`),
    mcOther: await marketing(otherComplectation!.id, other, `BEN-O-${Date.now()}`),
  };
  const [bank] = await db.insert(creditBanks).values({ client_id: null, name: 'Банк' }).returning();
  const programs = await db
    .insert(creditPrograms)
    .values([1, 2, 3, 4, 5].map((n) => ({ client_id: null, bank_id: bank!.id, name: `Кредит ${n}`, term_min: 12, term_max: 60, interest_rate: 10 })))
    .returning();
  credit = programs.map((row) => row.id).sort((a, b) => a - b);
});
afterAll(() => t?.close());

const post = (url: string, token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('POST', url, { token, lang, body: { data: { attributes } } });
const patch = (url: string, token: string, attributes: Record<string, unknown>, lang = 'en') => t.request('PATCH', url, { token, lang, body: { data: { attributes } } });
let codeSeq = 0;
async function program(token: string, clientId: number, extra: Record<string, unknown> = {}) {
  const response = await post(PROGRAMS, token, { client_id: clientId, name: 'Trade-in', code: `p-${++codeSeq}-${Date.now()}`, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}
async function discount(token: string, clientId: number, programId: number, extra: Record<string, unknown> = {}) {
  const response = await post(DISCOUNTS, token, { client_id: clientId, program_id: programId, marketing_complectation_id: chain.mc1, discount_sum: 100000, start_date: '2026-01-01', end_date: '2026-01-31', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
const errorsOf = (response: { json(): any }) => response.json().errors.map((error: any) => ({ pointer: error.source?.pointer, title: error.title }));

describe('programs', () => {
  it('creates a program with the spec defaults (owners 1 to 3) and takes the brand of its model', async () => {
    const created = await post(PROGRAMS, dealerA, { client_id: clientA, name: 'Кредит', code: `credit-${Date.now()}`, model_id: chain.model, combined_program_ids: [credit[0], credit[1]] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ owners_from: 1, owners_to: 3, brand_id: chain.brand, model_id: chain.model, combined_program_ids: [credit[0], credit[1]], disclaimer: null });
  });

  it('refuses owners out of 0..99 or in the wrong order, a model of another brand and a missing name, in both languages', async () => {
    const outOfRange = await post(PROGRAMS, dealerA, { client_id: clientA, name: 'X', code: 'x1', owners_from: -1, owners_to: 100 });
    expect(outOfRange.statusCode).toBe(400);
    expect(errorsOf(outOfRange)).toEqual(
      expect.arrayContaining([
        { pointer: '/data/attributes/owners_from', title: 'The number of owners is a whole number from 0 to 99' },
        { pointer: '/data/attributes/owners_to', title: 'The number of owners is a whole number from 0 to 99' },
      ]),
    );
    const reversed = await post(PROGRAMS, dealerA, { client_id: clientA, name: 'X', code: 'x2', owners_from: 4, owners_to: 2 }, 'ru');
    expect(reversed.statusCode).toBe(400);
    expect(errorsOf(reversed)).toEqual([{ pointer: '/data/attributes/owners_from', title: '«Владельцев от» не может быть больше «Владельцев до»' }]);
    const other = await catalogChain(t);
    const mismatch = await post(PROGRAMS, dealerA, { client_id: clientA, name: 'X', code: 'x3', brand_id: other.brand, model_id: chain.model });
    expect(errorsOf(mismatch)).toEqual([{ pointer: '/data/attributes/model_id', title: 'The model does not belong to the chosen brand' }]);
    const missing = await post(PROGRAMS, dealerA, { client_id: clientA, code: 'x4' }, 'ru');
    expect(errorsOf(missing)).toContainEqual({ pointer: '/data/attributes/name', title: 'Это поле обязательно для заполнения' });
    // A PATCH is checked with the stored values: owners_from 5 above the stored 3.
    const id = await program(dealerA, clientA);
    const patched = await patch(`${PROGRAMS}/${id}`, dealerA, { owners_from: 5 });
    expect(patched.statusCode).toBe(400);
  });

  it('keeps codes unique within a client, not across clients', async () => {
    const code = `same-${Date.now()}`;
    await program(dealerA, clientA, { code });
    const twice = await post(PROGRAMS, dealerA, { client_id: clientA, name: 'Y', code });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)).toEqual([{ pointer: '/data/attributes/code', title: `The client already has a program with the code "${code}"` }]);
    await program(dealerB, clientB, { code });
  });

  it('a program with discounts cannot be deleted', async () => {
    const id = await program(dealerA, clientA);
    await discount(dealerA, clientA, id, { start_date: '2025-05-01', end_date: '2025-05-02' });
    const refused = await t.request('DELETE', `${PROGRAMS}/${id}`, { token: dealerA });
    expect(refused.statusCode).toBe(409);
  });
});

describe('discounts', () => {
  it('stores the sum and dates and copies brand and model from the marketing complectation', async () => {
    const id = await program(dealerA, clientA);
    const created = await discount(dealerA, clientA, id, { marketing_complectation_id: chain.mcOther, start_date: '2026-02-01', end_date: '2026-02-01' });
    expect(created.attributes).toMatchObject({ discount_sum: 100000, start_date: '2026-02-01', end_date: '2026-02-01', brand_id: chain.brand, model_id: chain.otherModel, client_id: clientA });
    const moved = await patch(`${DISCOUNTS}/${created.id}`, dealerA, { marketing_complectation_id: chain.mc2 });
    expect(moved.json().data.attributes.model_id).toBe(chain.model);
  });

  it('refuses a sum that is not positive, an end before the start, bad dates and missing fields, naming them', async () => {
    const id = await program(dealerA, clientA);
    const base = { client_id: clientA, program_id: id, marketing_complectation_id: chain.mc1, start_date: '2026-04-01', end_date: '2026-04-30' };
    for (const sum of [0, -5, 1.5, '10a']) {
      const refused = await post(DISCOUNTS, dealerA, { ...base, discount_sum: sum });
      expect(refused.statusCode, String(sum)).toBe(400);
      expect(errorsOf(refused)[0].pointer).toBe('/data/attributes/discount_sum');
    }
    const zero = await post(DISCOUNTS, dealerA, { ...base, discount_sum: 0 }, 'ru');
    expect(errorsOf(zero)).toEqual([{ pointer: '/data/attributes/discount_sum', title: 'Сумма скидки должна быть больше нуля' }]);
    const reversed = await post(DISCOUNTS, dealerA, { ...base, discount_sum: 5, start_date: '2026-04-10', end_date: '2026-04-09' });
    expect(errorsOf(reversed)).toEqual([{ pointer: '/data/attributes/end_date', title: 'The end date cannot be before the start date' }]);
    const notADay = await post(DISCOUNTS, dealerA, { ...base, discount_sum: 5, end_date: '2026-02-31' });
    expect(errorsOf(notADay)[0].pointer).toBe('/data/attributes/end_date');
    const missing = await post(DISCOUNTS, dealerA, { client_id: clientA }, 'ru');
    expect(errorsOf(missing)).toEqual(
      expect.arrayContaining(['marketing_complectation_id', 'program_id', 'discount_sum', 'start_date', 'end_date'].map((field) => ({ pointer: `/data/attributes/${field}`, title: 'Это поле обязательно для заполнения' }))),
    );
    // A PATCH moving the end before the stored start.
    const stored = await discount(dealerA, clientA, id, { start_date: '2026-04-01', end_date: '2026-04-30' });
    const early = await patch(`${DISCOUNTS}/${stored.id}`, dealerA, { end_date: '2026-03-01' });
    expect(early.statusCode).toBe(400);
    // The same complectation, program and start date twice.
    const twice = await post(DISCOUNTS, dealerA, { ...base, discount_sum: 7 });
    expect(twice.statusCode).toBe(409);
  });

  it('filters by brand, model, marketing complectation, program and the day it is valid on', async () => {
    const clientC = await t.createClient();
    const p1 = await program(staff, clientC);
    const p2 = await program(staff, clientC);
    const d1 = await discount(staff, clientC, p1, { marketing_complectation_id: chain.mc1, start_date: '2026-01-01', end_date: '2026-01-31' });
    const d2 = await discount(staff, clientC, p2, { marketing_complectation_id: chain.mc2, start_date: '2026-02-01', end_date: '2026-02-28' });
    const d3 = await discount(staff, clientC, p1, { marketing_complectation_id: chain.mcOther, start_date: '2026-01-15', end_date: '2026-03-15' });
    const ids = async (query: string) => {
      const response = await t.request('GET', `${DISCOUNTS}?filter[client_id]=${clientC}&sort=id&${query}`, { token: staff });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: any) => row.id);
    };
    expect(await ids(`filter[brands]=${chain.brand}`)).toEqual([d1.id, d2.id, d3.id]);
    expect(await ids(`filter[models]=${chain.otherModel}`)).toEqual([d3.id]);
    expect(await ids(`filter[marketing_complectations]=${chain.mc1},${chain.mc2}`)).toEqual([d1.id, d2.id]);
    expect(await ids(`filter[program_id]=${p2}`)).toEqual([d2.id]);
    expect(await ids('filter[valid_on]=2026-01-31')).toEqual([d1.id, d3.id]);
    expect(await ids('filter[valid_on]=2026-02-01')).toEqual([d2.id, d3.id]);
    expect(await ids('filter[valid_on]=2026-03-16')).toEqual([]);
    const bad = await t.request('GET', `${DISCOUNTS}?filter[valid_on]=2026-13-01`, { token: staff });
    expect(bad.statusCode).toBe(400);
  });
});

describe('clients', () => {
  it("a dealer sees only its client's programs and discounts and cannot read, change or use another's", async () => {
    const pA = await program(dealerA, clientA);
    const pB = await program(dealerB, clientB);
    const dB = await discount(dealerB, clientB, pB, { start_date: '2024-01-01', end_date: '2024-01-02' });
    const listed = (await t.request('GET', `${PROGRAMS}?page[size]=1000`, { token: dealerA })).json().data.map((row: any) => row.attributes.client_id);
    expect(new Set(listed)).toEqual(new Set([clientA]));
    expect((await t.request('GET', `${DISCOUNTS}/${dB.id}`, { token: dealerA })).statusCode).toBe(404);
    expect((await patch(`${DISCOUNTS}/${dB.id}`, dealerA, { discount_sum: 1 })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${PROGRAMS}/${pB}`, { token: dealerA })).statusCode).toBe(404);
    // Creating for another client, or with another client's program, is refused on the field.
    const foreign = await post(PROGRAMS, dealerA, { client_id: clientB, name: 'X', code: 'foreign' });
    expect(errorsOf(foreign)[0].pointer).toBe('/data/attributes/client_id');
    const theirProgram = await post(DISCOUNTS, dealerA, { client_id: clientA, program_id: pB, marketing_complectation_id: chain.mc1, discount_sum: 1, start_date: '2024-01-01', end_date: '2024-01-01' });
    expect(errorsOf(theirProgram)[0].pointer).toBe('/data/attributes/program_id');
    // Staff may act for any client, but a discount's program is always of the discount's client.
    const mixed = await post(DISCOUNTS, staff, { client_id: clientA, program_id: pB, marketing_complectation_id: chain.mc1, discount_sum: 1, start_date: '2024-01-01', end_date: '2024-01-01' });
    expect(errorsOf(mixed)).toEqual([{ pointer: '/data/attributes/program_id', title: 'The program belongs to another client' }]);
    await discount(staff, clientA, pA, { start_date: '2024-06-01', end_date: '2024-06-02' });
  });

  it('a reader reads but cannot write', async () => {
    expect((await t.request('GET', PROGRAMS, { token: readerA })).statusCode).toBe(200);
    expect((await post(PROGRAMS, readerA, { client_id: clientA, name: 'X', code: 'reader' })).statusCode).toBe(403);
  });
});

describe('combined credit programmes', () => {
  it('refuses a credit programme that does not exist or is another client\'s', async () => {
    const [bank] = await t.database.db.insert(creditBanks).values({ client_id: clientB, name: 'Банк Б' }).returning();
    const [theirs] = await t.database.db.insert(creditPrograms).values({ client_id: clientB, bank_id: bank!.id, name: 'Кредит Б', term_min: 12, term_max: 60, interest_rate: 10 }).returning();
    for (const ids of [[credit[4]! + 1000], [theirs!.id]]) {
      const refused = await post(PROGRAMS, dealerA, { client_id: clientA, name: 'X', code: `x-${++codeSeq}`, combined_program_ids: ids });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/combined_program_ids');
    }
  });
});

describe('benefitsForCar', () => {
  it('returns the discounts valid on the day whose program conditions the car meets, with the combined credit programs', async () => {
    const clientC = await t.createClient();
    const open = await program(staff, clientC, { combined_program_ids: [credit[2], credit[3]], name: 'Open' });
    const ofModel = await program(staff, clientC, { model_id: chain.model, owners_from: 1, owners_to: 1, combined_program_ids: [credit[3], credit[4]], name: 'New cars' });
    const ofOtherModel = await program(staff, clientC, { model_id: chain.otherModel, owners_from: 0, owners_to: 5 });
    const big = await discount(staff, clientC, ofModel, { discount_sum: 300000, start_date: '2026-01-01', end_date: '2026-01-31' });
    const small = await discount(staff, clientC, open, { discount_sum: 50000, start_date: '2026-01-10', end_date: '2026-01-20' });
    await discount(staff, clientC, ofOtherModel, { discount_sum: 70000, start_date: '2026-01-01', end_date: '2026-12-31' });
    await discount(staff, clientC, open, { discount_sum: 90000, start_date: '2026-02-01', end_date: '2026-02-28' });
    await discount(staff, clientA, await program(staff, clientA), { discount_sum: 1000, start_date: '2026-01-01', end_date: '2026-01-31' });
    const car = { clientId: clientC, marketingComplectationId: chain.mc1, date: '2026-01-15', owners: ownerNumber(0) };

    // A new car (its buyer the first owner): the new-car program of its model and the open one
    // (owners 1 to 3 by default) both apply, largest sum first, with the credit programs of both.
    const newCar = await benefitsForCar(t.database.db, car);
    expect(newCar.discounts.map((d) => [d.discountId, d.discountSum])).toEqual([[Number(big.id), 300000], [Number(small.id), 50000]]);
    expect(newCar.discounts[0]!.program).toMatchObject({ id: ofModel, name: 'New cars', combinedProgramIds: [credit[3], credit[4]] });
    expect(newCar.combinedProgramIds).toEqual([credit[2], credit[3], credit[4]]);
    // After two owners the buyer is the third: the open program still applies, the new-car one does not.
    const used = await benefitsForCar(t.database.db, { ...car, owners: ownerNumber(2) });
    expect(used.discounts.map((d) => [d.discountId, d.discountSum])).toEqual([[Number(small.id), 50000]]);
    expect(used.combinedProgramIds).toEqual([credit[2], credit[3]]);
    // After three owners the buyer is the fourth: beyond the default range.
    expect((await benefitsForCar(t.database.db, { ...car, owners: ownerNumber(3) })).discounts).toEqual([]);
    // Outside the dates, or another complectation: nothing.
    expect((await benefitsForCar(t.database.db, { ...car, date: '2026-03-01' })).discounts).toEqual([]);
    expect(await benefitsForCar(t.database.db, { ...car, marketingComplectationId: chain.mc2 })).toEqual({ discounts: [], combinedProgramIds: [] });
  });
});
