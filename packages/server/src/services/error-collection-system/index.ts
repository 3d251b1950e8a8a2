import { defineServerService } from '../../kit/service.ts';
import type { FastifyInstance } from 'fastify';
import { applyRetention, ErrorCollector } from './collector.ts';
import * as errorTables from './errors.table.ts';
import { registerErrorRoutes } from './errors.routes.ts';
import { SourceMaps } from './source-maps.ts';

const collectors = new WeakMap<FastifyInstance, ErrorCollector>();
/** The error collector of an app: where a new issue is announced (onNewIssue) and events are submitted. */
export function errorCollectorOf(app: FastifyInstance): ErrorCollector {
  const collector = collectors.get(app);
  if (!collector) throw new Error('error-collection-system is not registered on this app');
  return collector;
}

/**
 * error-collection-system: errors of the admin in the browser, of every public site's pages and of
 * the server's unexpected 5xx, grouped into issues (docs/decisions/platform-operations.md, "Error collection").
 */
export const errorCollectionSystem = defineServerService({
  name: 'error-collection-system',
  tables: [errorTables],
  async register(app, ctx) {
    const collector = new ErrorCollector(ctx);
    collectors.set(app, collector);
    // A new issue tells staff through the notificator (its mappings decide who hears of it).
    collector.onNewIssue((issue) =>
      ctx.notifier?.raise({
        service: 'error-collection-system',
        siteId: issue.project.site_id,
        clientId: issue.project.client_id,
        level: 'error',
        type: 'new_error_issue',
        text: {
          ru: `Новая ошибка в проекте «${issue.project.name}»: ${issue.type}: ${issue.message}`.slice(0, 1000),
          en: `New error in the project "${issue.project.name}": ${issue.type}: ${issue.message}`.slice(0, 1000),
        },
        details: { project_id: issue.project.id, issue_id: issue.id, culprit: issue.culprit },
      }),
    );
    await registerErrorRoutes(app, ctx, collector, new SourceMaps(ctx.config.webDist));
  },
  jobs: (ctx) => ({ 'error-collection-retention': () => applyRetention(ctx.db, ctx.config.errors) }),
  // Every night: events past the retention period go, and every project is held to its cap.
  schedules: { 'error-collection-retention': '17 3 * * *' },
});
