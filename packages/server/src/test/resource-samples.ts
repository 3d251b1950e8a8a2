import { randomBytes } from 'node:crypto';
import { resourceKey, type AnyResource } from '@dp/contracts';
import type { TestApp } from './test-app.ts';
import { roles, sites } from '../kit/schema.ts';
// sites.context pages
import { layouts, pages } from '../services/sites.context/content.table.ts';
// content.storage stages
import { stages } from '../services/content.storage/stage.table.ts';
// cars.catalog: the reference catalogue (issue 12)
import { carBrands, carGenerations, carModels, carRestylings } from '../services/cars.catalog/catalog.table.ts';

/**
 * How the conformance suite makes a valid record of each resource. `clientId` is the owning
 * client for client-owned resources. A new resource adds its line here and is then tested.
 */
type Sample = (t: TestApp, clientId: number) => Promise<Record<string, unknown>>;

const suffix = () => randomBytes(3).toString('hex');

export const SAMPLES: Record<string, Sample> = {
  'clients.storage/clients': async () => ({ name: `Клиент ${suffix()}`, code: `client-${suffix()}` }),
  'clients.storage/groups': async () => ({ name: `Группа ${suffix()}` }),
  'sites.context/sites': async (_t, clientId) => ({ name: `Сайт ${suffix()}`, host: `site-${suffix()}.ru`, client_id: clientId, type: 3, use_http: false }),
  'sites.context/groups': async () => ({ name: `Группа сайтов ${suffix()}`, description: 'Сайты одной акции' }),
  'sites.context/dealers': async (_t, clientId) => ({ client_id: clientId, name: `ДЦ ${suffix()}`, code: `dc-${suffix()}`, city: 'Казань' }),
  'clients.storage/users': async (_t, clientId) => ({ email: `user-${suffix()}@dealer.test`, name: `Иван ${suffix()}`, last_name: 'Петров', client_ids: [clientId] }),
  'clients.storage/roles': async (_t, clientId) => ({ code: `role-${suffix()}`, name: `Роль ${suffix()}`, client_id: clientId }),
  'clients.storage/permissions': async () => ({ service: 'clients.storage', code: `test.${suffix()}`, name: 'Тестовое право' }),
  'clients.storage/routes': async () => ({ name: `screen_${suffix()}`, path: `/test/${suffix()}`, service: 'platform', group: 'main', title: 'menu.test' }),
  'gateway.processing/routes': async () => ({ name: `Маршрут ${suffix()}`, service: 'error-collection-system', method: 'GET', path: `/api/v1/test-${suffix()}` }),
  // On a service nobody calls in the tests, so that the restriction stops nobody else.
  'gateway.processing/restrictions': async (t) => {
    const [role] = await t.database.db.insert(roles).values({ code: `r-${suffix()}`, name: 'Ограниченная роль' }).returning();
    return { name: `Ограничение ${suffix()}`, service: 'error-collection-system', method: 'GET', role_ids: [role!.id] };
  },
  // marketplace
  'marketplace/modules': async () => ({ code: `module-${suffix()}`, name: `Модуль ${suffix()}` }),
  // sites.context pages: site-owned content (a site of the client), states of a layout or a page of it.
  'sites.context/templates': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Шаблон ${suffix()}`, description: 'Обычная страница' }),
  'sites.context/layouts': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Макет ${suffix()}` }),
  'sites.context/layout_states': async (t, clientId) => {
    const [layout] = await t.database.db.insert(layouts).values({ site_id: await siteFor(t, clientId), client_id: clientId, name: 'Основной' }).returning();
    return { layout_id: layout!.id, caption: `Версия макета ${suffix()}` };
  },
  'sites.context/pages': async (t, clientId) => ({ site_id: await siteFor(t, clientId), uri: `/page-${suffix()}`, caption: `Страница ${suffix()}` }),
  'sites.context/page_states': async (t, clientId) => {
    const [page] = await t.database.db.insert(pages).values({ site_id: await siteFor(t, clientId), client_id: clientId, uri: `/p-${suffix()}` }).returning();
    return { page_id: page!.id, caption: `Версия страницы ${suffix()}`, hide_from_menu: true };
  },
  // floors.storage and seo (issue 10, floors and SEO)
  'floors.storage/floors': async (_t, clientId) => ({
    client_id: clientId,
    code: `floor-${suffix()}`,
    title: `Этаж ${suffix()}`,
    component: 'text',
    values: { title: 'О компании', body: 'Дилерский центр **с 1998 года**.' },
  }),
  'floors.storage/groups': async () => ({ name: `Группа этажей ${suffix()}`, description: 'Блоки страниц' }),
  'seo/redirects': async (t, clientId) => ({ site_id: await siteFor(t, clientId), from_uri: `/old-${suffix()}`, to_uri: `/new-${suffix()}`, code: 301 }),
  // One SEO settings record per site: each sample on a new site of the client.
  'seo/seo_configs': async (t, clientId) => {
    const [site] = await t.database.db.insert(sites).values({ name: `Сайт ${suffix()}`, client_id: clientId, type: 3 }).returning();
    return { site_id: site!.id, robots_mode: 1, robots: 'User-agent: *\nDisallow: /admin', verification_codes: [{ provider: 'yandex', code: `y${suffix()}` }] };
  },
  'seo/seo_constants': async (t, clientId) => ({ site_id: await siteFor(t, clientId), placeholder: `CITY_${letters(suffix())}`, value: 'Казань' }),
  // content.storage stages and media.storage folders (issue 10, media and stages).
  'content.storage/stages': async (t, clientId) => ({ site_id: await siteFor(t, clientId), name: `Баннер ${suffix()}` }),
  'content.storage/stage_states': async (t, clientId) => {
    const [stage] = await t.database.db.insert(stages).values({ site_id: await siteFor(t, clientId), client_id: clientId, name: 'Весенняя акция' }).returning();
    return { stage_id: stage!.id, name: `Версия баннера ${suffix()}`, title: 'Весна в АвтоГраде', position: 'center' };
  },
  'media.storage/folders': async (_t, clientId) => ({ client_id: clientId, name: `Папка ${suffix()}` }),
  // cars.catalog (issue 12): the platform's catalogue; each level under a new parent chain.
  'cars.catalog/brands': async () => ({ name: `Марка ${suffix()}` }),
  'cars.catalog/models': async (t) => ({ name: `Модель ${suffix()}`, name_ru: 'Модель', name_en: 'Model', brand_id: (await catalogChain(t)).brand }),
  'cars.catalog/generations': async (t) => ({ name: `Поколение ${suffix()}`, model_id: (await catalogChain(t)).model }),
  'cars.catalog/restylings': async (t) => ({ name: `Рестайлинг ${suffix()}`, marketing_name: 'Новый', sorting: 1, generation_id: (await catalogChain(t)).generation }),
  'cars.catalog/complectations': async (t) => ({ name: `Комплектация ${suffix()}`, restyling_id: (await catalogChain(t)).restyling }),
  'cars.catalog/bodies': async () => ({ name: `Кузов ${suffix()}`, name_ru: 'Седан', name_en: 'Sedan' }),
  'cars.catalog/fuels': async () => ({ name: `Топливо ${suffix()}`, name_ru: 'Бензин', name_en: 'Petrol' }),
  'cars.catalog/transmissions': async () => ({ name: `КПП ${suffix()}`, name_ru: 'Автомат', name_en: 'Automatic' }),
  'cars.catalog/wheel_drives': async () => ({ name: `Привод ${suffix()}`, name_ru: 'Полный', name_en: 'All-wheel' }),
  'cars.catalog/colors': async () => ({ name: `Цвет ${suffix()}`, hex: '1a2b3c' }),
};

