import { defineService } from '../kit/service.ts';
import { special, text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { PUBLISHING_NOTE, workflowApiRoutes } from '../kit/workflow.ts';
import { stageResource, stageStateResource } from './stage.resource.ts';

export * from './stage.resource.ts';

/** content.storage: stages (the main page's banners) with their states; the specials and news views over collection pages. */
export const contentStorageContract = defineService({
  name: 'content.storage',
  permissions: {
    codes: [
      // The specials and news views over collection pages.
      'collections.get_list',
      'op_news.create', 'op_news.patch',
      // Stages: read, write (stages and their states), publish (on every site).
      'stages.get_list', 'stages.patch', 'stages.publish',
    ],
    entities: {
      op_news: text('Новости платформы', 'Platform news'),
      collections: text('Коллекции (спецпредложения, новости)', 'Collections (specials, news)'),
      stages: text('Сцены (баннеры главной страницы)', 'Stages (main page banners)'),
    },
    // Publishing stages: the only code that publishes, unpublishes and schedules them, on every site.
    special: {
      'stages.publish': special(
        text('Сцены: публикация', 'Stages: publish'),
        text('Публиковать сцены, снимать с публикации и назначать время публикации', 'Publish and unpublish stages, and schedule their publication'),
        PUBLISHING_NOTE,
      ),
    },
  },
  resources: [stageResource, stageStateResource],
  screens: [
    screen('stages', '/content.storage/stages/{siteId}', 'site', 'content', 60, ['stages.get_list', 'stages.patch']),
    screen('stage_edit', '/content.storage/stages/{siteId}/{stageId}/{stageStateId?}', 'site', 'content', 61, ['stages.get_list', 'stages.patch'], { in_menu: false }),
  ],
  routes: [
    // The specials and news views over collection pages.
    api('GET', '/api/v1/specials', ['collections.get_list']),
    api('GET', '/api/v1/news', ['collections.get_list']),
    // The workflow of stage states (publishing on strict sites also needs stages.publish, checked
    // by the kit), and short-lived preview links of draft states (the site renderer shows them).
    ...workflowApiRoutes('stage_states', { change: ['stages.patch'], publish: ['stages.publish'] }),
    api('POST', '/api/v1/stage_states/{id}/preview', ['stages.get_list', 'stages.patch']),
  ],
});
