import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';

export * from './site-task.ts';

/** sites.controller: the tasks that create and change the sites' virtual machines. */
export const sitesControllerContract = defineService({
  name: 'sites.controller',
  permissions: {
    codes: ['tasks'],
    entities: { '': text('Задачи сайтов', 'Site tasks') },
    special: {
      tasks: special(
        text('Задачи сайтов', 'Site tasks'),
        text(
          'Видеть и обрабатывать задачи создания и изменения виртуальных машин сайтов: одобрять, отклонять, повторять',
          'See and handle the tasks that create or change site virtual machines: approve, decline, retry',
        ),
      ),
    },
  },
  screens: [
    screen('tasks', '/sites.controller/tasks_page/', 'settings', 'platform', 100, ['tasks']),
  ],
  routes: [
    // Task lists and actions, VM lists, create_vm, update_vm_state, the two update streams.
    api('GET', '/api/v1/tasks/active', ['tasks']),
    api('GET', '/api/v1/tasks/archived', ['tasks']),
    api('GET', '/api/v1/tasks/users', ['tasks']),
    api('POST', '/api/v1/tasks/{id}/approve', ['tasks']),
    api('POST', '/api/v1/tasks/{id}/decline', ['tasks']),
    api('POST', '/api/v1/tasks/{id}/retry', ['tasks']),
    api('POST', '/api/v1/tasks/{id}/manual_complete', ['tasks']),
    api('GET', '/api/v1/vms/active', ['tasks']),
    api('GET', '/api/v1/vms/archived', ['tasks']),
    api('POST', '/api/v1/vms', ['tasks']),
    api('PATCH', '/api/v1/vms/{id}/state', ['tasks']),
    api('GET', '/api/v1/tasks/updates', ['tasks']),
    api('GET', '/api/v1/vms/updates', ['tasks']),
  ],
});