/** A new brand → model → generation → restyling chain of the catalogue, for samples of its lower levels. */
async function catalogChain(t: TestApp) {
  const db = t.database.db;
  const [brand] = await db.insert(carBrands).values({ name: `Марка ${suffix()}` }).returning();
  const [model] = await db.insert(carModels).values({ name: `Модель ${suffix()}`, brand_id: brand!.id }).returning();
  const [generation] = await db.insert(carGenerations).values({ name: 'I', model_id: model!.id, brand_id: brand!.id }).returning();
  const [restyling] = await db
    .insert(carRestylings)
    .values({ name: 'Рестайлинг', generation_id: generation!.id, model_id: model!.id, brand_id: brand!.id })
    .returning();
  return { brand: brand!.id, model: model!.id, generation: generation!.id, restyling: restyling!.id };
}

/** Hex digits as letters: placeholders take Latin letters and '_' only. */
const letters = (text: string) => text.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

/** A site of the client for site-owned samples (one per client, made on first use). */
const sitesOfClients = new Map<string, number>();
async function siteFor(t: TestApp, clientId: number) {
  const key = `${t.config.dataDir}:${clientId}`;
  if (!sitesOfClients.has(key)) {
    const [site] = await t.database.db.insert(sites).values({ name: `Сайт ${suffix()}`, client_id: clientId, type: 3 }).returning();
    sitesOfClients.set(key, site!.id);
  }
  return sitesOfClients.get(key)!;
}

/**
 * A valid new value for the text field the suite changes, where `changed-<id>` is not one (a page
 * address starts with '/'); by resource.
 */
export const TEXT_UPDATES: Record<string, (id: string) => string> = {
  'sites.context/pages': (id) => `/changed-${id}`,
  // seo
  'seo/redirects': (id) => `/changed-${id}`,
  'seo/seo_constants': (id) => `CHANGED_${letters(id)}`,
};
export const textUpdateFor = (resource: AnyResource, id: string) => TEXT_UPDATES[resourceKey(resource)]?.(id) ?? `changed-${id}`;

/** What DELETE needs besides the id (a typed confirmation), by resource; nothing for most. */
export const DELETE_QUERIES: Record<string, (record: { attributes: Record<string, unknown> }) => string> = {
  'sites.context/sites': (record) => `?confirm=${encodeURIComponent(String(record.attributes.host ?? record.attributes.technical_host ?? record.attributes.name))}`,
};

export const deleteQueryFor = (resource: AnyResource, record: { attributes: Record<string, unknown> }) => DELETE_QUERIES[resourceKey(resource)]?.(record) ?? '';

export function sampleFor(resource: AnyResource): Sample {
  // Looked up when a test runs, so that a resource without a sample yet fails its own tests only.
  return (t, clientId) => {
    const sample = SAMPLES[resourceKey(resource)];
    if (!sample) throw new Error(`no sample for ${resourceKey(resource)}: add one to test/resource-samples.ts`);
    return sample(t, clientId);
  };
}
