import { applyAliases, finalPrice, MONEY_MAX, t, VIN_PATTERN, type AliasEntity, type FieldAlias, type Lang, type MessageKey, type MessageParams } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { carBrands, carComplectations, carGenerations, carModels, carRestylings } from '../cars.catalog/catalog.table.ts';
import { carMarketingComplectations } from '../cars.catalog/marketing.table.ts';
import { carBodyColors, carUpholsteries } from '../cars.catalog/colors.table.ts';
import type { FeedRow } from './feed-parsers.ts';

/**
 * A feed row placed in the catalogue and checked as cars.stock checks a car
 * (docs/decisions/import.md, "How are feed values matched to the catalogue?"): brand → model →
 * generation → restyling → complectation → marketing complectation, body colour and upholstery,
 * through the aliases of the import direction; VIN rules and money as whole roubles. A missing
 * brand or model, a bad VIN or number, or no VIN and no External ID is an error; a lower level,
 * colour or upholstery not found is a warning (the car is placed one level up).
 */
// toLowerCase, not toLocaleLowerCase('ru'): the same letters for Russian and English (only Turkish,
// Azeri and Lithuanian differ), without ICU's locale lookup on every value of every row (4 % of an
// import's busy time).
const norm = (text: string | undefined | null) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

interface Level {
  id: number;
  name: string;
  parent: number | null;
  /** Complectations: the generation of their restyling. */
  generation_id?: number | null;
}

/** The catalogue in memory, keyed for lookups (its size is the catalogue's, not the feed's). */
export interface CatalogIndex {
  brands: Map<string, number>;
  models: Map<string, Level>;
  generations: Map<string, Level>;
  restylings: Map<string, Level>;
  complectations: Map<string, Level>;
  /** brand:code → marketing complectation with its chain. */
  marketing: Map<string, { id: number; brand_id: number; model_id: number; generation_id: number; restyling_id: number; complectation_id: number }>;
  bodyColors: Map<string, number>;
  upholsteries: Map<string, number>;
}

const under = (parent: number | null | undefined, name: string) => `${parent ?? 0}:${norm(name)}`;

export async function loadCatalog(db: DbOrTx): Promise<CatalogIndex> {
  const [brands, models, generations, restylings, complectations, marketing, colors, upholsteries] = await Promise.all([
    db.select({ id: carBrands.id, name: carBrands.name }).from(carBrands),
    db.select({ id: carModels.id, name: carModels.name, name_ru: carModels.name_ru, name_en: carModels.name_en, parent: carModels.brand_id }).from(carModels),
    db.select({ id: carGenerations.id, name: carGenerations.name, parent: carGenerations.model_id }).from(carGenerations),
    db.select({ id: carRestylings.id, name: carRestylings.name, marketing_name: carRestylings.marketing_name, parent: carRestylings.generation_id, model: carRestylings.model_id }).from(carRestylings),
    db.select({ id: carComplectations.id, name: carComplectations.name, parent: carComplectations.restyling_id, model: carComplectations.model_id, generation_id: carComplectations.generation_id }).from(carComplectations),
    db
      .select({
        id: carMarketingComplectations.id,
        code: carMarketingComplectations.code,
        brand_id: carMarketingComplectations.brand_id,
        model_id: carMarketingComplectations.model_id,
        generation_id: carMarketingComplectations.generation_id,
        restyling_id: carMarketingComplectations.restyling_id,
        complectation_id: carMarketingComplectations.complectation_id,
      })
      .from(carMarketingComplectations),
    db.select({ id: carBodyColors.id, code: carBodyColors.code, brand_id: carBodyColors.brand_id }).from(carBodyColors),
    db.select({ id: carUpholsteries.id, code: carUpholsteries.code, brand_id: carUpholsteries.brand_id }).from(carUpholsteries),
  ]);
  const index: CatalogIndex = { brands: new Map(), models: new Map(), generations: new Map(), restylings: new Map(), complectations: new Map(), marketing: new Map(), bodyColors: new Map(), upholsteries: new Map() };
  for (const brand of brands) index.brands.set(norm(brand.name), brand.id);
  for (const model of models) for (const name of [model.name, model.name_ru, model.name_en]) if (name) index.models.set(under(model.parent, name), { id: model.id, name: model.name, parent: model.parent });
  for (const row of generations) index.generations.set(under(row.parent, row.name), { id: row.id, name: row.name, parent: row.parent });
  for (const row of restylings) {
    // A feed names a restyling within its model (feeds seldom carry generations).
    for (const name of [row.name, row.marketing_name]) if (name) {
      index.restylings.set(under(row.parent, name), { id: row.id, name: row.name, parent: row.parent });
      index.restylings.set(`m${under(row.model, name)}`, { id: row.id, name: row.name, parent: row.parent });
    }
  }
  for (const row of complectations) {
    const level = { id: row.id, name: row.name, parent: row.parent, generation_id: row.generation_id };
    index.complectations.set(under(row.parent, row.name), level);
    index.complectations.set(`m${under(row.model, row.name)}`, level);
  }
  for (const row of marketing) if (row.brand_id) index.marketing.set(under(row.brand_id, row.code), row as never);
  for (const row of colors) index.bodyColors.set(under(row.brand_id, row.code), row.id);
  for (const row of upholsteries) index.upholsteries.set(under(row.brand_id, row.code), row.id);
  return index;
}

