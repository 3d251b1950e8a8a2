import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  catalogLevelFilters,
  customFilterQuery,
  enginesParams,
  id,
  modelResource,
  modelsByIdsParams,
  optionCategoryResource,
  optionResource,
  type ComplectationChain,
  type CustomFilterInfo,
  type EngineEntry,
  type Lang,
  type MarketingEngine,
  type SpecificationCategory,
} from '@dp/contracts';
import type { ServiceContext } from '../../kit/context.ts';
import { assertBrandWritable, brandCondition, findScoped, releaseReferences, type ResourceRegistry } from '../../kit/crud-routes.ts';
import { recordAudit, snapshot } from '../../kit/audit.ts';
import { AppError, notFound } from '../../kit/errors.ts';
import { toRecord } from '../../kit/jsonapi.ts';
import { requireAuth } from '../../kit/request-context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { carBodies, carBrands, carComplectations, carFuels, carGenerations, carModels, carRestylings, carTransmissions, carWheelDrives } from './catalog.table.ts';
import { carMarketingComplectations as mc, carOptionCategories, carOptions } from './marketing.table.ts';
import { carOptionPrices } from './option-prices.table.ts';

const BASE = '/gateway/cars.catalog/api/v1';
const tags = ['cars.catalog'];
const idParams = z.object({ id: id() });

/** A dictionary's name in the caller's language: name_ru / name_en, else the catalogue's own. */
const localName = (row: { name: string; name_ru?: string | null; name_en?: string | null }, lang: Lang) => (lang === 'en' ? row.name_en : row.name_ru) || row.name;

/** `filter[brands]=1,2` ... of a name list as conditions on the marketing complectations (and `brands`: a brand-limited token's scope). */
function levelConditions(query: z.output<typeof catalogLevelFilters>, brands: SQL | undefined): SQL[] {
  const ids = (value: string | undefined) => (value ? value.split(',').map(Number) : null);
  const pairs = [
    [query['filter[brands]'], mc.brand_id],
    [query['filter[models]'], mc.model_id],
    [query['filter[generations]'], mc.generation_id],
    [query['filter[restylings]'], mc.restyling_id],
    [query['filter[complectation_ids]'], mc.complectation_id],
  ] as const;
  return [
    ...pairs.flatMap(([value, column]) => {
      const list = ids(value);
      return list ? [inArray(column, list)] : [];
    }),
    ...(brands ? [brands] : []),
  ];
}

/** The dictionary entries (transmissions, wheel drives ...) used by the marketing complectations matching `where`. */
async function usedNames(db: DbOrTx, table: typeof carTransmissions, column: PgColumn, where: SQL | undefined, lang: Lang) {
  const rows = await db
    .selectDistinct({ id: table.id, name: table.name, name_ru: table.name_ru, name_en: table.name_en })
    .from(table)
    .innerJoin(mc, eq(column, table.id))
    .where(where)
    .orderBy(asc(table.name));
  return rows.map((row) => ({ id: row.id, name: localName(row, lang), original: row.name }));
}

