import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { opNewsResource } from './op-news.resource.ts';

export * from './op-news.resource.ts';
export * from './suggestion.ts';

/** platform: the home page, the personal area and the platform's news. */
export const platformContract = defineService({
  name: 'platform',
  permissions: {
    // The spec's two codes: op_news.create writes new items, op_news.patch changes and removes them; either reads the list.
    codes: ['op_news.create', 'op_news.patch'],
    entities: { op_news: text('Новости платформы', 'Platform news') },
  },
  resources: [opNewsResource],
  screens: [
    screen('news', '/platform/news', 'settings', 'platform', 110, ['op_news.create', 'op_news.patch']),
    screen('news_create', '/platform/news/create', null, 'platform', 111, ['op_news.create'], { in_menu: false }),
    screen('news_edit', '/platform/news/edit/{id}', null, 'platform', 112, ['op_news.create', 'op_news.patch'], { in_menu: false }),
    screen('suggestions', '/platform/suggestions', 'settings', 'platform', 113, []),
    screen('home', '/home-page', null, 'main', 0),
    screen('personal', '/personal/', null, 'main', 0),
  ],
  routes: [
    // The home page's news: any signed-in user, each reading what is meant for them.
    api('GET', '/api/v1/op_news_feed', [], false, null),
    api('POST', '/api/v1/op_news_feed/read', [], false, null),
    // The suggestions board: any signed-in user; staff's actions are checked on the server.
    api('GET', '/api/v1/suggestions', [], false, null),
    api('POST', '/api/v1/suggestions', [], false, null),
    api('GET', '/api/v1/suggestions/{id}', [], false, null),
    api('PATCH', '/api/v1/suggestions/{id}', [], false, null),
    api('DELETE', '/api/v1/suggestions/{id}', [], false, null),
    api('POST', '/api/v1/suggestions/{id}/activate', [], false, null),
    api('POST', '/api/v1/suggestions/{id}/done', [], false, null),
    api('POST', '/api/v1/suggestions/{id}/like', [], false, null),
    api('DELETE', '/api/v1/suggestions/{id}/like', [], false, null),
    api('GET', '/api/v1/suggestions/{id}/responses', [], false, null),
    api('POST', '/api/v1/suggestions/{id}/responses', [], false, null),
  ],
});