/** The car a row would write (the columns of `cars` the import owns). */
export interface ImportedCar {
  vin: string | null;
  external_id: string | null;
  brand_id: number;
  model_id: number;
  generation_id: number | null;
  restyling_id: number | null;
  complectation_id: number | null;
  marketing_complectation_id: number | null;
  body_color_id: number | null;
  upholstery_id: number | null;
  is_new: boolean;
  year: number | null;
  registry_year: number | null;
  price: number | null;
  tradein_discount: number;
  credit_discount: number;
  insurance_discount: number;
  credit_tradein_discount: number;
  final_price: number | null;
  mileage: number | null;
  owners: number | null;
  doors: number | null;
  logistic_status: string;
  dealer_code: string | null;
  description: string | null;
  body: string | null;
  engine: string | null;
  transmission: string | null;
  wheel_drive: string | null;
  pts: string | null;
  right_steering_wheel: boolean;
}

/** The columns compared to tell "updated" from "no changes"; the stock ones make "updated in stock". */
export const COMPARED_FIELDS = [
  'vin', 'external_id', 'brand_id', 'model_id', 'generation_id', 'restyling_id', 'complectation_id', 'marketing_complectation_id',
  'body_color_id', 'upholstery_id', 'is_new', 'year', 'registry_year', 'price', 'tradein_discount', 'credit_discount', 'insurance_discount',
  'credit_tradein_discount', 'final_price', 'mileage', 'owners', 'doors', 'logistic_status', 'dealer_code', 'description', 'body', 'engine',
  'transmission', 'wheel_drive', 'pts', 'right_steering_wheel',
] as const satisfies readonly (keyof ImportedCar)[];
/** Price, discounts, availability: a change of only these is an "update in stock". */
export const STOCK_FIELDS = new Set<string>(['price', 'tradein_discount', 'credit_discount', 'insurance_discount', 'credit_tradein_discount', 'final_price', 'logistic_status']);

export interface MatchContext {
  catalog: CatalogIndex;
  aliases: FieldAlias[];
  profileId: number | null;
  lang: Lang;
}

export interface MatchedRow {
  car: ImportedCar | null;
  errors: string[];
  warnings: string[];
  vin: string | null;
  external_id: string | null;
}

const LOGISTIC: Record<string, string> = {
  'в наличии': 'in_stock', in_stock: 'in_stock', 'на складе': 'in_stock',
  'в пути': 'on_the_way', on_the_way: 'on_the_way',
  'под заказ': 'in_production', 'в производстве': 'in_production', in_production: 'in_production',
  'на центральном складе': 'in_the_central_warehouse', in_the_central_warehouse: 'in_the_central_warehouse',
};
const NEW_WORDS = new Set(['new', 'новый', 'новые', 'новое', 'новая', 'true', '1', 'да']);
const USED_WORDS = new Set(['used', 'с пробегом', 'б/у', 'бу', 'false', '0', 'нет']);
const OWNER_WORDS: Record<string, number> = { 'один владелец': 1, 'два владельца': 2, 'три и более': 3 };
const PTS: Record<string, string> = { оригинал: 'original', original: 'original', дубликат: 'duplicate', duplicate: 'duplicate' };
const LEVEL_NAMES: Record<string, Record<Lang, string>> = {
  generation: { ru: 'Поколение', en: 'Generation' },
  restyling: { ru: 'Рестайлинг', en: 'Restyling' },
  complectation: { ru: 'Комплектация', en: 'Complectation' },
  marketing_complectation_code: { ru: 'Маркетинговая комплектация', en: 'Marketing complectation' },
};

