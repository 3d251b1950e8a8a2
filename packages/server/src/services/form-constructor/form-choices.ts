import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CustomFormField, FormChoices } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';

/**
 * The choices of the fields that take them from data (spec 002 §3 field types dealerships, brands,
 * models, cities): the site's client's dealerships, the cities of the site's dealerships (else
 * of the client's), the catalogue's brands (a field's own choice, else the site's brand, else
 * every brand) and their models. Only what the form's fields need is read.
 */
const LIMITS = { dealerships: 300, cities: 200, brands: 500, models: 3000 };

export interface ChoiceSite {
  id: number;
  client_id: number;
  dealer_ids: number[];
  context: { brand_id?: number | null } | null;
}

/** Dealers hidden from the sites (status 1) offer neither their name nor their city. */
const shown = ne(dealerships.status, 1);

export async function formChoices(db: DbOrTx, site: ChoiceSite, fields: Pick<CustomFormField, 'type' | 'brands' | 'models'>[], options: { allBrands?: boolean; brandIds?: number[] } = {}): Promise<FormChoices> {
  const types = new Set(fields.map((field) => field.type));
  const siteBrand = site.context?.brand_id ?? null;
  const choices: FormChoices = { dealerships: [], cities: [], brands: [], models: [], default_brand_ids: siteBrand ? [siteBrand] : null };
  if (types.has('dealerships')) {
    const rows = await db.select({ title: dealerships.title }).from(dealerships).where(and(eq(dealerships.client_id, site.client_id), shown)).orderBy(asc(dealerships.sort), asc(dealerships.title)).limit(LIMITS.dealerships);
    choices.dealerships = [...new Set(rows.map((row) => row.title))];
  }
  if (types.has('cities')) {
    const ofSite = site.dealer_ids.length ? await cities(db, and(inArray(dealerships.id, site.dealer_ids), eq(dealerships.client_id, site.client_id))) : [];
    choices.cities = ofSite.length ? ofSite : await cities(db, eq(dealerships.client_id, site.client_id));
  }
  const brandFields = fields.filter((field) => field.type === 'brands' || field.type === 'models');
  if (brandFields.length || options.allBrands) {
    const wanted = new Set<number>([...(siteBrand ? [siteBrand] : []), ...brandFields.flatMap((field) => field.brands ?? []), ...(options.brandIds ?? [])]);
    // Every brand when a field offers them all (no choice of its own, no site brand) or the builder asks.
    const every = options.allBrands || brandFields.some((field) => !field.brands?.length && !siteBrand);
    choices.brands = await db
      .select({ id: carBrands.id, name: carBrands.name })
      .from(carBrands)
      .where(every ? undefined : inArray(carBrands.id, [...wanted, 0]))
      .orderBy(asc(carBrands.name))
      .limit(LIMITS.brands);
    const modelFields = fields.filter((field) => field.type === 'models');
    const explicit = modelFields.flatMap((field) => field.models ?? []);
    // A models field without its own models offers those of its brands (its own, the site's, or every brand).
    const modelBrands = new Set<number>(options.allBrands ? [...(siteBrand ? [siteBrand] : []), ...(options.brandIds ?? [])] : []);
    for (const field of modelFields.filter((one) => !one.models?.length)) {
      for (const id of field.brands?.length ? field.brands : siteBrand ? [siteBrand] : choices.brands.map((brand) => brand.id)) modelBrands.add(id);
    }
    if (explicit.length || modelBrands.size) {
      choices.models = await db
        .select({ id: carModels.id, name: carModels.name, brand_id: carModels.brand_id })
        .from(carModels)
        .where(or(explicit.length ? inArray(carModels.id, explicit) : sql`false`, modelBrands.size ? inArray(carModels.brand_id, [...modelBrands]) : sql`false`))
        .orderBy(asc(carModels.name))
        .limit(LIMITS.models);
    }
  }
  return choices;
}

async function cities(db: DbOrTx, where: SQL | undefined) {
  const rows = await db.selectDistinct({ city: dealerships.city }).from(dealerships).where(and(where, shown, isNotNull(dealerships.city))).orderBy(asc(dealerships.city)).limit(LIMITS.cities);
  return rows.map((row) => row.city!).filter(Boolean);
}
