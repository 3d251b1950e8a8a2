import type { MeUser, PermissionMap } from '@dp/contracts';

export function makeUser(permissions: PermissionMap, extra: Partial<MeUser> = {}): MeUser {
  return {
    id: 1,
    email: 'admin@platform.test',
    name: 'Анна',
    last_name: 'Иванова',
    phone: null,
    locale: 'ru',
    internal: true,
    default_client: { id: 1, name: 'Автодом' },
    clients: [{ id: 1, name: 'Автодом' }],
    roles: [{ id: 1, code: 'admin', name: 'Администратор' }],
    permissions,
    client: { id: 1, name: 'Автодом' },
    has_sites: true,
    joined_client_id: null,
    joined_client: null,
    second_factor: { enabled: false, required: false, limited: false },
    created_at: '2025-01-15T09:00:00.000Z',
    ...extra,
  };
}

/** Every code of every service, as an administrator has. */
export const ALL_MODES: PermissionMap = { 'auth.processing': ['site_mode', 'dictionaries_mode', 'settings_mode'] };