/** The distinct engines of the marketing complectations matching `where`, by name, volume and power. */
async function enginesOf(db: DbOrTx, where: SQL | undefined): Promise<EngineEntry[]> {
  const rows = await db.select({ id: mc.id, engine: mc.engine }).from(mc).where(and(where, sql`${mc.engine} is not null`)).orderBy(asc(mc.id));
  const byKey = new Map<string, EngineEntry>();
  for (const row of rows) {
    const engine = row.engine as MarketingEngine;
    const key = JSON.stringify([engine.name, engine.volume ?? null, engine.power ?? null, engine.torque ?? null]);
    const entry = byKey.get(key) ?? { ...engine, marketing_complectation_ids: [] };
    entry.marketing_complectation_ids.push(row.id);
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const sortedCategories = (categories: SpecificationCategory[]) =>
  [...categories]
    .map((category, index) => ({ index, title: category.title, order: category.order ?? 0, specifications: [...(category.specifications ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) }))
    .sort((a, b) => a.order - b.order || a.index - b.index);

/**
 * The calls of spec 001 §7 Catalogue beside the lists: names for selects, a marketing
 * complectation's price, specification and option views, a complectation's chain, the engines of a
 * level, what a site's custom filter offers, models by ids, and the options' DELETE (options are
 * only read and deleted). The catalogue is shared (tenant null): whoever holds the read code reads
 * it (the gateway checks the codes), only staff delete.
 */
export function registerMarketingRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const marketing = registry.get({ service: 'cars.catalog', name: 'marketing_complectations' });
  const binding = (name: string) => registry.get({ service: 'cars.catalog', name });
  /** A brand-limited token's scope on a catalogue resource (crud-routes.ts brandCondition). */
  const brandsOf = (name: string, auth: ReturnType<typeof requireAuth>) => brandCondition(binding(name), auth);
  const findMarketing = async (auth: ReturnType<typeof requireAuth>, marketingId: number) => (await findScoped(db, marketing, marketingId, auth)) as unknown as typeof mc.$inferSelect;

  r.get(`${BASE}/marketing_complectations/codes`, { schema: { tags, summary: 'The distinct codes of the marketing complectations (filter by brands, models, generations, restylings, complectation_ids)', querystring: catalogLevelFilters } }, async (request) => {
    requireAuth(request.auth);
    const rows = await db
      .select({ code: mc.code, names: sql<string[]>`array_agg(distinct ${mc.name} order by ${mc.name})`, count: sql<number>`count(*)::int` })
      .from(mc)
      .where(and(...levelConditions(request.query, brandsOf('marketing_complectations', requireAuth(request.auth)))))
      .groupBy(mc.code)
      .orderBy(asc(mc.code));
    return { data: rows.map((row) => ({ id: row.code, type: 'marketing_complectation_codes', attributes: { code: row.code, names: row.names, count: row.count } })) };
  });

  r.get(`${BASE}/marketing_complectations/:id/prices`, { schema: { tags, summary: 'The price of a marketing complectation: base price in whole roubles and currency', params: idParams } }, async (request) => {
    const row = await findMarketing(requireAuth(request.auth), request.params.id);
    // Option prices (whole roubles) come with the options imports (car_option_prices).
    const optionPrices = await db.select({ option_id: carOptionPrices.option_id, price: carOptionPrices.price }).from(carOptionPrices).where(eq(carOptionPrices.marketing_complectation_id, row.id)).orderBy(asc(carOptionPrices.option_id));
    return { data: { id: String(row.id), type: 'marketing_complectation_prices', attributes: { base_price: row.base_price, currency: row.currency, options_count: row.option_ids.length, option_prices: optionPrices } } };
  });

  r.get(`${BASE}/marketing_complectations/:id/specifications`, { schema: { tags, summary: 'The specification categories of a marketing complectation, in order', params: idParams } }, async (request) => {
    const row = await findMarketing(requireAuth(request.auth), request.params.id);
    return {
      data: sortedCategories(row.specification_categories).map((category, position) => ({
        id: `${row.id}-${position + 1}`,
        type: 'specification_categories',
        attributes: { title: category.title, order: category.order, specifications: category.specifications },
      })),
    };
  });

  r.get(`${BASE}/marketing_complectations/:id/options`, { schema: { tags, summary: 'The options of a marketing complectation with their categories', params: idParams } }, async (request) => {
    const row = await findMarketing(requireAuth(request.auth), request.params.id);
    const options = row.option_ids.length
      ? await db.select().from(carOptions).leftJoin(carOptionCategories, eq(carOptions.category_id, carOptionCategories.id)).where(inArray(carOptions.id, row.option_ids))
      : [];
    options.sort((a, b) => (a.car_option_categories?.order ?? Infinity) - (b.car_option_categories?.order ?? Infinity) || a.car_options.name.localeCompare(b.car_options.name));
    const categories = new Map(options.flatMap((o) => (o.car_option_categories ? [[o.car_option_categories.id, o.car_option_categories]] : [])));
    const prices = new Map((await db.select().from(carOptionPrices).where(eq(carOptionPrices.marketing_complectation_id, row.id))).map((p) => [p.option_id, p.price]));
    const optionAttrs = [...Object.keys(optionResource.entity.shape), 'price'];
    const categoryAttrs = Object.keys(optionCategoryResource.entity.shape);
    return {
      data: options.map((o) => toRecord('options', { ...o.car_options, price: prices.get(o.car_options.id) ?? null }, optionAttrs)),
      included: [...categories.values()].map((category) => toRecord('option_categories', category, categoryAttrs)),
    };
  });

  r.get(`${BASE}/transmission_names`, { schema: { tags, summary: 'The transmissions of the marketing complectations (filter by brands, models ...), named in the caller’s language', querystring: catalogLevelFilters } }, async (request) => {
    requireAuth(request.auth);
    const rows = await usedNames(db, carTransmissions, mc.transmission_id, and(...levelConditions(request.query, brandsOf('marketing_complectations', requireAuth(request.auth)))), request.lang);
    return { data: rows.map((row) => ({ id: String(row.id), type: 'transmission_names', attributes: { name: row.name, original: row.original } })) };
  });

  r.get(`${BASE}/wheel_drive_names`, { schema: { tags, summary: 'The wheel drives of the marketing complectations (filter by brands, models ...), named in the caller’s language', querystring: catalogLevelFilters } }, async (request) => {
    requireAuth(request.auth);
    const rows = await usedNames(db, carWheelDrives as never, mc.wheel_drive_id, and(...levelConditions(request.query, brandsOf('marketing_complectations', requireAuth(request.auth)))), request.lang);
    return { data: rows.map((row) => ({ id: String(row.id), type: 'wheel_drive_names', attributes: { name: row.name, original: row.original } })) };
  });

  r.get(`${BASE}/engine_names`, { schema: { tags, summary: 'The distinct engine names of the marketing complectations (filter by brands, models ...)', querystring: catalogLevelFilters } }, async (request) => {
    requireAuth(request.auth);
    const name = sql<string>`${mc.engine}->>'name'`;
    const rows = await db
      .selectDistinct({ name })
      .from(mc)
      .where(and(sql`${mc.engine} is not null`, ...levelConditions(request.query, brandsOf('marketing_complectations', requireAuth(request.auth)))))
      .orderBy(name);
    return { data: rows.map((row) => ({ id: row.name, type: 'engine_names', attributes: { name: row.name } })) };
  });

  r.get(`${BASE}/complectations/:id/chain`, { schema: { tags, summary: 'The ids and names of a complectation’s brand, model, generation, restyling and itself', params: idParams } }, async (request) => {
    requireAuth(request.auth);
    const [row] = await db
      .select({ complectation: carComplectations, restyling: carRestylings, generation: carGenerations, model: carModels, brand: carBrands })
      .from(carComplectations)
      .innerJoin(carRestylings, eq(carComplectations.restyling_id, carRestylings.id))
      .innerJoin(carGenerations, eq(carComplectations.generation_id, carGenerations.id))
      .innerJoin(carModels, eq(carComplectations.model_id, carModels.id))
      .innerJoin(carBrands, eq(carComplectations.brand_id, carBrands.id))
      .where(and(eq(carComplectations.id, request.params.id), brandsOf('complectations', requireAuth(request.auth))))
      .limit(1);
    if (!row) throw notFound();
    const chain: ComplectationChain = {
      brand: { id: row.brand.id, name: row.brand.name },
      model: { id: row.model.id, name: localName(row.model, request.lang) },
      generation: { id: row.generation.id, name: row.generation.name },
      restyling: { id: row.restyling.id, name: row.restyling.name },
      complectation: { id: row.complectation.id, name: row.complectation.name },
    };
    return { data: { id: String(row.complectation.id), type: 'complectation_chains', attributes: chain } };
  });

  const levelTable = { models: carModels, generations: carGenerations, restylings: carRestylings, complectations: carComplectations } as const;
  const levelColumn = { models: mc.model_id, generations: mc.generation_id, restylings: mc.restyling_id, complectations: mc.complectation_id } as const;
  r.get(`${BASE}/engines/:level/:id`, { schema: { tags, summary: 'The engines of the marketing complectations below a model, generation, restyling or complectation', params: enginesParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const { level, id: recordId } = request.params;
    const table = levelTable[level];
    const [exists] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, recordId), brandsOf(level, auth))).limit(1);
    if (!exists) throw notFound();
    const engines = await enginesOf(db, and(eq(levelColumn[level], recordId), brandsOf('marketing_complectations', auth)));
    return { data: engines.map((engine, index) => ({ id: String(index + 1), type: 'engines', attributes: engine })) };
  });

  r.get(`${BASE}/custom_filter/info`, { schema: { tags, summary: 'What a site’s custom filter offers at a level: bodies, fuels, transmissions, wheel drives, engines and the price range', querystring: customFilterQuery } }, async (request) => {
    const auth = requireAuth(request.auth);
    const query = request.query;
    const [brand] = await db.select({ id: carBrands.id }).from(carBrands).where(and(eq(carBrands.id, query.brand_id!), brandsOf('brands', auth))).limit(1);
    if (!brand) throw notFound();
    const where = and(
      eq(mc.brand_id, query.brand_id!),
      query.model_id ? eq(mc.model_id, query.model_id) : undefined,
      query.generation_id ? eq(mc.generation_id, query.generation_id) : undefined,
      query.restyling_id ? eq(mc.restyling_id, query.restyling_id) : undefined,
      query.complectation_id ? eq(mc.complectation_id, query.complectation_id) : undefined,
    );
    const [stats] = await db
      .select({ count: sql<number>`count(*)::int`, min: sql<string | null>`min(${mc.base_price})`, max: sql<string | null>`max(${mc.base_price})` })
      .from(mc)
      .where(where);
    const named = async (table: typeof carTransmissions, column: PgColumn) =>
      (await usedNames(db, table, column, where, request.lang)).map(({ id: entryId, name }) => ({ id: entryId, name }));
    const info: CustomFilterInfo = {
      count: stats?.count ?? 0,
      bodies: await named(carBodies as never, mc.body_id),
      fuels: await named(carFuels as never, mc.fuel_id),
      transmissions: await named(carTransmissions, mc.transmission_id),
      wheel_drives: await named(carWheelDrives as never, mc.wheel_drive_id),
      engines: [...new Set((await enginesOf(db, where)).map((engine) => engine.name))],
      price: { min: stats?.min == null ? null : Number(stats.min), max: stats?.max == null ? null : Number(stats.max), currency: 'RUB' },
    };
    return { data: { id: String(query.brand_id), type: 'custom_filter_info', attributes: info } };
  });

  r.get(`${BASE}/models/by/ids/:ids`, { schema: { tags, summary: 'The models of the given ids (comma separated, at most 200), in that order; unknown ids left out, 404 when none is known', params: modelsByIdsParams } }, async (request) => {
    const auth = requireAuth(request.auth);
    const ids = [...new Set(request.params.ids.split(',').map(Number))];
    const rows = await db.select().from(carModels).where(and(inArray(carModels.id, ids), brandsOf('models', auth)));
    const attributes = Object.keys(modelResource.entity.shape);
    // Unknown ids are left out; none known at all is a 404, like GET of one missing model.
    if (!rows.length) throw notFound();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { data: ids.flatMap((modelId) => (byId.has(modelId) ? [toRecord('models', byId.get(modelId)!, attributes)] : [])) };
  });

  // Options: GET (the declared resource's list and one) and DELETE only (spec 001 §7).
  const options = registry.get(optionResource as never);
  r.delete(`${BASE}/options/:id`, { schema: { tags, summary: 'Delete one of options (it leaves the marketing complectations that had it)', params: idParams } }, async (request, reply) => {
    const auth = requireAuth(request.auth);
    await db.transaction(async (tx) => {
      // The catalogue is the platform's: only staff change it (as the machinery's checkTenantWrite).
      if (auth.scope !== 'all') throw new AppError(403, 'staff_only');
      const existing = await findScoped(tx, options, request.params.id, auth);
      await assertBrandWritable(tx, options, existing.id, auth);
      await releaseReferences(tx, registry, optionResource as never, existing.id);
      await tx.delete(carOptions).where(eq(carOptions.id, existing.id));
      await recordAudit(tx, auth, {
        action: 'delete',
        service: 'cars.catalog',
        resource: 'options',
        recordId: existing.id,
        changes: snapshot(existing, Object.keys(optionResource.entity.shape)),
        clientId: null,
        ip: request.ip,
      });
    });
    return reply.status(204).send();
  });
}
