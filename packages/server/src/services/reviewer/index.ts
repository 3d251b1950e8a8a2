import { reviewerRatingResource, reviewerSettingsResource } from '@dp/contracts';
import { defineServerService } from '../../kit/service.ts';
import { siteOwnership } from '../sites.context/site-ownership.ts';
import * as reviewerTables from './reviewer.table.ts';
import { registerReviewerRoutes } from './reviewer.routes.ts';
import { REVIEWER_INVITE_JOB, sendInvitation } from './reviewer.flow.ts';

/** reviewer: a site's review invitations after a handled request, the public rating page, the ratings. */
export const reviewer = defineServerService({
  name: 'reviewer',
  tables: [reviewerTables],
  resources: (registry) => [
    { resource: reviewerSettingsResource, table: reviewerTables.reviewerSettings, siteOwned: siteOwnership(registry) },
    { resource: reviewerRatingResource, table: reviewerTables.reviewerRatings, siteOwned: siteOwnership(registry) },
  ],
  records: { 'reviewer/settings': reviewerTables.reviewerSettings, 'reviewer/ratings': reviewerTables.reviewerRatings },
  async register(app, ctx, { registry }) {
    registerReviewerRoutes(app, ctx, registry);
  },
  jobs: (ctx) => ({
    [REVIEWER_INVITE_JOB]: async (data: { invitationId: number }) => void (await sendInvitation(ctx, data.invitationId)),
  }),
});
