import { randomBytes } from 'node:crypto';
import { resourceKey, type AnyResource } from '@dp/contracts';
import type { TestApp } from './test-app.ts';
import { roles } from '../kit/schema.ts';

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
  'gateway.processing/routes': async () => ({ name: `Маршрут ${suffix()}`, service: 'floors.storage', method: 'GET', path: `/api/v1/test-${suffix()}` }),
  // On a service nobody calls in the tests, so that the restriction stops nobody else.
  'gateway.processing/restrictions': async (t) => {
    const [role] = await t.database.db.insert(roles).values({ code: `r-${suffix()}`, name: 'Ограниченная роль' }).returning();
    return { name: `Ограничение ${suffix()}`, service: 'floors.storage', method: 'GET', role_ids: [role!.id] };
  },
  // marketplace
  'marketplace/modules': async () => ({ code: `module-${suffix()}`, name: `Модуль ${suffix()}` }),
};

/** What DELETE needs besides the id (a typed confirmation), by resource; nothing for most. */
export const DELETE_QUERIES: Record<string, (record: { attributes: Record<string, unknown> }) => string> = {
  'sites.context/sites': (record) => `?confirm=${encodeURIComponent(String(record.attributes.host ?? record.attributes.technical_host ?? record.attributes.name))}`,
};

export const deleteQueryFor = (resource: AnyResource, record: { attributes: Record<string, unknown> }) => DELETE_QUERIES[resourceKey(resource)]?.(record) ?? '';

export function sampleFor(resource: AnyResource): Sample {
  const sample = SAMPLES[resourceKey(resource)];
  if (!sample) throw new Error(`no sample for ${resourceKey(resource)}: add one to test/resource-samples.ts`);
  return sample;
}