/**
 * Whole non-negative numbers: spaces, non-breaking spaces and a trailing ",00"/".00" are allowed
 * ("1 250 000,00"); a real fraction or anything else is an error naming the field.
 */
function wholeNumber(raw: string | undefined, max: number): number | null | 'bad' {
  if (raw === undefined || raw.trim() === '') return null;
  const text = raw.replace(/[\s\u00a0]/g, '').replace(/[.,]0+$/, '');
  if (!/^\d+$/.test(text)) return 'bad';
  const value = Number(text);
  return value > max ? 'bad' : value;
}

/** The whole-number fields of a row and their largest values. */
const NUMBER_FIELDS: [string, number][] = [
  ['year', 2100], ['registry_year', 2100], ['price', MONEY_MAX], ['tradein_discount', MONEY_MAX], ['credit_discount', MONEY_MAX],
  ['insurance_discount', MONEY_MAX], ['credit_tradein_discount', MONEY_MAX], ['mileage', 10_000_000], ['doors', 10],
];

/** Whether a value of the row holds U+FFFD, the decoder's mark of bytes not valid in the feed's encoding. */
function hasUndecodable(values: Record<string, string>): boolean {
  for (const key in values) if (values[key]!.includes('\uFFFD')) return true;
  return false;
}

/** Places one feed row in the catalogue and checks it; the messages are in the report's language. */
export function matchRow(input: FeedRow, context: MatchContext): MatchedRow {
  const { catalog, lang } = context;
  const errors: string[] = [];
  const warnings: string[] = [];
  const say = (key: MessageKey, params?: MessageParams) => t(key, lang, params);
  const values = input.values;
  if (hasUndecodable(values)) errors.push(say('import_row_encoding'));
  const alias = (entity: AliasEntity, value: string | undefined, scope: { brand_id?: number | null; model_id?: number | null } = {}) =>
    context.aliases.length ? (applyAliases(context.aliases, entity, value ?? null, 'import', { profile_id: context.profileId, ...scope }) ?? undefined) : value;

  const rawVin = values.vin?.trim().toUpperCase() || null;
  const vin = rawVin && VIN_PATTERN.test(rawVin) ? rawVin : null;
  if (rawVin && !vin) errors.push(say('import_row_vin', { value: rawVin.slice(0, 40) }));
  const external_id = values.external_id?.trim().slice(0, 100) || null;
  if (!rawVin && !external_id) errors.push(say('import_row_no_key'));

  // The catalogue chain, top down; each level is looked up under the one above it.
  const brandName = alias('brand', values.brand);
  const brand_id = brandName ? (catalog.brands.get(norm(brandName)) ?? null) : null;
  if (!brandName) errors.push(say('import_row_required', { field: lang === 'ru' ? 'Марка' : 'Brand' }));
  else if (!brand_id) errors.push(say('import_row_brand', { value: brandName }));
  let model: Level | null = null;
  if (brand_id) {
    const modelName = alias('model', values.model, { brand_id });
    model = modelName ? (catalog.models.get(under(brand_id, modelName)) ?? null) : null;
    if (!modelName) errors.push(say('import_row_required', { field: lang === 'ru' ? 'Модель' : 'Model' }));
    else if (!model) errors.push(say('import_row_model', { value: modelName, brand: brandName ?? '' }));
  }
  const scope = { brand_id, model_id: model?.id ?? null };
  let generation: Level | null = null;
  let restyling: Level | null = null;
  let complectation: Level | null = null;
  let marketing: ReturnType<CatalogIndex['marketing']['get']> | null = null;
  if (brand_id && model) {
    const code = values.marketing_complectation_code?.trim();
    if (code) {
      marketing = catalog.marketing.get(under(brand_id, code)) ?? null;
      if (!marketing || marketing.model_id !== model.id) {
        marketing = null;
        warnings.push(say('import_row_level', { level: LEVEL_NAMES.marketing_complectation_code![lang], value: code }));
      }
    }
    const generationName = alias('generation', values.generation, scope);
    if (generationName) {
      generation = catalog.generations.get(under(model.id, generationName)) ?? null;
      if (!generation) warnings.push(say('import_row_level', { level: LEVEL_NAMES.generation![lang], value: generationName }));
    }
    const restylingName = alias('restyling', values.restyling, scope);
    if (restylingName) {
      restyling = (generation ? catalog.restylings.get(under(generation.id, restylingName)) : catalog.restylings.get(`m${under(model.id, restylingName)}`)) ?? null;
      if (!restyling) warnings.push(say('import_row_level', { level: LEVEL_NAMES.restyling![lang], value: restylingName }));
    }
    const complectationName = alias('complectation', values.complectation, scope);
    if (complectationName) {
      complectation = (restyling ? catalog.complectations.get(under(restyling.id, complectationName)) : catalog.complectations.get(`m${under(model.id, complectationName)}`)) ?? null;
      if (!complectation) warnings.push(say('import_row_level', { level: LEVEL_NAMES.complectation![lang], value: complectationName }));
    }
  }
  let body_color_id: number | null = null;
  let upholstery_id: number | null = null;
  if (brand_id) {
    const colorCode = alias('marketing_body_color_code', values.body_color_code, scope);
    if (colorCode) {
      body_color_id = catalog.bodyColors.get(under(brand_id, colorCode)) ?? null;
      if (!body_color_id) warnings.push(say('import_row_color', { value: colorCode }));
    }
    const upholsteryCode = alias('interior_color_code', values.upholstery_code, scope);
    if (upholsteryCode) {
      upholstery_id = catalog.upholsteries.get(under(brand_id, upholsteryCode)) ?? null;
      if (!upholstery_id) warnings.push(say('import_row_upholstery', { value: upholsteryCode }));
    }
  }

  const numbers: Record<string, number | null> = {};
  for (const [name, max] of NUMBER_FIELDS) {
    const value = wholeNumber(values[name], max);
    if (value === 'bad') errors.push(say('import_row_number', { field: name, value: (values[name] ?? '').slice(0, 40) }));
    numbers[name] = value === 'bad' ? null : value;
  }
  const ownersText = norm(values.owners);
  const owners = ownersText ? (OWNER_WORDS[ownersText] ?? (/^\d{1,2}$/.test(ownersText) ? Number(ownersText) : null)) : null;
  if (numbers.year !== null && numbers.year! < 1900) errors.push(say('import_row_number', { field: 'year', value: String(numbers.year) }));
  if (numbers.price === null) errors.push(say('import_row_required', { field: lang === 'ru' ? 'Цена' : 'Price' }));

  const newText = norm(values.is_new);
  const is_new = NEW_WORDS.has(newText) ? true : USED_WORDS.has(newText) ? false : !(numbers.mileage && numbers.mileage > 0);
  if (!is_new && numbers.mileage === null) errors.push(say('import_row_required', { field: lang === 'ru' ? 'Пробег' : 'Mileage' }));
  const logisticText = alias('logistic_status', values.logistic_status, scope);
  const logistic_status = logisticText ? (LOGISTIC[norm(logisticText)] ?? 'in_stock') : 'in_stock';
  const text = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

  if (errors.length || !brand_id || !model) return { car: null, errors, warnings, vin: vin ?? rawVin?.slice(0, 17) ?? null, external_id };
  const money = { price: numbers.price!, tradein_discount: numbers.tradein_discount ?? 0, credit_discount: numbers.credit_discount ?? 0, insurance_discount: numbers.insurance_discount ?? 0, credit_tradein_discount: numbers.credit_tradein_discount ?? 0 };
  const car: ImportedCar = {
    vin,
    external_id,
    brand_id,
    model_id: model.id,
    generation_id: marketing?.generation_id ?? complectation?.generation_id ?? restyling?.parent ?? generation?.id ?? null,
    restyling_id: marketing?.restyling_id ?? complectation?.parent ?? restyling?.id ?? null,
    complectation_id: marketing?.complectation_id ?? complectation?.id ?? null,
    marketing_complectation_id: marketing?.id ?? null,
    body_color_id,
    upholstery_id,
    is_new,
    year: numbers.year ?? null,
    registry_year: numbers.registry_year ?? null,
    ...money,
    final_price: finalPrice(money),
    mileage: numbers.mileage ?? null,
    owners,
    doors: numbers.doors ?? null,
    logistic_status,
    dealer_code: text(alias('dealer_code', values.dealer_code, scope), 100),
    description: text(values.description, 10_000),
    body: text(alias('body', values.body, scope), 100),
    engine: text(alias('engine_type', values.engine, scope), 255),
    transmission: text(alias('transmission', values.transmission, scope), 100),
    wheel_drive: text(alias('wheel_drive', values.wheel_drive, scope), 100),
    pts: PTS[norm(values.pts)] ?? null,
    right_steering_wheel: /прав|right/i.test(values.right_steering_wheel ?? ''),
  };
  return { car, errors, warnings, vin, external_id };
}
