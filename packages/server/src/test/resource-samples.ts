import { randomBytes } from 'node:crypto';
import { resourceKey, type AnyResource } from '@dp/contracts';
import type { TestApp } from './test-app.ts';

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
};

export function sampleFor(resource: AnyResource): Sample {
  const sample = SAMPLES[resourceKey(resource)];
  if (!sample) throw new Error(`no sample for ${resourceKey(resource)}: add one to test/resource-samples.ts`);
  return sample;
}
