import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionText } from './permissions.ts';
import { labelOf } from './kit/resource.ts';
import { permissionParts } from './kit/permission-texts.ts';
import { userResource } from './clients.storage/user.resource.ts';
import { roleResource } from './clients.storage/role.resource.ts';
import { DEMO_ROLES } from './clients.storage/demo-texts.ts';
import { permissionLabel, seededText } from './seeded-texts.ts';

describe('permission texts', () => {
  it('name and describe every seeded code in Russian and English', () => {
    const missing = PERMISSIONS.filter((p) => !permissionText(p.service, p.code, 'ru') || !permissionText(p.service, p.code, 'en'));
    expect(missing).toEqual([]);
    for (const p of PERMISSIONS) {
      const ru = permissionText(p.service, p.code, 'ru')!;
      const en = permissionText(p.service, p.code, 'en')!;
      expect(ru.name).not.toBe(en.name);
      expect(en.description).not.toMatch(/[А-Яа-я]/);
    }
  });

  it('tell the two routes.get_list apart by their service', () => {
    expect(permissionText('clients.storage', 'routes.get_list', 'ru')!.name).toBe('Маршруты экранов: просмотр');
    expect(permissionText('gateway.processing', 'routes.get_list', 'ru')!.name).toBe('Маршруты шлюза: просмотр');
    expect(permissionText('gateway.processing', 'routes.get_list', 'en')!.name).toBe('Gateway routes: view');
  });

  it('place codes in the matrix by entity and column', () => {
    expect(permissionParts('users.get_list')).toMatchObject({ entity: 'users', column: 'read' });
    expect(permissionParts('clients.get_full_list')).toMatchObject({ entity: 'clients', column: 'read' });
    expect(permissionParts('groups.list')).toMatchObject({ entity: 'groups', column: 'read' });
    expect(permissionParts('form_constructor.edit')).toMatchObject({ entity: 'form_constructor', column: 'change' });
    expect(permissionParts('vin_data.import')).toMatchObject({ entity: 'vin_data', column: 'special' });
    expect(permissionParts('site_mode')).toMatchObject({ entity: 'modes', column: 'special' });
    expect(permissionParts('root')).toMatchObject({ entity: '', column: 'special' });
  });
});

describe('seeded texts', () => {
  it('show a seeded text in the reader language and an edited one as stored', () => {
    expect(seededText(DEMO_ROLES.dealer_manager.name.ru, 'en')).toBe('Dealer manager');
    expect(seededText('Dealer manager', 'ru')).toBe('Менеджер дилера');
    expect(seededText('Мой менеджер', 'en')).toBe('Мой менеджер');
    expect(seededText(null, 'en')).toBeNull();
  });

  it('name a permission by its texts unless someone renamed it', () => {
    const seeded = { service: 'clients.storage', code: 'users.get_list', name: 'Пользователи: просмотр', description: null };
    expect(permissionLabel(seeded, 'en')).toEqual({ name: 'Users: view', description: 'See "Users": the list and each record' });
    expect(permissionLabel({ ...seeded, name: 'users.get_list' }, 'ru').name).toBe('Пользователи: просмотр');
    expect(permissionLabel({ ...seeded, name: 'Кадры' }, 'en').name).toBe('Кадры');
    expect(permissionLabel({ service: 'platform', code: 'custom.code', name: null }, 'en')).toEqual({ name: 'custom.code', description: null });
  });
});

describe('record labels', () => {
  it('name a user by first and last name, a role by its name', () => {
    expect(labelOf(userResource as never, { name: 'Анна', last_name: 'Иванова', email: 'a@b.test' })).toBe('Анна Иванова');
    expect(labelOf(userResource as never, { name: 'Анна', last_name: null })).toBe('Анна');
    expect(labelOf(roleResource as never, { name: 'Роль', code: 'r' })).toBe('Роль');
    expect(labelOf(roleResource as never, {})).toBeNull();
  });
});
