import { defineService } from '../kit/service.ts';
import { text } from '../kit/permission-texts.ts';
import { api, screen } from '../kit/routes.ts';
import { reviewerRatingResource, reviewerSettingsResource } from './reviewer.resource.ts';

export * from './reviewer.resource.ts';

const SITE_SCREEN = { module: 'reviewer' };

/** reviewer: a site's review invitations after a handled request, the customers' ratings and where they went. */
export const reviewerContract = defineService({
  name: 'reviewer',
  module: 'reviewer',
  permissions: {
    codes: ['settings.get_list', 'settings.patch', 'ratings.get_list'],
    entities: {
      settings: text('Настройки отзывов', 'Reviewer settings'),
      ratings: text('Оценки клиентов', 'Customer ratings'),
    },
  },
  resources: [reviewerSettingsResource, reviewerRatingResource],
  screens: [
    screen('reviewer_settings', '/reviewer/settings/{siteId}', 'site', 'widgets', 175, ['settings.get_list'], SITE_SCREEN),
    screen('reviewer_ratings', '/reviewer/ratings/{siteId}', 'site', 'widgets', 176, ['ratings.get_list'], SITE_SCREEN),
  ],
  routes: [
    // A site's settings, made with the defaults on first read.
    api('GET', '/api/v1/settings/for_site_id/{siteId}', ['settings.get_list']),
    // The site's average rating and the number of ratings (the summary above the list).
    api('GET', '/api/v1/ratings/summary/where_site/{siteId}', ['ratings.get_list']),
  ],
});
