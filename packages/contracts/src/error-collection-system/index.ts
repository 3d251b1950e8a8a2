import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';

export * from './errors.ts';

/**
 * error-collection-system: the error collection system (spec 000 §2 /error-collection-system, §7;
 * docs/decisions/platform-operations.md, "Error collection"): projects (the admin, the server, one
 * per public site), issues grouped from events, search across events, errors by client.
 */
export const errorCollectionSystemContract = defineService({
  name: 'error-collection-system',
  permissions: {
    codes: ['sso_show'],
    entities: { '': text('Сбор ошибок', 'Error collection') },
    special: {
      sso_show: special(text('Система сбора ошибок', 'Error collection system'), text('Открывать проекты и поиск системы сбора ошибок', 'Open the projects and search of the error collection system')),
    },
  },
  screens: [
    // The spec's /error-collection-system opens the projects.
    screen('errors_home', '/error-collection-system', null, 'platform', 119, ['sso_show'], { in_menu: false }),
    screen('errors_projects', '/error-collection-system/projects', 'settings', 'platform', 120, ['sso_show']),
    screen('errors_issues', '/error-collection-system/projects/{projectId}', null, 'platform', 121, ['sso_show'], { in_menu: false }),
    screen('errors_issue', '/error-collection-system/issues/{id}', null, 'platform', 122, ['sso_show'], { in_menu: false }),
    screen('errors_search', '/error-collection-system/search', 'settings', 'platform', 123, ['sso_show']),
    screen('errors_client', '/error-collection-system/client', 'settings', 'platform', 124, ['sso_show']),
  ],
  routes: [
    // Ingestion: anonymous, refused for unknown keys, size- and rate-limited (the server's own checks).
    // They change nothing a process caches (`reads`): the answer waits for no cache's notification.
    // The Sentry SDK's envelope (DSN http://<key>@<admin host>/gateway/error-collection-system/<project id>).
    api('POST', '/api/{project}/envelope/', [], true, { module: null, reads: true }),
    // The admin's own reporter: its project is the admin's.
    api('POST', '/api/v1/report', [], true, { module: null, reads: true }),
    api('GET', '/api/v1/projects', ['sso_show'], false, null),
    api('GET', '/api/v1/projects/{id}', ['sso_show'], false, null),
    // A site project's sampling: staff only (the server refuses others).
    api('PATCH', '/api/v1/projects/{id}', ['sso_show'], false, null),
    api('GET', '/api/v1/issues', ['sso_show'], false, null),
    api('GET', '/api/v1/issues/{id}', ['sso_show'], false, null),
    api('POST', '/api/v1/issues/{id}/resolve', ['sso_show'], false, null),
    api('POST', '/api/v1/issues/{id}/ignore', ['sso_show'], false, null),
    api('POST', '/api/v1/issues/{id}/reopen', ['sso_show'], false, null),
    api('GET', '/api/v1/events', ['sso_show'], false, null),
    api('GET', '/api/v1/clients', ['sso_show'], false, null),
  ],
});
