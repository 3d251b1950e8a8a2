import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICE_CONTRACTS } from './services.ts';
import { ACTION_ROUTES, PERMISSIONS, SCREEN_ROUTES, SERVICES } from './permissions.ts';
import { DEFAULT_API_ROUTES, RESOURCES, resourceKey } from './resources.ts';

const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe('the list of services', () => {
  it('names each service once', () => {
    expect(duplicates([...SERVICES])).toEqual([]);
  });

  it('holds each resource in the contract of its own service', () => {
    for (const service of SERVICE_CONTRACTS) for (const resource of service.resources) expect(resourceKey(resource)).toBe(`${service.name}/${resource.name}`);
    expect(RESOURCES.every((resource) => SERVICES.includes(resource.service as never))).toBe(true);
  });

  it('walks into lists whose keys are unique, as the tables seeded from them need', () => {
    expect(duplicates(PERMISSIONS.map((p) => `${p.service} ${p.code}`))).toEqual([]);
    expect(duplicates(SCREEN_ROUTES.map((route) => route.name))).toEqual([]);
    expect(duplicates(DEFAULT_API_ROUTES.map((route) => `${route.service} ${route.method} ${route.path}`))).toEqual([]);
    expect(duplicates(RESOURCES.map(resourceKey))).toEqual([]);
  });

  it('stamps every screen and action route with its declaring service', () => {
    for (const service of SERVICE_CONTRACTS) {
      expect(service.screens.every((screen) => screen.service === service.name)).toBe(true);
      expect(service.routes.every((route) => route.service === service.name)).toBe(true);
    }
    expect(ACTION_ROUTES.length).toBe(SERVICE_CONTRACTS.reduce((sum, service) => sum + service.routes.length, 0));
  });

  it('asks only codes its service declares, on every screen', () => {
    const declared = new Set(PERMISSIONS.map((p) => `${p.service} ${p.code}`));
    const unknown = SCREEN_ROUTES.flatMap((route) => route.permissions.filter((code) => !declared.has(`${route.service} ${code}`)).map((code) => `${route.name}: ${code}`));
    expect(unknown).toEqual([]);
  });
});

describe('the kit', () => {
  it('imports nothing but the kit: it knows no service', () => {
    const kit = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kit');
    const outside = fs
      .readdirSync(kit)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...fs.readFileSync(path.join(kit, file), 'utf8').matchAll(/from '(\.[^']*)'/g)].map((match) => `${file}: ${match[1]}`))
      .filter((line) => !line.split(': ')[1]!.startsWith('./'));
    expect(outside).toEqual([]);
  });
});
