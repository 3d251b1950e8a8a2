import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';

export * from './auth.ts';
export * from './client-switch.ts';
export * from './custom-token.ts';
export * from './auth-data.ts';
export * from './second-factor.ts';

/** auth.processing: sign-in and its second factor, tokens, client switching, the menu modes and root. */
export const authProcessingContract = defineService({
  name: 'auth.processing',
  permissions: {
    codes: ['site_mode', 'dictionaries_mode', 'settings_mode', 'custom_tokens.view', 'root', 'read_and_write'],
    entities: {
      modes: text('Режимы меню', 'Menu modes'),
      custom_tokens: text('Пользовательские токены', 'Custom tokens'),
      '': text('Платформа', 'Platform'),
    },
    special: {
      site_mode: special(text('Режим «Сайт»', 'Site mode'), text('Открывает режим «Сайт»: выбор сайта и экраны его содержимого', 'Opens the Site mode: site selection and the screens of its content')),
      dictionaries_mode: special(
        text('Режим «Справочники»', 'Dictionaries mode'),
        text('Открывает режим «Справочники»: группы клиентов, все сайты, этажи', 'Opens the Dictionaries mode: client groups, all sites, floors'),
      ),
      settings_mode: special(
        text('Режим «Настройки»', 'Settings mode'),
        text('Открывает режим «Настройки»: доступ и администрирование платформы', 'Opens the Settings mode: access and platform administration'),
      ),
      'custom_tokens.view': special(
        text('Пользовательские токены', 'Custom tokens'),
        text('Создавать, видеть и отзывать API-токены своего клиента', 'Create, see and revoke the API tokens of one\'s client'),
      ),
      root: special(
        text('Администратор платформы (root)', 'Platform administrator (root)'),
        text(
          'Вход как любой клиент; сотрудник платформы с этим правом выдаёт любые права и проходит любые ограничения',
          'Log in as any client; platform staff holding it grant anything and pass every restriction',
        ),
      ),
      read_and_write: special(text('Чтение и запись', 'Read and write'), text('Общее право чтения и изменения данных', 'General right to read and change data')),
    },
  },
  screens: [
    screen('custom_tokens', '/auth.processing/custom_tokens/', 'settings', 'access', 70, ['custom_tokens.view']),
    screen('root', '/auth.processing/root/', 'settings', 'access', 80, ['root']),
    // The client choice after sign-in: outside the shell, shown only while authorising.
    screen('client_choice', '/auth.processing/auth/', null, 'main', 0, [], { in_menu: false }),
  ],
  routes: [
    api('POST', '/api/v1/auth', [], true),
    api('POST', '/api/v1/refresh', [], true),
    api('POST', '/api/v1/logout'),
    api('GET', '/api/v1/me/auth_history'),
    api('POST', '/api/v1/change_password'),
    api('POST', '/api/v1/restore/code', [], true),
    api('GET', '/api/v1/restore/{id}/refresh', [], true),
    api('POST', '/api/v1/restore/password', [], true),
    api('POST', '/api/v1/auth_with_client'),
    api('POST', '/api/v1/join_client', ['root']),
    api('GET', '/api/v1/custom_tokens', ['custom_tokens.view']),
    api('POST', '/api/v1/custom_tokens', ['custom_tokens.view']),
    api('DELETE', '/api/v1/custom_tokens/{id}', ['custom_tokens.view']),
    api('GET', '/api/v1/auth/providers', [], true),
    api('POST', '/api/v1/auth/oidc/start', [], true),
    api('GET', '/api/v1/auth_data'),
    api('POST', '/api/v1/auth_data'),
    api('DELETE', '/api/v1/auth_data/{id}'),
    // The second factor: the sign-in's second step (public), the own factor in the personal area.
    api('POST', '/api/v1/auth/second_factor', [], true),
    api('GET', '/api/v1/me/second_factor'),
    api('POST', '/api/v1/me/second_factor'),
    api('POST', '/api/v1/me/second_factor/confirm'),
    api('POST', '/api/v1/me/second_factor/recovery_codes'),
    api('POST', '/api/v1/me/second_factor/disable'),
  ],
});
